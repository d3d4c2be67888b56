package vinhos

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// A price as a view draws it, and whether it is struck out.
type drawnPrice struct {
	text   string
	struck bool
}

// At a decision the focused view shows, at each choice that costs money,
// what the player to act pays, the engine's price (vinhos.Price), struck
// out where their cash does not cover it: on the Quadrel each move and
// each action's item, at the regions each vineyard, at the decks a
// hire, at the estates what a building or hiring action buys, at the
// Reserve's bank the next investment step, paid from the account (and
// the VP lost where it empties it). Each view is drawn with the player's
// cash (and account) at 0, at 2 and at 100 (24), at the start of
// decisions and once a move is made (Preview), when the Quadrel offers no
// more moves.
func TestFocusedViewsShowWhatThePlayerCanAfford(t *testing.T) {
	cases := map[string]*vinhos.State{"2016": state(t, "mid-3p"), "solo": state(t, "solo"), "reserve": reserveMid(t),
		"2016 setup": newGame(t, 11, 2).(*vinhos.State), "reserve setup": setUp(t, vinhos.ModeReserve2010),
		"2016 moved": movedTo(t, state(t, "mid-3p"), ""), "reserve moved": movedTo(t, reserveMid(t), ""),
		"2016 tile": movedTo(t, state(t, "mid-3p"), "Flip your Action tile: hire"), "reserve building": movedTo(t, reserveMid(t), "Wineries")}
	for _, name := range []string{"2016 tile", "reserve building"} {
		if s := cases[name]; len(s.Buying(s.Pending()[0].Seat)) == 0 {
			t.Fatalf("%s: nothing is being bought", name)
		}
	}
	banks := 0
	for name, s := range cases {
		seat := s.Pending()[0].Seat
		p := &s.Seats[seat]
		for _, money := range []int{0, 2, 100} {
			p.Money = money
			what := fmt.Sprintf("%s, %s with %d Bagos", name, p.Name, money)

			// The Quadrel in a turn: its digits are many (coins, order
			// slots), so what is checked is what is struck.
			if s.At == vinhos.PhaseActions {
				samePrices(t, what+", the actions", struck(quadrelPrices(s, seat)), struck(drawnPrices(drawFocus(s, seat, vinhos.FocusActions, true), digits)))
			}
			samePrices(t, what+", the regions", regionPrices(s, seat), drawnPrices(drawFocus(s, seat, vinhos.FocusRegions, true), tags))
			hire := []drawnPrice{priceDrawn(s.ExpertPrice(seat), true)}
			samePrices(t, what+", the Wine Experts", hire, drawnPrices(drawFocus(s, seat, vinhos.FocusExperts, true), tags))
			var buying []drawnPrice
			for _, b := range s.Buying(seat) {
				buying = append(buying, priceDrawn(b.Price, true))
			}
			samePrices(t, what+", the estates", buying, drawnPrices(drawFocus(s, seat, vinhos.FocusEstates, true), tags))

			// The Reserve's bank: investing is paid from the account.
			if _, bank := s.InvestPrice(seat); bank {
				banks++
				p.Bank.Account = min(money, vinhos.R10AccountMax)
				invest, _ := s.InvestPrice(seat)
				samePrices(t, what+" in the account, the bank", []drawnPrice{priceDrawn(invest, true)}, drawnPrices(drawFocus(s, seat, vinhos.FocusBank, true), tags))
				// An investment that empties the account says the VP it loses.
				p.Bank.Account = invest.Bagos
				if !slices.ContainsFunc(drawFocus(s, seat, vinhos.FocusBank, true).Boxes(), func(b render.TextBox) bool { return b.Text == ", −2 VP" }) {
					t.Errorf("%s: investing the account's %d Bagos does not say it loses 2 VP", what, invest.Bagos)
				}
			}
		}
	}
	if banks == 0 {
		t.Error("no view of a bank was checked")
	}
}

// quadrelPrices are the engine's prices of seat's moves and of each
// action's items; none once seat moved, when the Quadrel offers nothing.
func quadrelPrices(s *vinhos.State, seat engine.Seat) []drawnPrice {
	if s.Moved(seat) {
		return nil
	}
	var prices []drawnPrice
	for cell := range vinhos.Cell(vinhos.NumCells) {
		if cell != s.Seats[seat].Cell {
			prices = append(prices, priceDrawn(s.MovePrice(seat, cell), false))
		}
		act := vinhos.Quadrel[s.Mode][cell]
		prices = append(prices, priceDrawn(s.ActionPrice(seat, act), false))
		if farmer, ok := s.FarmerPrice(seat); ok && act == vinhos.ActEnologists {
			prices = append(prices, priceDrawn(farmer, false))
		}
	}
	return prices
}

// regionPrices are the engine's prices of the regions' next vineyards
// for seat.
func regionPrices(s *vinhos.State, seat engine.Seat) []drawnPrice {
	var prices []drawnPrice
	for _, r := range mapRegions(s.Mode) {
		if price, ok := s.VineyardPrice(seat, r); ok {
			prices = append(prices, priceDrawn(price, true))
		}
	}
	return prices
}

// movedTo is s previewed after its player to act, with 20 Bagos, moved
// to the cell whose label begins with action, or made the first move that
// costs money.
func movedTo(t *testing.T, s *vinhos.State, action string) *vinhos.State {
	t.Helper()
	seat := s.Pending()[0].Seat
	s.Seats[seat].Money = 20
	step, err := s.Choices(seat, nil)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(step.Choices, func(c engine.Choice) bool {
		return action == "" && c.Cost != "" || action != "" && strings.HasPrefix(c.Label, action)
	})
	if i < 0 {
		t.Fatalf("%s has no move to %q: %+v", s.Seats[seat].Name, action, step.Choices)
	}
	moved, err := s.Preview(seat, engine.Action{step.Choices[i].ID})
	if err != nil {
		t.Fatal(err)
	}
	return moved.(*vinhos.State)
}

// setUp is a new 3-player game of mode, at its first estates' vineyards.
func setUp(t *testing.T, mode string) *vinhos.State {
	st, _, err := vinhos.Game{}.New(engine.Setup{Game: "vinhos", Mode: mode, Seed: 3, Players: []string{"Ana", "Bruno", "Carla"}})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*vinhos.State)
}

var (
	digits = regexp.MustCompile(`^[0-9]+$`)
	tags   = regexp.MustCompile(`^(free|[0-9]+ Bagos?)$`)
)

// priceDrawn is how a view draws p: its Bagos as a number on the
// Quadrel, or as a tag ("4 Bagos", "free"); struck out if not affordable.
func priceDrawn(p vinhos.Price, tag bool) drawnPrice {
	text := fmt.Sprint(p.Bagos)
	switch {
	case tag && p.Bagos == 0:
		text = "free"
	case tag:
		text = fmt.Sprintf("%d %s", p.Bagos, plural(p.Bagos, "Bago", "Bagos"))
	}
	return drawnPrice{text, !p.Affordable && p.Bagos > 0}
}

// drawnPrices are the strings drawn on c that match a price's pattern.
func drawnPrices(c *render.Canvas, pattern *regexp.Regexp) []drawnPrice {
	var out []drawnPrice
	for _, b := range c.Boxes() {
		if pattern.MatchString(b.Text) {
			out = append(out, drawnPrice{b.Text, b.Struck})
		}
	}
	return out
}

func struck(prices []drawnPrice) []drawnPrice {
	return slices.DeleteFunc(slices.Clone(prices), func(p drawnPrice) bool { return !p.struck })
}

// samePrices checks that the prices drawn are the ones wanted, in any
// order.
func samePrices(t *testing.T, what string, want, got []drawnPrice) {
	t.Helper()
	order := func(a, b drawnPrice) int {
		return cmp.Or(strings.Compare(a.text, b.text), cmp.Compare(b2i(a.struck), b2i(b.struck)))
	}
	slices.SortFunc(want, order)
	slices.SortFunc(got, order)
	if !slices.Equal(want, got) {
		t.Errorf("%s: the view draws %v, the engine's prices are %v", what, got, want)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
