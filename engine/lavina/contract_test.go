package lavina

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// The same seed and log give the same game: replaying a played game's log
// ends in the same state, byte for byte, with the same events.
func TestReplayEqualsPlayAndIsDeterministic(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		setup := engine.Setup{Game: "lavina", Seed: uint64(40 + players), Players: names[:players]}
		st, _, err := Game{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		var log []engine.Move
		var played [][]engine.Event
		r := engine.NewRNG(7)
		for !st.Over() {
			seat := st.Pending()[0].Seat
			act := quickRandomAction(t, st, seat, &r)
			next, ev, err := st.Apply(seat, act)
			if err != nil {
				t.Fatal(err)
			}
			log = append(log, engine.Move{Seat: seat, Action: act})
			played = append(played, ev)
			st = next
		}
		for range 2 {
			again, events, err := engine.Replay(Game{}, setup, log)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(mustEncode(t, again), mustEncode(t, st)) {
				t.Fatalf("%d players: the replay ends elsewhere", players)
			}
			a, _ := json.Marshal(events)
			b, _ := json.Marshal(played)
			if !bytes.Equal(a, b) {
				t.Fatalf("%d players: the replay narrates differently", players)
			}
		}
	}
}

// A state's JSON decodes to a state that encodes the same and plays on the
// same: at every move of random games at each player count, paused turns
// included.
func TestJSONRoundTrip(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		r := engine.NewRNG(uint64(players))
		paused := 0
		playRandom(t, uint64(players*11), players, nil, func(s *State, move int) {
			data := mustEncode(t, s)
			back, err := Game{}.Decode(data)
			if err != nil {
				t.Fatalf("move %d: %v", move, err)
			}
			if again := mustEncode(t, back); !bytes.Equal(again, data) {
				t.Fatalf("move %d: the round trip changes the state:\n%s\n%s", move, data, again)
			}
			if s.Turn != nil {
				paused++
			}
			if s.Over() {
				return
			}
			seat := s.Pending()[0].Seat
			act := quickRandomAction(t, s, seat, &r)
			a, _, err1 := s.Apply(seat, act)
			b, _, err2 := back.Apply(seat, act)
			if err1 != nil || err2 != nil || !bytes.Equal(mustEncode(t, a), mustEncode(t, b)) {
				t.Fatalf("move %d: the decoded state plays %v differently (%v, %v)", move, act, err1, err2)
			}
		})
		if paused == 0 {
			t.Errorf("%d players: no turn paused at hidden information; the round trip of a paused turn is untested", players)
		}
	}
}

// A refused action changes nothing and says why, with a code.
func TestRefusalsLeaveTheStateAsItWas(t *testing.T) {
	s := newGame(t, 3, 3, nil)
	before := mustEncode(t, s)
	seat := s.Pending()[0].Seat
	for _, act := range []engine.Action{nil, {"done"}, {"nonsense"}, {"move", "s9-front"}, {"move", "exit", "deliver-1"}, {"take"}} {
		_, _, err := s.Apply(seat, act)
		if err == nil || engine.CodeOf(err) == "" || err.Error() == "" {
			t.Errorf("%v: %v", act, err)
		}
		if !bytes.Equal(before, mustEncode(t, s)) {
			t.Fatalf("%v changed the state", act)
		}
	}
	other := (seat + 1) % 3
	if _, _, err := s.Apply(other, engine.Action{"move", "exit"}); engine.CodeOf(err) != engine.CodeNotYourTurn || !strings.Contains(err.Error(), "farthest back") {
		t.Errorf("another seat's move: %v", err)
	}
}

// Game over: nobody acts, and every action is refused as such.
func TestNothingAfterTheEnd(t *testing.T) {
	s := playRandom(t, 5, 4, nil, nil)
	if len(s.Pending()) != 0 || len(s.Ranking()) != 4 || len(s.Outcome()) != 5 {
		t.Fatalf("pending %v, ranking %v, outcome %v", s.Pending(), s.Ranking(), s.Outcome())
	}
	if _, _, err := s.Apply(0, engine.Action{"move"}); engine.CodeOf(err) != engine.CodeGameOver {
		t.Fatalf("after the end: %v", err)
	}
}

// The game is registered under its contract names with one mode for 2 to 5
// players, and refuses other counts.
func TestGameContract(t *testing.T) {
	g := Game{}
	if g.Name() != "lavina" || g.Title() != "La Viña" || len(g.Modes()) != 1 || g.Modes()[0].MinPlayers != 2 || g.Modes()[0].MaxPlayers != 5 {
		t.Fatalf("%s %s %+v", g.Name(), g.Title(), g.Modes())
	}
	for _, n := range []int{1, 6} {
		if _, _, err := g.New(engine.Setup{Seed: 1, Players: make([]string, n)}); engine.CodeOf(err) != engine.CodeBadSetup {
			t.Errorf("%d players: %v", n, err)
		}
	}
}
