package vinhos

import (
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/component"
	"github.com/adega-bot/adega/engine/enginetest"
)

// The command grammar: every step can be given by its own name, a forced
// answer may be typed, nothing of value is declined in silence, and a
// refusal names the rule.

// build builds seat's decision from a command's values.
func (x *example) build(seat engine.Seat, positional []string, named map[string]string) (engine.Part, error) {
	return engine.BuildPart(x.state(), seat, positional, named)
}

// A decision with two steps of one kind numbers the second: the second
// wine of a Sales action is wine2:, and after a Magnate tile the move is
// move:. Each can be given by name, in any order.
func TestEveryStepHasANameOfItsOwn(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(6), red(5))}
	y.Tiles = []HeldTile{{ID: x.actionTile(MagnateSales, 0), FaceUp: true}}
	part, err := x.build(yellow, nil, map[string]string{
		"slot2": "casa-de-fados-red-5", "wine2": "w1-2", "action": "tile-sales", "wine": "w1-1", "slot": "hotel-red-6",
		"move": "wine-experts@ml", "deck": "taste", "deck2": "done",
	})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "action", part.Action.String(), "tile-sales w1-1 hotel-red-6 w1-2 casa-de-fados-red-5 wine-experts@ml taste")
	st, err := x.s.Choices(yellow, engine.Action{"tile-sales"})
	eq(t, "the first wine's step", st.Name, "wine")
	st, err = x.s.Choices(yellow, engine.Action{"tile-sales", "w1-1", "hotel-red-6"})
	eq(t, "the second wine's step", st.Name, "wine2")
	if err != nil {
		t.Fatal(err)
	}
}

// "release:pass" on a second visit to Pass, a step with one answer taken on
// its own, is accepted whether named or in order.
func TestForcedStepMayBeTyped(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Cell, y.Pressed = CellTL, true
	for _, c := range []struct {
		positional []string
		named      map[string]string
	}{
		{nil, map[string]string{"action": "pass@c", "order": "order-1", "release": "pass"}},
		{[]string{"pass@c", "order-1", "pass"}, nil},
	} {
		part, err := x.build(yellow, c.positional, c.named)
		if err != nil || part.Action.String() != "pass@c order-1" {
			t.Errorf("%v %v: %q, %v", c.positional, c.named, part.Action, err)
		}
	}
	_, err := x.build(yellow, nil, map[string]string{"action": "pass@c", "order": "order-1", "release": "press"})
	if err == nil || !strings.Contains(err.Error(), "release has one legal answer now, pass") {
		t.Errorf("a wrong forced answer: %v", err)
	}
}

// An option named after no step is named in the refusal, with the steps
// the decision has.
func TestUnknownOptionIsNamed(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	x.p(yellow).Cell = CellTL
	_, err := enginetest.Build(x.s, yellow, nil, map[string]string{"action": "wine-experts@ml", "deck": "taste", "foo": "1"})
	if err == nil || !strings.Contains(err.Error(), `There is no option "foo" in this decision; its steps are action, deck.`) {
		t.Errorf("got %v", err)
	}
}

// Steps a command leaves out are declined only where nothing earned is
// lost, and the reply can say which.
func TestLeftOutStepsAreDeclinedAloudOrAsked(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(6), red(5))}
	x.give(yellow, x.expertID(Taste, ExpertCash))
	part, err := x.build(yellow, []string{"sales@bm", "w1-1", "hotel-red-6"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, d := range part.Declined {
		texts = append(texts, d.Text())
	}
	eq(t, "declined", texts, []string{"Which wine do you sell? → Done", "Anything else this turn? (A Magnate tile or a Wine Expert you have not used yet.) → End your turn"})

	// A Magnate's barrel the wine earned is asked for, not declined.
	x = newExample(t, 4, 1, orange, yellow, blue, purple)
	o := x.p(orange)
	o.Cell = CellBL
	o.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, Wine{}, red(3))}
	x.s.Regions[Douro].Cubes = 2
	_, err = x.build(orange, []string{"pass@c", "order-1", "press", "w1-4", "cubes-2", "booth-1"}, nil)
	if engine.CodeOf(err) != engine.CodeIncomplete || !strings.Contains(err.Error(), "Missing barrel") {
		t.Errorf("the Magnate barrel step was not asked: %v", err)
	}
}

// In the 2010 Reserve and the first edition, the barrel a Press Release's
// wine earns beside a Magnate is asked for too, not declined for a
// command that left it out (issue 32).
func TestLeftOutReserveMagnateBarrelIsAsked(t *testing.T) {
	x := newClassicExample(t, 4, redPlayer, yellow, blue, purple)
	x.s.Vintage = 1
	x.s.data.Vintage[1].Bruno = component.T(9)
	r := x.p(redPlayer)
	r.Cell = CellTL
	r.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, Wine{}, red(5))}
	x.s.Regions[Douro].InPlay, x.s.Regions[Douro].Cubes = true, 2
	_, err := x.build(redPlayer, []string{"pass@c", "order-1", "press", "w1-4", "cubes-2", "aroma-alcohol"}, nil)
	if engine.CodeOf(err) != engine.CodeIncomplete || !strings.Contains(err.Error(), "Missing barrel") {
		t.Errorf("the Magnate barrel step was not asked: %v", err)
	}
}

// A refusal says which rule refuses the answer.
func TestRefusalsNameTheRule(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Cell, y.Money = CellTL, 5 // the move to Wineries costs 1
	y.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1}
	y.Estates[1] = Estate{Region: Minho, Color: White, Vineyards: 1}
	x.s.Regions[Setubal].InPlay = false
	for _, c := range []struct {
		action []string
		want   string
	}{
		{[]string{"cellars@tm", "e2"}, `"e2": Minho has no Cellar (RB p. 12). Choices for estate:`},
		{[]string{"vineyards@br", "setubal"}, `"setubal": Setúbal is not in play. Choices for region:`},
		{[]string{"sales@bm"}, `"sales@bm": After that, nothing would answer "Which wine do you sell?": You have no wine to sell. Choices for action:`},
		// The second Winery's step had one answer, Done, so it was
		// answered on its own; the value meant for it is still explained.
		{[]string{"wineries@tr", "e1", "e1"}, `"e1": A second Winery costs 3 more Bagos; you have 1 Bago. The action "wineries@tr e1" is complete without it.`},
	} {
		_, err := enginetest.Build(x.s, yellow, c.action, nil)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %s", c.action, err, c.want)
		}
	}
}

// An Export refused for want of a wine says so, though a Wine Expert that
// takes a barrel back could be flipped first: the refusal is the wine's,
// not the Expert's (issue 32).
func TestExportWithoutAWineSaysWhy(t *testing.T) {
	x := newExample(t, 2, 1, yellow, orange, blue, purple)
	y := x.p(yellow)
	y.Cell, y.Money = CellTL, 5
	y.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Wines: wines(red(2))}
	x.give(yellow, x.expertID(Taste, ExpertRetrieveBarrel))
	_, err := enginetest.Build(x.s, yellow, []string{"export@bl"}, nil)
	want := `"export@bl": After that, nothing would answer "Which wine do you export?": No free Export slot takes your`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v, want %s", err, want)
	}
	y.Estates[0].Wines = wines()
	_, err = enginetest.Build(x.s, yellow, []string{"export@bl"}, nil)
	want = `"export@bl": After that, nothing would answer "Which wine do you export?": You have no wine to export.`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("no wine: got %v, want %s", err, want)
	}
}
