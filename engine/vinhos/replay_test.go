package vinhos

import (
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/adega-bot/adega/engine"
)

var update = flag.Bool("update", false, "rewrite the golden replay files")

// replayFile is a recorded game: its setup and log, and the final state and
// scores it must replay to.
type replayFile struct {
	Setup  engine.Setup    `json:"setup"`
	Log    []engine.Move   `json:"log"`
	Scores []int           `json:"scores"` // final VP by seat
	State  json.RawMessage `json:"state"`
}

// record plays a seeded random game and keeps its log.
func record(t *testing.T, setup engine.Setup) replayFile {
	st, _, err := Game{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRNG(setup.Seed)
	var log []engine.Move
	for !st.Over() {
		seat := st.Pending()[0].Seat
		act := randomAction(t, st, seat, &r)
		if st, _, err = st.Apply(seat, act); err != nil {
			t.Fatal(err)
		}
		log = append(log, engine.Move{Seat: seat, Action: act})
	}
	return replayFile{Setup: setup, Log: log, Scores: scores(st), State: mustEncode(t, st)}
}

func scores(st engine.State) []int {
	var out []int
	for _, p := range st.Players() {
		vp, _ := p.Stat("vp")
		out = append(out, vp)
	}
	return out
}

func mustEncode(t *testing.T, st engine.State) []byte {
	b, err := engine.Encode(st)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Recorded games replay from their logs to the same final state and
// scores. Run with -update to record them again after a deliberate rules
// change.
func TestGoldenReplays(t *testing.T) {
	for _, c := range []struct {
		name     string
		players  []string
		regions  string
		mode     string // the 2016 mode if empty
		variants string
	}{
		{"2p-first-play", []string{"Ana", "Bruno"}, "first-play", "", ""},
		{"3p-random", []string{"Ana", "Bruno", "Carla"}, "", "", ""},
		{"4p-all-regions", []string{"Ana", "Bruno", "Carla", "Duarte"}, "", "", ""},
		{"reserve-2p-first-play", []string{"Ana", "Bruno"}, "first-play", ModeReserve2010, ""},
		{"reserve-3p-maintenance", []string{"Ana", "Bruno", "Carla"}, "", ModeReserve2010, "maintenance"},
		{"reserve-4p-five-estates", []string{"Ana", "Bruno", "Carla", "Duarte"}, "", ModeReserve2010, "maintenance,five-estates"},
		{"first-edition-2p", []string{"Ana", "Bruno"}, "", ModeClassic2010, ""},
		{"first-edition-4p", []string{"Ana", "Bruno", "Carla", "Duarte"}, "", ModeClassic2010, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join("testdata", "replays", c.name+".json")
			if *update {
				setup := engine.Setup{Game: "vinhos", Rules: LatestRules, Mode: cmp.Or(c.mode, ModeSpecial2016), Seed: uint64(len(c.name)) * 1000,
					Players: c.players, Options: map[string]string{}}
				if c.regions != "" {
					setup.Options[OptionRegions] = c.regions
				}
				if c.variants != "" {
					setup.Options[OptionVariants] = c.variants
				}
				if len(setup.Options) == 0 {
					setup.Options = nil
				}
				data, err := json.MarshalIndent(record(t, setup), "", " ")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to record it)", err)
			}
			var golden replayFile
			if err := json.Unmarshal(data, &golden); err != nil {
				t.Fatal(err)
			}
			st, _, err := engine.Replay(Game{}, golden.Setup, golden.Log)
			if err != nil {
				t.Fatal(err)
			}
			if !st.Over() {
				t.Fatalf("the replay stops at %s", st.Phase())
			}
			if got := scores(st); fmt.Sprint(got) != fmt.Sprint(golden.Scores) {
				t.Errorf("scores %v, recorded %v", got, golden.Scores)
			}
			var want bytes.Buffer
			if err := json.Compact(&want, golden.State); err != nil {
				t.Fatal(err)
			}
			if got := mustEncode(t, st); !bytes.Equal(got, want.Bytes()) {
				t.Errorf("the replayed final state differs from the recorded one")
			}
		})
	}
}
