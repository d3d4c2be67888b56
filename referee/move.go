package referee

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// Play is one decision for a seat.
type Play struct {
	Seat   engine.Seat
	Action engine.Action
	// Interaction is the ID of the Discord interaction that sent the move,
	// and Typed a fingerprint of a typed command (empty for a click). With
	// them a move sent twice is applied once (AlreadyPlayed).
	Interaction string
	Typed       string
}

// MoveRequest is a decision to store.
type MoveRequest struct {
	Game string
	// Stamp is the moment of the game the decision was made at
	// (Game.Stamp); a game that has moved on refuses it with
	// adega.ErrStale.
	Stamp uint64
	Play
	Now time.Time
	// Post builds the message that announces the move. It is queued in
	// the move's own transaction, so a committed move is always announced.
	Post adega.PostFunc
	// Acked tells when the bot answered earlier moves' interactions, to
	// recognise a typed move sent twice (AlreadyPlayed).
	Acked AckedFunc
}

// MoveResult is the outcome of a change that was stored.
type MoveResult struct {
	Game *adega.Game
	// Added are the log entries the change made.
	Added []adega.LogEntry
}

// Events are the narration of the added entries, in order.
func (r *MoveResult) Events() []engine.Event {
	var events []engine.Event
	for _, e := range r.Added {
		events = append(events, e.Events...)
	}
	return events
}

// Move plays one action for a seat and stores it with the announcing post
// in one transaction. An engine refusal is returned as it is, and nothing
// is written. Decisions that then fall to seats the bot plays are the
// scheduler's (bot/remind): the waiting record asks it to play them.
func (r *Referee) Move(m MoveRequest) (*MoveResult, error) {
	g, err := r.store.LoadNarrated(m.Game)
	if err != nil {
		return nil, err
	}
	if err := r.AlreadyPlayed(g, m.Play, m.Acked); err != nil {
		return nil, err
	}
	if err := movable(g, m.Stamp); err != nil {
		return nil, err
	}
	next, events, err := g.State.Apply(m.Seat, m.Action)
	if err != nil {
		return nil, err
	}
	added := []adega.LogEntry{{Seat: m.Seat, Action: slices.Clone(m.Action), At: m.Now, Events: events,
		Interaction: m.Interaction, Typed: m.Typed}}
	return r.extend(g, next, added, m.Now, m.Post, nil)
}

// BotMoves stores decisions the bot made, for its own seats or for absent
// players, from the game at stamp (they were searched outside any
// transaction), with one announcing post. Its entries are marked Bot.
func (r *Referee) BotMoves(id string, stamp uint64, plays []Play, now time.Time, post adega.PostFunc) (*MoveResult, error) {
	g, err := r.store.LoadNarrated(id)
	if err != nil {
		return nil, err
	}
	if err := movable(g, stamp); err != nil {
		return nil, err
	}
	state := g.State
	var added []adega.LogEntry
	for _, p := range plays {
		next, events, err := state.Apply(p.Seat, p.Action)
		if err != nil {
			return nil, err
		}
		state = next
		added = append(added, adega.LogEntry{Seat: p.Seat, Action: slices.Clone(p.Action), At: now, Events: events, Bot: true})
	}
	return r.extend(g, state, added, now, post, nil)
}

// extend stores the game at state, reached by the added entries, as the
// successor of g; edit, if given, adjusts its metadata as stored.
func (r *Referee) extend(g *adega.Game, state engine.State, added []adega.LogEntry, now time.Time, post adega.PostFunc, edit func(*adega.Meta)) (*MoveResult, error) {
	next := g.Clone()
	next.State = state
	next.Log = append(next.Log, added...)
	next.Version = uint64(len(next.Log))
	return r.commit(g, next, now, post, edit)
}

// commit has the store write next, the successor of g, and says what it
// added to the log.
func (r *Referee) commit(g, next *adega.Game, now time.Time, post adega.PostFunc, edit func(*adega.Meta)) (*MoveResult, error) {
	stored, err := r.store.Commit(g, next, now, post, edit)
	if err != nil {
		return nil, err
	}
	return &MoveResult{Game: stored, Added: slices.Clone(stored.Log[min(len(g.Log), len(stored.Log)):])}, nil
}

// AckedFunc tells when the bot told the sender of an interaction that its
// move was played, if it did.
type AckedFunc func(interactionID string) (time.Time, bool)

// ackLead is how long after its acknowledgement a player is taken to know
// that their move was played: the answer's way back, and a glance.
const ackLead = time.Second

// AlreadyPlayed refuses a play that repeats a move of g's log (a refusal
// of code adega.CodeAlreadyPlayed): the same interaction, or the same
// typed command by the same seat, sent before its sender could know that
// the earlier copy was played (the answer to it, or a message showing
// it). Move checks it; the bot asks first, before it reads a typed command
// against a game its first copy has changed.
func (r *Referee) AlreadyPlayed(g *adega.Game, p Play, acked AckedFunc) error {
	if p.Interaction == "" {
		return nil
	}
	w, err := r.store.Waiting(g.ID)
	if err != nil {
		return err
	}
	k, ok := alreadyPlayed(g, w, p, acked)
	if !ok {
		return nil
	}
	if ng, err := r.store.Narrate(g); err == nil {
		g = ng // to say what the move did
	}
	return alreadyPlayedError(g.Log[k])
}

// alreadyPlayedError refuses a move that repeats e, saying what e did.
func alreadyPlayedError(e adega.LogEntry) error {
	what := e.Action.String()
	if len(e.Events) > 0 {
		what = e.Events[0].Text
	}
	return &engine.Error{Code: adega.CodeAlreadyPlayed, Message: "You already played that, and it counts once: " + what}
}

// movable checks that a game at stamp may take a move.
func movable(g *adega.Game, stamp uint64) error {
	if g.Stamp != stamp {
		return adega.ErrStale
	}
	if g.Meta.Status == adega.StatusAbandoned {
		return engine.Errorf(engine.CodeGameOver, "Game %s was abandoned.", g.ID)
	}
	return nil
}

// recentLog bounds how far back a move sent twice is looked for.
const recentLog = 64

// alreadyPlayed finds the index of the log entry that a play repeats.
func alreadyPlayed(g *adega.Game, w adega.WaitState, p Play, acked AckedFunc) (int, bool) {
	for k := len(g.Log) - 1; k >= max(0, len(g.Log)-recentLog); k-- {
		if g.Log[k].Interaction == p.Interaction {
			return k, true
		}
	}
	sent, ok := adega.SnowflakeTime(p.Interaction)
	if p.Typed == "" || !ok {
		return 0, false
	}
	// Only a copy of the seat's last command counts: a move made since
	// shows that its player knew. A command played in parts (a hidden tile
	// came up) marks its later parts "(part 2)", and so on.
	for k := len(g.Log) - 1; k >= max(0, len(g.Log)-recentLog); k-- {
		e := g.Log[k]
		if e.Seat != p.Seat || e.Bot {
			continue
		}
		if e.Typed != p.Typed && !strings.HasPrefix(e.Typed, p.Typed+" (part ") {
			return 0, false
		}
		if e.Typed == p.Typed {
			known, ok := knownAt(e, w, acked)
			return k, !ok || sent.Before(known)
		}
	}
	return 0, false
}

// knownAt is the earliest its player could know that move e was played:
// by the answer to its interaction, or by a message that showed the game
// at e's moment or later. Discord's IDs tell when Discord made them.
func knownAt(e adega.LogEntry, w adega.WaitState, acked AckedFunc) (time.Time, bool) {
	var at time.Time
	if acked != nil && e.Interaction != "" {
		if t, ok := acked(e.Interaction); ok {
			at = t.Add(ackLead)
		}
	}
	for _, seen := range w.Seen {
		if seen.Stamp < e.Stamp {
			continue
		}
		if t, ok := adega.SnowflakeTime(seen.MessageID); ok && (at.IsZero() || t.Before(at)) {
			at = t
		}
	}
	return at, !at.IsZero()
}

// Undo takes back the last n moves of the game at stamp and queues post's
// message with it. It never reverses a move: it replays the log without
// them, so the state is exactly what a fresh replay of the shorter log
// gives. A game the undone moves had finished becomes active again, and an
// open undo request is closed.
func (r *Referee) Undo(id string, stamp uint64, n int, now time.Time, post adega.PostFunc) (*MoveResult, error) {
	g, err := r.store.Load(id)
	if err != nil {
		return nil, err
	}
	if err := movable(g, stamp); err != nil {
		return nil, err
	}
	if n < 1 || n > len(g.Log) {
		return nil, engine.Errorf(engine.CodeIllegal, "There are only %d moves to take back.", len(g.Log))
	}
	game, err := r.store.Games().Lookup(g.Setup.Game)
	if err != nil {
		return nil, err
	}
	keep := len(g.Log) - n
	next := g.Clone()
	next.Log, next.Version, next.SnapshotMismatch = next.Log[:keep:keep], uint64(keep), false
	if err := next.Replay(game); err != nil {
		return nil, fmt.Errorf("referee: undo in game %s: %w", id, err)
	}
	return r.commit(g, next, now, post, func(m *adega.Meta) {
		m.Status, m.Undo = adega.StatusActive, nil
	})
}

// Reseat gives a seat to another user, or to the bot (to.Bot), at the
// game's moment stamp: a new moment, since the seat's decisions change
// hands. A seat given to the bot is played by the scheduler, at once if
// it must decide.
func (r *Referee) Reseat(id string, stamp uint64, seat engine.Seat, to adega.SeatUser, now time.Time, post adega.PostFunc) (*MoveResult, error) {
	g, err := r.store.LoadNarrated(id)
	if err != nil {
		return nil, err
	}
	if err := movable(g, stamp); err != nil {
		return nil, err
	}
	if int(seat) < 0 || int(seat) >= len(g.Meta.Seats) {
		return nil, engine.Errorf(engine.CodeIllegal, "There is no seat %d.", int(seat)+1)
	}
	to.Name = g.Meta.Seats[seat].Name
	g.Meta.Seats[seat] = to // the post reads the new seats
	return r.extend(g, g.State, nil, now, post, func(m *adega.Meta) { m.Seats[seat] = to })
}
