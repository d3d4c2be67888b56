package vinhos

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// The public view shows each deck's top and size, and nothing that
// decides a draw to come: no order below a top, no face-down tile, no
// generator.
func TestPublicViewHidesDecksAndTheGenerator(t *testing.T) {
	for _, mode := range []string{ModeSpecial2016, "solo"} {
		players := []string{"Ana", "Bruno"}
		if mode == "solo" {
			players = players[:1]
		}
		st, _, err := Game{}.New(engine.Setup{Game: "vinhos", Rules: LatestRules, Mode: mode, Seed: 9, Players: players})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		data, err := json.Marshal(s.View(engine.NoSeat))
		if err != nil {
			t.Fatal(err)
		}
		var v map[string]any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		if _, ok := v["rng"]; ok {
			t.Errorf("%s: the view holds the generator", mode)
		}
		if n, ok := v["vintage_deck"].(float64); !ok || int(n) != len(s.VintageDeck) {
			t.Errorf("%s: the Vintage deck is %v, want its size", mode, v["vintage_deck"])
		}
		if n, ok := v["deck"].(float64); !ok || int(n) != len(s.Deck) {
			t.Errorf("%s: the Magnate deck is %v, want its size", mode, v["deck"])
		}
		for r, reg := range v["regions"].(map[string]any) {
			if deck, ok := reg.(map[string]any)["deck"]; ok {
				t.Errorf("%s: %s shows its deck %v", mode, r, deck)
			}
		}
		if mode == "solo" {
			solo := v["solo"].(map[string]any)
			if _, ok := solo["actions"].([]any); ok {
				t.Errorf("solo: Lacerda's Action deck is shown: %v", solo["actions"])
			}
		}
		// Two games that differ only below the tops look the same.
		other := s.clone()
		for r := range other.Regions {
			if d := other.Regions[r].Deck; len(d) > 2 {
				d = slices.Clone(d)
				d[1], d[2] = d[2], d[1]
				other.Regions[r].Deck = d
			}
		}
		other.VintageDeck = slices.Clone(other.VintageDeck)
		slices.Reverse(other.VintageDeck)
		other.RNG = engine.NewRNG(12345)
		again, _ := json.Marshal(other.View(engine.NoSeat))
		if string(again) != string(data) {
			t.Errorf("%s: the view shows what lies below the tops", mode)
		}
	}
}

// rearrangeGame is Orange's turn in year 2, with the rearrange Expert face
// up and 20 Bagos; Douro's deck is in the given order.
func rearrangeGame(t *testing.T, douro ...VineyardTile) *example {
	x := newExample(t, 2, 1, orange, yellow, blue, purple)
	x.give(orange, x.expertID(Taste, ExpertRearrangeDeck))
	x.p(orange).Money = 20
	x.s.Regions[Douro].InPlay = true
	x.deck(Douro, douro...)
	return x
}

// The rearrange Expert shows one deck, the one the player rearranges, and
// not the order its tiles lie in; the table learns only the new top.
func TestRearrangeExpertShowsOneDeckAndNotItsOrder(t *testing.T) {
	tiles := []VineyardTile{vy(Red, 4), vy(White, 3), vy(Red, 3), vy(White, 5)}
	x := rearrangeGame(t, tiles...)
	reversed := slices.Clone(tiles)
	slices.Reverse(reversed)
	y := rearrangeGame(t, reversed...)
	prefix := []string{"vineyards@tl", x.s.expertKey(x.p(orange).Experts[0].ID)}

	regions := x.step(orange, prefix...)
	if !slices.ContainsFunc(regions.Choices, func(c engine.Choice) bool { return c.ID == regionKey(Douro) }) {
		t.Fatalf("Douro is not offered: %v", regions.Choices)
	}
	for _, c := range regions.Choices {
		if r, ok := regionByKey(x.s.Mode, c.ID); !ok || c.Label != fmt.Sprintf("%s (%d tiles)", Regions[r].Name, len(x.s.Regions[r].Deck)) {
			t.Fatalf("the first step shows more than the regions: %+v", c)
		}
	}
	orders := x.step(orange, append(prefix, regionKey(Douro))...)
	if len(orders.Choices) != 24 || !slices.Equal(orders.Choices, y.step(orange, append(prefix, regionKey(Douro))...).Choices) {
		t.Fatalf("the list of orders depends on the deck's order:\n%v", orders.Choices)
	}
	if orders.Choices[0].Label != "red 3, red 4, white 3, white 5" {
		t.Errorf("the first order is %q, want the tiles by colour and cost", orders.Choices[0].Label)
	}
	pick := orders.Choices[len(orders.Choices)-1] // white 5 on top
	next, events, err := playThrough(x.s, orange, append(prefix, regionKey(Douro), pick.ID))
	if err == nil {
		t.Fatalf("a Vineyards action ended without a purchase: %v", next.Pending())
	}
	before := len(x.s.Regions[Douro].Deck)
	var said []string
	next, events, err = playThrough(x.s, orange, append(prefix, regionKey(Douro), pick.ID, regionKey(Douro), "e2"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		said = append(said, e.Text)
		if strings.Contains(e.Text, "rearranges") && (!e.Reveal || e.Text != "Orange rearranges the Douro vineyards; the top is now white, cost 5.") {
			t.Errorf("the rearrangement is told as %q (reveal %v); want only the new top", e.Text, e.Reveal)
		}
	}
	if len(next.Regions[Douro].Deck) != before-1 || next.Seats[orange].Estates[1].Color != White {
		t.Fatalf("Orange did not buy the white 5: %v", said)
	}
}

// A step that turns up a hidden tile ends the decision: nothing the player
// is offered before it depends on the tile, and what follows is offered
// once the step is played. Orange hires a Taste Expert; the next Taste
// Expert is hidden until then.
func TestHiddenTileEndsTheDecision(t *testing.T) {
	x := newExample(t, 2, 1, orange, yellow, blue, purple)
	y := newExample(t, 2, 1, orange, yellow, blue, purple)
	top, second := x.expertID(Taste, ExpertFreeMove), x.expertID(Taste, ExpertCash)
	x.topOfDeck(second)
	x.topOfDeck(top)
	y.topOfDeck(x.expertID(Taste, ExpertAddRenown)) // the same top, another tile below it
	y.topOfDeck(top)
	if x.s.Experts[Taste][0] != y.s.Experts[Taste][0] || x.s.Experts[Taste][1] == y.s.Experts[Taste][1] {
		t.Fatal("the two games should differ only below the top")
	}
	for _, prefix := range [][]string{nil, {"wine-experts@ml"}} {
		a, b := x.step(orange, prefix...), y.step(orange, prefix...)
		if !slices.Equal(a.Choices, b.Choices) {
			t.Fatalf("after %v the choices depend on a hidden tile:\n%v\n%v", prefix, a.Choices, b.Choices)
		}
	}
	if st, err := x.s.Choices(orange, []string{"wine-experts@ml", "taste"}); err != nil || !st.Complete {
		t.Fatalf("hiring the top Expert does not end the decision: %+v, %v", st, err)
	}
	if _, err := x.s.Choices(orange, []string{"wine-experts@ml", "taste", "done"}); err == nil {
		t.Fatal("a step after the hidden tile came up is offered before it is played")
	}
	next, events, err := x.s.Apply(orange, engine.Action{"wine-experts@ml", "taste"})
	if err != nil {
		t.Fatal(err)
	}
	s := next.(*State)
	if p := s.Pending(); len(p) != 1 || p[0].Seat != orange || p[0].Prompt != pausedPrompt {
		t.Fatalf("pending after the hire: %+v", p)
	}
	if !engine.Revealed(events) {
		t.Error("the new top is not told as revealed")
	}
	st, err := s.Choices(orange, nil)
	if err != nil || !slices.ContainsFunc(st.Choices, func(c engine.Choice) bool { return strings.HasPrefix(c.Label, s.expertName(second)) }) {
		t.Fatalf("the second hire does not offer the Expert that came up: %+v, %v", st, err)
	}
	// The paused turn survives a snapshot.
	data, _ := engine.Encode(s)
	back, err := Game{}.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := engine.Encode(back)
	if string(again) != string(data) || back.Pending()[0].Prompt != pausedPrompt {
		t.Fatal("the paused turn does not survive its encoding")
	}
}

// The players' summaries, which exports and the bot show to everyone,
// keep the Experts chosen in secret at a Fair hidden as the public view
// does, until all have chosen.
func TestPlayerSummariesHideTheSecretPicks(t *testing.T) {
	x := secondReserveFair(t)
	var picks []string
	for _, id := range x.ids(purple) {
		if id != "done" {
			picks = append(picks, id)
		}
	}
	x.apply(purple, picks...)
	if got := mustJSON(t, x.s.Players()); strings.Contains(got, `"fair_picks"`) {
		t.Errorf("the players' summaries show Purple's secret picks: %s", got)
	}
}
