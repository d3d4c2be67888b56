// Package enginetest is the contract every game keeps, as tests each game's
// own package runs: Run plays seeded random games through the public API
// and checks what the bot relies on, and Fuzz feeds Apply arbitrary
// actions. A game passes both before it is registered.
package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// Config is what the contract plays.
type Config struct {
	Game engine.Game
	// Setups are the tables to play (modes, player counts, options); each
	// is played with Games seeds from its own.
	Setups []engine.Setup
	// Games is how many seeded games each setup plays (default 10).
	Games int
	// Probe is every how many decisions the costlier checks run (every
	// offered first choice applies; refusals change nothing): default 10.
	Probe int
	// Invariants, if set, checks a state after every action: money never
	// negative, components conserved, as the game defines them.
	Invariants func(engine.State) error
	// Seeds are inputs Fuzz starts from besides its own: actions the game
	// knows reach deep.
	Seeds []string
}

func (c Config) games() int { return orDefault(c.Games, 10) }
func (c Config) probe() int { return orDefault(c.Probe, 10) }

func orDefault(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

// tester is what the checks need of a testing.TB, so that the contract's
// own tests can catch what it reports about a game made to break it.
type tester interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// Run checks the contract on seeded random games of every setup.
func Run(t *testing.T, c Config) {
	t.Run("SameSeedSameGame", func(t *testing.T) { sameSeedSameGame(t, c) })
	t.Run("ReplayEqualsPlay", func(t *testing.T) {
		for _, setup := range c.seeded() {
			replayEqualsPlay(t, c, setup)
		}
	})
}

// seeded is every setup with each of its seeds.
func (c Config) seeded() []engine.Setup {
	var out []engine.Setup
	for _, s := range c.Setups {
		for k := range uint64(c.games()) {
			s.Seed += k
			out = append(out, s)
		}
	}
	return out
}

func newState(t tester, c Config, setup engine.Setup) engine.State {
	t.Helper()
	s, events, err := c.Game.New(setup)
	if err != nil {
		t.Fatalf("%s: %v", describe(setup), err)
	}
	if len(events) == 0 {
		t.Fatalf("%s: the setup narrates nothing", describe(setup))
	}
	return s
}

func describe(s engine.Setup) string {
	return fmt.Sprintf("%s %s, %d players, seed %d", s.Game, s.Mode, len(s.Players), s.Seed)
}

func encode(t tester, s engine.State) []byte {
	t.Helper()
	b, err := engine.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sameSeedSameGame: one seed sets one game up, and the seed matters.
func sameSeedSameGame(t tester, c Config) {
	for _, setup := range c.Setups {
		a, b := encode(t, newState(t, c, setup)), encode(t, newState(t, c, setup))
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: two setups with one seed differ", describe(setup))
		}
		differs := false
		for k := uint64(1); k <= 20 && !differs; k++ {
			other := setup
			other.Seed += k
			differs = !bytes.Equal(a, encode(t, newState(t, c, other)))
		}
		if !differs {
			t.Fatalf("%s: twenty seeds set up the same game: the generator is not used", describe(setup))
		}
	}
}

// replayEqualsPlay plays a game by random legal choices, checking the
// choices offered and refused along the way, then replays its log and
// decodes its encoding: all three give the same state.
func replayEqualsPlay(t tester, c Config, setup engine.Setup) {
	s := newState(t, c, setup)
	rng := engine.NewRNG(setup.Seed)
	var log []engine.Move
	for decisions := 0; !s.Over(); decisions++ {
		if decisions > 20000 {
			t.Fatalf("%s: no end after %d decisions", describe(setup), decisions)
		}
		pending := s.Pending()
		if len(pending) == 0 {
			t.Fatalf("%s: the game is not over and nobody must decide (%s)", describe(setup), s.Phase())
		}
		seat := pending[rng.IntN(len(pending))].Seat
		if decisions%c.probe() == 0 {
			everyFirstChoiceApplies(t, s, seat, &rng)
			refusalsChangeNothing(t, s, seat, &rng)
			decodesToItself(t, c, s)
			samplesKeepTheView(t, s, &rng)
		}
		act := complete(t, s, seat, nil, &rng)
		next, events, err := s.Apply(seat, act)
		if err != nil {
			t.Fatalf("%s, %s: the offered action %v is refused: %v", describe(setup), s.Phase(), act, err)
		}
		if len(events) == 0 {
			t.Fatalf("%s, %s: %v narrates nothing", describe(setup), s.Phase(), act)
		}
		if c.Invariants != nil {
			if err := c.Invariants(next); err != nil {
				t.Fatalf("%s, after %v: %v", describe(setup), act, err)
			}
		}
		s = next
		log = append(log, engine.Move{Seat: seat, Action: act})
	}
	replayed, _, err := engine.Replay(c.Game, setup, log)
	if err != nil {
		t.Fatalf("%s: %v", describe(setup), err)
	}
	if !bytes.Equal(encode(t, s), encode(t, replayed)) {
		t.Fatalf("%s: the replay of the log differs from the game played", describe(setup))
	}
	decodesToItself(t, c, s)
}

// complete finishes a decision from prefix by random offered choices.
func complete(t tester, s engine.State, seat engine.Seat, prefix engine.Action, rng *engine.RNG) engine.Action {
	t.Helper()
	act := append(engine.Action(nil), prefix...)
	for {
		step, err := s.Choices(seat, act)
		if err != nil {
			t.Fatalf("%s: the choices after %v: %v", s.Phase(), act, err)
		}
		if step.Complete {
			return act
		}
		if len(step.Choices) == 0 {
			t.Fatalf("%s: the step %q after %v offers nothing: a dead end", s.Phase(), step.Prompt, act)
		}
		act = append(act, step.Choices[rng.IntN(len(step.Choices))].ID)
	}
}

// everyFirstChoiceApplies completes each first choice offered and applies
// it: nothing offered leads to a refusal.
func everyFirstChoiceApplies(t tester, s engine.State, seat engine.Seat, rng *engine.RNG) {
	t.Helper()
	step, err := s.Choices(seat, nil)
	if err != nil || step.Complete {
		return
	}
	for _, ch := range step.Choices {
		act := complete(t, s, seat, engine.Action{ch.ID}, rng)
		if _, _, err := s.Apply(seat, act); err != nil {
			t.Fatalf("%s: the offered %v is refused: %v", s.Phase(), act, err)
		}
	}
}

// refusalsChangeNothing tries actions nobody offered: an unknown choice,
// an unfinished decision, a step too many, a seat with nothing to decide.
// Each is refused with a code and a message, and the state stays byte
// for byte as it was.
func refusalsChangeNothing(t tester, s engine.State, seat engine.Seat, rng *engine.RNG) {
	t.Helper()
	before := encode(t, s)
	step, err := s.Choices(seat, nil)
	if err != nil {
		t.Fatal(err)
	}
	type try struct {
		seat engine.Seat
		act  engine.Action
	}
	tries := map[string]try{"an unknown choice": {seat, engine.Action{"no-such-choice"}}}
	if !step.Complete && len(step.Choices) > 0 {
		first := engine.Action{step.Choices[0].ID}
		if next, err := s.Choices(seat, first); err == nil && !next.Complete {
			tries["an unfinished decision"] = try{seat, first}
		}
		tries["a step too many"] = try{seat, append(complete(t, s, seat, first, rng), "one-more")}
	}
	for k := range len(s.Players()) {
		if other := engine.Seat(k); !engine.MustDecide(s, other) {
			tries["a seat with nothing to decide"] = try{other, engine.Action{"no-such-choice"}}
			break
		}
	}
	for what, try := range tries {
		_, _, err := s.Apply(try.seat, try.act)
		if err == nil {
			t.Fatalf("%s: %s (%v) was accepted", s.Phase(), what, try.act)
		}
		if engine.CodeOf(err) == "" || strings.TrimSpace(err.Error()) == "" {
			t.Fatalf("%s: %s is refused without a code or a message: %v", s.Phase(), what, err)
		}
		if !bytes.Equal(before, encode(t, s)) {
			t.Fatalf("%s: refusing %s changed the state", s.Phase(), what)
		}
	}
}

// decodesToItself: a state's encoding decodes to the same state, which is
// how snapshots and exports keep it.
func decodesToItself(t tester, c Config, s engine.State) {
	t.Helper()
	b := encode(t, s)
	back, err := c.Game.Decode(b)
	if err != nil {
		t.Fatalf("%s: decoding its own encoding: %v", s.Phase(), err)
	}
	if !bytes.Equal(b, encode(t, back)) {
		t.Fatalf("%s: the decoded state encodes differently", s.Phase())
	}
}

// samplesKeepTheView: a game that draws its hidden parts again for an AI
// (engine.Sampler) keeps all that a seat may see: the seat's view of a
// sample is, byte for byte, its view of the state. A sample depends on
// nothing else: a sample of the sample, from the same random numbers, is
// the sample of the state. And it plays on: its pending seat's random
// decision applies. So the AI, which searches samples, decides from
// nothing its seat cannot see.
func samplesKeepTheView(t tester, s engine.State, rng *engine.RNG) {
	t.Helper()
	sampler, ok := s.(engine.Sampler)
	if !ok {
		return
	}
	for k := range len(s.Players()) {
		seat := engine.Seat(k)
		want, err := json.Marshal(engine.SeatView(s, seat))
		if err != nil {
			t.Fatal(err)
		}
		sample := sampler.Sample(seat, rng)
		got, err := json.Marshal(engine.SeatView(sample, seat))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(want, got) {
			t.Fatalf("%s: a sample for seat %d shows that seat something else", s.Phase(), k)
		}
		n := rng.Uint64()
		a, b := engine.NewRNG(n), engine.NewRNG(n)
		if !bytes.Equal(encode(t, sampler.Sample(seat, &a)), encode(t, sample.(engine.Sampler).Sample(seat, &b))) {
			t.Fatalf("%s: a sample for seat %d depends on what that seat cannot see", s.Phase(), k)
		}
		if pending := sample.Pending(); len(pending) > 0 {
			mover := pending[0].Seat
			if _, _, err := sample.Apply(mover, complete(t, sample, mover, nil, rng)); err != nil {
				t.Fatalf("%s: a sample for seat %d does not play on: %v", s.Phase(), k, err)
			}
		}
	}
}
