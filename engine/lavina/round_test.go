package lavina

import (
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// exitAll brings every picker out in turn, each ending its turn at once.
func (x *table) exitAll() {
	x.t.Helper()
	round := x.s.Round
	for x.s.Round == round && !x.s.Over() {
		x.play("move", "exit", "done")
	}
}

// "The grape pickers are placed back in the entrance area in the same order
// as they came out. The first to exit the vineyard will be the first to
// play in the next round" (text l.261).
func TestNextRoundLinesUpInExitOrder(t *testing.T) {
	x := newTable(t, 3, nil)
	x.at(0, 2, FrontBox) // seat 1 then seat 2 play first and come out first
	x.exitAll()
	for k, seat := range []engine.Seat{1, 2, 0} {
		p := x.s.Pickers[seat]
		if p.Space != 0 || p.Slot != k {
			t.Errorf("seat %d stands at %+v, want queue place %d", seat, p, k)
		}
	}
	if x.s.Round != 2 || x.seat() != 1 {
		t.Fatalf("round %d, seat %d to play", x.s.Round, x.seat())
	}
}

// A new round (text l.299-307): tools, wildcards and grapes stay; new cards
// go on top of the ones left until each side has 2, a seal goes on
// every winery with an empty slot but the cooperative, and a
// wildcard to the exit.
func TestNewRoundRefillSealsAndWildcardA31A32(t *testing.T) {
	x := newTable(t, 3, nil)
	x.give(1, Shears)
	x.fill(1, 1, x.card(PinotNoir, 2, NoTool))
	old := x.card(Garnacha, 3, Shears)
	x.lay(1, 0, old)
	x.s.Wineries[0].Barrels = make([]engine.Seat, len(x.s.Wineries[0].Card.Slots)) // full
	x.s.Seats[0].Barrels -= len(x.s.Wineries[0].Barrels)
	x.exitAll()
	if len(x.p(1).Tools) != 1 || len(x.p(1).Baskets[0].Cards) != 1 || x.p(0).Wildcards != 1 {
		t.Fatal("tools, grapes or wildcards did not carry over")
	}
	for i, space := range x.s.Aisle {
		for side, stack := range space.Sides {
			if len(stack) != 2 || !stack[1].Known || (i > 0 || side > 0) && stack[0].Known {
				t.Errorf("space %d %s after the refill: %+v", i+1, sideNames[side], stack)
			}
		}
	}
	if left := x.s.Aisle[0].Sides[0]; left[0].Card != old || !left[0].Known {
		t.Errorf("the old card is not under the new one, its tool remembered (A-14): %+v", left)
	}
	for i, w := range x.s.Wineries {
		want := 1
		if i == 0 || w.Card.Cooperative {
			want = 0
		}
		if w.Seals != want {
			t.Errorf("%s has %d seals, want %d", w.Card.ID, w.Seals, want)
		}
	}
	if !x.s.ExitWildcard || x.s.WildcardSupply != Wildcards-2 {
		t.Errorf("exit wildcard %v, supply %d", x.s.ExitWildcard, x.s.WildcardSupply)
	}
}

// With the A-14 option off, a card covered by the refill hides its tool
// again.
func TestForgetCoveredToolsOptionA14(t *testing.T) {
	x := newTable(t, 3, map[string]string{OptionRememberTools: "false"})
	x.lay(1, 0, x.card(Garnacha, 5, NoTool))
	x.exitAll()
	if x.s.Aisle[0].Sides[0][0].Known {
		t.Fatal("the covered card's tool is still shown")
	}
}

// "If there are no more cards left in the deck, reshuffle the discard pile
// ... and create a new deck" (text l.303); with both empty the sides stay
// short.
func TestRefillReshufflesTheDiscardPileA31(t *testing.T) {
	x := newTable(t, 3, nil)
	x.s.Discard = append(x.s.Discard, x.s.Deck[4:]...)
	x.s.Deck = x.s.Deck[:4]
	x.exitAll()
	if !x.said("shuffled into a new deck") || len(x.s.Deck) != GrapeCards-16 {
		t.Fatalf("deck %d, events %v", len(x.s.Deck), x.events)
	}
	// Only 5 cards left for the 16 places: the others are taken out of the
	// game, so the invariants are not checked. The fifth card, alone on its
	// side, lies face up.
	y := newTable(t, 3, nil)
	y.s.Deck, y.s.Discard = y.s.Deck[:5], nil
	for y.s.Round == 1 {
		next, ev, err := y.s.Apply(y.seat(), engine.Action{"move", "exit", "done"})
		if err != nil {
			t.Fatal(err)
		}
		y.s, y.events = next.(*State), ev
	}
	n := 0
	for _, space := range y.s.Aisle {
		for _, stack := range space.Sides {
			n += len(stack)
		}
	}
	if n != 5 || !y.said("stay short") || len(y.s.Aisle[1].Sides[0]) != 1 || !y.s.Aisle[1].Sides[0][0].Known {
		t.Fatalf("%d cards dealt, events %v", n, y.events)
	}
}

// "When a player makes a delivery using his last barrel counter, it brings
// about the end of the game. The rest of the players continue playing the
// current round" (text l.313, A-28); then no new round is set up.
func TestLastBarrelEndsTheGameAfterTheRoundA28(t *testing.T) {
	x := exitTable(t, "", c(Chardonnay, 1))
	// Five of seat 0's six barrels already lie on the wineries.
	for i := 0; x.p(0).Barrels > 1; i++ {
		w := &x.s.Wineries[i%(len(x.s.Wineries)-1)]
		if !w.full() {
			w.Barrels = append(w.Barrels, 0)
			x.p(0).Barrels--
		}
	}
	x.play("move", "exit", "deliver-1", "coop", "0", "done")
	if !x.s.Ending || !x.said("last barrel") || x.s.Over() {
		t.Fatalf("ending %v, over %v, events %v", x.s.Ending, x.s.Over(), x.events)
	}
	if x.s.Phase() != "Round 1, the last" {
		t.Errorf("phase %q", x.s.Phase())
	}
	deck := len(x.s.Deck)
	x.play("move", "exit", "done")
	x.play("move", "exit", "done")
	if !x.s.Over() || x.s.Round != 1 || len(x.s.Deck) != deck || len(x.s.Pending()) != 0 {
		t.Fatalf("over %v, round %d", x.s.Over(), x.s.Round)
	}
}

// "The player with the highest total prestige is the winner. In case of a
// tie, the tied grape picker who came out of the vineyard first during the
// last round will be declared the winner" (text l.315, A-34, A-35).
func TestHighestPrestigeWinsTiesGoToTheFirstOutA35(t *testing.T) {
	x := newTable(t, 3, map[string]string{OptionMaxRounds: "1"})
	x.p(0).Prestige, x.p(1).Prestige, x.p(2).Prestige = 9, 12, 12
	x.at(1, 2, FrontBox) // seat 2 comes out before seat 1
	x.exitAll()
	if got := x.s.Ranking(); !slices.Equal(got, []engine.Seat{2, 1, 0}) {
		t.Fatalf("ranking %v", got)
	}
	if out := x.s.Outcome(); !strings.Contains(out[0], "Carla wins the tie at 12 prestige") {
		t.Fatalf("outcome %v", out)
	}
	if _, ok := x.s.Players()[0].Stat("prestige"); !ok {
		t.Error("the final scores are not public")
	}
}

// "In case of a tie, the tied grape picker who came out of the vineyard
// first during the last round will be declared the winner" (text l.315):
// at 2 players a player's first picker out counts, not his last.
// Here Bruno's first picker comes out first and his other last.
func TestTwoPlayerTieGoesToTheFirstPickerOutA35(t *testing.T) {
	x := newTableBy(t, LatestRules, 2, nil)
	x.at(0, 2, FrontBox) // Ana's; Bruno's picker 1 stays at the entrance
	x.at(2, 3, FrontBox) // Ana's
	x.at(3, 4, FrontBox) // Bruno's
	x.p(0).Prestige, x.p(1).Prestige = 10, 10
	x.s.Ending = true // as after a last barrel
	x.exitAll()
	if got := x.s.ExitOrder; !slices.Equal(got, []int{1, 0, 2, 3}) {
		t.Fatalf("exit order %v", got)
	}
	if got := x.s.Ranking(); !slices.Equal(got, []engine.Seat{1, 0}) {
		t.Fatalf("ranking %v", got)
	}
	if out := x.s.Outcome(); !strings.Contains(out[0], "Bruno wins the tie at 10 prestige") {
		t.Fatalf("outcome %v", out)
	}
}

// The help says when seals are added as the game adds them: "Add one
// quality seal to each winery that has at least one empty delivery slot,
// except for the winemaking cooperative" is a step of A NEW ROUND (text
// l.299-305), which the last round is not followed by (text l.313, A-32).
func TestWineriesHelpAddsSealsAtEachNewRoundA32(t *testing.T) {
	help := rulesTopics["wineries"]
	if strings.Contains(help, "end of each round") || !strings.Contains(help, "start of each new round") ||
		!strings.Contains(help, "not after the last") || !strings.Contains(help, "but the cooperative") {
		t.Fatalf("wineries help: %q", help)
	}
	// As the game does: a seal at the start of round 2, none after the last.
	x := newTableBy(t, LatestRules, 3, nil)
	x.exitAll()
	if x.s.Round != 2 || x.s.Wineries[0].Seals != 1 || x.coop().Seals != 0 {
		t.Fatalf("round %d, seals %d", x.s.Round, x.s.Wineries[0].Seals)
	}
	x.s.Ending = true
	x.exitAll()
	if !x.s.Over() || x.s.Wineries[0].Seals != 1 {
		t.Fatalf("over %v, seals %d", x.s.Over(), x.s.Wineries[0].Seals)
	}
}

// "When a player makes a delivery using his last barrel counter, it brings
// about the end of the game" (text l.313), and nothing else does: a game
// goes on past round 20, which ended every game under the first rules.
func TestOnlyALastBarrelEndsTheGame(t *testing.T) {
	x := newTableBy(t, LatestRules, 2, nil)
	if x.s.Options.MaxRounds != 0 {
		t.Fatalf("a round limit of %d by default", x.s.Options.MaxRounds)
	}
	for range 25 {
		x.exitAll()
	}
	if x.s.Over() || x.s.Round != 26 || x.s.Phase() != "Round 26" {
		t.Fatalf("over %v in %s", x.s.Over(), x.s.Phase())
	}
	// The first rules keep their limit for the games begun under them.
	y := newTable(t, 2, nil)
	for !y.s.Over() {
		y.exitAll()
	}
	if y.s.Round != DefaultMaxRounds || !y.said("A-29") {
		t.Fatalf("first rules: over after round %d", y.s.Round)
	}
}

// A round limit is a safeguard outside the rules: an option, off unless
// chosen, and announced to everyone as the round it ends the game after
// begins.
func TestRoundLimitIsAnOptionAnnouncedFromItsRoundA29(t *testing.T) {
	x := newTableBy(t, LatestRules, 2, map[string]string{OptionMaxRounds: "3"})
	x.exitAll()
	if x.said("last round") || x.s.Phase() != "Round 2" {
		t.Fatalf("round 2 announced as the last: %s", x.s.Phase())
	}
	x.exitAll()
	if !x.said("This is the last round: the game was created to end after round 3") || x.s.Phase() != "Round 3, the last" {
		t.Fatalf("round 3 not announced as the last: %s, %v", x.s.Phase(), x.events)
	}
	x.exitAll()
	if !x.s.Over() || x.s.Round != 3 || !x.said("Round 3 was the last this game was created to play") {
		t.Fatalf("over %v after round %d", x.s.Over(), x.s.Round)
	}
	_, events, err := Game{}.New(engine.Setup{Game: "lavina", Rules: LatestRules, Seed: 1, Players: names[:3], Options: map[string]string{OptionMaxRounds: "1"}})
	if err != nil || !slices.ContainsFunc(events, func(e engine.Event) bool { return strings.Contains(e.Text, "This is the last round") }) {
		t.Fatalf("a one-round game is not announced as such at its setup (%v)", err)
	}
	for _, o := range (Game{}).SetupOptions() {
		if o.Name == OptionMaxRounds && !strings.Contains(o.Description, "default: no limit") {
			t.Errorf("max_rounds offered as %q", o.Description)
		}
	}
}

// The game stops after the maximum number of rounds.
func TestMaximumRoundsA29(t *testing.T) {
	x := newTable(t, 2, map[string]string{OptionMaxRounds: "2"})
	x.exitAll()
	if x.s.Over() || x.s.Round != 2 {
		t.Fatal("the game ended after round 1")
	}
	x.exitAll()
	if !x.s.Over() || !x.said("A-29") {
		t.Fatalf("over %v after round 2", x.s.Over())
	}
}

// spent wildcards return to the supply; with none left no wildcard
// is put at the exit.
func TestWildcardSupplyA30(t *testing.T) {
	x := newTable(t, 3, nil)
	x.p(2).Wildcards, x.s.WildcardSupply = 7, 0
	x.exitAll()
	if x.s.ExitWildcard || !x.said("No wildcard is left") {
		t.Fatal("a wildcard came from an empty supply")
	}
}

// At 2 players each picker's exit is a full exit procedure for its owner,
// whose baskets, barrels and wildcards are shared by both pickers.
func TestTwoPlayerEachPickerExitsForItsOwnerA4(t *testing.T) {
	x := newTable(t, 2, nil)
	x.winery("W01")
	x.fill(0, 1, x.card(PinotNoir, 4, NoTool), x.card(PinotNoir, 3, NoTool))
	x.fill(0, 2, x.card(PinotNoir, 5, NoTool), x.card(PinotNoir, 2, NoTool))
	x.play("move", "exit", "deliver-1", "W01", "0", "done")
	x.play("move", "s1-front", "done") // seat 1
	x.play("move", "exit", "deliver-2", "W01", "0", "done")
	if x.p(0).Barrels != 5 || x.p(0).Prestige != 1+10+8 {
		t.Fatalf("barrels %d, prestige %d", x.p(0).Barrels, x.p(0).Prestige)
	}
}

// the chart's basket count is per size; with the option, in total.
func TestUpgradeBasketsPerSizeA17(t *testing.T) {
	if s := newGame(t, 1, 4, map[string]string{OptionBasketsPerSize: "false"}); s.BasketSupply[Medium] != 2 || s.BasketSupply[Large] != 1 {
		t.Fatalf("in total: %v", s.BasketSupply)
	}
}

// A-28 at 2 players: after the last barrel the triggering player's other
// picker still moves and may take cards, but cannot deliver.
func TestTwoPlayerOtherPickerPlaysOnAfterTheLastBarrelA28(t *testing.T) {
	x := newTable(t, 2, nil)
	x.fill(0, 1, x.card(Chardonnay, 1, NoTool))
	x.fill(0, 2, x.card(Chardonnay, 2, NoTool))
	for i := 0; x.p(0).Barrels > 1; i++ {
		if w := &x.s.Wineries[i%(len(x.s.Wineries)-1)]; !w.full() {
			w.Barrels = append(w.Barrels, 0)
			x.p(0).Barrels--
		}
	}
	x.play("move", "exit", "deliver-1", "coop", "0", "done")
	if !x.s.Ending {
		t.Fatal("the last barrel did not trigger the end")
	}
	x.play("move", "s1-front", "done") // seat 1
	x.lay(2, 0, x.card(Garnacha, 2, NoTool))
	x.play("move", "s2-front", "take", "left", "discard", "done") // seat 0's other picker
	if x.seat() != 1 {
		t.Fatalf("seat %d plays", x.seat())
	}
	x.play("move", "exit", "done")
	x.play("move", "exit", "done")
	if x.seat() != 0 || x.offers("deliver-2", "move", "exit") {
		t.Fatal("seat 0 may deliver without barrels")
	}
	x.play("move", "exit", "done")
	if !x.s.Over() {
		t.Fatal("the game did not end")
	}
	for _, w := range x.s.Wineries {
		if w.Seals != 0 {
			t.Fatalf("%s got a seal after the final round (A-32)", w.Card.ID)
		}
	}
}

// Only prestige scores: wildcards, tools, grapes and unspent
// barrels count for nothing.
func TestOnlyPrestigeScoresA34(t *testing.T) {
	x := newTable(t, 3, map[string]string{OptionMaxRounds: "1"})
	x.p(0).Prestige, x.p(1).Prestige, x.p(2).Prestige = 5, 6, 4
	x.p(0).Wildcards, x.s.WildcardSupply = 5, x.s.WildcardSupply-5
	x.give(0, Billhook, Shears)
	x.fill(0, 2, x.card(Garnacha, 5, NoTool), x.card(Garnacha, 4, NoTool))
	x.exitAll()
	if x.s.Ranking()[0] != 1 {
		t.Fatalf("ranking %v", x.s.Ranking())
	}
}
