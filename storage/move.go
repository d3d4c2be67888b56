package storage

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega/engine"
)

// A move is computed outside the database's single writer: the game is
// read (from the cache, or by replay), the engine applies the action, and
// everything is encoded; the write transaction then only checks that the
// game is still at the moment the move was made from (its stamp) and
// writes. Moves on different games therefore run in parallel, and a move
// that lost a race is refused as stale with nothing written.

// Play is one decision for a seat.
type Play struct {
	Seat   engine.Seat
	Action engine.Action
	// Interaction is the ID of the Discord interaction that sent the move,
	// and Typed a fingerprint of a typed command (empty for a click). With
	// them a move sent twice is applied once (AlreadyPlayedError).
	Interaction string
	Typed       string
}

// MoveRequest is a decision to store.
type MoveRequest struct {
	Game string
	// Stamp is the moment of the game the decision was made at
	// (Game.Stamp); a game that has moved on refuses it with *StaleError.
	Stamp uint64
	Play
	Now time.Time
	// Post builds the message that announces the move. It is queued in
	// the move's own transaction, so a committed move is always announced.
	Post PostFunc
	// Acked tells when the bot answered earlier moves' interactions, to
	// recognise a typed move sent twice (AlreadyPlayed).
	Acked AckedFunc
}

// MoveResult is the outcome of a change that was stored.
type MoveResult struct {
	Game *Game
	// Added are the log entries the change made.
	Added []LogEntry
}

// Events are the narration of the added entries, in order.
func (r *MoveResult) Events() []engine.Event {
	var events []engine.Event
	for _, e := range r.Added {
		events = append(events, e.Events...)
	}
	return events
}

// AlreadyPlayedError refuses a move that was played already: the same
// interaction delivered twice, or the same typed command sent again before
// its sender could have seen it played.
type AlreadyPlayedError struct {
	Entry LogEntry // the move as it was played
}

func (e *AlreadyPlayedError) Error() string {
	what := e.Entry.Action.String()
	if len(e.Entry.Events) > 0 {
		what = e.Entry.Events[0].Text
	}
	return "You already played that, and it counts once: " + what
}

// Move plays one action for a seat and stores it with the announcing post
// in one transaction. An engine refusal is returned as it is, and nothing
// is written. Decisions that then fall to seats the bot plays are the
// scheduler's (bot/remind): the waiting record asks it to play them.
func (s *Store) Move(m MoveRequest) (*MoveResult, error) {
	g, err := s.loadNarrated(m.Game)
	if err != nil {
		return nil, err
	}
	if err := s.AlreadyPlayed(g, m.Play, m.Acked); err != nil {
		return nil, err
	}
	if err := movable(g, m.Stamp); err != nil {
		return nil, err
	}
	next, events, err := g.State.Apply(m.Seat, m.Action)
	if err != nil {
		return nil, err
	}
	added := []LogEntry{{Seat: m.Seat, Action: slices.Clone(m.Action), At: m.Now, Events: events,
		Interaction: m.Interaction, Typed: m.Typed}}
	return s.extend(g, next, added, m.Now, m.Post, nil)
}

// BotMoves stores decisions the bot made, for its own seats or for absent
// players, from the game at stamp (they were searched outside any
// transaction), with one announcing post. Its entries are marked Bot.
func (s *Store) BotMoves(id string, stamp uint64, plays []Play, now time.Time, post PostFunc) (*MoveResult, error) {
	g, err := s.loadNarrated(id)
	if err != nil {
		return nil, err
	}
	if err := movable(g, stamp); err != nil {
		return nil, err
	}
	state := g.State
	var added []LogEntry
	for _, p := range plays {
		next, events, err := state.Apply(p.Seat, p.Action)
		if err != nil {
			return nil, err
		}
		state = next
		added = append(added, LogEntry{Seat: p.Seat, Action: slices.Clone(p.Action), At: now, Events: events, Bot: true})
	}
	return s.extend(g, state, added, now, post, nil)
}

// loadNarrated loads a game for a change, whose message tells what happened
// since each player's last move: the newest moves' events, which are kept
// with the game. Only a game stored before they were is narrated by
// replaying its log, once.
func (s *Store) loadNarrated(id string) (*Game, error) {
	g, err := s.Load(id)
	if err != nil || g.narratedRecently() {
		return g, err
	}
	return s.Narrate(g)
}

// AckedFunc tells when the bot told the sender of an interaction that its
// move was played, if it did.
type AckedFunc func(interactionID string) (time.Time, bool)

// ackLead is how long after its acknowledgement a player is taken to know
// that their move was played: the answer's way back, and a glance.
const ackLead = time.Second

// AlreadyPlayed refuses with *AlreadyPlayedError a play that repeats a move
// of g's log: the same interaction, or the same typed command by the same
// seat, sent before its sender could know that the earlier copy was played
// (the answer to it, or a message showing it). Move checks it; the bot
// asks first, before it reads a typed command against a game its first
// copy has changed.
func (s *Store) AlreadyPlayed(g *Game, p Play, acked AckedFunc) error {
	if p.Interaction == "" {
		return nil
	}
	w, err := s.Waiting(g.ID)
	if err != nil {
		return err
	}
	k, ok := alreadyPlayed(g, w, p, acked)
	if !ok {
		return nil
	}
	if ng, err := s.Narrate(g); err == nil {
		g = ng // to say what the move did
	}
	return &AlreadyPlayedError{Entry: g.Log[k]}
}

// movable checks that a game at stamp may take a move.
func movable(g *Game, stamp uint64) error {
	if g.Stamp != stamp {
		return &StaleError{Have: g.Stamp, Want: stamp}
	}
	if g.Meta.Status == StatusAbandoned {
		return engine.Errorf(engine.CodeGameOver, "Game %s was abandoned.", g.ID)
	}
	return nil
}

// recentLog bounds how far back a move sent twice is looked for.
const recentLog = 64

// alreadyPlayed finds the index of the log entry that a play repeats.
func alreadyPlayed(g *Game, w WaitState, p Play, acked AckedFunc) (int, bool) {
	for k := len(g.Log) - 1; k >= max(0, len(g.Log)-recentLog); k-- {
		if g.Log[k].Interaction == p.Interaction {
			return k, true
		}
	}
	sent, ok := snowflakeTime(p.Interaction)
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
func knownAt(e LogEntry, w WaitState, acked AckedFunc) (time.Time, bool) {
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
		if t, ok := snowflakeTime(seen.MessageID); ok && (at.IsZero() || t.Before(at)) {
			at = t
		}
	}
	return at, !at.IsZero()
}

// snowflakeTime is when Discord made the ID.
func snowflakeTime(id string) (time.Time, bool) {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.UnixMilli(int64(n>>22) + discordEpoch), true
}

// BotPending returns a seat the bot plays that must decide now.
func BotPending(m Meta, st engine.State) (engine.Seat, bool) {
	for _, p := range st.Pending() {
		if int(p.Seat) >= 0 && int(p.Seat) < len(m.Seats) && m.Seats[p.Seat].Bot {
			return p.Seat, true
		}
	}
	return engine.NoSeat, false
}

// PeoplePending are the pending decisions of the seats the bot does not
// play: what the players may answer.
func PeoplePending(m Meta, st engine.State) []engine.Pending {
	return slices.DeleteFunc(slices.Clone(st.Pending()), func(p engine.Pending) bool {
		return int(p.Seat) >= 0 && int(p.Seat) < len(m.Seats) && m.Seats[p.Seat].Bot
	})
}

// extend stores the game at state, reached by the added entries, as the
// successor of g.
func (s *Store) extend(g *Game, state engine.State, added []LogEntry, now time.Time, post PostFunc, change func(*Meta)) (*MoveResult, error) {
	ng := g.copy()
	ng.State = state
	ng.Log = append(ng.Log, added...)
	ng.Version = uint64(len(ng.Log))
	return s.commit(g, ng, len(g.Log), now, post, change)
}

// commit stores ng, the successor of g that keeps g's first keep log
// entries, under the next stamp. The transaction refuses with *StaleError
// if the game left g's moment meanwhile. change adjusts the metadata,
// which is read afresh inside the transaction.
func (s *Store) commit(g, ng *Game, keep int, now time.Time, post PostFunc, change func(*Meta)) (*MoveResult, error) {
	ng.Stamp = g.Stamp + 1
	added := ng.Log[keep:]
	for i := range added {
		added[i].Stamp = ng.Stamp
	}
	enc, err := encodeGame(ng, keep)
	if err != nil {
		return nil, err
	}
	err = s.update(func(tx *bbolt.Tx) error {
		gb, err := gameBucket(tx, g.ID)
		if err != nil {
			return err
		}
		record := "game " + g.ID
		if stamp, err := readStamp(gb, record); err != nil {
			return err
		} else if stamp != g.Stamp {
			return &StaleError{Have: stamp, Want: g.Stamp}
		}
		if err := get(gb, record, keyMeta, &ng.Meta); err != nil {
			return err
		}
		ng.Meta.UpdatedAt = now
		if change != nil {
			change(&ng.Meta)
		}
		if ng.State.Over() {
			ng.Meta.Status = StatusFinished
		}
		if len(added) > 0 && added[0].Interaction != "" {
			if err := markHandled(tx, added[0].Interaction, now); err != nil {
				return err
			}
		}
		return write(tx, Change{Game: ng, Before: g.State, Added: added}, s.buildID, enc, post)
	})
	if err != nil {
		return nil, err
	}
	s.cache.put(ng)
	return &MoveResult{Game: ng.copy(), Added: slices.Clone(added)}, nil
}

// Undo takes back the last n moves of the game at stamp and queues post's
// message with it. It never reverses a move: it replays the log without
// them, so the state is exactly what a fresh replay of the shorter log
// gives. A game the undone moves had finished becomes active again, and an
// open undo request is closed.
func (s *Store) Undo(id string, stamp uint64, n int, now time.Time, post PostFunc) (*MoveResult, error) {
	g, err := s.Load(id)
	if err != nil {
		return nil, err
	}
	if err := movable(g, stamp); err != nil {
		return nil, err
	}
	if n < 1 || n > len(g.Log) {
		return nil, engine.Errorf(engine.CodeIllegal, "There are only %d moves to take back.", len(g.Log))
	}
	game, err := s.games.Lookup(g.Setup.Game)
	if err != nil {
		return nil, err
	}
	keep := len(g.Log) - n
	ng := g.copy()
	ng.Log, ng.Version, ng.SnapshotMismatch = ng.Log[:keep:keep], uint64(keep), false
	if _, err := s.replayInto(game, ng); err != nil {
		return nil, fmt.Errorf("storage: undo in game %s: %w", id, err)
	}
	return s.commit(g, ng, keep, now, post, func(m *Meta) {
		m.Status, m.Undo = StatusActive, nil
	})
}

// Reseat gives a seat to another user, or to the bot (to.Bot), at the
// game's moment stamp: a new moment, since the seat's decisions change
// hands. A seat given to the bot is played by the scheduler, at once if
// it must decide.
func (s *Store) Reseat(id string, stamp uint64, seat engine.Seat, to SeatUser, now time.Time, post PostFunc) (*MoveResult, error) {
	g, err := s.loadNarrated(id)
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
	return s.extend(g, g.State, nil, now, post, func(m *Meta) { m.Seats[seat] = to })
}

// UpdateMeta changes a game's metadata in one transaction (an undo
// request, settings). A change of the seats or the status makes a new
// moment of the game (Game.Stamp). If change returns an error nothing is
// written.
func (s *Store) UpdateMeta(id string, change func(*Meta) error) (Meta, error) {
	return s.updateMeta(id, change, nil)
}

// updateMeta is UpdateMeta that also queues the message notice makes of
// the changed metadata, if any.
func (s *Store) updateMeta(id string, change func(*Meta) error, notice func(Meta) (*Outgoing, error)) (Meta, error) {
	var meta Meta
	var restamped uint64
	err := s.update(func(tx *bbolt.Tx) error {
		var err error
		meta, restamped, err = updateMeta(tx, id, change)
		if err != nil || notice == nil {
			return err
		}
		o, err := notice(meta)
		if err != nil || o == nil {
			return err
		}
		return enqueue(tx, o)
	})
	if err == nil && restamped > 0 {
		if g := s.cache.get(id, restamped-1); g != nil {
			g.Stamp, g.Meta = restamped, meta
			s.cache.put(g)
		}
	}
	return meta, err
}

// updateMeta changes the metadata inside a transaction that may do more. It
// returns the game's new stamp when the change made one, else 0.
func updateMeta(tx *bbolt.Tx, id string, change func(*Meta) error) (Meta, uint64, error) {
	var meta Meta
	gb, err := gameBucket(tx, id)
	if err != nil {
		return meta, 0, err
	}
	record := "game " + id
	if err := get(gb, record, keyMeta, &meta); err != nil {
		return meta, 0, err
	}
	before := meta.Status
	seats := slices.Clone(meta.Seats)
	if err := change(&meta); err != nil {
		return meta, 0, err
	}
	var restamped uint64
	if meta.Status != before || !slices.Equal(meta.Seats, seats) {
		stamp, err := readStamp(gb, record)
		if err != nil {
			return meta, 0, err
		}
		restamped = stamp + 1
		if err := gb.Put([]byte(keyStamp), u64(restamped)); err != nil {
			return meta, 0, err
		}
		if err := keepStatsOfMeta(tx, gb, meta); err != nil {
			return meta, 0, err
		}
	}
	return meta, restamped, putMeta(tx, gb, meta)
}
