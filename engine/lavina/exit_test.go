package lavina

import (
	"fmt"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// exitTable is seat 0's picker in space 1 of a 3-player game, the others
// far ahead, with the winery given in play besides the cooperative and
// basket 1 holding the cards; "move exit" brings it out.
func exitTable(t *testing.T, winery string, basket ...func(x *table) Card) *table {
	x := newTable(t, 3, nil)
	x.turn(0, 1, FrontBox)
	if winery != "" {
		x.winery(winery)
	}
	var cards []Card
	for _, c := range basket {
		cards = append(cards, c(x))
	}
	if len(cards) > 2 {
		x.p(0).Baskets[0].Size = Large
	}
	x.fill(0, 1, cards...)
	return x
}

func c(v Variety, value int) func(x *table) Card {
	return func(x *table) Card { return x.card(v, value, NoTool) }
}

// "If he is the first picker to reach the exit, he takes the wildcard grape
// counter" (text l.215); the next one out finds none.
func TestFirstPickerOutTakesTheWildcard(t *testing.T) {
	x := newTable(t, 3, nil)
	x.play("move", "exit", "done")
	x.play("move", "exit", "done")
	if x.p(0).Wildcards != 1 || x.p(1).Wildcards != 0 || x.s.ExitWildcard {
		t.Fatalf("wildcards %d and %d", x.p(0).Wildcards, x.p(1).Wildcards)
	}
}

// "This winery has a delivery minimum of 7, and the requested variety is
// only Pinot Noir cards" (text l.231): W01, whose first slot pays a set
// "10 prestige" (text l.245). A monovarietal winery takes its variety
// alone.
func TestExampleMinimumOf7OnlyPinotNoir(t *testing.T) {
	x := exitTable(t, "W01", c(PinotNoir, 4), c(PinotNoir, 3))
	x.play("move", "exit", "deliver-1", "W01", "0", "done")
	if x.p(0).Prestige != 1+10 || x.p(0).Barrels != 5 || len(x.s.Wineries[0].Barrels) != 1 || len(x.p(0).Baskets[0].Cards) != 0 {
		t.Fatalf("prestige %d, barrels %d", x.p(0).Prestige, x.p(0).Barrels)
	}
	short := exitTable(t, "W01", c(PinotNoir, 3), c(PinotNoir, 3))
	short.s.ExitWildcard = false
	short.refused("value of 7 or more", "move", "exit", "deliver-1", "W01")
	mixed := exitTable(t, "W01", c(PinotNoir, 5), c(Garnacha, 3))
	mixed.refused("monovarietal wine: only Pinot Noir", "move", "exit", "deliver-1", "W01")
}

// "a delivery could consist of 4 Garnacha, 2 Pinot Noir, and 1 Chardonnay"
// for a coupage with a minimum of 7 whose Garnacha must be "equal or
// greater than the sum of all other grape varieties" (text l.235, A-23).
func TestExampleCoupage4Garnacha2PinotNoir1Chardonnay(t *testing.T) {
	x := exitTable(t, "W07", c(Garnacha, 4), c(PinotNoir, 2), c(Chardonnay, 1))
	x.play("move", "exit", "deliver-1", "W07", "0", "done")
	if x.p(0).Prestige != 1+8 {
		t.Fatalf("prestige %d, want 1 + the first slot's 8", x.p(0).Prestige)
	}
	less := exitTable(t, "W07", c(Garnacha, 3), c(PinotNoir, 2), c(Chardonnay, 2))
	less.s.ExitWildcard = false // one named Garnacha would make it half
	less.refused("at least half the value", "move", "exit", "deliver-1", "W07")
	// "at least 2 different types": Garnacha alone is no coupage.
	alone := exitTable(t, "W07", c(Garnacha, 4), c(Garnacha, 3))
	alone.s.ExitWildcard = false
	alone.refused("coupage", "move", "exit", "deliver-1", "W07")
}

// A wildcard may be named as the coupage's second variety: the
// engine names it, and the player only chooses how many to add.
func TestWildcardAsTheCoupagesSecondVarietyA21(t *testing.T) {
	x := exitTable(t, "W07", c(Garnacha, 4), c(Garnacha, 3))
	x.s.ExitWildcard, x.p(0).Wildcards = false, 1
	st := x.step("move", "exit", "deliver-1", "W07")
	if len(st.Taken) != 1 || st.Taken[0].Choice.ID != "1" || st.Taken[0].Choice.Label != "1 wildcard: value 8, 8 prestige" {
		t.Fatalf("the only legal wildcard count is not taken on its own: %+v", st)
	}
	x.play("move", "exit", "deliver-1", "W07", "done")
	if x.p(0).Wildcards != 0 || x.s.WildcardSupply != Wildcards {
		t.Fatalf("wildcards %d, supply %d (A-30: spent ones return)", x.p(0).Wildcards, x.s.WildcardSupply)
	}
}

// "if a winery requests "8+ Garnacha," it means that the delivery must be
// made up of cards with a total value of 8 or more" (text l.239); a
// wildcard adds 1 point (text l.223).
func TestExample8PlusGarnachaAndWildcardsAddOne(t *testing.T) {
	x := exitTable(t, "W05", c(Garnacha, 5), c(Garnacha, 4))
	x.play("move", "exit", "deliver-1", "W05", "0", "done")
	if x.p(0).Prestige != 1+11 {
		t.Fatalf("prestige %d", x.p(0).Prestige)
	}
	y := exitTable(t, "W05", c(Garnacha, 4), c(Garnacha, 3))
	y.s.ExitWildcard = false
	y.refused("value of 8 or more", "move", "exit", "deliver-1", "W05")
	y.s.ExitWildcard, y.p(0).Wildcards = true, 1 // with the exit's wildcard, 2 in hand
	st := y.step("move", "exit", "deliver-1", "W05")
	if len(st.Choices) != 2 || st.Choices[0].Label != "1 wildcard: value 8, 11 prestige" {
		t.Fatalf("wildcard counts: %+v", st.Choices)
	}
}

// "if the player delivers a basket to the winemaking cooperative with
// cards adding up to 15, he would place a barrel token on a delivery slot
// marked "x 0.5" and he would receive 7 prestige points" (text l.249,
// rounded down).
func TestExampleCooperative15Gives7A24(t *testing.T) {
	x := exitTable(t, "", c(PinotNoir, 5), c(Garnacha, 5), c(Chardonnay, 4), c(Cabernet, 1))
	x.play("move", "exit", "deliver-1", "coop", "0", "done")
	if x.p(0).Prestige != 1+7 || len(x.coop().Barrels) != 1 {
		t.Fatalf("prestige %d", x.p(0).Prestige)
	}
}

// The cooperative's choice names the prestige its "x 0.5" slot pays for
// the basket, as every winery names its own (issue 32).
func TestCooperativeChoiceNamesItsPrestige(t *testing.T) {
	x := exitTable(t, "", c(PinotNoir, 5), c(Garnacha, 5), c(Chardonnay, 4), c(Cabernet, 1))
	coop, ok := x.step("move", "exit", "deliver-1").Find("coop")
	if want := "pays x0.5: 7 prestige for this basket's value of 15"; !ok || !strings.Contains(coop.Label, want) {
		t.Errorf("the cooperative reads %q, want %q", coop.Label, want)
	}
}

// A multiplier slot pays the value times the multiplier: "x 2" (text
// l.245) on W02 with 9 Pinot Noir pays 18.
func TestMultiplierX2PaysTwiceTheValue(t *testing.T) {
	x := exitTable(t, "W02", c(PinotNoir, 5), c(PinotNoir, 4))
	x.play("move", "exit", "deliver-1", "W02", "0", "done")
	if x.p(0).Prestige != 1+18 {
		t.Fatalf("prestige %d", x.p(0).Prestige)
	}
}

// "He can make one or two grape deliveries ... Each delivery is made up of
// all the grapes in one single basket" (text l.222); two to one winery
// take its next slots.
func TestOneOrTwoDeliveriesOfWholeBasketsA19(t *testing.T) {
	x := exitTable(t, "W01", c(PinotNoir, 4), c(PinotNoir, 3))
	x.fill(0, 2, x.card(PinotNoir, 5, NoTool), x.card(PinotNoir, 2, NoTool))
	x.refused("basket 1 is empty", "move", "exit", "deliver-1", "W01", "0", "deliver-1")
	x.play("move", "exit", "deliver-1", "W01", "0", "deliver-2", "W01", "0", "done")
	if x.p(0).Prestige != 1+10+8 || len(x.s.Wineries[0].Barrels) != 2 {
		t.Fatalf("prestige %d", x.p(0).Prestige)
	}
}

// "When the last delivery slot on a winery card is covered by a barrel,
// the grape picker also takes any prestige tokens that are on the winery
// card" (text l.253, A-27).
func TestLastSlotTakesTheSealsA27(t *testing.T) {
	x := exitTable(t, "W04", c(PinotNoir, 5), c(PinotNoir, 3), c(Garnacha, 2))
	w := &x.s.Wineries[0]
	w.Barrels, w.Seals = []engine.Seat{1}, 3
	x.s.Seats[1].Barrels--
	x.play("move", "exit", "deliver-1", "W04", "0", "done")
	if x.p(0).Prestige != 1+10+3 || x.s.Wineries[0].Seals != 0 || !x.said("takes its 3 quality seals") {
		t.Fatalf("prestige %d, events %v", x.p(0).Prestige, x.events)
	}
}

// "He may upgrade one or more baskets ... trade in an empty basket ... and
// pay the difference between its price and the price of a new basket"
// (text l.255): only at the exit, an empty basket, for a bigger one from
// the supply, each basket once per exit. The menu says what each
// costs.
func TestUpgradeAnEmptyBasketPayingTheDifferenceA18(t *testing.T) {
	x := exitTable(t, "", c(PinotNoir, 1))
	x.p(0).Prestige = 10
	x.refused("at the exit", "upgrade-2")
	x.refused("only an empty basket", "move", "exit", "upgrade-1")
	st := x.step("move", "exit", "upgrade-2")
	if len(st.Choices) != 1 || st.Choices[0].ID != "large" || st.Choices[0].Cost != "4 prestige" || !strings.HasSuffix(st.Choices[0].Label, "for 4 prestige") {
		t.Fatalf("upgrades of the medium basket: %+v", st.Choices)
	}
	x.refused("once per exit", "move", "exit", "upgrade-2", "large", "upgrade-2")
	x.play("move", "exit", "dump-1", "upgrade-1", "large", "done")
	if x.p(0).Baskets[0].Size != Large || x.p(0).Prestige != 10-7 || x.s.BasketSupply[Large] != 1 {
		t.Fatalf("baskets %v, prestige %d, supply %v", x.p(0).Baskets, x.p(0).Prestige, x.s.BasketSupply)
	}
}

// The trades a focused view draws (State.Trades) are what the exit
// charges: with 0 to 10 prestige, each empty basket's trade for each
// bigger size is offered if and only if the prestige pays it, and then
// takes exactly its price.
func TestBasketTradesAreWhatTheExitCharges(t *testing.T) {
	offered, refused := 0, 0
	for prestige := range 11 {
		x := exitTable(t, "")
		x.p(0).Prestige = prestige
		trades := x.s.Trades(0)
		if len(trades) != 3 { // small for medium or large, medium for large
			t.Fatalf("trades %+v", trades)
		}
		for _, tr := range trades {
			prefix := []string{"move", "exit", fmt.Sprintf("upgrade-%d", tr.Basket+1)}
			on := x.offers(prefix[2], prefix[:2]...) && x.offers(tr.Size.String(), prefix...)
			if on != tr.Affordable {
				t.Errorf("%d prestige: %+v, and the exit offers it: %v", prestige, tr, on)
			}
			if !on {
				refused++
				continue
			}
			offered++
			y := exitTable(t, "")
			y.p(0).Prestige = prestige
			y.play(append(prefix, tr.Size.String(), "done")...)
			if paid := prestige - y.p(0).Prestige; paid != tr.Prestige {
				t.Errorf("%+v: the exit charges %d prestige", tr, paid)
			}
		}
	}
	if offered == 0 || refused == 0 {
		t.Errorf("%d trades offered, %d refused", offered, refused)
	}
}

// In the middle of an exit the game as the answers so far leave it
// (Preview) has the trades the next step weighs: a delivery's prestige
// pays for them and the basket it emptied may be traded; a basket traded
// is not again.
func TestPreviewedExitHasTheTradesOfTheTurn(t *testing.T) {
	x := exitTable(t, "W01", c(PinotNoir, 4), c(PinotNoir, 3))
	x.p(0).Prestige = 0
	trades := func(prefix ...string) []Trade {
		s, err := x.s.Preview(0, prefix)
		if err != nil {
			t.Fatal(err)
		}
		return s.(*State).Trades(0)
	}
	if got := trades("move", "exit"); len(got) != 1 || got[0].Basket != 1 || got[0].Affordable {
		t.Fatalf("before the delivery: %+v", got)
	}
	delivered := trades("move", "exit", "deliver-1", "W01", "0")
	if len(delivered) != 3 || delivered[0].Basket != 0 || !delivered[0].Affordable || !delivered[1].Affordable {
		t.Fatalf("after a delivery of 10 prestige: %+v", delivered)
	}
	if got := trades("move", "exit", "deliver-1", "W01", "0", "upgrade-1", "large"); len(got) != 1 || got[0].Basket != 1 {
		t.Fatalf("after basket 1 was traded: %+v", got)
	}
}

// A delivery holds a basket's grapes: wildcards alone are no delivery
// unless the game allows it.
func TestNoWildcardOnlyDeliveryA20(t *testing.T) {
	x := exitTable(t, "")
	x.refused("basket 1 is empty", "move", "exit", "deliver-1")
	y := newTable(t, 3, map[string]string{OptionWildcardOnly: "true"})
	y.turn(0, 1, FrontBox)
	y.play("move", "exit", "deliver-1", "coop", "done") // 1 wildcard, the only answer
	if len(y.coop().Barrels) != 1 || y.p(0).Wildcards != 0 {
		t.Fatal("the wildcard-only delivery was not made")
	}
}

// The cooperative takes any basket, even for 0 prestige, which spends a
// barrel and races the end.
func TestCooperativeTakesATinyBasketA25(t *testing.T) {
	x := exitTable(t, "", c(Chardonnay, 1))
	x.play("move", "exit", "deliver-1", "coop", "0", "done")
	if x.p(0).Prestige != 1 || x.p(0).Barrels != 5 {
		t.Fatalf("prestige %d, barrels %d", x.p(0).Prestige, x.p(0).Barrels)
	}
}

// Dumping is allowed during the exit, which is part of the turn.
func TestDumpDuringTheExitA16(t *testing.T) {
	x := exitTable(t, "W01", c(PinotNoir, 4))
	x.fill(0, 2, x.card(PinotNoir, 3, NoTool))
	x.play("move", "exit", "dump-1-into-2", "deliver-2", "W01", "0", "done")
	if x.p(0).Prestige != 11 {
		t.Fatalf("prestige %d", x.p(0).Prestige)
	}
}

// No take after moving into the exit, unless the boots may
// be used there, the whole aisle lying behind.
func TestBootsAfterTheExitOptionA12(t *testing.T) {
	x := newTable(t, 3, nil)
	x.turn(0, 1, FrontBox)
	x.give(0, Boots)
	x.lay(2, 0, x.card(Garnacha, 2, NoTool))
	x.refused("the exit has no cards", "move", "exit", "take-boots")
	y := newTable(t, 3, map[string]string{OptionBootsAfterExit: "true"})
	y.turn(0, 1, FrontBox)
	y.give(0, Boots)
	y.lay(2, 0, y.card(Garnacha, 2, NoTool))
	y.play("move", "exit", "take-boots", "s2", "left", "basket-1", "done")
	if len(y.p(0).Baskets[0].Cards) != 1 {
		t.Fatal("the boots took nothing after the exit")
	}
}
