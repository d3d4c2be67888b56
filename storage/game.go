package storage

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// narratedTail is how many of the newest moves keep their events with the
// game: enough for what a change's message repeats since each player's
// last move (8 lines at most). Packing them is part of every move's cost,
// so the window is kept small; whatever needs more narrates the game.
const narratedTail = 12

// Keys inside a game's bucket.
const (
	keyMeta        = "meta"
	keySetup       = "setup"
	keySetupEvents = "setup_events"
	keySnapshot    = "snapshot"
	keyRecent      = "recent_events"
	keyVersion     = "version"
	keyStamp       = "stamp"
	keyLog         = "log"
	keyLogPacked   = "log_packed" // log.go
	// keyDiverged holds when a replay last found the stored snapshot
	// wrong: a flag for whoever looks into the database.
	keyDiverged = "diverged"
)

// Create sets a new game up and stores it, with its first message if post
// is given. meta.Seats lists the players by name, in any order; Create
// stores them in seat order (see Import). ID, Game, Status and the times
// are filled in; the game is played by the latest revision of its rules.
func (s *Store) Create(meta adega.Meta, setup engine.Setup, now time.Time, post adega.PostFunc) (*adega.Game, error) {
	game, err := s.games.Lookup(setup.Game)
	if err != nil {
		return nil, err
	}
	setup.Rules = engine.LatestRules(game)
	return s.Import(meta, setup, nil, now, post)
}

// Import stores a new game made of a setup and an action log, replayed now,
// with its first message if post is given. A log that diverges, or seats
// and names that break the limits (validate.go), are refused and nothing
// is written. meta.Seats gives each player's user by the player's name in
// setup.Players; seats without a player, such as an automa, get no user.
func (s *Store) Import(meta adega.Meta, setup engine.Setup, log []engine.Move, now time.Time, post adega.PostFunc) (*adega.Game, error) {
	g, err := s.newGame(meta, setup, log, now)
	if err != nil {
		return nil, err
	}
	return s.insert(g, post)
}

// newGame is the game made of a setup and a log, replayed, at now: its
// mode stored by name, its title, its seats in seat order.
func (s *Store) newGame(meta adega.Meta, setup engine.Setup, log []engine.Move, now time.Time) (*adega.Game, error) {
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
		if mode.WholeTitle {
			meta.Title = mode.Title
		}
	}
	if err := validateGame(meta, setup, log); err != nil {
		return nil, err
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
	meta.Game, meta.Mode, meta.Seats, meta.Status = setup.Game, setup.Mode, seats, adega.StatusActive
	if state.Over() {
		meta.Status = adega.StatusFinished
	}
	meta.CreatedAt, meta.UpdatedAt = now, now
	g := &adega.Game{Meta: meta, Setup: setup, SetupEvents: setupEvents, Version: uint64(len(log)), Stamp: 1, State: state}
	for i, m := range log {
		g.Log = append(g.Log, adega.LogEntry{Seat: m.Seat, Action: m.Action, At: now, Events: events[i], Stamp: 1})
	}
	return g, nil
}

// insert stores a new game under the next ID, with the messages post
// makes of it, in one transaction.
func (s *Store) insert(g *adega.Game, post adega.PostFunc) (*adega.Game, error) {
	enc, err := encodeGame(g, 0)
	if err != nil {
		return nil, err
	}
	err = s.update(func(tx *bbolt.Tx) error {
		games := tx.Bucket(bucketGames)
		seq, err := games.NextSequence()
		if err != nil {
			return err
		}
		g.ID = gameID(seq)
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
		return s.write(tx, adega.Change{Game: g}, enc, post)
	})
	if err != nil {
		return nil, err
	}
	s.cache.put(g)
	return g.Clone(), nil
}

// assignSeats matches users to the game's seats by player name.
func assignSeats(users []adega.SeatUser, state engine.State) ([]adega.SeatUser, error) {
	left := slices.Clone(users)
	var seats []adega.SeatUser
	for _, p := range state.Players() {
		seat := adega.SeatUser{Name: p.Name}
		if i := slices.IndexFunc(left, func(u adega.SeatUser) bool { return u.Name == p.Name }); i >= 0 {
			seat.UserID, seat.Bot, seat.Level = left[i].UserID, left[i].Bot, left[i].Level
			left = slices.Delete(left, i, i+1)
		}
		seats = append(seats, seat)
	}
	if len(left) > 0 {
		return nil, fmt.Errorf("storage: player %q has no seat in this game", left[0].Name)
	}
	return seats, nil
}

// Load reads a game. The state of its current moment comes from the cache
// when a change or load of this process made it (cache.go), else from the
// stored snapshot, without replaying the log. A snapshot that is missing,
// unreadable or written by another build of adega (build.go) is not
// trusted: the log is replayed, and the snapshot rewritten from it.
func (s *Store) Load(id string) (*adega.Game, error) { return s.fetch(id, false) }

// Audit checks a game's stored snapshot against a replay of its log, as
// imports, exports and replays do and the bot does slowly in the
// background. A snapshot that disagrees is logged and flagged, and the
// replayed state wins: the game returned says so (SnapshotMismatch).
func (s *Store) Audit(id string) (*adega.Game, error) { return s.fetch(id, true) }

// fetch reads a game, from the cache unless it audits, settles what a
// replay found of its snapshot, and caches it.
func (s *Store) fetch(id string, audit bool) (*adega.Game, error) {
	var g *adega.Game
	var check *snapshotCheck
	err := s.db.View(func(tx *bbolt.Tx) error {
		return s.db.guard("game "+id, func() error {
			var err error
			if !audit {
				if g, err = s.cached(tx, id); g != nil || err != nil {
					return err
				}
			}
			g, check, err = s.read(tx, id, audit)
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	if check != nil {
		if err := s.settle(g, check); err != nil {
			return nil, err
		}
	}
	s.cache.put(g)
	return g.Clone(), nil
}

// cached returns the cached game if it is at the stored moment, with the
// stored metadata, which may change without a new moment; else nil.
func (s *Store) cached(tx *bbolt.Tx, id string) (*adega.Game, error) {
	gb, err := gameBucket(tx, id)
	if err != nil {
		return nil, err
	}
	record := "game " + id
	var meta adega.Meta
	if err := get(gb, record, keyMeta, &meta); err != nil {
		return nil, err
	}
	stamp, err := readStamp(gb, record)
	if err != nil {
		return nil, err
	}
	g := s.cache.get(id, stamp)
	if g != nil {
		g.Meta = meta
	}
	return g, nil
}

// Narrate returns g with every log entry's events, replaying its log if g
// is not narrated yet. The replay also checks g's state, which came from a
// snapshot: if they disagree, the replay wins (see Audit).
func (s *Store) Narrate(g *adega.Game) (*adega.Game, error) {
	if g.Narrated() {
		return g, nil
	}
	ng := g.Clone()
	game, err := s.games.Lookup(g.Setup.Game)
	if err != nil {
		return nil, err
	}
	replayed, err := s.replayInto(game, ng)
	if err != nil {
		return nil, fmt.Errorf("storage: game %s: %w", g.ID, err)
	}
	if !bytes.Equal(replayed, mustEncode(g.State)) {
		// The players were shown g's state: they are told.
		if err := s.settle(ng, &snapshotCheck{snapshot: replayed, wrong: errSnapshotDisagrees, repair: true}); err != nil {
			return nil, err
		}
	}
	s.cache.put(ng)
	return ng.Clone(), nil
}

// NextGame returns the ID of the game stored after the game after in the
// database's order, or the first game's if after is the last or "", for
// a slow walk over every game. ok is false when there are no games.
func (s *Store) NextGame(after string) (id string, ok bool, err error) {
	err = s.db.View(func(tx *bbolt.Tx) error {
		c := tx.Bucket(bucketGames).Cursor()
		k, _ := c.Seek([]byte(after))
		if k != nil && string(k) == after {
			k, _ = c.Next()
		}
		if k == nil {
			k, _ = c.First()
		}
		id, ok = string(k), k != nil
		return nil
	})
	return id, ok, err
}

// snapshotCheck is what a replay found of a stored snapshot.
type snapshotCheck struct {
	snapshot []byte // the replayed state, encoded
	wrong    error  // why the stored snapshot cannot stand, or nil
	// repair: the snapshot was damaged, or wrong where this build trusts
	// it, so the game is repaired and its players told. A snapshot of
	// another build that disagrees is that build's encoding of the state,
	// rewritten in this one's without a word.
	repair bool
}

var errSnapshotDisagrees = errors.New("the stored snapshot disagrees with the replayed log; the replay wins")

// read reads a game from its bucket. Its state is decoded from the stored
// snapshot if this build wrote it and replay is false; otherwise the log
// is replayed (narrating the game), and check says what the replay found
// of the snapshot.
func (s *Store) read(tx *bbolt.Tx, id string, replay bool) (g *adega.Game, check *snapshotCheck, err error) {
	gb, err := gameBucket(tx, id)
	if err != nil {
		return nil, nil, err
	}
	record := "game " + id
	g = &adega.Game{ID: id}
	for _, kv := range []struct {
		key string
		v   any
	}{{keyMeta, &g.Meta}, {keySetup, &g.Setup}, {keySetupEvents, &g.SetupEvents}} {
		if err := get(gb, record, kv.key, kv.v); err != nil {
			return nil, nil, err
		}
	}
	if g.Version, err = readU64(record, keyVersion, gb.Get([]byte(keyVersion))); err != nil {
		return nil, nil, err
	}
	if g.Stamp, err = readStamp(gb, record); err != nil {
		return nil, nil, err
	}
	if g.Log, err = readLog(gb, record); err != nil {
		return nil, nil, err
	}
	if uint64(len(g.Log)) != g.Version {
		return nil, nil, &CorruptError{Record: record, Key: keyVersion, Err: fmt.Errorf("says %d moves but the log holds %d", g.Version, len(g.Log))}
	}
	g.NarratedFrom = readRecentEvents(gb, g.Log)
	game, err := s.games.Lookup(g.Setup.Game)
	if err != nil {
		return nil, nil, fmt.Errorf("storage: game %s: %w", id, err)
	}
	snapshot, sealed, snapshotErr := unpackSnapshot(record, gb.Get([]byte(keySnapshot)))
	ours := string(gb.Get([]byte(keyBuild))) == s.buildID
	if !replay && sealed && ours {
		if g.State, err = game.Decode(snapshot); err == nil {
			return g, nil, nil
		}
	}
	replayed, err := s.replayInto(game, g)
	if err != nil {
		return nil, nil, fmt.Errorf("storage: game %s: %w", id, err)
	}
	check = &snapshotCheck{snapshot: replayed}
	switch {
	case snapshotErr != nil:
		check.wrong, check.repair = snapshotErr, true
	case !bytes.Equal(replayed, snapshot):
		check.wrong, check.repair = errSnapshotDisagrees, ours
	case sealed && ours:
		check = nil // checked, and nothing to write
	}
	return g, check, nil
}

// replayInto replays g's log from its setup into g's state and its log
// entries' events, and returns the state encoded.
func (s *Store) replayInto(game engine.Game, g *adega.Game) ([]byte, error) {
	s.replays.Add(1)
	if err := g.Replay(game); err != nil {
		return nil, err
	}
	return engine.Encode(g.State)
}

func mustEncode(s engine.State) []byte {
	b, err := engine.Encode(s)
	if err != nil {
		return nil // compares unequal to any snapshot, so the replay wins
	}
	return b
}

// settle acts on what a replay found: a snapshot that could not stand is
// logged, flagged and rewritten, and a repair is announced to the players
// in the same transaction (AnnounceRepairs); one this build did not write
// is stamped as checked. Only a repair that could not be stored is an
// error: no move may be made on the game before it is.
func (s *Store) settle(g *adega.Game, check *snapshotCheck) error {
	if check.wrong != nil {
		g.SnapshotMismatch = errors.Is(check.wrong, errSnapshotDisagrees)
		slog.Warn("storage: rebuilt a game's snapshot from its log", "game", g.ID, "reason", check.wrong, "repair", check.repair)
	}
	err := s.update(func(tx *bbolt.Tx) error {
		gb, err := gameBucket(tx, g.ID)
		if err != nil {
			return err
		}
		if stamp, err := readStamp(gb, "game "+g.ID); err != nil || stamp != g.Stamp {
			return err // the game moved on: its new snapshot is newer than this check
		}
		if s.holds(gb, check.snapshot) {
			return nil // another load settled it first, and told the players
		}
		if check.wrong != nil {
			// The wall clock: Load takes no clock, and this records when
			// the repair happened for the operator, not a moment of the game.
			if err := put(gb, keyDiverged, time.Now().UTC()); err != nil {
				return err
			}
		}
		if err := gb.Put([]byte(keySnapshot), packSnapshot(check.snapshot)); err != nil {
			return err
		}
		if err := gb.Put([]byte(keyBuild), []byte(s.buildID)); err != nil {
			return err
		}
		if p := s.repairs.Load(); check.repair && p != nil {
			return s.announce(tx, adega.Change{Game: g}, *p)
		}
		return nil
	})
	switch {
	case err != nil && check.repair:
		return fmt.Errorf("storage: game %s: could not store its repair: %w", g.ID, err)
	case err != nil:
		slog.Warn("storage: could not rewrite the snapshot; the game goes on from the log", "game", g.ID, "err", err)
	}
	return nil
}

// holds reports whether a game's bucket holds the snapshot state, sealed
// by this build.
func (s *Store) holds(gb *bbolt.Bucket, state []byte) bool {
	stored, sealed, err := unpackSnapshot("", gb.Get([]byte(keySnapshot)))
	return err == nil && sealed && string(gb.Get([]byte(keyBuild))) == s.buildID && bytes.Equal(stored, state)
}

// AnnounceRepairs makes post build the messages that tell a game's players
// its stored state was damaged, or wrong, and was rebuilt from its log
// (the Change holds the repaired game alone). They are queued in the
// repair's transaction, before any move is made on the game. Without it a
// repair is only logged.
func (s *Store) AnnounceRepairs(post adega.PostFunc) { s.repairs.Store(&post) }

// gameBucket is a game's bucket, to read or write: the games' bucket and
// the game's are written with full pages (fullPages), whichever change
// writes them.
func gameBucket(tx *bbolt.Tx, id string) (*bbolt.Bucket, error) {
	games := tx.Bucket(bucketGames)
	gb := games.Bucket([]byte(id))
	if gb == nil {
		return nil, notFound(id)
	}
	games.FillPercent, gb.FillPercent = fullPages, fullPages
	return gb, nil
}

// readStamp reads a game's stamp. Games stored before stamps existed count
// their moves instead.
func readStamp(gb *bbolt.Bucket, record string) (uint64, error) {
	if raw := gb.Get([]byte(keyStamp)); raw != nil {
		return readU64(record, keyStamp, raw)
	}
	return readU64(record, keyVersion, gb.Get([]byte(keyVersion)))
}

// encodedGame is what writing a game needs encoded, prepared outside the
// transaction so that the database's single writer waits for no JSON.
type encodedGame struct {
	snapshot []byte   // packed (snapshot.go)
	recent   []byte   // the newest moves' events, packed
	from     int      // the first log entry to write
	entries  [][]byte // log entries from index from on
}

func encodeGame(g *adega.Game, from int) (encodedGame, error) {
	snapshot, err := engine.Encode(g.State)
	if err != nil {
		return encodedGame{}, err
	}
	recent, err := packRecentEvents(g.Log)
	if err != nil {
		return encodedGame{}, err
	}
	enc := encodedGame{snapshot: packSnapshot(snapshot), recent: recent, from: from}
	for i := from; i < len(g.Log); i++ {
		stored := g.Log[i]
		stored.Events = nil
		data, err := encode(stored)
		if err != nil {
			return encodedGame{}, fmt.Errorf("storage: encode log/%d: %w", i+1, err)
		}
		enc.entries = append(enc.entries, data)
	}
	return enc, nil
}

// write stores a game's snapshot, version, stamp, log entries from
// enc.from on (dropping any beyond the log's end), meta and waiting record,
// and queues the posts that announce the change c that made it.
func (s *Store) write(tx *bbolt.Tx, c adega.Change, enc encodedGame, post adega.PostFunc) error {
	g := c.Game
	gb, err := gameBucket(tx, g.ID)
	if err != nil {
		return err
	}
	if err := gb.Put([]byte(keySnapshot), enc.snapshot); err != nil {
		return err
	}
	if err := gb.Put([]byte(keyRecent), enc.recent); err != nil {
		return err
	}
	if err := gb.Put([]byte(keyVersion), u64(g.Version)); err != nil {
		return err
	}
	if err := gb.Put([]byte(keyStamp), u64(g.Stamp)); err != nil {
		return err
	}
	if err := gb.Put([]byte(keyBuild), []byte(s.buildID)); err != nil {
		return err
	}
	if err := writeLog(gb, "game "+g.ID, enc, g.Meta.Status != adega.StatusActive); err != nil {
		return err
	}
	if err := s.syncWaiting(tx, g); err != nil {
		return err
	}
	if err := keepStats(tx, gb, g); err != nil {
		return err
	}
	if err := s.putMeta(tx, gb, g.Meta); err != nil {
		return err
	}
	return s.announce(tx, c, post)
}

// announce queues the messages post makes of the change c, inside c's
// transaction; post may be nil.
func (s *Store) announce(tx *bbolt.Tx, c adega.Change, post adega.PostFunc) error {
	if post == nil {
		return nil
	}
	c.Users = func(id string) (adega.User, error) { return readUser(tx, id) }
	out, err := post(c)
	if err != nil {
		return err
	}
	for _, o := range out {
		o.GuildID = c.Game.Meta.GuildID
		if len(c.Added) > 0 {
			o.Interaction = c.Added[0].Interaction
		}
	}
	return s.enqueue(tx, out...)
}

// SetStatus changes a game's status, for example to abandon it, and queues
// the message notice makes of it, if any. Only active games are listed in
// their channel's index.
func (s *Store) SetStatus(id string, status adega.Status, now time.Time, notice func(adega.Meta) (*adega.Outgoing, error)) error {
	if !slices.Contains([]adega.Status{adega.StatusActive, adega.StatusFinished, adega.StatusAbandoned}, status) {
		return fmt.Errorf("storage: unknown game status %q", status)
	}
	_, err := s.updateMeta(id, func(meta *adega.Meta) error {
		meta.Status, meta.UpdatedAt = status, now
		return nil
	}, notice)
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

// ListGames returns the metadata of every game that can be read, oldest
// first. A game that cannot (a damaged page, a corrupt value) is logged and
// left out: it costs no other game its place.
func (s *Store) ListGames() ([]adega.Meta, error) {
	var metas []adega.Meta
	err := s.db.View(func(tx *bbolt.Tx) error {
		return s.eachGame(tx, func(id string, gb *bbolt.Bucket) error {
			var m adega.Meta
			if err := get(gb, "game "+id, keyMeta, &m); err != nil {
				return err
			}
			metas = append(metas, m)
			return nil
		}, func(id string, err error) {
			slog.Error("storage: a game that cannot be read is left out of the list", "game", id, "err", err)
		})
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(metas, func(a, b adega.Meta) int { return a.CreatedAt.Compare(b.CreatedAt) })
	return metas, nil
}

// GamesOfUser returns the metadata of every game in which userID plays a seat.
func (s *Store) GamesOfUser(userID string) ([]adega.Meta, error) {
	metas, err := s.ListGames()
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(metas, func(m adega.Meta) bool {
		return !m.Seated(userID)
	}), nil
}

// putMeta writes a game's meta and keeps the channel index in step with it:
// a game is listed in its channel while it is active.
func (s *Store) putMeta(tx *bbolt.Tx, gb *bbolt.Bucket, m adega.Meta) error {
	if err := put(gb, keyMeta, m); err != nil {
		return err
	}
	s.changed(tx, m.ID)
	if err := s.syncWaitingMeta(tx, gb, m); err != nil {
		return err
	}
	if m.ChannelID == "" {
		return nil
	}
	ids, err := channelGames(tx, m.ChannelID)
	if err != nil {
		return err
	}
	listed, active := slices.Contains(ids, m.ID), m.Status == adega.StatusActive
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
