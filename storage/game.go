package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega/engine"
)

// Status is where a game stands for the bot.
type Status string

const (
	StatusActive    Status = "active"
	StatusFinished  Status = "finished"
	StatusAbandoned Status = "abandoned"
)

// Meta describes a game for listings, routing and permissions.
type Meta struct {
	ID        string     `json:"id"`
	Game      string     `json:"game"` // registry name, as in the setup
	Mode      string     `json:"mode,omitempty"`
	Title     string     `json:"title"`
	ChannelID string     `json:"channel_id,omitempty"`
	GuildID   string     `json:"guild_id,omitempty"`
	CreatorID string     `json:"creator_id,omitempty"`
	Seats     []SeatUser `json:"seats"` // in seat order
	Status    Status     `json:"status"`
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt time.Time  `json:"updated_at"`
	// Undo is a request to take moves back that waits for the other
	// players' consent.
	Undo *UndoRequest `json:"undo,omitempty"`
	// Wait is the game's pace, deadline and absent-player rule (waiting.go).
	Wait WaitRules `json:"wait,omitzero"`
}

// SeatUser is who plays a seat. UserID is empty for a seat nobody plays,
// such as an automa; Bot marks a seat the bot plays for (a replacement).
type SeatUser struct {
	UserID string `json:"user_id,omitempty"`
	Name   string `json:"name"`
	Bot    bool   `json:"bot,omitempty"`
}

// UndoRequest asks to take back the last Moves moves, made when the game
// stood at Version, by the player in Seat.
type UndoRequest struct {
	Seat    engine.Seat   `json:"seat"`
	Moves   int           `json:"moves"`
	Version uint64        `json:"version"`
	Agreed  []engine.Seat `json:"agreed,omitempty"`
	Expires time.Time     `json:"expires"`
}

// LogEntry is one move of a game's log with the events it produced.
type LogEntry struct {
	Seat   engine.Seat    `json:"seat"`
	Action engine.Action  `json:"action"`
	At     time.Time      `json:"at"`
	Events []engine.Event `json:"events"`
}

// Game is a stored game with its state rebuilt from the log.
type Game struct {
	ID          string
	Meta        Meta
	Setup       engine.Setup
	SetupEvents []engine.Event
	Log         []LogEntry
	Version     uint64 // number of moves played
	State       engine.State
	// SnapshotMismatch reports that the stored snapshot disagreed with the
	// replayed log when the game was loaded. State is the replay's.
	SnapshotMismatch bool
}

// Moves returns the action log in the engine's form, for replay and export.
func (g *Game) Moves() []engine.Move {
	moves := make([]engine.Move, len(g.Log))
	for i, e := range g.Log {
		moves[i] = engine.Move{Seat: e.Seat, Action: e.Action}
	}
	return moves
}

// MoveResult is the outcome of a move that was stored.
type MoveResult struct {
	Game   *Game
	Events []engine.Event
}

// Keys inside a game's bucket.
const (
	keyMeta        = "meta"
	keySetup       = "setup"
	keySetupEvents = "setup_events"
	keySnapshot    = "snapshot"
	keyVersion     = "version"
	keyLog         = "log"
)

// Create sets a new game up and stores it. meta.Seats lists the players by
// name, in any order; Create stores them in seat order (see Import).
// ID, Game, Status and the times are filled in.
func (s *Store) Create(meta Meta, setup engine.Setup, now time.Time) (*Game, error) {
	return s.Import(meta, setup, nil, now)
}

// Import stores a new game made of a setup and an action log, replayed now.
// A log that diverges is refused and nothing is written. meta.Seats gives
// each player's user by the player's name in setup.Players; seats without a
// player, such as an automa, get no user.
func (s *Store) Import(meta Meta, setup engine.Setup, log []engine.Move, now time.Time) (*Game, error) {
	game, err := s.games.Lookup(setup.Game)
	if err != nil {
		return nil, err
	}
	// Store the mode by name, so that a changed default never changes an
	// existing game.
	mode, err := engine.ModeOf(game, setup.Mode)
	if err != nil {
		return nil, err
	}
	setup.Mode = mode.Name
	if meta.Title == "" {
		meta.Title = game.Title()
	}
	// New narrates the setup; Replay, which sets up the same way, builds the state.
	_, setupEvents, err := game.New(setup)
	if err != nil {
		return nil, err
	}
	state, events, err := engine.Replay(game, setup, log)
	if err != nil {
		return nil, fmt.Errorf("storage: import refused: %w", err)
	}
	seats, err := assignSeats(meta.Seats, state)
	if err != nil {
		return nil, err
	}
	meta.Game, meta.Mode, meta.Seats, meta.Status = setup.Game, setup.Mode, seats, StatusActive
	if state.Over() {
		meta.Status = StatusFinished
	}
	meta.CreatedAt, meta.UpdatedAt = now, now
	g := &Game{Meta: meta, Setup: setup, SetupEvents: setupEvents, Version: uint64(len(log)), State: state}
	for i, m := range log {
		g.Log = append(g.Log, LogEntry{Seat: m.Seat, Action: m.Action, At: now, Events: events[i]})
	}
	err = s.db.Update(func(tx *bbolt.Tx) error {
		games := tx.Bucket(bucketGames)
		seq, err := games.NextSequence()
		if err != nil {
			return err
		}
		g.ID = "g" + strconv.FormatUint(seq, 36)
		g.Meta.ID = g.ID
		gb, err := games.CreateBucket([]byte(g.ID))
		if err != nil {
			return err
		}
		if _, err := gb.CreateBucket([]byte(keyLog)); err != nil {
			return err
		}
		if err := put(gb, keySetup, g.Setup); err != nil {
			return err
		}
		if err := put(gb, keySetupEvents, g.SetupEvents); err != nil {
			return err
		}
		return save(tx, g, 0)
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// assignSeats matches users to the game's seats by player name.
func assignSeats(users []SeatUser, state engine.State) ([]SeatUser, error) {
	left := slices.Clone(users)
	var seats []SeatUser
	for _, p := range state.Players() {
		seat := SeatUser{Name: p.Name}
		if i := slices.IndexFunc(left, func(u SeatUser) bool { return u.Name == p.Name }); i >= 0 {
			seat.UserID = left[i].UserID
			left = slices.Delete(left, i, i+1)
		}
		seats = append(seats, seat)
	}
	if len(left) > 0 {
		return nil, fmt.Errorf("storage: player %q has no seat in this game", left[0].Name)
	}
	return seats, nil
}

// Load reads a game and rebuilds its state by replaying its log.
func (s *Store) Load(id string) (*Game, error) {
	var g *Game
	err := s.db.View(func(tx *bbolt.Tx) error {
		var err error
		g, err = s.load(tx, id)
		return err
	})
	return g, err
}

// Move plays one action and stores it, all in one transaction. version must
// be the game's current version, or the move is refused with *StaleError.
// An engine refusal is returned as it is, and nothing is written.
func (s *Store) Move(id string, version uint64, seat engine.Seat, action engine.Action, now time.Time) (*MoveResult, error) {
	var res *MoveResult
	err := s.db.Update(func(tx *bbolt.Tx) error {
		g, err := s.load(tx, id)
		if err != nil {
			return err
		}
		if g.Version != version {
			return &StaleError{Have: g.Version, Want: version}
		}
		if g.Meta.Status == StatusAbandoned {
			return engine.Errorf(engine.CodeGameOver, "Game %s was abandoned.", id)
		}
		next, events, err := g.State.Apply(seat, action)
		if err != nil {
			return err
		}
		g.State, g.Version, g.SnapshotMismatch = next, g.Version+1, false
		g.Log = append(g.Log, LogEntry{Seat: seat, Action: slices.Clone(action), At: now, Events: events})
		g.Meta.UpdatedAt = now
		if next.Over() {
			g.Meta.Status = StatusFinished
		}
		if err := save(tx, g, len(g.Log)-1); err != nil {
			return err
		}
		res = &MoveResult{Game: g, Events: events}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// SetStatus changes a game's status, for example to abandon it. Only active
// games are listed in their channel's index.
func (s *Store) SetStatus(id string, status Status, now time.Time) error {
	if !slices.Contains([]Status{StatusActive, StatusFinished, StatusAbandoned}, status) {
		return fmt.Errorf("storage: unknown game status %q", status)
	}
	_, err := s.UpdateMeta(id, func(meta *Meta) error {
		meta.Status, meta.UpdatedAt = status, now
		return nil
	})
	return err
}

// ActiveGames lists the IDs of the active games in a channel, oldest first.
func (s *Store) ActiveGames(channelID string) ([]string, error) {
	var ids []string
	err := s.db.View(func(tx *bbolt.Tx) error {
		var err error
		ids, err = channelGames(tx, channelID)
		return err
	})
	return ids, err
}

// ListGames returns every game's metadata, oldest first.
func (s *Store) ListGames() ([]Meta, error) {
	var metas []Meta
	err := s.db.View(func(tx *bbolt.Tx) error {
		games := tx.Bucket(bucketGames)
		return games.ForEach(func(k, v []byte) error {
			record := "game " + string(k)
			gb := games.Bucket(k)
			if gb == nil {
				return &CorruptError{Record: record, Key: "games/" + string(k), Err: fmt.Errorf("a value where a game bucket belongs")}
			}
			var m Meta
			if err := get(gb, record, keyMeta, &m); err != nil {
				return err
			}
			metas = append(metas, m)
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(metas, func(a, b Meta) int { return a.CreatedAt.Compare(b.CreatedAt) })
	return metas, nil
}

// GamesOfUser returns the metadata of every game in which userID plays a seat.
func (s *Store) GamesOfUser(userID string) ([]Meta, error) {
	metas, err := s.ListGames()
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(metas, func(m Meta) bool {
		return !slices.ContainsFunc(m.Seats, func(u SeatUser) bool { return u.UserID == userID })
	}), nil
}

func (s *Store) load(tx *bbolt.Tx, id string) (*Game, error) {
	gb := tx.Bucket(bucketGames).Bucket([]byte(id))
	if gb == nil {
		return nil, &notFoundError{id}
	}
	record := "game " + id
	g := &Game{ID: id}
	for _, kv := range []struct {
		key string
		v   any
	}{{keyMeta, &g.Meta}, {keySetup, &g.Setup}, {keySetupEvents, &g.SetupEvents}} {
		if err := get(gb, record, kv.key, kv.v); err != nil {
			return nil, err
		}
	}
	var err error
	if g.Version, err = readU64(record, keyVersion, gb.Get([]byte(keyVersion))); err != nil {
		return nil, err
	}
	if g.Log, err = readLog(gb, record); err != nil {
		return nil, err
	}
	if uint64(len(g.Log)) != g.Version {
		return nil, &CorruptError{Record: record, Key: keyVersion, Err: fmt.Errorf("says %d moves but the log holds %d", g.Version, len(g.Log))}
	}
	var snapshot json.RawMessage
	if err := get(gb, record, keySnapshot, &snapshot); err != nil {
		return nil, err
	}

	game, err := s.games.Lookup(g.Setup.Game)
	if err != nil {
		return nil, fmt.Errorf("storage: game %s: %w", id, err)
	}
	if g.State, _, err = engine.Replay(game, g.Setup, g.Moves()); err != nil {
		return nil, fmt.Errorf("storage: game %s: %w", id, err)
	}
	replayed, err := engine.Encode(g.State)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(replayed, snapshot) {
		g.SnapshotMismatch = true
		slog.Warn("storage: stored snapshot disagrees with the replayed log; using the replay", "game", id)
	}
	return g, nil
}

// readLog reads the log bucket, whose keys must be the move numbers 1, 2, ...
func readLog(gb *bbolt.Bucket, record string) ([]LogEntry, error) {
	lb := gb.Bucket([]byte(keyLog))
	if lb == nil {
		return nil, &CorruptError{Record: record, Key: keyLog, Err: fmt.Errorf("missing")}
	}
	var log []LogEntry
	c := lb.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		want := uint64(len(log) + 1)
		if len(k) != 8 {
			return nil, &CorruptError{Record: record, Key: fmt.Sprintf("log/%x", k), Err: fmt.Errorf("key is %d bytes, not 8", len(k))}
		}
		if n := binary.BigEndian.Uint64(k); n != want {
			return nil, &CorruptError{Record: record, Key: fmt.Sprintf("log/%d", n), Err: fmt.Errorf("found where move %d belongs", want)}
		}
		var e LogEntry
		if err := decode(record, fmt.Sprintf("log/%d", want), v, &e); err != nil {
			return nil, err
		}
		log = append(log, e)
	}
	return log, nil
}

// save writes a game's meta, snapshot and version, and its log entries from
// index from on.
func save(tx *bbolt.Tx, g *Game, from int) error {
	gb := tx.Bucket(bucketGames).Bucket([]byte(g.ID))
	snapshot, err := engine.Encode(g.State)
	if err != nil {
		return err
	}
	if err := put(gb, keySnapshot, json.RawMessage(snapshot)); err != nil {
		return err
	}
	if err := gb.Put([]byte(keyVersion), u64(g.Version)); err != nil {
		return err
	}
	lb := gb.Bucket([]byte(keyLog))
	for i := from; i < len(g.Log); i++ {
		data, err := encode(g.Log[i])
		if err != nil {
			return fmt.Errorf("storage: encode log/%d: %w", i+1, err)
		}
		if err := lb.Put(u64(uint64(i+1)), data); err != nil {
			return err
		}
	}
	if err := syncWaiting(tx, g); err != nil {
		return err
	}
	return putMeta(tx, gb, g.Meta)
}

// putMeta writes a game's meta and keeps the channel index in step with it:
// a game is listed in its channel while it is active.
func putMeta(tx *bbolt.Tx, gb *bbolt.Bucket, m Meta) error {
	if err := put(gb, keyMeta, m); err != nil {
		return err
	}
	if err := syncWaitingMeta(tx, gb, m); err != nil {
		return err
	}
	if m.ChannelID == "" {
		return nil
	}
	ids, err := channelGames(tx, m.ChannelID)
	if err != nil {
		return err
	}
	listed, active := slices.Contains(ids, m.ID), m.Status == StatusActive
	switch {
	case listed == active:
		return nil
	case active:
		ids = append(ids, m.ID)
	default:
		ids = slices.DeleteFunc(ids, func(id string) bool { return id == m.ID })
	}
	channels := tx.Bucket(bucketChannels)
	if len(ids) == 0 {
		return channels.Delete([]byte(m.ChannelID))
	}
	return put(channels, m.ChannelID, ids)
}

func channelGames(tx *bbolt.Tx, channelID string) ([]string, error) {
	raw := tx.Bucket(bucketChannels).Get([]byte(channelID))
	if raw == nil {
		return nil, nil
	}
	var ids []string
	err := decode("channel "+channelID, "channels/"+channelID, raw, &ids)
	return ids, err
}
