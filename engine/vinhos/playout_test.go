package vinhos

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
	"github.com/adega-bot/adega/engine/steps/stepstest"
)

// randomAction builds a whole decision for seat by random legal choices,
// listing each step through Choices as a player's menu does.
func randomAction(t testing.TB, s engine.State, seat engine.Seat, r *engine.RNG) engine.Action {
	t.Helper()
	return completeRandomly(t, s, seat, nil, r)
}

// quickRandomAction builds a decision by random legal choices like
// randomAction, but steps one copy forward instead of listing each step
// through Choices from the start: the same options, found in linear time.
func quickRandomAction(t testing.TB, s *State, seat engine.Seat, r *engine.RNG) engine.Action {
	t.Helper()
	c := s.walker()
	c.Quiet, c.NoLabels = true, true
	return stepstest.Decide(t, machine, c, seat, func(choices []engine.Choice) engine.Choice { return choices[r.IntN(len(choices))] })
}

// decide builds a random legal decision for a seat.
type decide func(t testing.TB, s engine.State, seat engine.Seat, r *engine.RNG) engine.Action

// quickDecision is quickRandomAction as a decide.
func quickDecision(t testing.TB, s engine.State, seat engine.Seat, r *engine.RNG) engine.Action {
	return quickRandomAction(t, s.(*State), seat, r)
}

// playRandom plays a seeded game to its end, calling check after each move.
// One player plays solo against Lacerda. Each decision is built by
// quickRandomAction, stepping a copy of the state forward.
func playRandom(t testing.TB, seed uint64, players int, check func(s *State, move int)) *State {
	t.Helper()
	return playWith(t, seed, players, quickDecision, check)
}

// playWith is playRandom with the decisions built by decide.
func playWith(t testing.TB, seed uint64, players int, decide decide, check func(s *State, move int)) *State {
	t.Helper()
	return playOut(t, newRandomGame(t, seed, players), seed, decide, check)
}

// playOut plays st to its end with the decisions decide builds from the
// seed's generator, calling check after each move.
func playOut(t testing.TB, st engine.State, seed uint64, decide decide, check func(s *State, move int)) *State {
	t.Helper()
	r := randomGameRNG(seed)
	return enginetest.Play(t, st, 2000, func(st engine.State) (engine.Seat, engine.Action) {
		pending := st.Pending()
		if len(pending) == 0 {
			t.Fatalf("seed %d: nobody to act at %s", seed, st.Phase())
		}
		seat := pending[r.IntN(len(pending))].Seat
		return seat, decide(t, st, seat, &r)
	}, func(st engine.State, move int) {
		if check != nil {
			check(st.(*State), move)
		}
	}).(*State)
}

// newRandomGame sets up the seeded game that playWith plays. One player
// plays solo against Lacerda.
func newRandomGame(t testing.TB, seed uint64, players int) engine.State {
	t.Helper()
	setup := engine.Setup{Game: "vinhos", Rules: LatestRules, Seed: seed, Players: []string{"Ana", "Bruno", "Carla", "Duarte"}[:players]}
	if players == 1 {
		setup.Mode = ModeSolo
	}
	st, _, err := Game{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// randomGameRNG is the generator of playWith's random decisions.
func randomGameRNG(seed uint64) engine.RNG { return engine.NewRNG(seed ^ 0xabcdef) }

// A playout's decisions, random or steered by a policy, are each one
// Choices offers, and they replay through Apply to the same final state,
// byte for byte; the state it starts from is left as it was. Playouts
// start from the setup and from every 30th move of public games, solo and
// with 2 to 4 players.
func TestRandomPlayoutsReplayThroughApply(t *testing.T) {
	for players := 1; players <= 4; players++ {
		for seed := uint64(0); seed < 4; seed++ {
			r := engine.NewRNG(seed)
			enginetest.CheckPlayout(t, newRandomGame(t, seed, players), &r)
			playWith(t, seed, players, randomAction, func(s *State, move int) {
				if move%30 == 0 {
					r := engine.NewRNG(seed*10_000 + uint64(move))
					enginetest.CheckPlayout(t, s, &r)
				}
			})
		}
	}
}

// A steered playout asks its policy for the action of every turn, from
// the spaces a player may move to, and plays the pick: a solo game from
// its start asks at least twice a year for six years.
func TestSteeredPlayoutsPlayThePolicysPicks(t *testing.T) {
	r := engine.NewRNG(1)
	enginetest.CheckSteering(t, newRandomGame(t, 3, 1), &r, 12)
}

// quickRandomAction and randomAction make the same decisions from the same
// random numbers: stepping a copy forward offers the same choices, in the
// same order, as Choices. So the playout tests play the games the public
// path would, and BenchmarkRandomGame4p and BenchmarkPublicGame4p time the
// same games.
func TestQuickAndPublicDecisionsAgree(t *testing.T) {
	for seed := uint64(0); seed < 3; seed++ {
		var quick, public []string
		trace := func(states *[]string) func(*State, int) {
			return func(s *State, _ int) { *states = append(*states, string(mustEncode(t, s))) }
		}
		playWith(t, seed, 4, quickDecision, trace(&quick))
		playWith(t, seed, 4, randomAction, trace(&public))
		for k := range max(len(quick), len(public)) {
			if k >= len(quick) || k >= len(public) || quick[k] != public[k] {
				t.Fatalf("seed %d: the games part at move %d (%d and %d moves)", seed, k, len(quick), len(public))
			}
		}
	}
}

// holdInvariants is the check of a random playout: every invariant holds
// after every action of the seeded game. It counts the actions in actions.
func holdInvariants(t testing.TB, seed uint64, actions *int) func(s *State, move int) {
	return func(s *State, move int) {
		*actions++
		if err := invariants(s); err != nil {
			t.Fatalf("seed %d, move %d (%s): %v", seed, move, s.Phase(), err)
		}
	}
}

// TestRandomPlayouts plays seeded games at each player count by random
// legal choices, checking every invariant after every action: 200 per
// count, 10,000 with -long, 50 with -short (enginetest.Games). Each count
// runs in two parallel halves.
func TestRandomPlayouts(t *testing.T) {
	games := enginetest.Games(10000)
	for players := 2; players <= 4; players++ {
		for half := range 2 {
			t.Run(fmt.Sprintf("%dp-half%d", players, half+1), func(t *testing.T) {
				t.Parallel()
				winning, actions := 0, 0
				for g := half; g < games; g += 2 {
					seed := uint64(players*1_000_000 + g)
					s := playRandom(t, seed, players, holdInvariants(t, seed, &actions))
					winning += s.Seats[s.Final.Ranking[0]].VP
				}
				n := (games + 1 - half) / 2
				t.Logf("%d games, %.1f actions and %.1f winning VP on average", n, float64(actions)/float64(n), float64(winning)/float64(n))
			})
		}
	}
}

// TestRandomSoloPlayouts plays seeded solo games by random legal choices,
// checking every invariant after every action, as many as
// TestRandomPlayouts plays at a count, in two parallel halves. Once both are done it logs how the games ended: the
// accolades and titles, how often each criterion was met, and Lacerda's VP.
func TestRandomSoloPlayouts(t *testing.T) {
	games := enginetest.Games(10000)
	var (
		mu  sync.Mutex
		all soloStats
	)
	t.Cleanup(func() { all.log(t) })
	for half := range 2 {
		t.Run(fmt.Sprintf("half%d", half+1), func(t *testing.T) {
			t.Parallel()
			var st soloStats
			start := time.Now()
			for g := half; g < games; g += 2 {
				seed := uint64(1_000_000 + g)
				s := playRandom(t, seed, 1, holdInvariants(t, seed, &st.actions))
				st.add(s)
			}
			st.elapsed = time.Since(start)
			mu.Lock()
			defer mu.Unlock()
			all = all.merge(st)
		})
	}
}

// soloStats gathers the outcomes of solo playouts.
type soloStats struct {
	actions   int
	elapsed   time.Duration
	accolades []int
	lacerdaVP []int
	playerVP  int
	titles    map[string]int
	criteria  map[string]int
}

func (st *soloStats) add(s *State) {
	sc := s.SoloScore()
	if st.titles == nil {
		st.titles, st.criteria = map[string]int{}, map[string]int{}
	}
	st.accolades = append(st.accolades, sc.Total)
	st.lacerdaVP = append(st.lacerdaVP, s.Seats[LacerdaSeat].VP)
	st.playerVP += s.Seats[SoloSeat].VP
	st.titles[sc.Title]++
	for a, n := range sc.Accolades {
		if n > 0 {
			st.criteria[Accolade(a).String()]++
		}
	}
}

// log reports the games' outcomes; elapsed is summed over the halves, so
// the time per game is one core's.
func (st soloStats) log(t *testing.T) {
	n := len(st.accolades)
	if n == 0 {
		return
	}
	histogram := map[int]int{}
	for _, a := range st.accolades {
		histogram[a]++
	}
	vp := slices.Sorted(slices.Values(st.lacerdaVP))
	t.Logf("%d solo games, %.1f actions and %v per game", n, float64(st.actions)/float64(n), st.elapsed/time.Duration(n))
	t.Logf("accolades: %v (accolades: games)", histogram)
	t.Logf("titles: %v", st.titles)
	t.Logf("criteria met: %v (games)", st.criteria)
	t.Logf("Lacerda's VP: min %d, median %d, max %d; the player's VP: mean %.1f", vp[0], vp[n/2], vp[n-1], float64(st.playerVP)/float64(n))
}

func (st soloStats) merge(o soloStats) soloStats {
	out := soloStats{actions: st.actions + o.actions, elapsed: st.elapsed + o.elapsed, playerVP: st.playerVP + o.playerVP,
		accolades: append(st.accolades, o.accolades...), lacerdaVP: append(st.lacerdaVP, o.lacerdaVP...),
		titles: map[string]int{}, criteria: map[string]int{}}
	for _, m := range []soloStats{st, o} {
		for k, v := range m.titles {
			out.titles[k] += v
		}
		for k, v := range m.criteria {
			out.criteria[k] += v
		}
	}
	return out
}

// A playout's Press Release makes the Fair Points it can, where a random
// one would seldom win a Fair: SV p. 12's Orange, at the Pass space,
// presses rather than passes, presents her Douro red (value 8 before
// cubes) rather than her Minho white 2, with both Douro cubes, takes the
// Fair Points booth and sends her Aroma Expert. The steps that score no
// Fair Points at once (the order slot, the Magnates' barrels) stay random.
func TestPlayoutPressReleaseMakesTheMostFairPoints(t *testing.T) {
	x := newExample(t, 4, 1, orange, yellow, blue, purple)
	o := x.p(orange)
	o.Cell = CellBL
	o.Estates[0] = Estate{Region: Douro, Color: Red, Vineyards: 1, Cellar: true, Wines: wines(Wine{}, Wine{}, Wine{}, red(3))}
	o.Estates[1] = Estate{Region: Minho, Color: White, Vineyards: 1, Wines: wines(white(2))}
	x.s.Regions[Douro].Cubes = 2
	x.give(orange, x.expertID(Aroma, ExpertCash))

	c := x.s.walker()
	c.Quiet, c.NoLabels = true, true
	var took []string
	for _, step := range []string{"pass@c", "order-1"} {
		st, _, err := machine.Next(c, orange)
		if err != nil {
			t.Fatal(err)
		}
		machine.Answer(c, st, st.Opts[slices.IndexFunc(st.Opts, func(o option) bool { return o.ID == step })])
	}
	for {
		st, done, err := machine.Next(c, orange)
		if err != nil {
			t.Fatal(err)
		}
		if done || c.preferred(orange, st) < 0 {
			break
		}
		o := st.Opts[c.preferred(orange, st)]
		took = append(took, o.ID)
		machine.Answer(c, st, o)
	}
	eq(t, "the playout's Press Release", took, []string{"press", "w1-4", "cubes-2", "booth-4", "expert-aroma-cash"})
	eq(t, "Orange's Fair Points", c.Seats[orange].FairPoints, 10+3+1)
}
