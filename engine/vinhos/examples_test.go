package vinhos

import (
	"fmt"
	"github.com/adega-bot/adega/engine/component"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/steps"
)

// The worked examples of the Special Vintage 2016 rulebook and the Reference
// Book, one test each, named after the example. Each builds the example's
// position by hand and plays it through Choices and Apply.

// The examples' players; they join in color order, so seat i has color i.
const (
	orange engine.Seat = iota
	yellow
	blue
	purple
)

// example is a game being set up as a worked example describes it. Its
// state is on a walker, so that a test may also play the game's own moves
// on it (w): they change s, and narrate into w.Events.
type example struct {
	t *testing.T
	s *State // &w.State
	w *walker
}

// exampleOf is an example of a copy of s.
func exampleOf(t *testing.T, s *State) *example {
	x := &example{t: t}
	x.set(s)
	return x
}

// set puts a copy of s on the example's walker.
func (x *example) set(s *State) {
	x.w = &walker{State: *s}
	x.s = &x.w.State
}

// newGame starts a game of the given size with a fixed seed.
func newGame(t *testing.T, players int) *example {
	t.Helper()
	names := []string{"Orange", "Yellow", "Blue", "Purple"}[:players]
	st, _, err := Game{}.New(engine.Setup{Game: "vinhos", Rules: LatestRules, Seed: 7, Players: names})
	if err != nil {
		t.Fatal(err)
	}
	return exampleOf(t, st.(*State))
}

// newExample puts a 4-player game in round 1 of year's Actions phase with
// the given player order and Vintage tile. Every Action marker is on Pass,
// no region has Renown cubes and nobody holds anything but the setup's
// money and barrels.
func newExample(t *testing.T, year, vintage int, order ...engine.Seat) *example {
	t.Helper()
	x := newGame(t, 4).inYear(year, order...)
	x.s.Vintage = vintage
	return x
}

// inYear puts the example's game in round 1 of year's Actions phase with
// the given player order, the Fairs of the years before held.
func (x *example) inYear(year int, order ...engine.Seat) *example {
	x.s.At, x.s.Year, x.s.Round, x.s.Turn = PhaseActions, year, 1, 0
	x.s.Order = order
	for _, y := range FairYears[1:] {
		if y < year {
			x.s.Fair++ // the Fairs of the years before
		}
	}
	return x
}

func (x *example) p(seat engine.Seat) *Player { return &x.s.Seats[seat] }

// state is the example's state, to list choices or play on. An example
// edits its state in place, which nothing outside the package may do, so
// the copy the last Choices walked on it may be out of date: it is
// forgotten.
func (x *example) state() *State {
	x.s.memo = &steps.Memo[*walker]{}
	return x.s
}

// turn makes it seat's turn in the Actions phase.
func (x *example) turn(seat engine.Seat) {
	x.s.At, x.s.Turn = PhaseActions, slices.Index(x.s.Order, seat)
}

// deck sets region r's Vineyard deck, top first.
func (x *example) deck(r RegionID, tiles ...VineyardTile) {
	x.s.Regions[r].Deck = tiles
}

func vy(c Color, cost int) VineyardTile { return VineyardTile{Color: c, Cost: component.R(cost)} }

func red(q int) Wine   { return Wine{Color: Red, Quality: int8(q)} }
func white(q int) Wine { return Wine{Color: White, Quality: int8(q)} }

// wines lays out a Warehouse or Cellar, left to right; a zero Wine is empty.
func wines(ws ...Wine) (out [4]Wine) {
	copy(out[:], ws)
	return out
}

// expertID finds the Wine Expert of feature f with ability a.
func (x *example) expertID(f Feature, a ExpertAbility) int {
	for i, t := range x.s.data.Experts[f] {
		if t.Ability.V == a {
			return int(f)*ExpertsPerDeck + i
		}
	}
	x.t.Fatalf("no %v expert with %v", f, a)
	return 0
}

// give hands seat the Experts, face up, taking them out of their decks.
func (x *example) give(seat engine.Seat, ids ...int) {
	for _, id := range ids {
		f := id / ExpertsPerDeck
		x.s.Experts[f] = slices.DeleteFunc(slices.Clone(x.s.Experts[f]), func(e int) bool { return e == id })
		x.p(seat).Experts = append(x.p(seat).Experts, HeldExpert{ID: id, FaceUp: true})
	}
}

// topOfDeck puts Expert id on top of its deck.
func (x *example) topOfDeck(id int) {
	f := id / ExpertsPerDeck
	rest := slices.DeleteFunc(slices.Clone(x.s.Experts[f]), func(e int) bool { return e == id })
	x.s.Experts[f] = append([]int{id}, rest...)
}

// actionTile and multTile find Magnate tile IDs by kind; n picks among
// copies (Action tiles) and vp between the tiles of a pair (Multipliers).
func (x *example) actionTile(k MagnateAction, n int) int {
	for id, t := range x.s.data.MagnateTiles {
		if t.Kind == k {
			if n == 0 {
				return id
			}
			n--
		}
	}
	x.t.Fatalf("no Action tile %v", k)
	return 0
}

func (x *example) multTile(k MultiplierKind, vp int) int {
	for i, m := range x.s.data.Multipliers {
		if m.Kind == k && m.VP == vp {
			return NumMagnateActionTiles + i
		}
	}
	x.t.Fatalf("no %dx %v Multiplier", vp, k)
	return 0
}

// saleSlot is the index of a Sales slot.
func (x *example) saleSlot(e Establishment, c Color, value int) int {
	for i, slot := range x.s.data.Sales {
		if slot.Establishment == e && slot.Color == c && slot.Value.V == value {
			return i
		}
	}
	x.t.Fatalf("no %v %v %d Sales slot", e, c, value)
	return 0
}

// exporters fills the Export area column by column, top row first, with
// the given players' barrels; the rest of the area is empty.
func (x *example) exporters(columns [][]engine.Seat) {
	for r := range x.s.Export {
		for c := range x.s.Export[r] {
			x.s.Export[r][c] = engine.NoSeat
		}
	}
	for c, seats := range columns {
		for r, seat := range seats {
			x.s.Export[r][c] = seat
		}
	}
}

// step lists seat's next step after prefix.
func (x *example) step(seat engine.Seat, prefix ...string) engine.Step {
	x.t.Helper()
	at, rest, err := commitThrough(x.state(), seat, prefix)
	if err != nil {
		x.t.Fatalf("Choices(%s, %v): %v", x.s.Seats[seat].Name, prefix, err)
	}
	st, err := at.Choices(seat, rest)
	if err != nil {
		x.t.Fatalf("Choices(%s, %v): %v", x.s.Seats[seat].Name, prefix, err)
	}
	if st.Complete && st.Continues {
		// What follows shows hidden information: listed here, it would
		// be empty, and a check of it vacuous.
		x.t.Fatalf("%v ends a part of %s's turn: apply it, then list what follows", prefix, x.s.Seats[seat].Name)
	}
	return st
}

// ids lists the IDs offered to seat after prefix.
func (x *example) ids(seat engine.Seat, prefix ...string) []string {
	x.t.Helper()
	var out []string
	for _, c := range x.step(seat, prefix...).Choices {
		out = append(out, c.ID)
	}
	return out
}

// choice finds the offered choice id after prefix.
func (x *example) choice(seat engine.Seat, id string, prefix ...string) engine.Choice {
	x.t.Helper()
	st := x.step(seat, prefix...)
	for _, c := range st.Choices {
		if c.ID == id {
			return c
		}
	}
	x.t.Fatalf("after %v, %q is not offered to %s; the choices are %v", prefix, id, x.s.Seats[seat].Name, x.ids(seat, prefix...))
	return engine.Choice{}
}

// offers checks the exact set of IDs offered after prefix.
func (x *example) offers(seat engine.Seat, prefix []string, want ...string) {
	x.t.Helper()
	got := x.ids(seat, prefix...)
	if !sameSet(got, want) {
		x.t.Errorf("after %v %s is offered %v, want %v", prefix, x.s.Seats[seat].Name, got, want)
	}
}

// refuses checks that none of the IDs is offered after prefix.
func (x *example) refuses(seat engine.Seat, prefix []string, ids ...string) {
	x.t.Helper()
	got := x.ids(seat, prefix...)
	for _, id := range ids {
		if slices.Contains(got, id) {
			x.t.Errorf("after %v %s is offered %q; the rules refuse it", prefix, x.s.Seats[seat].Name, id)
		}
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// apply plays seat's whole turn (see playThrough).
func (x *example) apply(seat engine.Seat, action ...string) {
	x.t.Helper()
	next, _, err := playThrough(x.state(), seat, action)
	if err != nil {
		x.t.Fatalf("%s %v: %v", x.s.Seats[seat].Name, action, err)
	}
	x.set(next)
}

// pending is who must decide now.
func (x *example) pending() []engine.Seat {
	var out []engine.Seat
	for _, p := range x.s.Pending() {
		out = append(out, p.Seat)
	}
	return out
}

// money lists every seat's Bagos.
func (x *example) money() []int {
	var out []int
	for _, p := range x.s.Seats {
		out = append(out, p.Money)
	}
	return out
}

// eq fails the test when got differs from want.
func eq(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// --- Movement -------------------------------------------------------------

// canDoAnything gives seat what every action needs: money, a barrel, an
// estate with a free slot, a Winery without Enologist, a Vineyard without
// Farmer, no Cellar, and a red 6 to sell or export.
func (x *example) canDoAnything(seat engine.Seat, cell Cell) {
	p := x.p(seat)
	p.Money, p.Cell = 20, cell
	p.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wineries: 1, Wines: wines(red(6))}
}

// SV p. 4, Example 1: from a space, the adjacent spaces (orthogonally or
// diagonally) are free and every other costs 1 Bago to the supply.
func TestExampleMovement1(t *testing.T) {
	x := newExample(t, 5, 1, yellow, blue, orange, purple)
	x.turn(orange)
	x.canDoAnything(orange, CellMR) // Enologists / Farmers, taxed in year 5
	costs := map[string]string{}
	for _, c := range x.step(orange).Choices {
		costs[c.ID] = c.Cost
	}
	eq(t, "Orange's move costs", costs, map[string]string{
		"cellars@tm": "", "wineries@tr": "", "pass@c": "", "sales@bm": "", "vineyards@br": "",
		"vineyards@tl": "1 Bago", "wine-experts@ml": "1 Bago", "export@bl": "1 Bago",
	})
}

// SV p. 4, Example 2: a non-adjacent space where Blue stands costs 1 Bago
// to Blue and 1 to the supply.
func TestExampleMovement2(t *testing.T) {
	x := newExample(t, 1, 1, yellow, blue, orange, purple)
	x.turn(orange)
	x.canDoAnything(orange, CellTL)
	x.p(blue).Cell = CellBM
	before := x.money()
	eq(t, "cost to Sales", x.choice(orange, "sales@bm").Cost, "2 Bagos")
	x.apply(orange, "sales@bm", "w1-1", "hotel-red-6")
	eq(t, "Orange's money", x.p(orange).Money, before[orange]-2+6)
	eq(t, "Blue's money", x.p(blue).Money, before[blue]+1)
	eq(t, "Purple's money", x.p(purple).Money, before[purple])
}

// SV p. 4, Example 3: Purple moves to a non-adjacent space with Blue,
// Orange and the Year/Taxation marker: 4 Bagos, 1 each to Blue and Orange.
// Without the money for the action after the move, the space is refused.
func TestExampleMovement3(t *testing.T) {
	for _, tc := range []struct {
		money   int
		offered bool
	}{{10, true}, {5, false}} {
		t.Run(fmt.Sprint(tc.money, " Bagos"), func(t *testing.T) {
			x := newExample(t, 1, 1, yellow, blue, orange, purple)
			x.turn(purple)
			x.p(blue).Cell, x.p(orange).Cell = CellTL, CellTL // year 1 taxes the top-left Vineyards
			x.p(purple).Cell, x.p(purple).Money = CellBR, tc.money
			x.deck(Minho, vy(Red, 2), vy(Red, 3))
			if !tc.offered {
				x.refuses(purple, nil, "vineyards@tl")
				return
			}
			eq(t, "cost to the top-left Vineyards", x.choice(purple, "vineyards@tl").Cost, "4 Bagos")
			before := x.money()
			x.apply(purple, "vineyards@tl", "minho", "e1", "done")
			eq(t, "Purple's money", x.p(purple).Money, tc.money-4-2)
			eq(t, "Blue's money", x.p(blue).Money, before[blue]+1)
			eq(t, "Orange's money", x.p(orange).Money, before[orange]+1)
			eq(t, "Yellow's money", x.p(yellow).Money, before[yellow])
		})
	}
}

// SV p. 5, Example 4 and the turn-order example, 4th year, 1st action: the
// Year/Taxation marker is on Wine Experts.
func TestExampleMovement4AndTurnOrder(t *testing.T) {
	x := newExample(t, 4, 1, orange, yellow, blue, purple)
	eq(t, "year 4's taxed space", x.s.taxedCell(), CellML)
	x.p(orange).Cell, x.p(yellow).Cell, x.p(blue).Cell, x.p(purple).Cell = CellBL, CellTM, CellTM, CellBR
	for _, seat := range []engine.Seat{orange, yellow, blue, purple} {
		x.p(seat).Money = 10
	}
	x.p(blue).Estates[0] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wines: wines(red(2))}
	// Experts whose ability only works in a Vineyards action.
	x.topOfDeck(x.expertID(Taste, ExpertRearrangeDeck))
	x.topOfDeck(x.expertID(Aroma, ExpertRearrangeDeck))

	// Orange: Export to Wine Experts is adjacent, but taxed.
	eq(t, "Orange's cost", x.choice(orange, "wine-experts@ml").Cost, "1 Bago")
	x.apply(orange, "wine-experts@ml", "taste", "done")
	eq(t, "Orange's money", x.p(orange).Money, 10-1-1)

	// Yellow and Blue pass for free, to bottom-row slots 1 and 4.
	eq(t, "Yellow's cost", x.choice(yellow, "pass@c").Cost, "")
	x.apply(yellow, "pass@c", "order-1")
	x.refuses(blue, []string{"pass@c"}, "order-1")
	x.apply(blue, "pass@c", "order-4", "press", "w1-1", "booth-1")
	eq(t, "Yellow's money", x.p(yellow).Money, 10)
	eq(t, "Blue's money", x.p(blue).Money, 10)
	eq(t, "Blue's press release", x.p(blue).Pressed, true)

	// Purple: lower-right Vineyards to Wine Experts is not adjacent, and
	// the tax and Orange are there: 2 to the supply and 1 to Orange.
	eq(t, "Purple's cost", x.choice(purple, "wine-experts@ml").Cost, "3 Bagos")
	x.apply(purple, "wine-experts@ml", "aroma", "done")
	eq(t, "Purple's money", x.p(purple).Money, 10-3-1)
	eq(t, "Orange's money after Purple's move", x.p(orange).Money, 10-1-1+1)

	eq(t, "round", x.s.Round, 2)
	eq(t, "order for the 2nd action", x.s.Order, []engine.Seat{yellow, orange, purple, blue})
	eq(t, "next to act", x.pending(), []engine.Seat{yellow})
}

// --- Actions --------------------------------------------------------------

// SV p. 6, Vineyards action: Orange buys a Dão red for 4 into a 4th estate
// and a Ribatejo white for 4 into her Ribatejo estate. Her Lisboa red
// estate cannot grow (Lisboa's top Vineyard is white) and her Algarve white
// estate is full.
func TestExampleVineyards(t *testing.T) {
	x := newExample(t, 2, 1, orange, yellow, blue, purple)
	o := x.p(orange)
	o.Money = 12
	o.Estates[0] = Estate{Region: Ribatejo, Color: White, Vineyards: 1, Farmers: 1}
	o.Estates[1] = Estate{Region: Lisboa, Color: Red, Vineyards: 1}
	o.Estates[2] = Estate{Region: Algarve, Color: White, Vineyards: 2}
	x.deck(Dao, vy(Red, 4), vy(White, 4), vy(Red, 5), vy(White, 5))
	x.deck(Ribatejo, vy(White, 4), vy(Red, 3), vy(Red, 4))
	x.deck(Lisboa, vy(White, 3), vy(Red, 4), vy(White, 4))
	x.deck(Algarve, vy(Red, 3), vy(Red, 4))

	eq(t, "Dão's price", x.choice(orange, "dao", "vineyards@tl").Cost, "4 Bagos")
	eq(t, "Ribatejo's price", x.choice(orange, "ribatejo", "vineyards@tl").Cost, "4 Bagos")
	x.offers(orange, []string{"vineyards@tl", "lisboa"}, "e4", "e5")
	x.offers(orange, []string{"vineyards@tl", "algarve"}, "e4", "e5")
	x.offers(orange, []string{"vineyards@tl", "ribatejo"}, "e1", "e4", "e5")

	cubes := x.s.Supply.Cubes
	x.apply(orange, "vineyards@tl", "dao", "e4") // Dão's next tile shows
	x.refuses(orange, nil, "dao")
	x.apply(orange, "ribatejo", "e1")
	o = x.p(orange)
	eq(t, "Orange's money", o.Money, 12-4-4)
	eq(t, "4th estate", o.Estates[3], Estate{Region: Dao, Color: Red, Vineyards: 1, Cellar: true})
	eq(t, "Ribatejo estate", o.Estates[0], Estate{Region: Ribatejo, Color: White, Vineyards: 2, Farmers: 1})
	eq(t, "Dão cubes", x.s.Regions[Dao].Cubes, 1)
	eq(t, "Ribatejo cubes", x.s.Regions[Ribatejo].Cubes, 1)
	eq(t, "cubes in the supply", x.s.Supply.Cubes, cubes-2)
}

// SV p. 6, Wineries action: Blue builds 2 Wineries for 6 Bagos, one in his
// Douro estate (its cube to Douro), one in an estate without Vineyards (its
// cube waits on it). A later Ribatejo Vineyard there moves the cube to
// Ribatejo.
func TestExampleWineries(t *testing.T) {
	x := newExample(t, 1, 1, blue, orange, yellow, purple)
	b := x.p(blue)
	b.Money = 10
	b.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1}
	cubes := x.s.Supply.Cubes
	x.apply(blue, "wineries@tr", "e1", "e2")
	b = x.p(blue)
	eq(t, "Blue's money", b.Money, 10-6)
	eq(t, "Douro estate", b.Estates[0], Estate{Region: Douro, Color: Red, Vineyards: 1, Wineries: 1})
	eq(t, "estate 2", b.Estates[1], Estate{Wineries: 1, Waiting: 1})
	eq(t, "Douro cubes", x.s.Regions[Douro].Cubes, 1)
	eq(t, "cubes in the supply", x.s.Supply.Cubes, cubes-2)

	// In a following year.
	x.s.Year, x.s.Round = 2, 1
	x.turn(blue)
	b.Cell = CellC
	x.deck(Ribatejo, vy(White, 3), vy(Red, 4))
	x.apply(blue, "vineyards@tl", "ribatejo", "e2") // 1 Bago left: no second Vineyard
	b = x.p(blue)
	eq(t, "estate 2", b.Estates[1], Estate{Region: Ribatejo, Color: White, Vineyards: 1, Wineries: 1, Farmers: 1})
	eq(t, "Ribatejo cubes (the Vineyard's and the Winery's)", x.s.Regions[Ribatejo].Cubes, 2)
	eq(t, "cubes in the supply", x.s.Supply.Cubes, cubes-3)
}

// SV p. 7, Enologists/Farmers action: Purple, with 1 empty Winery and 1
// empty Vineyard, can hire only 1 Enologist and 1 Farmer, for 5 Bagos.
func TestExampleEnologistsFarmers(t *testing.T) {
	x := newExample(t, 1, 1, purple, orange, yellow, blue)
	p := x.p(purple)
	p.Money = 10
	p.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 2, Wineries: 1, Farmers: 1}
	p.Estates[1] = Estate{Region: Alentejo, Color: White, Vineyards: 1, Wineries: 2, Farmers: 1, Enologists: 2}
	x.offers(purple, []string{"enologists@mr"}, "enologist-e1", "farmer-e1")
	x.offers(purple, []string{"enologists@mr", "enologist-e1"}, "done", "farmer-e1")
	x.apply(purple, "enologists@mr", "enologist-e1", "farmer-e1")
	p = x.p(purple)
	eq(t, "Purple's money", p.Money, 10-5)
	eq(t, "Douro estate's workers", [2]int8{p.Estates[0].Enologists, p.Estates[0].Farmers}, [2]int8{1, 2})
}

// SV p. 9, Cellars action: Yellow covers his Alentejo Warehouse (wines 4
// and 5) with a Cellar; the wines keep their slots. Minho takes no Cellar.
func TestExampleCellars(t *testing.T) {
	x := newExample(t, 1, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Money = 10
	y.Estates[0] = Estate{Region: Alentejo, Color: Red, Vineyards: 1, Wines: wines(red(4), red(5))}
	y.Estates[1] = Estate{Region: Minho, Color: White, Vineyards: 1}
	x.offers(yellow, []string{"cellars@tm"}, "e1", "e3", "e4", "e5")
	x.apply(yellow, "cellars@tm", "e1", "done")
	y = x.p(yellow)
	eq(t, "Yellow's money", y.Money, 10-3)
	eq(t, "Alentejo estate", y.Estates[0], Estate{Region: Alentejo, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(red(4), red(5))})
	eq(t, "Alentejo cubes", x.s.Regions[Alentejo].Cubes, 1)
}

// SV p. 8, Wine Value: Purple's quality-4 wine in the 3rd slot of her
// Algarve Cellar, with 1 of Algarve's 3 cubes, is worth 9: 4 + 3 aging + 1
// cube + 1 Algarve. A Press Release makes the cubes optional; its Fair
// Points are the value.
func TestExampleWineValue(t *testing.T) {
	x := newExample(t, 2, 1, purple, orange, yellow, blue)
	p := x.p(purple)
	p.Cell = CellTL
	p.Estates[0] = Estate{Region: Algarve, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, red(4))}
	x.s.Regions[Algarve].Cubes = 3
	x.s.Supply.Cubes -= 3
	press := []string{"pass@c", "order-1", "press", "w1-3"}
	x.offers(purple, press, "cubes-0", "cubes-1", "cubes-2")
	x.apply(purple, append(press, "cubes-1", "booth-1", "done")...)
	eq(t, "Purple's Fair Points", x.p(purple).FairPoints, 9)
	eq(t, "Algarve cubes", x.s.Regions[Algarve].Cubes, 2)
	eq(t, "cubes in the supply", x.s.Supply.Cubes, Box.RenownCubes-2)
}

// SV p. 10, Sales action: Yellow's white 5 in slot 3 of his Dão Cellar is
// worth 8. The white 8 and 9 slots are taken and Dão's only cube could not
// reach the 10, so no slot may use it. He sells to the Hotel white 7 for 7.
func TestExampleSales(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Money = 5
	y.Estates[0] = Estate{Region: Dao, Color: White, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, white(5))}
	x.s.Regions[Dao].Cubes = 1
	x.s.Sales[x.saleSlot(Hotel, White, 8)] = orange
	x.s.Sales[x.saleSlot(Enoteca, White, 9)] = purple
	if label := x.choice(yellow, "w1-3", "sales@bm").Label; !strings.Contains(label, "value 8") {
		t.Errorf("the wine is offered as %q, want value 8", label)
	}
	slots := x.step(yellow, "sales@bm", "w1-3").Choices
	var ids []string
	for _, c := range slots {
		ids = append(ids, c.ID)
		if strings.Contains(c.Label, "cube") {
			t.Errorf("slot %q would use a Dão cube: %s", c.ID, c.Label)
		}
	}
	if want := []string{"casa-de-fados-white-3", "casa-de-fados-white-4", "casa-de-fados-white-5", "hotel-white-6", "hotel-white-7"}; !sameSet(ids, want) {
		t.Errorf("slots offered %v, want %v", ids, want)
	}
	x.apply(yellow, "sales@bm", "w1-3", "hotel-white-7")
	y = x.p(yellow)
	eq(t, "Yellow's money", y.Money, 5+7)
	eq(t, "Dão cubes", x.s.Regions[Dao].Cubes, 1)
	eq(t, "Hotel white 7", x.s.Sales[x.saleSlot(Hotel, White, 7)], yellow)
	eq(t, "Yellow's barrels", y.Barrels, PlayerBoards[SpecialVintage2016].Barrels-1)
	eq(t, "Yellow's wines", y.Estates[0].Wines, wines())
}

// SV p. 10, Export action: Purple's quality-7 wine in her Douro Warehouse
// reaches the 6 and 7 slots without cubes (and may not use any), the 8 with
// 1 cube and the 9 with 2. The 9 slot of the 4th country scores 9 VP.
func TestExampleExport(t *testing.T) {
	setup := func(t *testing.T) *example {
		x := newExample(t, 2, 1, purple, orange, yellow, blue)
		x.p(purple).Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(Wine{}, red(7))}
		x.s.Regions[Douro].Cubes = 3
		return x
	}
	x := setup(t)
	var want []string
	for r := range x.s.Export {
		for c := range x.s.Export[r] {
			if x.s.data.Export.Values[r][c].V <= 7+2 {
				want = append(want, exportKey(r, c))
			}
		}
	}
	x.offers(purple, []string{"export@bl", "w1-2"}, want...)

	for _, tc := range []struct {
		row, col, value, cubes int
	}{
		{0, 3, 9, 2}, // the example's choice: the 9 of the 4th country
		{1, 2, 8, 1},
		{2, 3, 7, 0},
		{3, 2, 6, 0},
	} {
		slot := exportKey(tc.row, tc.col)
		t.Run(slot, func(t *testing.T) {
			x := setup(t)
			if v := x.s.data.Export.Values[tc.row][tc.col].V; v != tc.value {
				t.Fatalf("slot %s is worth %d in the data, want %d", slot, v, tc.value)
			}
			x.apply(purple, "export@bl", "w1-2", slot)
			eq(t, "Purple's VP", x.p(purple).VP, tc.value)
			eq(t, "Purple's VP by source", x.s.VPFrom(purple), [NumVPSources]int{SourceExports: tc.value})
			eq(t, "Douro cubes used", 3-x.s.Regions[Douro].Cubes, tc.cubes)
		})
	}
}

// SV p. 11, Wine Experts action: Purple hires the top Taste Expert for 1
// Bago, then the next Taste Expert for 1 more.
func TestExampleWineExperts(t *testing.T) {
	x := newExample(t, 1, 1, purple, orange, yellow, blue)
	x.p(purple).Money = 5
	// Experts whose ability only works in a Vineyards action, so the turn
	// ends with the second hire.
	top, second := x.expertID(Taste, ExpertRearrangeDeck), x.expertID(Taste, ExpertVineyardDiscount)
	x.topOfDeck(second)
	x.topOfDeck(top)
	x.apply(purple, "wine-experts@ml", "taste", "taste")
	p := x.p(purple)
	eq(t, "Purple's money", p.Money, 5-2)
	eq(t, "Purple's Experts", p.Experts, []HeldExpert{{top, true}, {second, true}})
	eq(t, "Taste deck", len(x.s.Experts[Taste]), ExpertsPerDeck-2)
}

// SV p. 11, Wine Expert use: in year 2 Yellow flips one of his 6 Experts
// while "currently performing the Export Action". At the 3rd-year Fair it cannot go to
// the Fair; he sends 3 of the other 5, keeping 1 face down and 2 face up.
// Before the 4th year the face-down one flips face up.
func TestExampleWineExpertUse(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	retrieve := x.expertID(Taste, ExpertRetrieveBarrel)
	taste := x.expertID(Taste, ExpertAddRenown)      // arrow
	aroma := x.expertID(Aroma, ExpertCash)           // no arrow
	aroma2 := x.expertID(Aroma, ExpertFreeMove)      // no arrow
	appearance := x.expertID(Appearance, ExpertCash) // arrow
	alcohol := x.expertID(Alcohol, ExpertRearrangeDeck)
	x.give(yellow, retrieve, taste, aroma, aroma2, appearance, alcohol)
	y := x.p(yellow)
	y.Cell = CellTL
	y.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(6))}
	y.Estates[1] = Estate{Region: Lisboa, Color: Red, Vineyards: 1, Wines: wines(red(4))}
	y.Estates[2] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wines: wines(red(2))}
	// Both his barrels are out: one sold, one on a Multiplier.
	y.Barrels = 0
	y.Tiles = []HeldTile{{ID: x.multTile(MultVineyards, 1), FaceUp: true, Barrel: true}}
	sold := x.saleSlot(CasaDeFados, Red, 3)
	x.s.Sales[sold] = yellow

	// Year 2: he is performing the Export action without a barrel, and
	// flips the Expert then to bring one back from the Sales area.
	// The move costs 1; his free-move Expert would spend the turn's one
	// Expert and leave him no barrel, so he is offered only to pay.
	x.offers(yellow, []string{"export@bl"}, "pay")
	x.offers(yellow, []string{"export@bl", "pay"}, "expert-taste-retrieve-barrel")
	x.offers(yellow, []string{"export@bl", "pay", "expert-taste-retrieve-barrel"}, "casa-de-fados-red-3", "tile-multiplier:vineyards")
	x.apply(yellow, "export@bl", "pay", "expert-taste-retrieve-barrel", "casa-de-fados-red-3", "w1-1", exportKey(2, 4)) // a 6
	y = x.p(yellow)
	eq(t, "Yellow's export", x.s.Export[2][4], yellow)
	eq(t, "the sold barrel", x.s.Sales[sold], engine.NoSeat)
	eq(t, "flipped Expert", y.Experts[0], HeldExpert{retrieve, false})

	// The 3rd-year Fair. The example sends 3 Experts, so its Vintage tile
	// depicts 3 features; tile 1 gets a third for it.
	x.s.At, x.s.Year, x.s.Turn, x.s.Fair = PhaseFairPress, 3, 0, 0
	x.s.FairOrder = slices.Clone(x.s.Order)
	x.s.data.Vintage[1].Features.V[Appearance] = 2
	press := []string{"w2-1", "booth-1"}
	x.offers(yellow, press, "none", "expert-taste-add-renown")
	x.apply(yellow, append(press, "expert-taste-add-renown", "expert-aroma-cash", "expert-appearance-cash")...)
	y = x.p(yellow)
	// Value 4, Taste 3+1 (arrow), Aroma 1, Appearance 2+1 (arrow).
	eq(t, "Yellow's Fair Points", y.FairPoints, 4+4+1+3)
	eq(t, "Yellow's VP (the 6 export, 1st at the 1st Fair)", y.VP, 6+9)
	eq(t, "Yellow's Experts after the Fair", y.Experts, []HeldExpert{{retrieve, false}, {aroma2, true}, {alcohol, true}})
	for f, id := range map[Feature]int{Taste: taste, Aroma: aroma, Appearance: appearance} {
		deck := x.s.Experts[f]
		eq(t, fmt.Sprintf("bottom of the %v deck", f), deck[len(deck)-1], id)
	}

	// He keeps his last wine, and the 4th year begins.
	eq(t, "deciding", x.pending(), []engine.Seat{yellow})
	x.apply(yellow, "pass")
	eq(t, "year", x.s.Year, 4)
	eq(t, "Yellow's Experts in the 4th year", x.p(yellow).Experts, []HeldExpert{{retrieve, true}, {aroma2, true}, {alcohol, true}})
}

// SV p. 12, Pass / Press Release, 4th year: Orange takes order slot 1 and
// presents her Douro red 3 from slot 4 of her Cellar with 2 cubes: value
// 10, Fair Points 15 to 25. Booth 2 gives her the top Taste Expert; sending
// it (3 symbols + arrow) and an Aroma Expert (1) adds 5. Bruno (8+) and
// Carolina ({1,3,7,8}) accept the wine, Anabela (white) does not; she takes
// a barrel from each of the two.
func TestExamplePressRelease(t *testing.T) {
	for _, tc := range []struct {
		name       string
		experts    []string
		after      []string // ending the turn, if Experts are left to use
		fairPoints int
	}{
		{"with Experts", []string{"expert-taste-cash", "expert-aroma-cash"}, nil, 30},
		{"without Experts", []string{"none", "none"}, []string{"done"}, 25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newExample(t, 4, 1, orange, yellow, blue, purple)
			o := x.p(orange)
			o.Cell, o.FairPoints = CellBL, 15
			o.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, Wine{}, red(3))}
			o.Estates[1] = Estate{Region: Minho, Color: White, Vineyards: 1, Wines: wines(white(2))}
			x.s.Regions[Douro].Cubes = 2
			x.give(orange, x.expertID(Aroma, ExpertCash))
			x.topOfDeck(x.expertID(Taste, ExpertCash)) // with an arrow
			barrels := o.Barrels

			release := append([]string{"pass@c", "order-1", "press", "w1-4", "cubes-2", "booth-2", "taste"}, tc.experts...)
			x.offers(orange, release, "done", "bruno", "carolina")
			x.apply(orange, slices.Concat(release, []string{"bruno", "carolina"}, tc.after)...)
			o = x.p(orange)
			eq(t, "Orange's Fair Points", o.FairPoints, tc.fairPoints)
			eq(t, "Douro cubes", x.s.Regions[Douro].Cubes, 0)
			eq(t, "Orange's barrels with the Magnates", o.Magnates, [NumMagnates]int8{2, 1, 1})
			eq(t, "Orange's barrels", o.Barrels, barrels+2)
			eq(t, "Orange's Douro wines", o.Estates[0].Wines, wines())
			eq(t, "booth 2", x.s.Booths[1], orange)
			eq(t, "bottom row slot 1", x.s.Bottom[0], orange)

			// Once per Fair: on a later visit she can only pass, though she
			// has a wine left.
			x.turn(orange)
			o.Cell = CellTL
			x.refuses(orange, []string{"pass@c", "order-2"}, "press")
		})
	}
}

// --- Production -----------------------------------------------------------

// finishActions has the last player in order pass on the year's last
// action, which runs Maintenance and ages the wines.
func (x *example) finishActions() {
	x.t.Helper()
	last := x.s.Order[len(x.s.Order)-1]
	x.s.At, x.s.Round, x.s.Turn = PhaseActions, ActionsPerYear, len(x.s.Order)-1
	x.p(last).Cell = CellTL
	x.apply(last, "pass@c", fmt.Sprint("order-", len(x.s.Order)))
}

// SV p. 3, Production phase: Orange's white 3 goes to the leftmost slot of
// her Warehouse, Purple's red 2 to the leftmost slot of her Cellar.
func TestExampleProductionPhase(t *testing.T) {
	x := newExample(t, 4, 1, orange, purple, blue, yellow) // weather -2
	x.p(orange).Estates[0] = Estate{Region: Setubal, Color: White, Vineyards: 1, Wineries: 1, Enologists: 1}
	x.p(purple).Estates[0] = Estate{Region: Dao, Color: Red, Vineyards: 1, Wineries: 1, Farmers: 1, Cellar: true}
	x.finishActions()
	eq(t, "Orange's Warehouse", x.p(orange).Estates[0].Wines, wines(white(3)))
	eq(t, "Purple's Cellar", x.p(purple).Estates[0].Wines, wines(red(2)))
}

// SV p. 8, Aging and Wine Production, Vintage -2: Blue's Lisboa wine ages
// one slot; his estate without Vineyards makes no wine, nor does his Minho
// estate (quality 2-2 = 0); Lisboa makes a red 5 (2+1+2+2-2).
func TestExampleAgingAndWineProduction(t *testing.T) {
	x := newExample(t, 4, 1, blue, orange, yellow, purple)
	eq(t, "weather", x.s.data.Vintage[x.s.Vintage].Weather.V, -2)
	b := x.p(blue)
	b.Estates[0] = Estate{Region: Lisboa, Color: Red, Vineyards: 1, Farmers: 1, Wineries: 2, Enologists: 1, Wines: wines(red(4))}
	b.Estates[1] = Estate{Wineries: 1}
	b.Estates[2] = Estate{Region: Minho, Color: White, Vineyards: 1}
	x.finishActions()
	eq(t, "phase", x.s.At, PhaseProduction)
	eq(t, "Lisboa Warehouse after aging", x.p(blue).Estates[0].Wines, wines(Wine{}, red(4)))
	x.apply(blue, "done")
	b = x.p(blue)
	eq(t, "Lisboa Warehouse", b.Estates[0].Wines, wines(red(5), red(4)))
	eq(t, "estate without Vineyards", b.Estates[1].Wines, wines())
	eq(t, "Minho Warehouse", b.Estates[2].Wines, wines())
}

// SV p. 14, Production: Purple's red 3 in the last slot of her Algarve
// Warehouse is lost. She moves an Enologist from Algarve to her empty Douro
// Winery and a Farmer from Dão to Minho before the wine is made.
func TestExampleProduction(t *testing.T) {
	x := newExample(t, 4, 1, purple, orange, yellow, blue) // weather -2
	p := x.p(purple)
	p.Estates[0] = Estate{Region: Algarve, Color: Red, Vineyards: 1, Wineries: 1, Enologists: 1, Wines: wines(Wine{}, red(3))}
	p.Estates[1] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wineries: 1}
	p.Estates[2] = Estate{Region: Dao, Color: White, Vineyards: 2, Wineries: 1, Farmers: 2, Cellar: true}
	p.Estates[3] = Estate{Region: Minho, Color: Red, Vineyards: 1}
	x.finishActions()
	eq(t, "phase", x.s.At, PhaseProduction)
	eq(t, "Algarve Warehouse after aging", x.p(purple).Estates[0].Wines, wines())
	x.apply(purple, "enologist-e1-e2", "farmer-e3-e4", "done")
	p = x.p(purple)
	var got []Wine
	for _, e := range p.Estates[:4] {
		got = append(got, e.Wines[0])
	}
	eq(t, "new wines", got, []Wine{red(2 + 1 - 2), red(2 + 1 + 2 - 2), white(4 + 1 + 1 - 2), red(2 + 1 - 2)})
}

// RB p. 12, Douro: a Porto tile spent at Production adds 3 to a Douro
// wine's quality, and the tile goes back to Douro.
func TestExampleDouroPortoAtProduction(t *testing.T) {
	x := newExample(t, 4, 1, orange, yellow, blue, purple) // weather -2
	o := x.p(orange)
	o.Porto = 1
	o.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1}
	o.Estates[1] = Estate{Region: Minho, Color: White, Vineyards: 1}
	onDouro := x.s.Regions[Douro].Porto
	x.finishActions()
	x.offers(orange, nil, "done", "porto-e1")
	x.apply(orange, "porto-e1") // nothing else to do: the wine is made
	o = x.p(orange)
	eq(t, "Douro wine", o.Estates[0].Wines[0], red(2+3-2))
	eq(t, "Orange's Porto tiles", o.Porto, 0)
	eq(t, "Porto tiles on Douro", x.s.Regions[Douro].Porto, onDouro+1)
	eq(t, "Douro estate's Porto mark", o.Estates[0].Porto, false)
}

// --- The Fair and the Magnates ----------------------------------------------

// secondFair is the 2nd Fair (5th year, Vintage tile 6): Purple (33 Fair
// Points, booth 1), Orange (30, booth 2) and Yellow (28, booth 3) have made
// their Press Releases; Blue (17) has not. He has a Setúbal white 5, a
// Lisboa red 3, an Aroma and an Appearance Expert without arrows, and a
// used Fair Points tile.
func secondFair(t *testing.T, order ...engine.Seat) *example {
	if order == nil {
		order = []engine.Seat{purple, blue, orange, yellow}
	}
	x := newExample(t, 5, 6, order...)
	x.s.At, x.s.Fair, x.s.FairOrder = PhaseFairPress, 1, slices.Clone(x.s.Order)
	for booth, seat := range []engine.Seat{purple, orange, yellow} {
		x.s.Booths[booth] = seat
		x.p(seat).Pressed = true
	}
	x.p(purple).FairPoints, x.p(orange).FairPoints, x.p(yellow).FairPoints, x.p(blue).FairPoints = 33, 30, 28, 17
	b := x.p(blue)
	b.Estates[0] = Estate{Region: Setubal, Color: White, Vineyards: 1, Wines: wines(white(5))}
	b.Estates[1] = Estate{Region: Lisboa, Color: Red, Vineyards: 1, Wines: wines(red(3))}
	b.Tiles = []HeldTile{{ID: x.actionTile(MagnateFairPoints, 1), FaceUp: false}}
	x.give(blue, x.expertID(Aroma, ExpertCash), x.expertID(Appearance, ExpertFreeMove))
	return x
}

// bluePresses is Blue's last-minute Press Release of the Fair example.
func (x *example) bluePresses() {
	x.apply(blue, "w1-1", "booth-4", "expert-aroma-cash", "expert-appearance-free-move", "carolina")
}

// SV p. 14, Wine Tasting Fair, 5th year: Blue's last-minute Press Release
// of his Setúbal white 5 (no cubes) at booth 4 (+3) with two Experts (+3)
// earns 11 Fair Points, and Carolina accepts it.
func TestExampleWineTastingFair(t *testing.T) {
	x := secondFair(t)
	eq(t, "presenting", x.pending(), []engine.Seat{blue})
	x.offers(blue, []string{"w1-1"}, "booth-4") // no cube step: Setúbal has none
	x.offers(blue, []string{"w1-1", "booth-4", "expert-aroma-cash", "expert-appearance-free-move"}, "done", "carolina")
	barrels := x.p(blue).Barrels
	x.bluePresses()
	b := x.p(blue)
	eq(t, "Blue's Fair Points", b.FairPoints, 17+11)
	eq(t, "Blue's barrels with Carolina", int(b.Magnates[Carolina]), 1)
	eq(t, "Blue's barrels", b.Barrels, barrels+1)
}

// SV p. 15, Fair results: Purple 33, Orange 30, Blue and Yellow 28 at the
// 2nd Fair score 12, 8, 2 and 2 VP; Blue and Yellow, tied for last, each
// take a Wine Expert in turn order (C04: Blue and Yellow). Components are
// limited: with one Expert left, the second goes without.
func TestExampleFairResultsWithTies(t *testing.T) {
	for _, tc := range []struct {
		name      string
		order     []engine.Seat
		oneExpert bool
	}{
		{"Blue first", []engine.Seat{purple, blue, orange, yellow}, false},
		{"Yellow first", []engine.Seat{purple, orange, yellow, blue}, false},
		{"one Expert left", []engine.Seat{purple, blue, orange, yellow}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			order := tc.order
			x := secondFair(t, order...)
			x.bluePresses()
			var vp []int
			for _, p := range x.s.Seats {
				vp = append(vp, p.VP)
			}
			eq(t, "VP (Orange, Yellow, Blue, Purple)", vp, []int{8, 2, 2, 12})
			eq(t, "Purple's VP by source", x.s.VPFrom(purple), [NumVPSources]int{SourceFairs: 12})
			var last []engine.Seat // Blue and Yellow in turn order
			for _, seat := range order {
				if seat == blue || seat == yellow {
					last = append(last, seat)
				}
			}
			eq(t, "first to take an Expert", x.pending(), last[:1])
			if tc.oneExpert {
				x.s.Experts = [NumFeatures][]int{Taste: {x.expertID(Taste, ExpertCash)}}
				x.apply(last[0], "taste")
				eq(t, "phase", x.s.At, PhaseDraft)
				eq(t, "Experts (Blue, Yellow)", [2]int{len(x.p(blue).Experts), len(x.p(yellow).Experts)}, [2]int{1, 0})
				return
			}
			x.apply(last[0], "taste")
			eq(t, "second to take an Expert", x.pending(), last[1:])
			x.apply(last[1], "alcohol")
			eq(t, "Experts (Blue, Yellow)", [2]int{len(x.p(blue).Experts), len(x.p(yellow).Experts)}, [2]int{1, 1})
			eq(t, "order after the Fair (booths)", x.s.Order, []engine.Seat{purple, orange, yellow, blue})
		})
	}
}

// SV p. 15, the Magnate tiles after the 2nd Fair: in booth order, Purple
// discards a wine for the Export Action tile, Orange one for the 2x Cellars
// Multiplier, which takes a barrel. A Multiplier needs a barrel, nobody
// holds two identical tiles, and a pass is for good. The 6th year then
// starts with Purple, Orange, Yellow, Blue, every tile face up.
func TestExampleMagnateDraft(t *testing.T) {
	x := secondFair(t)
	x.p(purple).Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(2), red(3))}
	x.p(orange).Estates[0] = Estate{Region: Dao, Color: White, Vineyards: 1, Wines: wines(white(4))}
	x.p(yellow).Estates[0] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wines: wines(red(2))}
	x.p(yellow).Barrels = 0
	export2 := x.actionTile(MagnateExport, 1)
	x.s.Display = []int{x.actionTile(MagnateExport, 0), export2, x.multTile(MultCellars, 2), x.actionTile(MagnateFairPoints, 0),
		x.multTile(MultWines, 1), NoTile, NoTile, NoTile, NoTile, NoTile, NoTile, NoTile}
	x.s.Deck = slices.DeleteFunc(slices.Clone(x.s.Deck), func(id int) bool { return slices.Contains(x.s.Display, id) })
	x.bluePresses()
	x.apply(blue, "taste")
	x.apply(yellow, "alcohol")

	eq(t, "first pick (booth 1)", x.pending(), []engine.Seat{purple})
	x.offers(purple, nil, "pass", "export@1", "export@2", "x-cellars@3", "fair-points@4", "x-wines@5")
	x.apply(purple, "export@1", "w1-1")
	eq(t, "Purple's tiles", x.p(purple).Tiles, []HeldTile{{ID: x.actionTile(MagnateExport, 0), FaceUp: true}})

	eq(t, "next (booth 2)", x.pending(), []engine.Seat{orange})
	barrels := x.p(orange).Barrels
	x.apply(orange, "x-cellars@3", "w1-1")
	eq(t, "Orange's tiles", x.p(orange).Tiles, []HeldTile{{ID: x.multTile(MultCellars, 2), FaceUp: true, Barrel: true}})
	eq(t, "Orange's barrels", x.p(orange).Barrels, barrels-1)

	eq(t, "next (booth 3)", x.pending(), []engine.Seat{yellow})
	x.offers(yellow, nil, "pass", "export@2", "fair-points@4") // no barrel for a Multiplier
	x.apply(yellow, "pass")

	eq(t, "next (booth 4)", x.pending(), []engine.Seat{blue})
	x.refuses(blue, nil, "fair-points@4") // he holds a Fair Points tile
	x.apply(blue, "pass")

	eq(t, "Purple again", x.pending(), []engine.Seat{purple})
	x.offers(purple, nil, "pass", "fair-points@4", "x-wines@5")
	x.apply(purple, "pass")

	// Orange has no wine left; Yellow and Blue passed for good.
	eq(t, "year", x.s.Year, 6)
	eq(t, "order", x.s.Order, []engine.Seat{purple, orange, yellow, blue})
	eq(t, "Yellow's wine (never asked again)", x.p(yellow).Estates[0].Wines, wines(red(2)))
	eq(t, "Blue's Fair Points tile", x.p(blue).Tiles[0].FaceUp, true)
	eq(t, "display refilled", slices.Contains(x.s.Display, NoTile), false)
	eq(t, "tiles left unbought", x.s.Retired, []int{export2, x.actionTile(MagnateFairPoints, 0), x.multTile(MultWines, 1)})
}

// SV p. 15, Magnate Action tile use: Blue flips his Export tile before the
// Cellars action, exports, then buys 2 Cellars for 6 Bagos. One Action tile
// per turn.
func TestExampleMagnateActionTileUse(t *testing.T) {
	x := newExample(t, 3, 1, blue, orange, yellow, purple)
	b := x.p(blue)
	b.Money = 10
	b.Tiles = []HeldTile{{ID: x.actionTile(MagnateExport, 0), FaceUp: true}, {ID: x.actionTile(MagnateFairPoints, 0), FaceUp: true}}
	b.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(6))}
	b.Estates[1] = Estate{Region: Lisboa, Color: White, Vineyards: 1}
	exported := []string{"tile-export", "w1-1", exportKey(2, 4)}
	x.refuses(blue, exported, "tile-fair_points")
	x.apply(blue, append(exported, "cellars@tm", "e1", "e2")...)
	b = x.p(blue)
	eq(t, "Blue's VP", b.VP, 6)
	eq(t, "Blue's money", b.Money, 10-6)
	eq(t, "Blue's Cellars", [2]bool{b.Estates[0].Cellar, b.Estates[1].Cellar}, [2]bool{true, true})
	eq(t, "Blue's tiles face up", [2]bool{b.Tiles[0].FaceUp, b.Tiles[1].FaceUp}, [2]bool{false, true})
	eq(t, "cubes (Douro, Lisboa)", [2]int{x.s.Regions[Douro].Cubes, x.s.Regions[Lisboa].Cubes}, [2]int{1, 1})
}

// --- End of game ----------------------------------------------------------

// SV p. 16, Final scoring: money 6, 14, 20, 25 scores 3, 7, 18, 18; Blue's
// wines 3, 9, 1, 7 score 1, 4, 0, 3; the Export columns pay 14 (Purple
// alone), 12 (Blue), 3 each (3-way tie), 4 each (2-way) and 3 each (2-way);
// Blue's 2x Wineries with 5 Wineries scores 10, his 2x Wines with 10 wines
// 16 (its cap), and a Multiplier without its barrel nothing.
func TestExampleFinalScoring(t *testing.T) {
	x := newExample(t, 6, 1, orange, yellow, blue, purple)
	x.s.At, x.s.Fair, x.s.Turn = PhaseFinalAction, NumFairs, 3
	for seat, money := range map[engine.Seat]int{purple: 6, blue: 14, yellow: 20, orange: 25} {
		x.p(seat).Money = money
	}
	b := x.p(blue)
	b.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wineries: 2, Cellar: true, Wines: wines(red(3), red(9), red(1), red(1))}
	b.Estates[1] = Estate{Region: Lisboa, Color: White, Vineyards: 1, Wineries: 2, Wines: wines(white(1), white(7))}
	b.Estates[2] = Estate{Region: Dao, Color: White, Vineyards: 1, Wineries: 1, Cellar: true, Wines: wines(white(1), white(1), white(1), white(1))}
	b.Tiles = []HeldTile{
		{ID: x.multTile(MultWineries, 2), FaceUp: true, Barrel: true},
		{ID: x.multTile(MultWines, 2), FaceUp: true, Barrel: true},
		{ID: x.multTile(MultCellars, 3), FaceUp: true}, // its barrel was taken back
	}
	x.exporters([][]engine.Seat{
		{purple},
		{blue},
		{blue, yellow, orange},
		{blue, purple},
		{yellow, orange},
	})
	x.p(purple).Cell = CellTL
	x.apply(purple, "pass@c")

	eq(t, "phase", x.s.At, PhaseOver)
	f := x.s.Final
	// By seat: Orange, Yellow, Blue, Purple.
	eq(t, "money VP", f.Money, []int{18, 18, 7, 3})
	eq(t, "wine VP", f.Wines, []int{0, 0, 1 + 4 + 0 + 3, 0})
	eq(t, "Export VP", f.Export, []int{3 + 3, 3 + 3, 12 + 3 + 4, 14 + 4})
	eq(t, "Multiplier VP", f.Multipliers, []int{0, 0, 10 + 16, 0})
	var vp []int
	for _, p := range x.s.Seats {
		vp = append(vp, p.VP)
	}
	eq(t, "VP", vp, []int{24, 24, 60, 21})
	eq(t, "Blue's VP by source", x.s.VPFrom(blue), [NumVPSources]int{SourceMoney: 7, SourceWines: 1 + 4 + 0 + 3,
		SourceMajorities: 12 + 3 + 4, SourceMultipliers: 10 + 16})
	eq(t, "Purple's VP by source", x.s.VPFrom(purple), [NumVPSources]int{SourceMoney: 3, SourceMajorities: 14 + 4})
	// Orange and Yellow tie on VP and Export barrels; Orange has more money.
	eq(t, "ranking", f.Ranking, []engine.Seat{blue, orange, yellow, purple})
}

// --- Reference Book ---------------------------------------------------------

// RB setup: starting money 19/20/21/22 by turn order, and the supplies,
// regions, barrels and Magnate display by player count. The "0" Vintage
// tile stays in the box.
func TestExampleSetup(t *testing.T) {
	for _, tc := range []struct {
		players, regions, display int
		supply                    SupplyState
	}{
		{2, 7, 6, SupplyState{Enologists: 7, Farmers: 9, Cellars: 8, Wineries: 11, Cubes: 20}},
		{3, 8, 9, SupplyState{Enologists: 10, Farmers: 12, Cellars: 10, Wineries: 15, Cubes: 20}},
		{4, 9, 12, SupplyState{Enologists: 12, Farmers: 16, Cellars: 12, Wineries: 19, Cubes: 20}},
	} {
		t.Run(fmt.Sprint(tc.players, " players"), func(t *testing.T) {
			x := newGame(t, tc.players)
			s := x.s
			var money []int
			for _, seat := range s.Order {
				money = append(money, s.Seats[seat].Money)
				p := s.Seats[seat]
				eq(t, p.Name+"'s barrels", p.Barrels, 2)
				eq(t, p.Name+"'s barrels with the Magnates", p.Magnates, [NumMagnates]int8{2, 2, 2})
				eq(t, p.Name+"'s Action marker", p.Cell, CellC)
			}
			eq(t, "money in turn order", money, []int{19, 20, 21, 22}[:tc.players])
			eq(t, "supply", s.Supply, tc.supply)
			inPlay := 0
			for r := range s.Regions {
				if s.Regions[r].InPlay {
					inPlay++
				}
			}
			eq(t, "regions in play", inPlay, tc.regions)
			eq(t, "display spaces", len(s.Display), tc.display)
			for _, id := range s.Display {
				if id == NoTile || !isActionTile(id) || s.data.MagnateTiles[id].MinPlayers.V > tc.players {
					t.Errorf("display tile %d does not belong in a %d-player setup", id, tc.players)
				}
			}
			eq(t, "Vintage tiles in the game", len(s.VintageDeck)+1, NumVintageTiles-1)
			if s.Vintage == VintageZero || slices.Contains(s.VintageDeck, VintageZero) {
				t.Error("the 0 Vintage tile is in the game")
			}
		})
	}
}

// RB "Select your initial Vineyard" and the region characteristics: the
// first Vineyard is free, brings a cube, and a wine of 2 in the leftmost
// slot, except Douro (2, or 5 spending a Porto tile), Dão (a free Cellar,
// the wine in it), Ribatejo (a free Farmer, wine 3), Lisboa (a free Winery,
// wine 3) and Setúbal (2 free Experts). Free buildings bring no cube.
func TestExampleInitialVineyard(t *testing.T) {
	for _, tc := range []struct {
		name      string
		region    RegionID
		action    []string
		estate    Estate
		porto     int // Porto tiles held after
		portoLeft int // on the Douro inset after
		experts   int
	}{
		{"Minho", Minho, []string{"minho"}, Estate{Region: Minho, Color: Red, Vineyards: 1, Wines: wines(red(2))}, 0, 6, 0},
		{"Douro table wine", Douro, []string{"douro", "table"}, Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(2))}, 2, 4, 0},
		{"Douro Porto", Douro, []string{"douro", "porto"}, Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(5))}, 1, 5, 0},
		{"Dão", Dao, []string{"dao"}, Estate{Region: Dao, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(red(2))}, 0, 6, 0},
		{"Ribatejo", Ribatejo, []string{"ribatejo"}, Estate{Region: Ribatejo, Color: Red, Vineyards: 1, Farmers: 1, Wines: wines(red(3))}, 0, 6, 0},
		{"Lisboa", Lisboa, []string{"lisboa"}, Estate{Region: Lisboa, Color: Red, Vineyards: 1, Wineries: 1, Wines: wines(red(3))}, 0, 6, 0},
		{"Setúbal", Setubal, []string{"setubal", "taste", "aroma"}, Estate{Region: Setubal, Color: Red, Vineyards: 1, Wines: wines(red(2))}, 0, 6, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newGame(t, 4)
			first := x.s.Order[0]
			x.deck(tc.region, vy(Red, 4), vy(White, 3))
			money, supply := x.p(first).Money, x.s.Supply
			x.apply(first, tc.action...)
			p := x.p(first)
			eq(t, "estate 1", p.Estates[0], tc.estate)
			eq(t, "money", p.Money, money)
			eq(t, "Porto tiles", p.Porto, tc.porto)
			eq(t, "Porto tiles left on Douro", x.s.Regions[Douro].Porto, tc.portoLeft)
			eq(t, "Experts", len(p.Experts), tc.experts)
			eq(t, "region cubes", x.s.Regions[tc.region].Cubes, 1)
			supply.Cubes--
			supply.Cellars -= b2i(tc.estate.Cellar)
			supply.Farmers -= int(tc.estate.Farmers)
			supply.Wineries -= int(tc.estate.Wineries)
			eq(t, "supply", x.s.Supply, supply)
			eq(t, "next", x.pending(), []engine.Seat{x.s.Order[1]})
		})
	}
}

// RB "Select your initial Magnate Action tile": in reverse turn order, then
// the display is refilled.
func TestExampleInitialMagnateTile(t *testing.T) {
	x := newGame(t, 4)
	for _, seat := range x.s.Order {
		x.apply(seat, "minho")
	}
	eq(t, "phase", x.s.At, PhaseInitialMagnate)
	deck := len(x.s.Deck)
	for i := len(x.s.Order) - 1; i >= 0; i-- {
		seat := x.s.Order[i]
		eq(t, "choosing", x.pending(), []engine.Seat{seat})
		x.apply(seat, x.ids(seat)[0])
		eq(t, x.p(seat).Name+"'s tiles", len(x.p(seat).Tiles), 1)
	}
	eq(t, "phase", x.s.At, PhaseActions)
	eq(t, "display refilled", slices.Contains(x.s.Display, NoTile), false)
	eq(t, "deck", len(x.s.Deck), deck-4)
}

// SV p. 3, Start of the 4th and 6th year: Yellow flips his 2 face-down
// Experts and 3 face-down Action tiles face up; the new Vintage tile is
// revealed. Nothing flips before the 5th year or after the 3rd Fair.
func TestExampleStartOf4thAnd6thYear(t *testing.T) {
	for _, tc := range []struct {
		name  string
		year  int // the year that ends
		fair  int // the Fair that ends it, 0 if none
		phase Phase
		next  int
		flips bool
	}{
		{"after Fair 1", 3, 1, PhaseActions, 4, true},
		{"after year 4", 4, 0, PhaseActions, 5, false},
		{"after Fair 2", 5, 2, PhaseActions, 6, true},
		{"after Fair 3", 6, 3, PhaseFinalAction, 6, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newExample(t, tc.year, 1, yellow, orange, blue, purple)
			y := x.p(yellow)
			y.Estates[0] = Estate{Region: Minho, Color: Red, Vineyards: 1, Wines: wines(red(2))}
			y.Experts = []HeldExpert{{ID: x.expertID(Taste, ExpertCash)}, {ID: x.expertID(Aroma, ExpertCash)}}
			y.Tiles = []HeldTile{{ID: x.actionTile(MagnateExport, 0)}, {ID: x.actionTile(MagnateSales, 0)}, {ID: x.actionTile(MagnateWinery, 0)}}
			next := x.s.VintageDeck[0]
			if tc.fair == 0 {
				x.finishActions() // Purple passes; Production needs no decision
			} else {
				// Yellow, with a wine, is asked first in the draft and passes.
				x.s.At, x.s.Fair, x.s.Turn = PhaseDraft, tc.fair, 0
				x.s.FairOrder, x.s.DraftPassed = slices.Clone(x.s.Order), make([]bool, 4)
				x.apply(yellow, "pass")
			}
			eq(t, "phase", x.s.At, tc.phase)
			eq(t, "year", x.s.Year, tc.next)
			y = x.p(yellow)
			for _, e := range y.Experts {
				eq(t, "Expert face up", e.FaceUp, tc.flips)
			}
			for _, tile := range y.Tiles {
				eq(t, "Action tile face up", tile.FaceUp, tc.flips)
			}
			if tc.phase == PhaseActions {
				eq(t, "Vintage tile", x.s.Vintage, next)
			}
		})
	}
}

// Every player without a booth presents a wine at the Fair, in player
// order: after one presents, the next is asked, none is skipped.
func TestFairAsksEveryPlayerInOrder(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		playRandom(t, seed, 3, func(s *State, move int) {
			if s.At != PhaseFairPress {
				return
			}
			asked := s.Pending()[0].Seat
			for _, seat := range s.FairOrder {
				if seat == asked {
					return
				}
				if !s.Seats[seat].Pressed && len(s.wines(seat)) > 0 {
					t.Fatalf("seed %d: %s is asked to present before %s, who comes first and has a wine", seed, s.Seats[asked].Name, s.Seats[seat].Name)
				}
			}
		})
	}
}
