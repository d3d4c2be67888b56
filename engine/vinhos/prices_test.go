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
// buys (an initial vineyard, a turn), and again with the player's cash
// at 0, every offered purchase is walked on a copy and the cash it takes
// compared with the price, as Preview shows it once the decision is under
// way; an investment at the Reserve's bank is paid from the account; and
// a price not affordable is never offered. 10 games a mode (500
// with -long, 2 with -short).
func TestPricesAreWhatApplyCharges(t *testing.T) {
	games := enginetest.Games(500)
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
					s := st.(*State)
					seen.decision(t, s, seat)
					if s.At != PhaseInitialVineyard { // the starting cash pays any first vineyard
						seen.decision(t, broke(s, seat), seat)
					}
					return quickDecision(t, st, seat, r)
				}, nil)
			}
			t.Logf("%d games: %+v", games, seen)
			if seen.moves == 0 || seen.vineyards == 0 || seen.items == 0 || seen.refused == 0 {
				t.Errorf("the games checked too little: %+v", seen)
			}
			if strings.HasSuffix(m.name, "2010") && seen.invests == 0 {
				t.Errorf("no investment was checked: %+v", seen)
			}
		})
	}
}

// broke is a copy of s where seat has no money: where a free-move Wine
// Expert, or none, decides whether a move is affordable.
func broke(s *State, seat engine.Seat) *State {
	c := s.walker()
	c.Seats[seat].Money = 0
	return &c.State
}

// priceChecks counts the purchases checked, and the prices found not
// affordable and not offered.
type priceChecks struct{ moves, vineyards, items, invests, refused int }

// decision checks the prices at the start of seat's decision on s, and
// those of the action it may start, as Preview shows them.
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
			if moved, prefix := charged(t, w, seat, st, offered, s.cellKey(c), price, "the move to "+s.cellLabel(c)); moved != nil {
				n.moves++
				n.run(t, s, moved, seat, prefix, s.rules().quadrel[c], true)
			}
		}
		// A Magnate tile or benefit used first starts its own action; a
		// Wine Expert used first may change what the move costs.
		for _, o := range offered {
			if _, cell := s.cellOf(o.ID); !cell {
				used := walkTo(w, st, offered, o.ID)
				n.run(t, s, used, seat, engine.Action{o.ID}, 0, false)
				n.moves += movesAfter(t, s, used, seat, engine.Action{o.ID})
			}
		}
	}
}

// movesAfter checks the moves' prices, as Preview shows them, once
// prefix, a Magnate tile or Wine Expert used first on s, left w at the
// move; it returns how many moves it checked.
func movesAfter(t testing.TB, s *State, w *walker, seat engine.Seat, prefix engine.Action) int {
	t.Helper()
	st, offered := nextStep(t, w, seat)
	if st.Name != "move" {
		return 0
	}
	shown, err := s.Preview(seat, prefix)
	if err != nil {
		t.Fatalf("preview of %v: %v", prefix, err)
	}
	moves := 0
	for c := range Cell(NumCells) {
		if c != s.Seats[seat].Cell {
			price := shown.(*State).MovePrice(seat, c)
			if moved, _ := charged(t, w, seat, st, offered, s.cellKey(c), price, fmt.Sprintf("the move to %s after %v", s.cellLabel(c), prefix)); moved != nil {
				moves++
			}
		}
	}
	return moves
}

// run checks the prices of the first items of the action in progress on
// w, which prefix began on s: on the Quadrel's action act if quadrel.
func (n *priceChecks) run(t testing.TB, s *State, w *walker, seat engine.Seat, prefix engine.Action, act Action, quadrel bool) {
	t.Helper()
	st, offered := nextStep(t, w, seat)
	if offered == nil || w.work.stage != stRun {
		return
	}
	shown, err := s.Preview(seat, prefix)
	if err != nil {
		t.Fatalf("preview of %v: %v", prefix, err)
	}
	preview := shown.(*State)
	if quadrel {
		quadrelPrices(t, preview, seat, act)
	}
	kind := w.work.run.kind
	if kind == runBank {
		n.invest(t, preview, w, seat, st, offered)
		return
	}
	for _, o := range offered {
		what := fmt.Sprintf("%q after %v", o.ID, prefix)
		price, ok := itemPrice(preview, seat, kind, o.ID)
		if !ok {
			continue
		}
		n.items++
		if kind != runVineyards {
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
	for r := RegionID(1); kind == runVineyards && int(r) <= NumRegions; r++ {
		if price, ok := preview.VineyardPrice(seat, r); ok && !price.Affordable {
			n.refused++
			if slices.ContainsFunc(offered, func(o steps.Option[*walker]) bool { return o.ID == regionKey(r) }) {
				t.Errorf("%s's vineyard costs %d, more than %d, and is offered", Regions[r].Name, price.Bagos, w.Seats[seat].Money)
			}
		}
	}
}

// invest checks the Reserve's Bank action on w, at step st: its focused
// view is the bank, and the next investment step is offered only where
// the account holds its price (InvestPrice, on the preview s), which it
// takes from the account, not from cash, with the VP an emptied account
// loses (Bank.OverdraftVP).
func (n *priceChecks) invest(t testing.TB, s *State, w *walker, seat engine.Seat, st steps.Step[*walker], offered []steps.Option[*walker]) {
	t.Helper()
	if f := w.focus(); f != FocusBank {
		t.Errorf("the Bank action's step %q is about %q", st.Name, f)
	}
	price, ok := s.InvestPrice(seat)
	on := slices.ContainsFunc(offered, func(o steps.Option[*walker]) bool { return o.ID == "invest" })
	switch {
	case on && (!ok || !price.Affordable):
		t.Errorf("investing costs %d, more than the account's %d, and is offered", price.Bagos, w.Seats[seat].Bank.Account)
	case !on && ok && price.Affordable:
		t.Errorf("investing costs %d, which the account's %d covers, and is not offered", price.Bagos, w.Seats[seat].Bank.Account)
	case !on:
		n.refused++
		return
	}
	n.invests++
	c, before := walkTo(w, st, offered, "invest"), w.Seats[seat]
	if paid := before.Bank.Account - c.Seats[seat].Bank.Account; paid != price.Bagos || c.Seats[seat].Money != before.Money {
		t.Errorf("investing: the price is %d from the account, and Apply takes %d from it and %d from cash", price.Bagos, paid, before.Money-c.Seats[seat].Money)
	}
	if lost, want := before.VP-c.Seats[seat].VP, before.Bank.OverdraftVP(price.Bagos); lost != want {
		t.Errorf("investing %d of an account of %d loses %d VP; the bank says %d", price.Bagos, before.Bank.Account, lost, want)
	}
}

// itemPrice is the price prices.go gives, on the preview s, the item an
// option of the first step of an action of kind buys, and false for an
// option that buys nothing.
func itemPrice(s *State, seat engine.Seat, kind runKind, id string) (Price, bool) {
	item := ""
	switch {
	case kind == runVineyards:
		r := slices.Index(regionKeys[:], id)
		if r < 1 {
			return Price{}, false
		}
		return s.VineyardPrice(seat, RegionID(r))
	case kind == runExperts && slices.Contains(featureKeys[:], id):
		return s.ExpertPrice(seat), true
	case kind == runWineries && slices.Contains(estateKeys[:], id):
		item = "Winery"
	case kind == runCellars && slices.Contains(estateKeys[:], id):
		item = "Cellar"
	case kind == runWorkers && strings.HasPrefix(id, "enologist-"):
		item = "Enologist"
	case kind == runWorkers && strings.HasPrefix(id, "farmer-"):
		item = "Farmer"
	}
	for _, p := range s.Buying(seat) {
		if p.Item == item {
			return p.Price, true
		}
	}
	return Price{}, false
}

// quadrelPrices checks that what the preview s buys in the Quadrel's
// action act costs what the Quadrel shows (ActionPrice, FarmerPrice).
func quadrelPrices(t testing.TB, s *State, seat engine.Seat, act Action) {
	t.Helper()
	for _, p := range s.Buying(seat) {
		want := s.ActionPrice(seat, act)
		if farmer, ok := s.FarmerPrice(seat); ok && p.Item == "Farmer" {
			want = farmer
		}
		if p.Price != want {
			t.Errorf("a %s of the %s action costs %d; the Quadrel shows %d", p.Item, act, p.Price.Bagos, want.Bagos)
		}
	}
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
// it and the answers taken, or nil if it is not offered.
func charged(t testing.TB, w *walker, seat engine.Seat, st steps.Step[*walker], offered []steps.Option[*walker], id string, price Price, what string) (*walker, engine.Action) {
	t.Helper()
	if !slices.ContainsFunc(offered, func(o steps.Option[*walker]) bool { return o.ID == id }) {
		return nil, nil
	}
	if !price.Affordable {
		t.Errorf("%s costs %d, more than %d, and is offered", what, price.Bagos, w.Seats[seat].Money)
	}
	c, taken := walkTo(w, st, offered, id), engine.Action{id}
	if pay, opts := nextStep(t, c, seat); pay.Name == "payment" {
		if !slices.ContainsFunc(opts, func(o steps.Option[*walker]) bool { return o.ID == "pay" }) {
			return c, taken
		}
		c, taken = walkTo(c, pay, opts, "pay"), append(taken, "pay")
	}
	if paid := w.Seats[seat].Money - c.Seats[seat].Money; paid != price.Bagos {
		t.Errorf("%s: the price is %d, and Apply charges %d", what, price.Bagos, paid)
	}
	return c, taken
}
