package lavina

import (
	"testing"

	"github.com/adega-bot/adega/engine"
)

// "The player whose grape picker is at the back of the line of figures will
// always be the next to take his turn" (text l.185): the entrance queue's
// back first, then each space's back box before its front box.
func TestRearmostPickerPlaysNextA1(t *testing.T) {
	x := newTable(t, 3, nil)
	x.at(0, 3, FrontBox)
	x.at(1, 2, FrontBox)
	x.at(2, 2, BackBox)
	if x.seat() != 2 {
		t.Fatalf("seat %d plays, want the back box of space 2 (seat 2)", x.seat())
	}
	x.at(2, 0, 0)
	if x.seat() != 2 {
		t.Fatalf("seat %d plays, want the picker still at the entrance", x.seat())
	}
}

// "the same player may have several turns in a row" (text l.185, A-8).
func TestSamePlayerSeveralTurnsInARowA8(t *testing.T) {
	x := newTable(t, 3, nil)
	x.at(1, 4, FrontBox)
	x.at(2, 4, BackBox)
	x.play("move", "s1-front", "done")
	if x.seat() != 0 {
		t.Fatalf("seat %d plays, want seat 0 again", x.seat())
	}
	x.play("move", "s2-front", "done")
	if x.seat() != 0 {
		t.Fatalf("seat %d plays, want seat 0 a third time", x.seat())
	}
}

// "a player must move his grape picker forward ... possibly even moving
// all the way to the exit from any position" (text l.193, A-5); the move
// goes to an empty box in a different space farther forward, even if the
// other box of his space is empty (text l.195).
func TestMandatoryForwardMoveA5(t *testing.T) {
	x := newTable(t, 3, nil)
	x.at(0, 2, BackBox)
	x.at(1, 3, FrontBox)
	x.at(2, 3, BackBox)
	x.refused("must move", "done")
	x.refused("not finished", "move")
	x.refused("forward", "move", "s2-front")
	x.refused("forward", "move", "s1-front")
	x.refused("box is taken", "move", "s3-front")
	if st := x.step("move"); len(st.Choices) != 3 || st.Choices[0].ID != "s4-front" || st.Choices[1].ID != "s4-back" || st.Choices[2].ID != "exit" {
		t.Fatalf("moves offered: %v", st.Choices)
	}
	x.play("move", "exit", "done")
	if x.s.Pickers[0].Space != x.s.exitSpace() {
		t.Fatal("the picker did not reach the exit")
	}
}

// "it is impossible to have more than two pickers in the same space"
// (text l.195); the exit always has room, so a move always exists.
func TestTwoPickersPerSpaceAndTheExitAlwaysHasRoomA6(t *testing.T) {
	x := newTable(t, 5, nil)
	for p := 1; p < 5; p++ {
		x.at(p, 3+p/3, p%2)
	}
	x.at(1, 4, BackBox) // spaces 4 and 5 full: pickers 1,2 in space 4, 3,4 in space 5
	x.at(2, 4, FrontBox)
	x.at(3, 5, BackBox)
	x.at(4, 5, FrontBox)
	x.at(0, 3, FrontBox)
	st := x.step("move")
	for _, c := range st.Choices {
		if c.ID == "s4-back" || c.ID == "s4-front" || c.ID == "s5-back" || c.ID == "s5-front" {
			t.Errorf("a full space is offered: %v", c)
		}
	}
	if _, ok := st.Find("exit"); !ok || len(st.Choices) != 3 {
		t.Errorf("moves offered: %v", st.Choices)
	}
}

// "Before or after moving his picker, the player can take one of the
// available grape cards that are on either side of the space their picker
// is in" (text l.197): before moving from the space left, after moving
// from the space reached; once a turn, and never required.
func TestTakeBeforeOrAfterMovingOnceA9A10(t *testing.T) {
	x := newTable(t, 3, nil)
	x.turn(0, 1, FrontBox)
	gaLow, ga := x.card(Garnacha, 1, NoTool), x.card(Garnacha, 4, NoTool)
	x.lay(1, 0, gaLow, ga)
	x.lay(2, 1, x.card(PinotNoir, 4, NoTool))
	x.play("take", "left") // uncovers the Garnacha 1: the decision ends there
	x.play("basket-1", "move", "s2-front", "done")
	if got := x.p(0).Baskets[0].Cards; len(got) != 1 || got[0] != ga {
		t.Fatalf("basket 1 holds %v", got)
	}
	if x.offers("take", "move", "s3-front") {
		t.Fatal("a second take is offered after moving")
	}
	x.play("move", "s3-front", "done") // no take at all
	x = newTable(t, 3, nil)
	x.at(1, 4, FrontBox)
	x.at(2, 4, BackBox)
	x.lay(2, 1, x.card(PinotNoir, 4, NoTool))
	if x.offers("take") {
		t.Fatal("a take is offered at the entrance (A-7)")
	}
	x.refused("entrance", "take")
	x.play("move", "s2-back", "take", "right", "basket-2", "done")
	if len(x.p(0).Baskets[1].Cards) != 1 {
		t.Fatal("the card taken after moving is not in basket 2")
	}
}

// "A grape card is available if it does not have any other card on top of
// it" (text l.197): the lower card needs the billhook.
func TestOnlyAvailableCardsCanBeTaken(t *testing.T) {
	x := newTable(t, 3, nil)
	x.turn(0, 1, FrontBox)
	x.lay(1, 0, x.card(Garnacha, 2, NoTool), x.card(Garnacha, 3, NoTool))
	x.refused("billhook", "take", "left-under")
	if st := x.step("take"); len(st.Choices) != 1 || st.Choices[0].Label != "On the left: Garnacha 3" {
		t.Fatalf("cards offered: %+v", st.Choices)
	}
}

// "each basket can hold a number of grape cards up to the capacity shown"
// and "He can mix varieties of grapes in the same basket" (text l.199);
// the taken card may be discarded.
func TestBasketCapacityMixingAndDiscarding(t *testing.T) {
	x := newTable(t, 3, nil)
	x.turn(0, 1, FrontBox)
	x.fill(0, 1, x.card(PinotNoir, 1, NoTool), x.card(PinotNoir, 2, NoTool))
	x.lay(1, 0, x.card(Garnacha, 3, NoTool))
	x.lay(1, 1, x.card(Chardonnay, 2, NoTool))
	x.refused("basket 1 is full", "take", "left", "basket-1")
	x.play("take", "left", "basket-2", "move", "s2-front", "done")
	x.fill(0, 2, append(x.p(0).Baskets[1].Cards, x.card(Cabernet, 1, NoTool))...)
	if x.p(0).Baskets[1].Cards[0].Variety != Garnacha {
		t.Fatal("the Garnacha is not in basket 2")
	}
	y := newTable(t, 3, nil)
	y.turn(0, 1, FrontBox)
	y.lay(1, 0, y.card(Garnacha, 3, NoTool))
	discards := len(y.s.Discard)
	y.play("take", "left", "discard", "move", "exit", "done")
	if len(y.s.Discard) != discards+1 {
		t.Fatal("the discarded card is not on the discard pile")
	}
}

// "If the card the player has taken shows a tool, the player takes the
// corresponding tool counter from the bank (if available)" (text l.203,
// at 2 players there is one of each.
func TestToolFromTheCardIfTheBankHasOneA15(t *testing.T) {
	x := newTable(t, 2, nil)
	x.turn(0, 1, FrontBox)
	x.lay(1, 0, x.card(PinotNoir, 2, Boots))
	x.lay(1, 1, x.card(Garnacha, 2, Boots))
	x.play("take", "left", "basket-1", "move", "s2-front", "done")
	if got := x.p(0).Tools; len(got) != 1 || got[0] != Boots || x.s.ToolBank[Boots] != 0 {
		t.Fatalf("tools %v, bank %v", got, x.s.ToolBank)
	}
	x.at(1, 1, FrontBox) // seat 1's first picker
	x.at(2, 4, FrontBox)
	x.at(3, 4, BackBox)
	x.s.Pickers[0].Space = 3
	x.play("take", "right", "basket-1", "move", "s2-back", "done")
	if len(x.p(1).Tools) != 0 || !x.said("The bank has no boots left") {
		t.Fatalf("seat 1 got tools %v from an empty bank", x.p(1).Tools)
	}
}

// "Each player can have a maximum of two tools at a time. If he takes a
// third, he must return one of the three" (text l.203); he chooses which,
// the new one included.
func TestThirdToolReturnsOneA15(t *testing.T) {
	for _, back := range []Tool{Shears, Billhook} {
		x := newTable(t, 3, nil)
		x.turn(0, 1, FrontBox)
		x.give(0, Billhook, Boots)
		x.lay(1, 0, x.card(Cabernet, 3, Shears))
		if st := x.step("take", "left"); st.Name != "tool" || len(st.Choices) != 3 {
			t.Fatalf("after a third tool: %+v", st)
		}
		x.play("take", "left", "return-"+back.String(), "basket-1", "move", "s2-front", "done")
		if len(x.p(0).Tools) != 2 || len(removeAll(x.p(0).Tools, back)) != 2 || x.s.ToolBank[back] != 2 {
			t.Errorf("returning %s: tools %v, bank %v", back, x.p(0).Tools, x.s.ToolBank)
		}
	}
}

func removeAll(tools []Tool, t Tool) []Tool {
	var out []Tool
	for _, x := range tools {
		if x != t {
			out = append(out, x)
		}
	}
	return out
}

// "There are some cards that show empty vines without any grapes. These
// are discarded after the player takes whatever tools the card may show"
// (text l.207).
func TestEmptyVineGivesItsToolAndIsDiscarded(t *testing.T) {
	x := newTable(t, 3, nil)
	x.turn(0, 1, FrontBox)
	vine := x.card(EmptyVine, 0, Shears)
	x.lay(1, 0, vine)
	st := x.step("take", "left")
	if len(st.Taken) != 1 || st.Taken[0].Choice.ID != "discard" {
		t.Fatalf("the empty vine's placing is not automatic: %+v", st)
	}
	x.play("take", "left", "move", "s2-front", "done")
	if x.s.Discard[len(x.s.Discard)-1] != vine || len(x.p(0).Tools) != 1 || x.p(0).Tools[0] != Shears {
		t.Fatalf("discard top %v, tools %v", x.s.Discard[len(x.s.Discard)-1], x.p(0).Tools)
	}
}

// "a player can dump all of the contents of one of his baskets into his
// other basket, so long as it does not exceed the capacity of the
// receiving basket ... Another option is to dump it into the discard pile"
// (text l.209), at any time in his turn.
func TestDumpAWholeBasket(t *testing.T) {
	x := newTable(t, 3, nil)
	x.fill(0, 1, x.card(PinotNoir, 1, NoTool), x.card(PinotNoir, 3, NoTool))
	x.fill(0, 2, x.card(Garnacha, 1, NoTool), x.card(Garnacha, 2, NoTool))
	x.refused("only if it all fits", "dump-2-into-1")
	x.refused("only if it all fits", "dump-1-into-2")
	x.play("dump-2", "move", "s1-front", "dump-1-into-2", "done")
	if len(x.p(0).Baskets[0].Cards) != 0 || len(x.p(0).Baskets[1].Cards) != 2 || len(x.s.Discard) < 2 {
		t.Fatalf("baskets %v", x.p(0).Baskets)
	}
}

// At 2 players "the players will move only one of their pickers": the
// rearmost one, unless the game lets the owner move either.
func TestTwoPlayerMovesTheRearmostPickerA3(t *testing.T) {
	x := newTable(t, 2, nil)
	if x.seat() != 0 || x.offers("rear") {
		t.Fatal("the rearmost picker's owner is asked which picker moves")
	}
	x.play("move", "s3-front", "done")
	if x.s.Pickers[0].Space != 3 || x.s.Pickers[2].Space != 0 {
		t.Fatalf("pickers %v", x.s.Pickers)
	}
	y := newTable(t, 2, map[string]string{OptionTwoPlayerMove: "either"})
	st := y.step()
	if st.Name != "picker" || len(st.Choices) != 2 || st.Choices[0].ID != "rear" {
		t.Fatalf("either option: %+v", st)
	}
	y.play("ahead", "move", "s3-front", "done")
	if y.s.Pickers[2].Space != 3 || y.s.Pickers[0].Space != 0 || y.seat() != 0 {
		t.Fatalf("pickers %v, next %d", y.s.Pickers, y.seat())
	}
}

// Under two_player_move=either, "rear" is the picker farther back, whose
// turn it is, and "ahead" the other, when one waits in the entrance queue
// too: a queue place counts from the back ("The player whose grape picker
// is at the back of the line of figures will always be the next to take
// his turn", text l.185). The first rules swapped them when the queue
// place was 2 or 3 and the other picker stood in space 1.
func TestEitherPickerRearIsTheOneFartherBackA3(t *testing.T) {
	for _, rules := range []int{LatestRules, 0} {
		x := newTableBy(t, rules, 2, map[string]string{OptionTwoPlayerMove: "either"})
		// Seat 1 owns pickers 1 and 3: one last in the queue, one in space 1.
		x.at(1, 0, 3)
		x.at(3, 1, BackBox)
		x.at(0, 3, FrontBox)
		x.at(2, 4, FrontBox)
		st := x.step()
		if x.seat() != 1 || st.Name != "picker" || len(st.Choices) != 2 {
			t.Fatalf("seat %d, step %+v", x.seat(), st)
		}
		rear, ahead := 1, 3
		if rules == 0 {
			rear, ahead = 3, 1
		}
		if st.Choices[0].ID != "rear" || st.Choices[0].Label != "The picker "+x.s.whereText(x.s.Pickers[rear]) {
			t.Fatalf("rules %d: %+v", rules, st.Choices)
		}
		x.play("ahead", "move", "s2-front", "done")
		if x.s.Pickers[ahead].Space != 2 {
			t.Fatalf("rules %d: \"ahead\" moved another picker: %v", rules, x.s.Pickers)
		}
	}
}

// the mover chooses any empty box, front by default; with the
// first-arrival option an empty space's front box is taken.
func TestBoxChoiceA2(t *testing.T) {
	x := newTable(t, 3, nil)
	if !x.offers("s2-back", "move") || !x.offers("s2-front", "move") {
		t.Fatal("both boxes of an empty space are not offered")
	}
	x.play("move", "s2-back", "done")
	if x.seat() != 1 {
		t.Fatal("seat 1 should play")
	}
	y := newTable(t, 3, map[string]string{OptionBoxChoice: "first_arrival_front"})
	y.refused("front box", "move", "s2-back")
	y.play("move", "s2-front", "done")
	if y.offers("s2-front", "move") || !y.offers("s2-back", "move") {
		t.Fatal("the second arrival is not put behind")
	}
}

var _ = engine.NoSeat
