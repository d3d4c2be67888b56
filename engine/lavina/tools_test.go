package lavina

import (
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// toolTable is seat 0 alone in space 3 of a 3-player aisle, holding tools,
// with cards laid beside spaces 1 to 3 (each side: a covered card and an
// upper one).
func toolTable(t *testing.T, options map[string]string, tools ...Tool) *table {
	x := newTable(t, 3, options)
	x.turn(0, 3, FrontBox)
	x.give(0, tools...)
	for space := 1; space <= 3; space++ {
		x.lay(space, 0, x.card(Varieties[space-1], 1, NoTool), x.card(Varieties[space-1], 5, NoTool))
		x.lay(space, 1, x.card(Varieties[space], 2, NoTool), x.card(Varieties[space], 4, NoTool))
	}
	return x
}

// "During his turn, a player can use any tool tokens ... The used tool is
// then returned to the bank" (text l.265). Billhook: "take any card from
// the space his grape picker is in ... whether or not that card is
// available normally" (text l.271).
func TestBillhookTakesACoveredCard(t *testing.T) {
	x := toolTable(t, nil, Billhook)
	if !x.offers("left-under", "take-billhook") {
		t.Fatal("the billhook does not reach the covered card")
	}
	x.play("take-billhook", "left-under") // its tool was hidden: the decision ends
	if !x.said("takes the covered card from space 3, left: Chardonnay 1") || len(x.p(0).Tools) != 0 || x.s.ToolBank[Billhook] != 2 {
		t.Fatalf("events %v, tools %v, bank %v", x.events, x.p(0).Tools, x.s.ToolBank)
	}
	x.play("basket-1", "move", "exit", "done")
	if x.p(0).Baskets[0].Cards[0].Value != 1 || len(x.s.Aisle[2].Sides[0]) != 1 {
		t.Fatal("the covered card did not come out from under")
	}
}

// Shears: "take two cards from the space ... When the first card is taken,
// the full sequence is completed before taking the second card" (text
// l.272): the second may be the card the first uncovered.
func TestShearsTakeTwoCardsOneAfterTheOtherA11(t *testing.T) {
	x := toolTable(t, nil, Shears)
	x.play("take-shears", "left") // uncovers the Chardonnay 1
	st := x.step("basket-1")
	if st.Name != "card" || !hasChoice(st, "left") || !hasChoice(st, "right") || !hasChoice(st, "none") {
		t.Fatalf("second card: %+v", st)
	}
	x.play("basket-1", "left", "basket-2", "move", "exit", "done")
	if len(x.p(0).Baskets[0].Cards) != 1 || len(x.p(0).Baskets[1].Cards) != 1 || len(x.s.Aisle[2].Sides[0]) != 0 {
		t.Fatalf("baskets %v", x.p(0).Baskets)
	}
	// A-11 option: both from the same side.
	y := toolTable(t, map[string]string{OptionShearsSameSide: "true"}, Shears)
	y.play("take-shears", "right")
	if st := y.step("basket-1"); hasChoice(st, "left") || !hasChoice(st, "right") {
		t.Fatalf("same side only: %+v", st)
	}
}

// Boots: "take a card that is next to any space in the aisle behind the
// one his grape picker is in ... Using boots does not mean that the player
// is not required to move forward" (text l.273); behind is judged where
// the picker stands at the take.
func TestBootsTakeFromBehindAndTheMoveIsStillDueA12(t *testing.T) {
	x := toolTable(t, nil, Boots)
	st := x.step("take-boots")
	if st.Name != "space" || len(st.Choices) != 2 || st.Choices[0].ID != "s1" || st.Choices[1].ID != "s2" {
		t.Fatalf("spaces behind: %+v", st)
	}
	if x.offers("left-under", "take-boots", "s1") {
		t.Fatal("the boots alone reach a covered card")
	}
	x.play("take-boots", "s1", "right") // uncovers a card: the decision ends
	x.refused("must move", "basket-1", "done")
	x.play("basket-1", "move", "exit", "done")
	// From the entrance nothing lies behind.
	y := newTable(t, 3, nil)
	y.give(0, Boots)
	y.lay(1, 0, y.card(PinotNoir, 3, NoTool))
	if y.offers("take-boots") {
		t.Fatal("the boots are offered at the entrance")
	}
}

// The combinations (text l.287-293): boots + shears take 2 cards from a
// space behind; boots + billhook 1 card from behind, covered or not;
// billhook + shears 2 cards here, the first covered or not. The same tool
// twice does not combine.
func TestToolCombinations(t *testing.T) {
	x := toolTable(t, nil, Boots, Shears)
	x.play("take-boots-shears", "s2", "left")
	x.play("basket-1", "left", "basket-2", "move", "exit", "done")
	if len(x.p(0).Baskets[0].Cards)+len(x.p(0).Baskets[1].Cards) != 2 || len(x.s.Aisle[1].Sides[0]) != 0 {
		t.Fatalf("boots + shears: %v", x.p(0).Baskets)
	}
	y := toolTable(t, nil, Billhook, Boots)
	y.play("take-billhook-boots", "s1", "right-under")
	if !y.said("takes the covered card from space 1, right") || len(y.p(0).Tools) != 0 {
		t.Fatalf("boots + billhook: %v", y.events)
	}
	z := toolTable(t, nil, Billhook, Shears)
	z.play("take-billhook-shears", "left-under")
	if st := z.step("basket-1"); hasChoice(st, "right-under") || !hasChoice(st, "right") {
		t.Fatalf("billhook + shears, second card: %+v", st)
	}
	w := toolTable(t, nil, Shears, Shears)
	for _, c := range w.step().Choices {
		if c.ID == "take-shears-shears" {
			t.Fatal("two shears combine")
		}
	}
	w.refused("two different", "take-shears-shears")
}

// A tool gained by the first shears card does not modify the second take
// the tools are chosen when the take begins.
func TestToolGainedMidTakeIsNotUsedA13(t *testing.T) {
	x := newTable(t, 3, nil)
	x.turn(0, 2, FrontBox)
	x.give(0, Shears)
	x.lay(2, 0, x.card(PinotNoir, 2, NoTool), x.card(PinotNoir, 1, Billhook))
	x.lay(2, 1, x.card(Garnacha, 3, NoTool), x.card(Garnacha, 4, NoTool))
	x.play("take-shears", "left")
	if st := x.step("basket-1"); st.Name != "card" || hasChoice(st, "right-under") {
		t.Fatal("the billhook just gained reaches a covered card")
	}
}

func hasChoice(st engine.Step, id string) bool {
	_, ok := st.Find(id)
	return ok
}

// "The used tool is then returned to the bank" (text l.269), after the
// take it was used for: with the shears "the full sequence is completed
// before taking the second card (that is: taking the card, placing the
// tool counter shown on the card, if any, on his grape picker card ...)"
// (text l.272) while the shears are still in use. At 2 players the bank
// holds one of each tool, so a card showing the tool in use gives none.
// Under the first rules the tool went back as the take began, and the
// card gave it straight back.
func TestUsedToolReturnsToTheBankAfterTheTake(t *testing.T) {
	for _, c := range []struct {
		rules int
		tool  Tool
		take  []string // the take, up to the uncovering of a card
		rest  []string // the rest of the turn
	}{
		{LatestRules, Boots, []string{"take-boots", "s1", "left"}, []string{"move", "s3-front", "done"}},
		{LatestRules, Shears, []string{"take-shears", "left"}, []string{"right", "basket-1", "move", "s3-front", "done"}},
		{0, Boots, []string{"take-boots", "s1", "left"}, []string{"move", "s3-front", "done"}},
		{0, Shears, []string{"take-shears", "left"}, []string{"right", "basket-1", "move", "s3-front", "done"}},
	} {
		x := newTableBy(t, c.rules, 2, nil)
		x.turn(0, 2, FrontBox)
		x.give(0, c.tool) // the only one
		space := 2
		if c.tool == Boots {
			space = 1
		}
		// An empty vine showing the tool in use, over a card whose tool
		// nobody has seen: taking it ends the decision there.
		x.lay(space, 0, x.card(Garnacha, 2, NoTool), x.card(EmptyVine, 0, c.tool))
		x.lay(space, 1, x.card(Garnacha, 3, NoTool))
		x.play(c.take...)
		held := slices.Contains(x.p(0).Tools, c.tool)
		if c.rules == 0 {
			if !held || x.s.ToolBank[c.tool] != 0 {
				t.Fatalf("first rules, %s: held %v, bank %v", c.tool, held, x.s.ToolBank)
			}
			continue
		}
		if held || x.s.ToolBank[c.tool] != 0 || !x.said("The bank has no "+c.tool.String()+" left") {
			t.Fatalf("%s: the card gave back the tool in use (bank %v, events %v)", c.tool, x.s.ToolBank, x.events)
		}
		x.play(c.rest...)
		if x.s.ToolBank[c.tool] != 1 || !x.said("returns the "+c.tool.String()+" to the bank") {
			t.Fatalf("%s: bank %v after the take (events %v)", c.tool, x.s.ToolBank, x.events)
		}
	}
}
