package enginetest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
)

// The contract must catch each way a game can break it: these are Nim,
// each with one flaw, and the check that must report it.

type flaw int

const (
	sound            flaw = iota
	ignoresTheSeed        // every seed sets up the same game
	remembersOutside      // Apply depends on something outside the state
	offersTooMuch         // Choices offers an answer Apply refuses
	touchedByRefusal      // a refused action changes the state
	forgetsOnDecode       // the encoding loses a field
	samplesShowMore       // a sample for an AI differs in what its seat sees
	samplesPeek           // a sample depends on what its seat cannot see
)

type flawedGame struct{ flaw flaw }

// flawed is a state of Nim with a flaw; Marks is part of its encoding,
// and so is Secret, which no seat sees.
type flawed struct {
	Nim    engine.State `json:"nim"`
	Marks  int          `json:"marks"`
	Secret int          `json:"secret,omitempty"`
	flaw   flaw
}

// View hides Secret.
func (f *flawed) View(engine.Seat) any {
	return struct {
		Nim   engine.State `json:"nim"`
		Marks int          `json:"marks"`
	}{f.Nim, f.Marks}
}

var outside int // what remembersOutside reads

func (g flawedGame) Name() string         { return "nim" }
func (g flawedGame) Title() string        { return "Flawed Nim" }
func (g flawedGame) Modes() []engine.Mode { return nim.Game{}.Modes() }

func (g flawedGame) New(setup engine.Setup) (engine.State, []engine.Event, error) {
	if g.flaw == ignoresTheSeed {
		setup.Seed = 1
	}
	s, events, err := nim.Game{}.New(setup)
	return &flawed{Nim: s, flaw: g.flaw}, events, err
}

func (g flawedGame) Decode(data []byte) (engine.State, error) {
	var raw struct {
		Nim   json.RawMessage `json:"nim"`
		Marks int             `json:"marks"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	s, err := nim.Game{}.Decode(raw.Nim)
	if g.flaw == forgetsOnDecode {
		raw.Marks = 0
	}
	return &flawed{Nim: s, Marks: raw.Marks, flaw: g.flaw}, err
}

func (f *flawed) Pending() []engine.Pending       { return f.Nim.Pending() }
func (f *flawed) Players() []engine.PlayerSummary { return f.Nim.Players() }
func (f *flawed) Phase() string                   { return f.Nim.Phase() }
func (f *flawed) Over() bool                      { return f.Nim.Over() }

func (f *flawed) Choices(seat engine.Seat, prefix engine.Action) (engine.Step, error) {
	step, err := f.Nim.Choices(seat, prefix)
	if f.flaw == offersTooMuch && err == nil && len(prefix) == 0 && !step.Complete {
		step.Choices = append(step.Choices, engine.Choice{ID: "bogus", Label: "Take from no pile"})
	}
	return step, err
}

func (f *flawed) Apply(seat engine.Seat, action engine.Action) (engine.State, []engine.Event, error) {
	next, events, err := f.Nim.Apply(seat, action)
	if err != nil {
		if f.flaw == touchedByRefusal {
			f.Marks++
		}
		return nil, nil, err
	}
	marks := f.Marks + 1
	if f.flaw == remembersOutside {
		outside++
		marks = outside
	}
	return &flawed{Nim: next, Marks: marks, flaw: f.flaw}, events, nil
}

// Sample draws nothing again (Nim hides nothing a seat cannot know) and
// forgets Secret, keeping the state as its seat sees it, but for the
// flaws: one shows more, the other carries the secret on.
func (f *flawed) Sample(engine.Seat, *engine.RNG) engine.State {
	c := *f
	c.Secret = 0
	switch f.flaw {
	case samplesShowMore:
		c.Marks++
	case samplesPeek:
		c.Secret = f.Secret + 1
	}
	return &c
}

func flawedConfig(f flaw) Config {
	return Config{Game: flawedGame{f}, Setups: []engine.Setup{{Game: "nim", Seed: 3, Players: []string{"Ana", "Bruno"}}}, Games: 3, Probe: 1}
}

// catcher is a tester that stops the check at its first report and keeps
// it.
type catcher struct{ report string }

type stopped struct{}

func (c *catcher) Helper()           {}
func (c *catcher) Fatal(args ...any) { c.Fatalf("%s", fmt.Sprint(args...)) }
func (c *catcher) Fatalf(format string, args ...any) {
	c.report = fmt.Sprintf(format, args...)
	panic(stopped{})
}

// caught runs a check and returns what it reported, "" if nothing.
func caught(check func(t tester)) (report string) {
	c := &catcher{}
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(stopped); !ok {
				panic(p)
			}
			report = c.report
		}
	}()
	check(c)
	return ""
}

// checks are the contract's checks, as Run makes them.
func checks(c Config) map[string]func(t tester) {
	return map[string]func(t tester){
		"same seed": func(t tester) { sameSeedSameGame(t, c) },
		"replay": func(t tester) {
			for _, s := range c.seeded() {
				replayEqualsPlay(t, c, s)
			}
		},
	}
}

func TestTheContractCatchesEachFlaw(t *testing.T) {
	for _, tc := range []struct {
		flaw  flaw
		check string
		says  string
	}{
		{ignoresTheSeed, "same seed", "the generator is not used"},
		{remembersOutside, "replay", "the replay of the log differs"},
		{offersTooMuch, "replay", "the choices after bogus"},
		{touchedByRefusal, "replay", "changed the state"},
		{forgetsOnDecode, "replay", "encodes differently"},
		{samplesShowMore, "replay", "shows that seat something else"},
		{samplesPeek, "replay", "depends on what that seat cannot see"},
	} {
		report := caught(checks(flawedConfig(tc.flaw))[tc.check])
		if !strings.Contains(report, tc.says) {
			t.Errorf("flaw %d: the %s check reported %q, want %q", tc.flaw, tc.check, report, tc.says)
		}
	}
}

func TestASoundGamePasses(t *testing.T) {
	for name, check := range checks(flawedConfig(sound)) {
		if report := caught(check); report != "" {
			t.Errorf("%s: %s", name, report)
		}
	}
}
