package ai

import (
	"slices"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
)

// newGame sets a seeded game up: Vinhos solo for one player, Special
// Vintage 2016 for more, its 2010 Reserve when game is "reserve", its
// first edition when "classic", nim when "nim", La Viña when "lavina".
func newGame(t testing.TB, game string, seed uint64, players int) engine.State {
	t.Helper()
	var g engine.Game = vinhos.Game{}
	switch game {
	case "nim":
		g = nim.Game{}
	case "lavina":
		g = lavina.Game{}
	}
	setup := engine.Setup{Game: game, Seed: seed, Players: []string{"Ana", "Bruno", "Carla", "Duarte", "Eva"}[:players], Rules: engine.LatestRules(g)}
	if game == "vinhos" && players == 1 {
		setup.Mode = vinhos.ModeSolo
	}
	switch game { // Vinhos's other modes
	case "reserve":
		setup.Game, setup.Mode = "vinhos", vinhos.ModeReserve2010
	case "classic":
		setup.Game, setup.Mode = "vinhos", vinhos.ModeClassic2010
	}
	st, _, err := g.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// positionMoves is where positions stops a game that has not ended: a
// cap of the tests, not a rule (a La Viña game ends only by a last barrel,
// which random players may take thousands of moves to place).
const positionMoves = 20000

// positions plays a game at random and returns every every-th state before
// the end, or before positionMoves moves, with the seat to act in each.
func positions(t testing.TB, s engine.State, seed uint64, every int) []engine.State {
	t.Helper()
	rng := engine.NewRNG(seed)
	var out []engine.State
	for move := 0; !s.Over() && move < positionMoves; move++ {
		seat := next(s)
		if move%every == 0 {
			out = append(out, s)
		}
		act, err := Random(s, seat, &rng)
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = s.Apply(seat, act); err != nil {
			t.Fatalf("move %d: %v refused: %v", move, act, err)
		}
	}
	return out
}

// With an iteration cap and a seed, a decision is the same every time.
func TestDecisionIsDeterministicWithAnIterationCap(t *testing.T) {
	for _, s := range []engine.State{newGame(t, "nim", 3, 3), newGame(t, "vinhos", 3, 4), newGame(t, "vinhos", 3, 1)} {
		seat := next(s)
		cfg := Config{Iterations: 12, Seed: 7}
		first, err := Decide(s, seat, cfg)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Decide(s, seat, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(first.Action, again.Action) || !slices.Equal(first.Top, again.Top) {
			t.Errorf("two decisions differ: %v %v and %v %v", first.Action, first.Top, again.Action, again.Top)
		}
	}
}

// A decision spends its whole budget: its last real choice searches all
// that the steps before it left. In nim a pile is one step and the count
// another; with one pile left the pile is forced and the count is the
// whole decision.
func TestDecisionSpendsItsWholeBudget(t *testing.T) {
	for _, piles := range [][]int{{6}, {5, 6}, {2, 7, 3}} {
		d, err := Decide(nimAt(piles...), 0, Config{Iterations: 400, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if d.Iterations != 400 {
			t.Errorf("piles %v: %d iterations of 400", piles, d.Iterations)
		}
	}
}

// The AI decides from what its seat sees: a state and a sample of it,
// which differs only in what the seat cannot see (Vinhos: deck orders
// below the tops and the generator; La Viña: the deck, the covered cards
// nobody has seen, the others' prestige and the generator), give the same
// decision for the same seed.
func TestDecisionIgnoresWhatTheSeatCannotSee(t *testing.T) {
	rng := engine.NewRNG(11)
	for _, g := range []struct {
		game           string
		players, every int
	}{{"vinhos", 1, 40}, {"vinhos", 4, 40}, {"reserve", 3, 30}, {"classic", 4, 30}, {"lavina", 2, 50}, {"lavina", 5, 50}} {
		for _, s := range positions(t, newGame(t, g.game, 21, g.players), 21, g.every) {
			seat := next(s)
			other := s.(engine.Sampler).Sample(seat, &rng)
			if string(mustEncode(t, other)) == string(mustEncode(t, s)) {
				t.Fatal("the sample is the state itself")
			}
			if a, b, same := decideBoth(t, s, other, seat); !same {
				t.Errorf("%s %dp at %s: %v from the state, %v from a sample", g.game, g.players, s.Phase(), a, b)
			}
		}
	}
}

// The AI's action applies, over many positions of random games: nim,
// Vinhos solo and with 2 to 4 players, La Viña with 2 to 5 (fewer of its
// positions: its playouts take the public path, and its games are long).
func TestDecisionIsLegal(t *testing.T) {
	games := []engine.State{newGame(t, "nim", 1, 2), newGame(t, "vinhos", 1, 1), newGame(t, "vinhos", 2, 2),
		newGame(t, "vinhos", 3, 3), newGame(t, "vinhos", 4, 4), newGame(t, "reserve", 5, 2), newGame(t, "reserve", 6, 4), newGame(t, "classic", 7, 2)}
	for players := 2; players <= 5; players++ {
		games = append(games, newGame(t, "lavina", uint64(players), players))
	}
	for i, g := range games {
		every := 15
		if _, ok := g.(*lavina.State); ok {
			every = 40
		}
		for _, s := range positions(t, g, uint64(i), every) {
			seat := next(s)
			d, err := Decide(s, seat, Config{Iterations: 3, Seed: uint64(i)})
			if err != nil {
				t.Fatalf("at %s: %v", s.Phase(), err)
			}
			if _, _, err := s.Apply(seat, d.Action); err != nil {
				t.Fatalf("at %s: the AI's %v is refused: %v", s.Phase(), d.Action, err)
			}
		}
	}
}

func mustEncode(t testing.TB, s engine.State) []byte {
	t.Helper()
	data, err := engine.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// In 2-player nim the AI beats a random player nearly always: a check
// that the search steers to a win, in a game small enough to search. Its
// strength at Vinhos is measured by the tournament (docs/AI.md).
func TestAIBeatsRandomAtNim(t *testing.T) {
	wins := 0
	const games = 20
	for seed := range uint64(games) {
		players := []Player{&Searcher{Config: Config{Iterations: 300, Seed: seed}}, &RandomPlayer{RNG: engine.NewRNG(seed)}}
		if seed%2 == 1 {
			players[0], players[1] = players[1], players[0]
		}
		m, err := Play(nim.Game{}, engine.Setup{Game: "nim", Seed: seed, Players: []string{"a", "b"}}, players, nil)
		if err != nil {
			t.Fatal(err)
		}
		if int(m.Ranking[0]) == int(seed%2) {
			wins++
		}
	}
	if wins < 18 {
		t.Errorf("the AI won %d of %d games", wins, games)
	}
}

// At a 2010 Reserve Fair, a player who still chooses Experts in secret
// decides the same whatever another chose: two states that differ only in
// that choice give the same samples, and so the same decision.
func TestSecretFairChoicesStaySecret(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		for _, s := range positions(t, newGame(t, "reserve", seed, 3), seed, 1) {
			v := s.(*vinhos.State)
			chose := slices.IndexFunc(v.Seats, func(p vinhos.Player) bool { return len(p.FairPicks) > 0 })
			if v.At != vinhos.PhaseFairPicks || chose < 0 || len(s.Pending()) == 0 {
				continue
			}
			seat := next(s)
			decoded, err := vinhos.Game{}.Decode(mustEncode(t, s))
			if err != nil {
				t.Fatal(err)
			}
			other := decoded.(*vinhos.State)
			other.Seats[chose].FairPicks = nil // another choice: none
			for k := range 3 {
				a, b := engine.NewRNG(uint64(k)), engine.NewRNG(uint64(k))
				if string(mustEncode(t, v.Sample(seat, &a))) != string(mustEncode(t, other.Sample(seat, &b))) {
					t.Fatalf("seed %d: the samples depend on %s's secret choice", seed, v.Seats[chose].Name)
				}
			}
			if x, y, same := decideBoth(t, s, other, seat); !same {
				t.Errorf("seed %d: %v, or %v when the other chose nothing", seed, x, y)
			}
			return
		}
	}
	t.Fatal("no Fair had a secret choice made while another was pending")
}

// decideBoth decides for seat in a and in b with the same seed, and
// reports whether the decisions and their hint figures are the same.
func decideBoth(t *testing.T, a, b engine.State, seat engine.Seat) (x, y engine.Action, same bool) {
	t.Helper()
	cfg := Config{Iterations: 6, Seed: 5}
	da, errA := Decide(a, seat, cfg)
	db, errB := Decide(b, seat, cfg)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	return da.Action, db.Action, slices.Equal(da.Action, db.Action) && slices.Equal(da.Top, db.Top)
}

func TestWilsonInterval(t *testing.T) {
	lo, hi := Wilson(0.95, 20)
	if lo < 0.763 || lo > 0.765 || hi < 0.99 || hi > 0.995 {
		t.Errorf("19 of 20: %.4f–%.4f, want 0.7639–0.9911", lo, hi)
	}
	if lo, hi := Wilson(0, 5); lo != 0 || hi < 0.43 || hi > 0.44 {
		t.Errorf("none of 5: %.4f–%.4f, want 0–0.4345", lo, hi)
	}
}
