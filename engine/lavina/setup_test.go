package lavina

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// The setup chart (text l.133-141) and the setup steps (text l.147-167),
// at each player count.
func TestSetupChartPerPlayerCount(t *testing.T) {
	want := map[int]struct{ pickers, spaces, wineries, baskets, tools, barrels int }{
		2: {2, 5, 5, 1, 1, 7},
		3: {1, 4, 6, 2, 2, 6},
		4: {1, 5, 7, 3, 3, 6},
		5: {1, 6, 8, 3, 3, 5},
	}
	for players, w := range want {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			s := newGame(t, 7, players, nil)
			if len(s.Pickers) != w.pickers*players {
				t.Errorf("%d pickers, want %d per player", len(s.Pickers), w.pickers)
			}
			if len(s.Aisle) != w.spaces {
				t.Errorf("%d aisle spaces, want %d", len(s.Aisle), w.spaces)
			}
			if len(s.Wineries) != w.wineries+1 || !s.Wineries[w.wineries].Card.Cooperative {
				t.Errorf("%d wineries, want %d and the cooperative last", len(s.Wineries), w.wineries)
			}
			if s.BasketSupply[Medium] != w.baskets || s.BasketSupply[Large] != w.baskets || s.BasketSupply[Small] != 0 {
				t.Errorf("basket supply %v, want %d medium and %d large (A-17)", s.BasketSupply, w.baskets, w.baskets)
			}
			for _, tool := range Tools {
				if s.ToolBank[tool] != w.tools {
					t.Errorf("%d %s in the bank, want %d", s.ToolBank[tool], tool, w.tools)
				}
			}
			for seat, p := range s.Seats {
				if p.Barrels != w.barrels {
					t.Errorf("seat %d has %d barrels, want %d", seat, p.Barrels, w.barrels)
				}
				// "a small basket that can hold 2 grape cards and a medium
				// basket that can hold 3 cards" (text l.157).
				if p.Baskets[0].Size != Small || p.Baskets[1].Size != Medium || s.capacity(Small) != 2 || s.capacity(Medium) != 3 {
					t.Errorf("seat %d starts with baskets %v", seat, p.Baskets)
				}
				if len(p.Tools) != 0 || p.Wildcards != 0 {
					t.Errorf("seat %d starts with tools %v and %d wildcards", seat, p.Tools, p.Wildcards)
				}
			}
			// "two grape cards face up on each side of every space ... a
			// total of four cards per space" (text l.151).
			for i, space := range s.Aisle {
				for side, stack := range space.Sides {
					if len(stack) != 2 || stack[0].Known || !stack[1].Known {
						t.Errorf("space %d %s: %+v", i+1, sideNames[side], stack)
					}
				}
			}
			if len(s.Deck) != GrapeCards-4*w.spaces || len(s.Discard) != 0 {
				t.Errorf("deck %d, discard %d", len(s.Deck), len(s.Discard))
			}
			// "Place a wildcard grape counter in the exit area" (text l.163).
			if !s.ExitWildcard || s.WildcardSupply != Wildcards-1 {
				t.Errorf("exit wildcard %v, supply %d", s.ExitWildcard, s.WildcardSupply)
			}
			if s.Round != 1 || len(s.Pending()) != 1 || s.Pending()[0].Seat != s.First {
				t.Errorf("round %d, pending %v, first %d", s.Round, s.Pending(), s.First)
			}
		})
	}
}

// "1 quality seal (value of 1) to the first player, 2 to the second player,
// 3 to the third, etc." (text l.161); the first player is the farthest back
// and the others line up in front clockwise (text l.155).
func TestStartingPrestigeAndQueueFollowTurnOrder(t *testing.T) {
	for players := 3; players <= MaxPlayers; players++ {
		s := newGame(t, uint64(players), players, nil)
		for k := range players {
			seat := (s.First + engine.Seat(k)) % engine.Seat(players)
			if s.Seats[seat].Prestige != k+1 {
				t.Errorf("%dp: player %d in turn order starts with %d prestige, want %d", players, k+1, s.Seats[seat].Prestige, k+1)
			}
			if p := s.Pickers[k]; p.Owner != seat || p.Space != 0 || p.Slot != k {
				t.Errorf("%dp: queue place %d holds %+v, want seat %d", players, k, p, seat)
			}
		}
	}
}

// Notes for two-player games (text l.143, A-38): two pickers each, placed
// alternately, the first player 1st and 3rd; 7 barrels; 1 and 3 quality
// seals; still two starting baskets each.
func TestTwoPlayerSetupNotesA38(t *testing.T) {
	s := newGame(t, 3, 2, nil)
	first, second := s.First, 1-s.First
	owners := []engine.Seat{first, second, first, second}
	for k, p := range s.Pickers {
		if p.Owner != owners[k] || p.Slot != k || p.Space != 0 {
			t.Errorf("queue place %d: %+v, want seat %d", k, p, owners[k])
		}
	}
	if s.Seats[first].Prestige != 1 || s.Seats[second].Prestige != 3 {
		t.Errorf("prestige %d and %d, want 1 and 3 (A-38)", s.Seats[first].Prestige, s.Seats[second].Prestige)
	}
	for _, p := range s.Seats {
		if p.Barrels != 7 || len(p.Baskets) != 2 {
			t.Errorf("%s: %d barrels, %d baskets", p.Name, p.Barrels, len(p.Baskets))
		}
	}
}

// "72 GRAPE CARDS (in 4 varieties and 1 without a grape)" (text l.44),
// "12 TOOL COUNTERS: 4 billhooks, 4 boots, and 4 shears" (text l.106): the
// deck of §2.4 has 15 cards per variety valued 1 to 5 and 12 empty vines,
// with 8 icons of each tool.
func TestGrapeDeckOf72(t *testing.T) {
	deck := DefaultData().Deck()
	if len(deck) != 72 {
		t.Fatalf("%d cards", len(deck))
	}
	per := map[Variety]int{}
	icons := map[Tool]int{}
	ids := map[string]bool{}
	for _, c := range deck {
		per[c.Variety]++
		icons[c.Tool]++
		if ids[c.ID] {
			t.Errorf("two cards are %s", c.ID)
		}
		ids[c.ID] = true
		if c.Variety != EmptyVine && (c.Value < 1 || c.Value > 5) || c.Variety == EmptyVine && (c.Value != 0 || c.Tool == NoTool) {
			t.Errorf("card %+v", c)
		}
	}
	for _, v := range Varieties {
		if per[v] != 15 {
			t.Errorf("%d %s cards", per[v], v)
		}
	}
	if per[EmptyVine] != 12 || icons[Billhook] != 8 || icons[Boots] != 8 || icons[Shears] != 8 {
		t.Errorf("empty vines %d, icons %v", per[EmptyVine], icons)
	}
	if !ids["PN-1a"] || !ids["EV-BH1"] || !ids["CS-5b"] {
		t.Errorf("card IDs do not follow §2.4: %v", slices.Sorted(maps.Keys(ids)))
	}
}

// "16 WINERY CARDS" (text l.86) and "with a maximum of 2 requesting the
// same variety of grapes" (text l.163): a coupage counts as its
// predominant variety, and a third of one variety goes back to the
// box, so 5 players always get exactly 2 of each.
func TestWineryDrawAtMostTwoPerVarietyA26A33(t *testing.T) {
	if len(DefaultData().Wineries) != 16 {
		t.Fatal("not 16 winery cards")
	}
	for seed := range uint64(200) {
		players := MinPlayers + int(seed)%4
		s := newGame(t, seed, players, nil)
		per := map[Variety]int{}
		for _, w := range s.Wineries[:len(s.Wineries)-1] {
			per[w.Card.Variety]++
		}
		for v, n := range per {
			if n > 2 || players == 5 && n != 2 {
				t.Fatalf("seed %d, %d players: %d wineries want %s", seed, players, n, v)
			}
		}
	}
}

// "30 BARREL COUNTER" (text l.98) and "8 WILDCARD GRAPE COUNTERS" (text
// l.102): the most barrels in play is 25, at 5 players, and the wildcards
// are a supply of 8.
func TestCounterSupplies(t *testing.T) {
	most := 0
	for players, c := range Counts {
		most = max(most, players*c.Barrels)
	}
	if most != 25 || most > 30 || Wildcards != 8 || ToolCounters != 4 {
		t.Errorf("most barrels %d, wildcards %d, tools %d", most, Wildcards, ToolCounters)
	}
}

// Options are validated with clear errors naming the option and values.
func TestOptionsAreValidated(t *testing.T) {
	for _, c := range []struct {
		options map[string]string
		want    string
	}{
		{map[string]string{"colour": "red"}, "no option"},
		{map[string]string{OptionBoxChoice: "sideways"}, "player or first_arrival_front"},
		{map[string]string{OptionMaxRounds: "0"}, "1 to 99"},
		{map[string]string{OptionPublicScores: "maybe"}, "false or true"},
	} {
		_, _, err := Game{}.New(engine.Setup{Seed: 1, Players: names[:3], Options: c.options})
		if engine.CodeOf(err) != engine.CodeBadSetup || !contains(err, c.want) {
			t.Errorf("%v: %v, want %q", c.options, err, c.want)
		}
	}
	s := newGame(t, 1, 2, map[string]string{OptionBoxChoice: "first_arrival_front", OptionTwoPlayerMove: "either",
		OptionShearsSameSide: "true", OptionBootsAfterExit: "true", OptionRememberTools: "false", OptionBasketsPerSize: "false",
		OptionWildcardOnly: "true", OptionMaxRounds: "7", OptionPublicScores: "true"})
	want := Options{FirstArrivalFront: true, EitherPicker: true, ShearsSameSide: true, BootsAfterExit: true, ForgetCoveredTools: true,
		UpgradeBasketsInTotal: true, WildcardOnlyDelivery: true, MaxRounds: 7, PublicScores: true}
	if s.Options != want {
		t.Errorf("options %+v", s.Options)
	}
}

func contains(err error, text string) bool {
	return err != nil && strings.Contains(err.Error(), text)
}

// The box (text l.44-114) holds enough for the largest setup: 5 grape
// picker cards and at most 5 figures in play of 7 (4 at 2 players), 10
// starting baskets for 5 players, the 6 basket cards, at most 25 of the 30
// barrels, and the prestige counters' values 1, 5, 10 and 50 (text l.171).
func TestTheBoxHoldsEverySetup(t *testing.T) {
	for players, c := range Counts {
		s := newGame(t, 1, players, nil)
		if figures := len(s.Pickers); figures > PickerFigures || players > 5 {
			t.Errorf("%d players use %d figures", players, figures)
		}
		if 2*players > StartingBasketCards || players*c.Barrels > BarrelCounters {
			t.Errorf("%d players: %d starting baskets, %d barrels", players, 2*players, players*c.Barrels)
		}
		if s.BasketSupply[Medium]+s.BasketSupply[Large] > UpgradeBasketCards {
			t.Errorf("%d players: %v upgrade baskets", players, s.BasketSupply)
		}
	}
	if SealValue != 1 || LabelValue != 5 || BottleValue != 10 || DiplomaValue != 50 || PrestigeCounters != 67 {
		t.Error("prestige counters")
	}
}

// "if they are to get a reward of 27, they could take 2 bottles, 2 quality
// seals and 1 label"; "10 quality seals ... for 1 bottle", "10 labels ...
// for 1 diploma" (text l.171-173): counters only make change, so prestige
// is one number, and a reward of 27 is 27.
func TestExampleRewardOf27(t *testing.T) {
	if 2*BottleValue+2*SealValue+LabelValue != 27 || 10*SealValue != BottleValue || 10*LabelValue != DiplomaValue {
		t.Fatal("the counters do not add up as the text says")
	}
	x := exitTable(t, "W01", c(PinotNoir, 4), c(PinotNoir, 3))
	x.s.Wineries[0].Card.Slots = []Reward{{Fixed: 27}}
	x.play("move", "exit", "deliver-1", "W01", "0", "done")
	if x.p(0).Prestige != 1+27 {
		t.Fatalf("prestige %d", x.p(0).Prestige)
	}
}

// A rules revision newer than this engine knows is refused, not guessed,
// in a setup and in a snapshot.
func TestUnknownRulesRevisionIsRefused(t *testing.T) {
	_, _, err := Game{}.New(engine.Setup{Game: "lavina", Rules: LatestRules + 1, Seed: 1, Players: names[:2]})
	if engine.CodeOf(err) != engine.CodeBadSetup || !strings.Contains(err.Error(), "update adega") {
		t.Errorf("setup: got %v", err)
	}
	if _, err := (Game{}).Decode([]byte(`{"rules": 99}`)); err == nil || !strings.Contains(err.Error(), "update adega") {
		t.Errorf("snapshot: got %v", err)
	}
	if engine.LatestRules(Game{}) != LatestRules {
		t.Error("new games do not take the latest rules")
	}
}
