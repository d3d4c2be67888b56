package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/enginetest"
	"github.com/adega-bot/adega/engine/nim"
)

func newNim(t *testing.T, seed uint64) engine.State {
	t.Helper()
	s, _, err := nim.Game{}.New(engine.Setup{Game: "nim", Seed: seed, Players: []string{"Ana", "Bruno"}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func encode(t *testing.T, s engine.State) []byte {
	t.Helper()
	b, err := engine.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSameSeedSameGame(t *testing.T) {
	a, b := newNim(t, 42), newNim(t, 42)
	if !bytes.Equal(encode(t, a), encode(t, b)) {
		t.Fatal("two setups with one seed differ")
	}
	differs := false
	for seed := uint64(1); seed < 20 && !differs; seed++ {
		differs = !bytes.Equal(encode(t, a), encode(t, newNim(t, seed)))
	}
	if !differs {
		t.Fatal("every seed gives the same setup: the RNG is not used")
	}
}

func TestRNGSurvivesJSON(t *testing.T) {
	r := engine.NewRNG(7)
	r.IntN(10)
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back engine.RNG
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		if x, y := r.IntN(1000), back.IntN(1000); x != y {
			t.Fatalf("draw %d: original %d, restored %d", i, x, y)
		}
	}
}

func TestRefusedActionLeavesStateUnchanged(t *testing.T) {
	s := newNim(t, 3)
	before := encode(t, s)
	turn := s.Pending()[0].Seat
	cases := []struct {
		name string
		seat engine.Seat
		act  engine.Action
		code engine.Code
	}{
		{"wrong seat", 1 - turn, engine.Action{"p1", "1"}, engine.CodeNotYourTurn},
		{"unknown pile", turn, engine.Action{"p9", "1"}, engine.CodeUnknownChoice},
		{"too many", turn, engine.Action{"p1", "4"}, engine.CodeUnknownChoice},
		{"unfinished", turn, engine.Action{"p1"}, engine.CodeIncomplete},
		{"extra step", turn, engine.Action{"p1", "1", "1"}, engine.CodeUnknownChoice},
	}
	for _, c := range cases {
		_, _, err := s.Apply(c.seat, c.act)
		if got := engine.CodeOf(err); got != c.code {
			t.Errorf("%s: code %q (%v), want %q", c.name, got, err, c.code)
		}
		if err != nil && err.Error() == "" {
			t.Errorf("%s: empty message", c.name)
		}
		if !bytes.Equal(before, encode(t, s)) {
			t.Fatalf("%s: refused action changed the state", c.name)
		}
	}
}

// playRandom plays a game to its end by random legal choices and returns the log.
func playRandom(t *testing.T, s engine.State, r *engine.RNG) (engine.State, []engine.Move) {
	t.Helper()
	var log []engine.Move
	for !s.Over() {
		seat := s.Pending()[0].Seat
		var act engine.Action
		for {
			step, err := s.Choices(seat, act)
			if err != nil {
				t.Fatal(err)
			}
			if step.Complete {
				break
			}
			act = append(act, step.Choices[r.IntN(len(step.Choices))].ID)
		}
		next, events, err := s.Apply(seat, act)
		if err != nil {
			t.Fatalf("offered action %v refused: %v", act, err)
		}
		if len(events) == 0 {
			t.Fatal("an applied action narrated nothing")
		}
		s = next
		log = append(log, engine.Move{Seat: seat, Action: act})
	}
	return s, log
}

func TestReplayRebuildsTheSameState(t *testing.T) {
	r := engine.NewRNG(1)
	for seed := range uint64(200) {
		setup := engine.Setup{Game: "nim", Seed: seed, Players: []string{"Ana", "Bruno", "Carla"}}
		start, _, err := nim.Game{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		end, log := playRandom(t, start, &r)
		replayed, events, err := engine.Replay(nim.Game{}, setup, log)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != len(log) {
			t.Fatalf("%d event groups for %d moves", len(events), len(log))
		}
		if !bytes.Equal(encode(t, end), encode(t, replayed)) {
			t.Fatalf("seed %d: replay differs from the played game", seed)
		}
	}
}

func TestReplayReportsDivergence(t *testing.T) {
	setup := engine.Setup{Game: "nim", Seed: 5, Players: []string{"Ana", "Bruno"}}
	s, _, _ := nim.Game{}.New(setup)
	turn := s.Pending()[0].Seat
	log := []engine.Move{{Seat: turn, Action: engine.Action{"p1", "1"}}, {Seat: turn, Action: engine.Action{"p1", "1"}}}
	_, _, err := engine.Replay(nim.Game{}, setup, log)
	var div *engine.DivergenceError
	if !errors.As(err, &div) || div.Index != 1 || engine.CodeOf(err) != engine.CodeNotYourTurn {
		t.Fatalf("got %v, want a divergence at move 2 for the wrong seat", err)
	}
}

func TestStepFindAndFilter(t *testing.T) {
	step := engine.Step{Choices: []engine.Choice{
		{ID: "douro-red", Label: "Douro red vineyard, 4 Bagos"},
		{ID: "dao-white", Label: "Dão white vineyard, 3 Bagos"},
		{ID: "minho-red", Label: "Minho red vineyard, 2 Bagos"},
	}}
	if c, ok := step.Find("DAO-WHITE"); !ok || c.ID != "dao-white" {
		t.Errorf("Find by ID: %v %v", c, ok)
	}
	if c, ok := step.Find("minho red vineyard, 2 bagos"); !ok || c.ID != "minho-red" {
		t.Errorf("Find by label: %v %v", c, ok)
	}
	if _, ok := step.Find("alentejo"); ok {
		t.Error("Find accepted a choice that is not offered")
	}
	if got := step.Filter("red", 25); len(got) != 2 || got[0].ID != "douro-red" {
		t.Errorf("Filter red: %v", got)
	}
	if got := step.Filter("", 2); len(got) != 2 {
		t.Errorf("Filter caps at max: %v", got)
	}
}

func TestRegistry(t *testing.T) {
	reg := engine.NewRegistry(nim.Game{})
	if g, err := reg.Lookup("nim"); err != nil || g.Name() != "nim" {
		t.Fatalf("Lookup nim: %v %v", g, err)
	}
	if _, err := reg.Lookup("chess"); engine.CodeOf(err) != engine.CodeBadSetup {
		t.Fatalf("unknown game: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("registering a game twice did not panic")
		}
	}()
	engine.NewRegistry(nim.Game{}, nim.Game{})
}

func TestSetupChecksModeAndPlayers(t *testing.T) {
	for _, setup := range []engine.Setup{
		{Game: "nim", Players: []string{"Ana"}},
		{Game: "nim", Players: []string{"A", "B", "C", "D", "E"}},
		{Game: "nim", Mode: "blitz", Players: []string{"A", "B"}},
	} {
		if _, _, err := (nim.Game{}).New(setup); engine.CodeOf(err) != engine.CodeBadSetup {
			t.Errorf("%+v: got %v, want a bad-setup error", setup, err)
		}
	}
}

func TestResolveAndBuildReadOptionsByNameOrOrder(t *testing.T) {
	s := newNim(t, 3)
	seat := s.Pending()[0].Seat
	for _, c := range []struct {
		pos   []string
		named map[string]string
	}{
		{[]string{"p1", "2"}, nil},
		{nil, map[string]string{"pile": "p1", "count": "2"}},
		{[]string{"2"}, map[string]string{"pile": "Pile 1 (6 left)"}},
	} {
		act, err := enginetest.Build(s, seat, c.pos, c.named)
		if err != nil || act.String() != "p1 2" {
			t.Errorf("%v %v: got %q, %v", c.pos, c.named, act, err)
		}
	}
	act, next, err := engine.Resolve(s, seat, []string{"p2"}, nil)
	if err != nil || len(act) != 1 || next.Name != "count" || next.Complete {
		t.Errorf("partial: %q %+v %v", act, next, err)
	}
	if _, err := enginetest.Build(s, seat, []string{"p2"}, nil); engine.CodeOf(err) != engine.CodeIncomplete {
		t.Errorf("an unfinished action built: %v", err)
	}
	if _, err := enginetest.Build(s, seat, []string{"p1", "1"}, map[string]string{"colour": "red"}); engine.CodeOf(err) != engine.CodeUnknownChoice {
		t.Errorf("an unused option was accepted: %v", err)
	}
}

// A label may be typed by an unambiguous prefix or word, in any case; an
// ambiguous one is refused with the choices it could mean (issue 32).
func TestLabelsMatchByPrefixOrWord(t *testing.T) {
	s := newNim(t, 3)
	seat := s.Pending()[0].Seat
	for _, typed := range []string{"PILE 1", "pile 1 (6"} {
		if act, err := enginetest.Build(s, seat, []string{typed, "2"}, nil); err != nil || act.String() != "p1 2" {
			t.Errorf("%q: got %q, %v", typed, act, err)
		}
	}
	_, err := enginetest.Build(s, seat, []string{"pile", "2"}, nil)
	if engine.CodeOf(err) != engine.CodeUnknownChoice || !strings.HasPrefix(err.Error(), `"pile" could be any of: p1 (Pile 1`) {
		t.Errorf("an ambiguous label: %v", err)
	}
}

// An option whose name is a misspelling of the step it meant is named
// before the step it left missing (issue 32).
func TestMisspelledOptionIsNamedFirst(t *testing.T) {
	s := newNim(t, 3)
	seat := s.Pending()[0].Seat
	_, err := enginetest.Build(s, seat, nil, map[string]string{"pyle": "p1", "count": "2"})
	if engine.CodeOf(err) != engine.CodeUnknownChoice || !strings.HasPrefix(err.Error(), "There is no option pyle: here; did you mean pile:?") {
		t.Errorf("got %v", err)
	}
}

func TestAutoPlaysWholeGames(t *testing.T) {
	s := newNim(t, 11)
	for moves := 0; !s.Over(); moves++ {
		seat := s.Pending()[0].Seat
		act, err := engine.Auto(s, seat)
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = s.Apply(seat, act); err != nil {
			t.Fatalf("the automatic move %v was refused: %v", act, err)
		}
		if moves > 100 {
			t.Fatal("automatic play does not end")
		}
	}
	fresh := newNim(t, 11)
	if _, ok, err := engine.Skip(fresh, fresh.Pending()[0].Seat); ok || err != nil {
		t.Fatalf("nim has no pass, yet Skip found one (%v)", err)
	}
}
