package lavina

import (
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
	"github.com/adega-bot/adega/engine/steps/stepstest"
)

var names = []string{"Ana", "Bruno", "Carla", "Duarte", "Eva"}

// newGame sets up a game with default options, by the first rules, which
// the tests written before a rules revision play by.
func newGame(t testing.TB, seed uint64, players int, options map[string]string) *State {
	t.Helper()
	return newGameBy(t, 0, seed, players, options)
}

// newGameBy sets up a game by the rules revision given.
func newGameBy(t testing.TB, rules int, seed uint64, players int, options map[string]string) *State {
	t.Helper()
	st, _, err := Game{}.New(engine.Setup{Game: "lavina", Rules: rules, Seed: seed, Players: names[:players], Options: options})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// pick chooses a random answer, most of the time like a player who wants
// to deliver: a delivery when one is offered, and no dumping or
// discarding, so that random games reach the end by barrels too.
func pick(choices []engine.Choice, r *engine.RNG) engine.Choice {
	if r.IntN(4) > 0 {
		keep := slices.DeleteFunc(slices.Clone(choices), func(c engine.Choice) bool {
			return strings.HasPrefix(c.ID, "dump") || c.ID == "discard"
		})
		if i := slices.IndexFunc(keep, func(c engine.Choice) bool { return strings.HasPrefix(c.ID, "deliver") }); i >= 0 {
			return keep[i]
		}
		if len(keep) > 0 {
			choices = keep
		}
	}
	return choices[r.IntN(len(choices))]
}

// randomAction builds a whole decision for seat by random legal choices,
// listing each step through Choices as a player's menu does.
func randomAction(t testing.TB, s engine.State, seat engine.Seat, r *engine.RNG) engine.Action {
	t.Helper()
	act, err := engine.Complete(s, seat, nil, func(st engine.Step, _ int) engine.Choice {
		if st.Focus == "" {
			t.Fatalf("step %q names no part of the board", st.Name)
		}
		return pick(st.Choices, r)
	})
	if err != nil {
		t.Fatal(err)
	}
	return act
}

// quickRandomAction makes the decisions of randomAction from the same
// random numbers, but steps one copy forward instead of listing each step
// through Choices from the start: the same options in linear time.
func quickRandomAction(t testing.TB, s engine.State, seat engine.Seat, r *engine.RNG) engine.Action {
	t.Helper()
	return stepstest.Decide(t, machine, s.(*State).walker(), seat, func(choices []engine.Choice) engine.Choice { return pick(choices, r) })
}

// decide builds a random legal decision for a seat.
type decide func(t testing.TB, s engine.State, seat engine.Seat, r *engine.RNG) engine.Action

// playRandom plays a seeded game to its end, each decision built by
// quickRandomAction and played through Apply, calling check after each
// move.
func playRandom(t testing.TB, seed uint64, players int, options map[string]string, check func(s *State, move int)) *State {
	t.Helper()
	return playWith(t, seed, players, options, quickRandomAction, check)
}

// playWith is playRandom with the decisions built by decide.
func playWith(t testing.TB, seed uint64, players int, options map[string]string, decide decide, check func(s *State, move int)) *State {
	t.Helper()
	return playBy(t, 0, seed, players, options, decide, check)
}

// testRounds is where a random game of the tests stops if no last barrel
// has ended it: a cap of the tests, not a rule. Since the first rules
// only a last barrel ends a game (text l.313), and random players, even
// eager to deliver, take up to some 130 rounds to place them all.
const testRounds = 300

// playBy is playWith by the rules revision given. A game the rules have
// not ended after testRounds rounds stops there.
func playBy(t testing.TB, rules int, seed uint64, players int, options map[string]string, decide decide, check func(s *State, move int)) *State {
	t.Helper()
	r := engine.NewRNG(seed ^ 0xabcdef)
	s := newGameBy(t, rules, seed, players, options)
	for move := 0; !s.Over() && s.Round <= testRounds; move++ {
		pending := s.Pending()
		if len(pending) != 1 {
			t.Fatalf("seed %d: %d seats to act at %s", seed, len(pending), s.Phase())
		}
		act := decide(t, s, pending[0].Seat, &r)
		after, _, err := s.Apply(pending[0].Seat, act)
		if err != nil {
			t.Fatalf("seed %d, move %d: offered action %v refused: %v", seed, move, act, err)
		}
		s = after.(*State)
		if check != nil {
			check(s, move)
		}
	}
	return s
}

// quickRandomAction and randomAction make the same decisions from the same
// random numbers: stepping a copy forward offers the same choices, in the
// same order, as Choices. So the playouts play the games the public path
// would.
func TestQuickAndPublicDecisionsAgree(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		seed := uint64(players)
		var quick, public []string
		trace := func(states *[]string) func(*State, int) {
			return func(s *State, _ int) { *states = append(*states, string(mustEncode(t, s))) }
		}
		playWith(t, seed, players, nil, quickRandomAction, trace(&quick))
		playWith(t, seed, players, nil, randomAction, trace(&public))
		if !slices.Equal(quick, public) {
			t.Fatalf("%d players: the games part (%d and %d moves)", players, len(quick), len(public))
		}
	}
}

func mustEncode(t testing.TB, s engine.State) []byte {
	t.Helper()
	b, err := engine.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// alternatives are the options of seeded game g: every flagged reading of
// LA-VINA.md §4 is on in a third of the games, chosen by the seed's bits.
func alternatives(g int) map[string]string {
	if g%3 != 0 {
		return nil
	}
	keys := []string{OptionBoxChoice, OptionTwoPlayerMove, OptionShearsSameSide, OptionBootsAfterExit,
		OptionRememberTools, OptionBasketsPerSize, OptionWildcardOnly, OptionPublicScores}
	options := map[string]string{}
	for i, key := range keys {
		if (g/3)>>i&1 == 1 {
			options[key] = choiceOptions[key].values[1]
		}
	}
	return options
}

// TestRandomPlayouts plays seeded games at each player count by random
// legal choices, checking every invariant after every action: 200 games
// per count, 10,000 with -long, 50 with -short (enginetest.Games); a third of them with
// alternative readings, and every fourth by the first rules, the others
// by the latest. A game that no last barrel has ended after testRounds
// rounds stops there. Each count runs in two parallel halves.
func TestRandomPlayouts(t *testing.T) {
	// The playouts make many short-lived copies: let the heap grow further
	// between collections.
	old := debug.SetGCPercent(400)
	t.Cleanup(func() { debug.SetGCPercent(old) })
	games := enginetest.Games(10000)
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for half := range 2 {
			t.Run(fmt.Sprintf("%dp-half%d", players, half+1), func(t *testing.T) {
				t.Parallel()
				start, actions, rounds, ended, capped := time.Now(), 0, 0, 0, 0
				for g := half; g < games; g += 2 {
					seed := uint64(players*1_000_000 + g)
					rules := LatestRules
					if g%4 == 3 {
						rules = 0
					}
					s := playBy(t, rules, seed, players, alternatives(g), quickRandomAction, func(s *State, move int) {
						actions++
						if err := invariants(s); err != nil {
							t.Fatalf("seed %d, move %d (%s): %v", seed, move, s.Phase(), err)
						}
					})
					rounds += s.Round
					switch {
					case s.Ending:
						ended++
					case !s.Over():
						capped++
					}
				}
				n := (games + 1 - half) / 2
				el := time.Since(start)
				t.Logf("%d games in %v (%.0f games/s): %.1f actions, %.1f rounds on average; %d ended by a last barrel, %d stopped by the test's cap",
					n, el.Round(time.Millisecond), float64(n)/el.Seconds(), float64(actions)/float64(n), float64(rounds)/float64(n), ended, capped)
			})
		}
	}
}

// A fast playout (RandomPlayout) plays the game the public path would: its
// decisions replay through Apply to its final state, and it leaves the
// state it starts from as it was (enginetest.CheckPlayout). Playouts start
// from the setup and from every 25th move of random games at 2 to 5
// players, a third of them with alternative readings, and from samples.
func TestRandomPlayoutsReplayThroughApply(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for g := range 3 {
			seed := uint64(players*100 + g)
			r := engine.NewRNG(seed)
			enginetest.CheckPlayout(t, newGame(t, seed, players, alternatives(g)), &r)
			playWith(t, seed, players, alternatives(g), quickRandomAction, func(s *State, move int) {
				if move%25 == 0 && !s.Over() {
					enginetest.CheckPlayout(t, s, &r)
					enginetest.CheckPlayout(t, s.Sample(s.Pending()[0].Seat, &r), &r)
				}
			})
		}
	}
}

// A playout draws as enginetest.RandomGame, the public path's random player,
// does, from the same random numbers: a generator seeded alike plays the
// same decisions to the same end.
func TestPlayoutPlaysLikeRandomGame(t *testing.T) {
	type decision struct {
		seat engine.Seat
		act  string
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for g := range 2 {
			seed := uint64(players*10 + g)
			s := newGame(t, seed, players, alternatives(g*3))
			var fast, public []decision
			a, b := engine.NewRNG(seed), engine.NewRNG(seed)
			final := s.RandomPlayout(&a, func(seat engine.Seat, act engine.Action) { fast = append(fast, decision{seat, act.String()}) })
			want, err := enginetest.RandomGame(s, &b, func(seat engine.Seat, act engine.Action) { public = append(public, decision{seat, act.String()}) })
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(fast, public) || string(mustEncode(t, final)) != string(mustEncode(t, want)) {
				t.Fatalf("%d players, seed %d: the playout (%d decisions) and the public path (%d) play different games", players, seed, len(fast), len(public))
			}
		}
	}
}

// Only a last barrel ends a game, and random players may take hundreds
// of rounds to place them all: an AI's playout stops looking ahead after
// playoutRounds rounds and ranks the seats by an estimate of the prestige
// they would end with (State.Cut; TestCutLeadHoldsBetterNearTheEnd). Its decisions replay through Apply to
// the end of that round, where the game goes on: no rule ended it. A
// playout that a last barrel ends first plays the game the public path
// would (enginetest.CheckPlayout).
func TestPlayoutsCutTheirOwnLookAhead(t *testing.T) {
	cuts, ends := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		s := newGameBy(t, LatestRules, seed, 2+int(seed)%4, nil)
		r := engine.NewRNG(seed)
		var log []engine.Move
		final := s.RandomPlayout(&r, func(seat engine.Seat, a engine.Action) { log = append(log, engine.Move{Seat: seat, Action: a}) }).(*State)
		if !final.Over() || final.Round > 1+playoutRounds {
			t.Fatalf("seed %d: over %v in round %d", seed, final.Over(), final.Round)
		}
		if !final.Cut {
			ends++
			continue
		}
		cuts++
		if final.Round != 1+playoutRounds || final.Ending {
			t.Fatalf("seed %d: cut in round %d", seed, final.Round)
		}
		if ranking := final.Ranking(); len(ranking) != len(final.Seats) {
			t.Fatalf("seed %d: ranking %v", seed, ranking)
		}
		var replayed engine.State = s
		for _, m := range log {
			next, _, err := replayed.Apply(m.Seat, m.Action)
			if err != nil {
				t.Fatalf("seed %d: %v refused: %v", seed, m.Action, err)
			}
			replayed = next
		}
		if replayed.Over() || replayed.(*State).Round != final.Round+1 {
			t.Fatalf("seed %d: the replay stands at %s", seed, replayed.Phase())
		}
	}
	// From the last round of games by players eager to deliver, the
	// playouts end by the last barrel.
	for seed := uint64(1); seed <= 4; seed++ {
		r := engine.NewRNG(seed)
		playBy(t, LatestRules, seed, 1+int(seed), nil, quickRandomAction, func(s *State, _ int) {
			if s.Ending && !s.Over() {
				final := s.RandomPlayout(&r, nil).(*State)
				if final.Cut || !final.Over() {
					t.Fatalf("seed %d: a playout of the last round did not end by it", seed)
				}
				enginetest.CheckPlayout(t, s, &r)
				ends++
			}
		})
	}
	if cuts == 0 || ends == 0 {
		t.Fatalf("%d playouts cut, %d ended by a last barrel: the test sees one kind only", cuts, ends)
	}
}

// A steered playout asks its policy what each turn does and where each
// picker moves, and plays its picks: a 4-player game from its start asks
// some 900 times (877 with this seed), twice or more a turn.
func TestSteeredPlayoutsPlayThePolicysPicks(t *testing.T) {
	r := engine.NewRNG(1)
	enginetest.CheckSteering(t, newGame(t, 1, 4, alternatives(0)), &r, 400)
}

// A playout cut short ranks the seats by the prestige they might end
// with (State.projected): the game goes on until a seat places its last
// barrel, and every seat delivers meanwhile, a winery's last slot paying
// its seals. A seat 20 prestige ahead and one barrel from the end nearly
// always wins; the same lead with six barrels each to go often does not,
// where prestige alone ranked the leader first every time.
func TestCutLeadHoldsBetterNearTheEnd(t *testing.T) {
	wins := func(leaderBarrels int) int {
		x := newTableBy(t, LatestRules, 4, nil)
		for seat := range x.s.Seats {
			x.p(engine.Seat(seat)).Prestige, x.p(engine.Seat(seat)).Barrels = 22, 6
		}
		x.p(0).Prestige, x.p(0).Barrels = 42, leaderBarrels
		for i := range x.s.Wineries {
			if !x.s.Wineries[i].Card.Cooperative {
				x.s.Wineries[i].Seals = 10 // ten rounds in
			}
		}
		won := 0
		for seed := range uint64(200) {
			w := x.s.walker()
			w.RNG = engine.NewRNG(seed)
			w.cut()
			if !w.Over() || !w.Cut {
				t.Fatalf("a cut left the playout going: %s", w.Phase())
			}
			if w.Standings[0] == 0 {
				won++
			}
		}
		return won
	}
	near, far := wins(1), wins(6)
	t.Logf("the leader ranked first in %d of 200 cuts one barrel from the end, %d with six to go", near, far)
	if near < 180 || far > near-40 {
		t.Fatalf("the leader ranked first in %d of 200 cuts one barrel from the end, %d with six to go", near, far)
	}
}
