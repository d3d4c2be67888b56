package vinhos

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
	"github.com/adega-bot/adega/engine/steps"
)

// The prices a focused view draws (prices.go) are what Apply charges: in
// seeded random games of every mode, at the start of each decision that
// buys (an initial vineyard, a turn), every offered purchase is walked on
// a copy and the cash it takes compared with the price; and a price not
// affordable is never offered. 20 games a mode (1,000 with -long, 5 with
// -short).
func TestPricesAreWhatApplyCharges(t *testing.T) {
	games := enginetest.Games(1000)
	modes := []struct {
		name  string
		start func(seed uint64) engine.State
	}{
		{"special2016", func(seed uint64) engine.State { return newRandomGame(t, seed, 2+int(seed%3)) }},
		{"solo", func(seed uint64) engine.State { return newRandomGame(t, seed, 1) }},
		{"reserve2010", func(seed uint64) engine.State { return newRandomReserve(t, seed, 2+int(seed%3), "") }},
		{"classic2010", func(seed uint64) engine.State { return newClassic(t, seed, 2+int(seed%3), "") }},
	}
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			var seen priceChecks
			for g := range games {
				seed := uint64(7_000 + g)
				playOut(t, m.start(seed), seed, func(t testing.TB, st engine.State, seat engine.Seat, r *engine.RNG) engine.Action {
					seen.decision(t, st.(*State), seat)
					return quickDecision(t, st, seat, r)
				}, nil)
			}
			t.Logf("%d games: %+v", games, seen)
			if seen.moves == 0 || seen.vineyards == 0 || seen.items == 0 || seen.refused == 0 {
				t.Errorf("the games checked too little: %+v", seen)
			}
		})
	}
}

// priceChecks counts the purchases checked, and the prices found not
// affordable and not offered.
type priceChecks struct{ moves, vineyards, items, refused int }

// decision checks the prices at the start of seat's decision on s.
func (n *priceChecks) decision(t testing.TB, s *State, seat engine.Seat) {
	t.Helper()
	w := s.walker()
	w.Quiet, w.NoLabels = true, true
	st, offered := nextStep(t, w, seat)
	if offered == nil {
		return
	}
	switch {
	case s.At == PhaseInitialVineyard:
		for r := RegionID(1); int(r) <= NumRegions; r++ {
			if price, ok := s.VineyardPrice(seat, r); ok {
				n.vineyards++
				charged(t, w, seat, st, offered, regionKey(r), price, "the initial "+Regions[r].Name+" vineyard")
			}
		}
	case st.Name == "action" && s.Paused == nil:
		for c := range Cell(NumCells) {
			if c == s.Seats[seat].Cell {
				continue
			}
			price := s.MovePrice(seat, c)
			if !price.Affordable {
				n.refused++
			}
			moved := charged(t, w, seat, st, offered, s.cellKey(c), price, "the move to "+s.cellLabel(c))
			if moved != nil {
				n.moves++
				n.action(t, moved, seat, s.rules().quadrel[c])
			}
		}
	}
}

// action checks the prices of the first items of action act, which seat
// has just moved to on w.
func (n *priceChecks) action(t testing.TB, w *walker, seat engine.Seat, act Action) {
	t.Helper()
	st, offered := nextStep(t, w, seat)
	if offered == nil {
		return
	}
	for _, o := range offered {
		what := fmt.Sprintf("%s %q after the move to %s", act, o.ID, w.cellLabel(w.Seats[seat].Cell))
		price, ok := itemPrice(&w.State, seat, act, o.ID)
		if !ok {
			continue
		}
		n.items++
		if act != ActVineyards {
			charged(t, w, seat, st, offered, o.ID, price, what)
			continue
		}
		// A vineyard is paid once an estate takes it.
		chosen := walkTo(w, st, offered, o.ID)
		est, estates := nextStep(t, chosen, seat)
		if len(estates) == 0 {
			t.Fatalf("%s: no estate takes it", what)
		}
		charged(t, chosen, seat, est, estates, estates[0].ID, price, what)
		n.vineyards++
	}
	for r := RegionID(1); act == ActVineyards && int(r) <= NumRegions; r++ {
		if price, ok := w.VineyardPrice(seat, r); ok && !price.Affordable {
			n.refused++
			if slices.ContainsFunc(offered, func(o steps.Option[*walker]) bool { return o.ID == regionKey(r) }) {
				t.Errorf("%s's vineyard costs %d, more than %d, and is offered", Regions[r].Name, price.Bagos, w.Seats[seat].Money)
			}
		}
	}
}

// itemPrice is the price prices.go gives the item an option of action
// act's first step buys, and false for an option that buys nothing.
func itemPrice(s *State, seat engine.Seat, act Action, id string) (Price, bool) {
	switch {
	case act == ActVineyards:
		r := slices.Index(regionKeys[:], id)
		if r < 1 {
			return Price{}, false
		}
		return s.VineyardPrice(seat, RegionID(r))
	case act == ActEnologists && strings.HasPrefix(id, "farmer-"):
		return s.FarmerPrice(seat)
	case act == ActEnologists && strings.HasPrefix(id, "enologist-"),
		(act == ActCellars || act == ActWineries) && slices.Contains(estateKeys[:], id),
		act == ActWineExperts && slices.Contains(featureKeys[:], id):
		return s.ActionPrice(seat, act), true
	}
	return Price{}, false
}

// nextStep is seat's next step on w and the answers offered there; none
// once the decision is complete.
func nextStep(t testing.TB, w *walker, seat engine.Seat) (steps.Step[*walker], []steps.Option[*walker]) {
	t.Helper()
	st, done, err := machine.Next(w, seat)
	if err != nil {
		t.Fatal(err)
	}
	if done {
		return st, nil
	}
	return st, machine.Viable(w, seat, st.Opts)
}

// walkTo is a copy of w that took the offered answer id of step st.
func walkTo(w *walker, st steps.Step[*walker], offered []steps.Option[*walker], id string) *walker {
	i := slices.IndexFunc(offered, func(o steps.Option[*walker]) bool { return o.ID == id })
	c := machine.Copy(w)
	machine.Answer(c, st, offered[i])
	return c
}

// charged checks that answer id of step st is offered only if price is
// affordable and, if offered, takes price.Bagos from seat's cash (paying
// when a free-move Expert asks how); it returns the copy of w that took
// it, or nil if it is not offered.
func charged(t testing.TB, w *walker, seat engine.Seat, st steps.Step[*walker], offered []steps.Option[*walker], id string, price Price, what string) *walker {
	t.Helper()
	if !slices.ContainsFunc(offered, func(o steps.Option[*walker]) bool { return o.ID == id }) {
		return nil
	}
	if !price.Affordable {
		t.Errorf("%s costs %d, more than %d, and is offered", what, price.Bagos, w.Seats[seat].Money)
	}
	c := walkTo(w, st, offered, id)
	if pay, opts := nextStep(t, c, seat); pay.Name == "payment" {
		if !slices.ContainsFunc(opts, func(o steps.Option[*walker]) bool { return o.ID == "pay" }) {
			return c
		}
		c = walkTo(c, pay, opts, "pay")
	}
	if paid := w.Seats[seat].Money - c.Seats[seat].Money; paid != price.Bagos {
		t.Errorf("%s: the price is %d, and Apply charges %d", what, price.Bagos, paid)
	}
	return c
}
