package storage

import (
	"bytes"
	"fmt"
	"log/slog"
	"slices"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// Statistics are kept beside the games, not read from them: every change
// of a game rewrites, in its own transaction, what the game counts for
// each of its players (a Record), and a player's totals on a server's
// leaderboard when a finished game of theirs there changes. A record is a
// function of the game as stored (its metadata, its log, how it ended),
// so an undo that reopens a game, an import or a change of seat leaves
// the records as a rebuild from the games would: right by construction,
// as the rebuild on every ask was. Practice games count in no statistics.

// The stats bucket holds one nested bucket of each kind.
var (
	bucketStats    = []byte("stats")
	bucketRecords  = []byte("records")  // user ‖ 0 ‖ game → Record
	bucketOutcomes = []byte("outcomes") // game → Outcome, of a finished game
	bucketLeaders  = []byte("leaders")  // guild ‖ 0 ‖ user → Tally
	bucketPlaying  = []byte("playing")  // user ‖ 0 ‖ game → 1 for a solo game, 0 else: their active games, practice too
)

// Outcome is how a finished game ended, which its records read.
type Outcome struct {
	Winner engine.Seat `json:"winner"`
	// VP is each seat's VP, of a game that scores VP.
	VP map[engine.Seat]int `json:"vp,omitempty"`
	// Players is how many seats the game has, the automa's included.
	Players int `json:"players"`
	// Solo is a solo game's own result (engine.SoloScored), if it has one.
	Solo *adega.SoloResult `json:"solo,omitempty"`
}

// Records returns what each game userID plays in counts for them, in the
// order of the games' IDs.
func (s *Store) Records(userID string) ([]adega.Record, error) {
	var out []adega.Record
	err := s.db.View(func(tx *bbolt.Tx) error {
		return eachOf(statsBucket(tx, bucketRecords), userID, func(id string, v []byte) error {
			out = append(out, adega.Record{GameID: id})
			return decode("statistics of "+userID, "stats/records/"+id, v, &out[len(out)-1])
		})
	})
	return out, err
}

// Leaderboard returns the totals of every player of a finished game of
// the server guildID, in the order of their IDs.
func (s *Store) Leaderboard(guildID string) ([]adega.Leader, error) {
	var out []adega.Leader
	err := s.db.View(func(tx *bbolt.Tx) error {
		return eachOf(statsBucket(tx, bucketLeaders), guildID, func(id string, v []byte) error {
			out = append(out, adega.Leader{UserID: id})
			return decode("leaderboard of "+guildID, "stats/leaders/"+id, v, &out[len(out)-1].Tally)
		})
	})
	return out, err
}

// Playing lists the IDs of the active games userID plays, practice games
// included, and of those their solo games, without reading any game.
func (s *Store) Playing(userID string) (games, solo []string, err error) {
	err = s.db.View(func(tx *bbolt.Tx) error {
		return eachOf(statsBucket(tx, bucketPlaying), userID, func(id string, v []byte) error {
			games = append(games, id)
			if len(v) == 1 && v[0] == 1 {
				solo = append(solo, id)
			}
			return nil
		})
	})
	return games, solo, err
}

// userKey is the key of a user's (or a server's) entry about id, or the
// prefix of all of them for id "".
func userKey(owner, id string) []byte {
	return append(append([]byte(owner), 0), id...)
}

// eachOf calls fn with the ID and value of each of owner's entries in b
// (userKey), in the order of the IDs.
func eachOf(b *bbolt.Bucket, owner string, fn func(id string, v []byte) error) error {
	prefix := userKey(owner, "")
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if err := fn(string(k[len(prefix):]), v); err != nil {
			return err
		}
	}
	return nil
}

// statsBucket is a bucket of the statistics, its pages filled when written
// (fullPages): its records come in no order, and pages split at bbolt's
// default half held under three records of some 700 bytes each.
func statsBucket(tx *bbolt.Tx, kind []byte) *bbolt.Bucket {
	b := tx.Bucket(bucketStats).Bucket(kind)
	b.FillPercent = fullPages
	return b
}

// keepStats brings the statistics of game g in step with it, before its
// metadata is written over the one stored in gb.
func keepStats(tx *bbolt.Tx, gb *bbolt.Bucket, g *adega.Game) error {
	o := outcomeOf(g.State)
	if err := putOutcome(tx, g.ID, o); err != nil {
		return err
	}
	return keepRecords(tx, storedMeta(gb, g.ID), g.Meta, g.Log, o)
}

// keepStatsOfMeta is keepStats for a change of a game's metadata alone
// (its status, its seats), which reads the log and the outcome stored.
func keepStatsOfMeta(tx *bbolt.Tx, gb *bbolt.Bucket, m adega.Meta) error {
	log, err := readLog(gb, "game "+m.ID)
	if err != nil {
		return err
	}
	o, err := readOutcome(tx, m.ID)
	if err != nil {
		return err
	}
	return keepRecords(tx, storedMeta(gb, m.ID), m, log, o)
}

// storedMeta is the metadata stored in gb, empty for a game being made.
func storedMeta(gb *bbolt.Bucket, id string) adega.Meta {
	var m adega.Meta
	if gb.Get([]byte(keyMeta)) != nil && get(gb, "game "+id, keyMeta, &m) != nil {
		return adega.Meta{} // unreadable: its records are rewritten all the same
	}
	return m
}

// outcomeOf is how a finished game ended; nil while it goes on.
func outcomeOf(st engine.State) *Outcome {
	if st == nil || !st.Over() {
		return nil
	}
	players := st.Players()
	o := &Outcome{Winner: engine.NoSeat, Players: len(players)}
	if ranking := engine.FinalRanking(st); len(ranking) > 0 {
		o.Winner = ranking[0]
	}
	if solo, ok := st.(engine.SoloScored); ok {
		if accolades, title, ok := solo.SoloResult(); ok {
			o.Solo = &adega.SoloResult{Accolades: accolades, Title: title}
		}
	}
	for _, p := range players {
		if vp, ok := p.Stat("vp"); ok {
			if o.VP == nil {
				o.VP = map[engine.Seat]int{}
			}
			o.VP[p.Seat] = vp
		}
	}
	return o
}

func putOutcome(tx *bbolt.Tx, id string, o *Outcome) error {
	b := statsBucket(tx, bucketOutcomes)
	if o == nil {
		return b.Delete([]byte(id))
	}
	return put(b, id, o)
}

func readOutcome(tx *bbolt.Tx, id string) (*Outcome, error) {
	raw := statsBucket(tx, bucketOutcomes).Get([]byte(id))
	if raw == nil {
		return nil, nil
	}
	var o Outcome
	if err := decode("game "+id, "stats/outcomes/"+id, raw, &o); err != nil {
		return nil, err
	}
	return &o, nil
}

// keepRecords rewrites the records of the players of a game whose
// metadata was old and is now m, and their leaderboard totals where a
// finished game's record changed.
func keepRecords(tx *bbolt.Tx, old, m adega.Meta, log []adega.LogEntry, o *Outcome) error {
	b := statsBucket(tx, bucketRecords)
	for _, user := range playersOf(old, m) {
		key := userKey(user, m.ID)
		var before *adega.Record
		if raw := b.Get(key); raw != nil {
			before = new(adega.Record)
			if err := decode("statistics of "+user, "stats/records/"+string(key), raw, before); err != nil {
				return err
			}
		}
		seats := seatsOf(m, user)
		if err := putPlaying(tx, key, len(seats) > 0 && m.Status == adega.StatusActive, isSolo(m)); err != nil {
			return err
		}
		var after *adega.Record
		if len(seats) > 0 && !m.Practice {
			r := recordOf(m, log, o, seats)
			after = &r
		}
		if err := putRecord(tx, key, after); err != nil {
			return err
		}
		if err := keepLeaders(tx, user, before, after); err != nil {
			return err
		}
	}
	return nil
}

// playersOf lists the users seated in either metadata, once each.
func playersOf(old, m adega.Meta) []string {
	var users []string
	for _, s := range slices.Concat(old.Seats, m.Seats) {
		if s.UserID != "" && !slices.Contains(users, s.UserID) {
			users = append(users, s.UserID)
		}
	}
	return users
}

// seatsOf lists the seats userID plays in the game.
func seatsOf(m adega.Meta, userID string) []engine.Seat {
	var seats []engine.Seat
	for k, s := range m.Seats {
		if s.UserID == userID {
			seats = append(seats, engine.Seat(k))
		}
	}
	return seats
}

// recordOf is what the game counts for whoever plays seats.
func recordOf(m adega.Meta, log []adega.LogEntry, o *Outcome, seats []engine.Seat) adega.Record {
	r := adega.Record{Guild: m.GuildID, Game: m.Game, Mode: m.Mode, Status: m.Status, Solo: isSolo(m), BotOnly: true,
		Waits: waitsOf(m, log, seats)}
	for _, seat := range seats {
		r.BotOnly = r.BotOnly && m.Seats[seat].Bot
	}
	if o == nil {
		return r
	}
	r.Lacerda = r.Solo && o.Players > 1 // an automa's seat
	r.Won = slices.Contains(seats, o.Winner)
	if r.Solo {
		r.SoloResult = o.Solo
	}
	for _, seat := range seats {
		if vp, ok := o.VP[seat]; ok && (!r.Scored || vp > r.Score) {
			r.Score, r.Scored = vp, true
		}
	}
	return r
}

// isSolo reports a game of one player: one seat has a user, and nobody
// plays the others (an automa's, such as Lacerda's).
func isSolo(m adega.Meta) bool {
	players := 0
	for _, s := range m.Seats {
		if s.UserID != "" || s.Bot {
			players++
		}
	}
	return players == 1
}

// waitsOf are the spans of the moves of whoever plays seats (Record.Waits).
func waitsOf(m adega.Meta, log []adega.LogEntry, seats []engine.Seat) adega.Spans {
	var waits adega.Spans
	since, prev := m.CreatedAt, engine.NoSeat
	for _, e := range log {
		if slices.Contains(seats, e.Seat) && !e.Bot && !slices.Contains(seats, prev) {
			waits = append(waits, adega.Span{since.UnixNano(), e.At.UnixNano()})
		}
		since, prev = e.At, e.Seat
	}
	return waits
}

// putPlaying keeps the index of a player's active games, practice games
// included: it is what limits a player's games.
func putPlaying(tx *bbolt.Tx, key []byte, playing, solo bool) error {
	b := statsBucket(tx, bucketPlaying)
	if !playing {
		return b.Delete(key)
	}
	return b.Put(key, []byte{boolByte(solo)})
}

// putRecord writes a record, deleting it for nil; an unchanged record is
// not written again.
func putRecord(tx *bbolt.Tx, key []byte, r *adega.Record) error {
	b := statsBucket(tx, bucketRecords)
	if r == nil {
		return b.Delete(key)
	}
	data, err := encode(r)
	if err != nil {
		return fmt.Errorf("storage: encode stats/records/%s: %w", key, err)
	}
	if bytes.Equal(b.Get(key), data) {
		return nil
	}
	return b.Put(key, data)
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// keepLeaders moves a player's leaderboard totals from what their record
// of a game counted before to what it counts after.
func keepLeaders(tx *bbolt.Tx, user string, before, after *adega.Record) error {
	was, is := leaderboardPart(before), leaderboardPart(after)
	if was == is {
		return nil
	}
	if was.guild != "" {
		if err := addLeader(tx, was.guild, user, *before, -1); err != nil {
			return err
		}
	}
	if is.guild != "" {
		return addLeader(tx, is.guild, user, *after, 1)
	}
	return nil
}

// leaderPart is what of a record the leaderboard counts; the zero value
// counts nothing.
type leaderPart struct {
	guild       string
	won, scored bool
	score       int
}

// leaderboardPart: a finished game of a server, for a player at least one
// of whose seats the bot does not play.
func leaderboardPart(r *adega.Record) leaderPart {
	if r == nil || r.Guild == "" || r.Status != adega.StatusFinished || r.BotOnly {
		return leaderPart{}
	}
	return leaderPart{r.Guild, r.Won, r.Scored, r.Score}
}

// addLeader counts r in user's totals in guild n times (1 or -1).
func addLeader(tx *bbolt.Tx, guild, user string, r adega.Record, n int) error {
	b, key := statsBucket(tx, bucketLeaders), userKey(guild, user)
	var t adega.Tally
	if raw := b.Get(key); raw != nil {
		if err := decode("leaderboard of "+guild, "stats/leaders/"+string(key), raw, &t); err != nil {
			return err
		}
	}
	t.Add(r, n)
	if t.Played <= 0 {
		return b.Delete(key)
	}
	return put(b, string(key), t)
}

// keptBuckets hold what is kept beside the games and lobbies, made from
// them (openKept).
var keptBuckets = [][]byte{bucketOpenLobbies, bucketStats}

// rebuildKept makes again, from the games and lobbies, what is kept
// beside them: after a salvage copied them in, record by record.
func (s *Store) rebuildKept() error {
	err := s.update(func(tx *bbolt.Tx) error {
		for _, name := range keptBuckets {
			if tx.Bucket(name) == nil {
				continue
			}
			if err := tx.DeleteBucket(name); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.openKept()
}

// openKept makes what is kept beside the games and lobbies of a database
// that has none of it yet (made before it was kept): the statistics and
// the index of open lobbies.
func (s *Store) openKept() error {
	return s.update(func(tx *bbolt.Tx) error {
		if err := openLobbyIndex(tx); err != nil {
			return err
		}
		return s.openStats(tx)
	})
}

// openStats makes the statistics from the games, once: each game as Load
// reads it, the state of a finished one from its snapshot, or its log
// replayed if this build did not write the snapshot.
func (s *Store) openStats(tx *bbolt.Tx) error {
	if tx.Bucket(bucketStats) != nil {
		return nil
	}
	stats, err := tx.CreateBucket(bucketStats)
	if err != nil {
		return err
	}
	for _, kind := range [][]byte{bucketRecords, bucketOutcomes, bucketLeaders, bucketPlaying} {
		if _, err := stats.CreateBucket(kind); err != nil {
			return err
		}
	}
	return tx.Bucket(bucketGames).ForEach(func(k, _ []byte) error {
		gb, g, err := s.readForStats(tx, string(k))
		if err != nil {
			// Counted from its next change; Load and the auditor report it.
			slog.Warn("storage: a game left out of the statistics", "game", string(k), "err", err)
			return nil
		}
		return keepStats(tx, gb, g)
	})
}

// readForStats reads what a game's statistics need: its metadata and log,
// and the state of a finished game.
func (s *Store) readForStats(tx *bbolt.Tx, id string) (*bbolt.Bucket, *adega.Game, error) {
	gb, err := gameBucket(tx, id)
	if err != nil {
		return nil, nil, err
	}
	g := &adega.Game{ID: id}
	if err := get(gb, "game "+id, keyMeta, &g.Meta); err != nil {
		return nil, nil, err
	}
	if g.Meta.Status == adega.StatusFinished {
		g, _, err = s.read(tx, id, false)
	} else {
		g.Log, err = readLog(gb, "game "+id)
	}
	return gb, g, err
}

// ReadTransactions counts the read transactions begun since the database
// was opened: what a command costs in reads, for operators and for the
// tests that keep the statistics from reading every game.
func (s *Store) ReadTransactions() int { return s.db.Stats().TxN }
