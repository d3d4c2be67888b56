package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// Reshard moves the games of the databases at from (the files of the
// processes that ran the old shards, the one that ran shard 0 first) into
// new files at to (the files of the processes of the new shards), with the
// bots stopped: a game to to[owner(its server)] (DMs have the server ""),
// with its server's lobbies. A player's record (settings, digest,
// statistics) goes to the file that owns the DMs and to every file with a
// game the player is seated in; where several old files hold one, the
// first file's settings are kept and the statistics added up. Every file
// gets every handled interaction and the first file's key for sealed
// exports. A game whose ID another old file gave first gets a new one.
// The indexes and the statistics are rebuilt, and every game moved is
// replayed (Audit) and counted: each exactly once. The files at from are
// only read; the files at to must not exist, and are removed on failure.
func Reshard(from, to []string, owner func(guildID string) int, games *engine.Registry) (*ReshardReport, error) {
	r, err := reshard(from, to, owner, games)
	if err != nil {
		for _, path := range to {
			os.Remove(path)
		}
		return nil, err
	}
	return r, nil
}

// ReshardReport says what Reshard moved.
type ReshardReport struct {
	Games []int // by file of to, the games it holds
	// Renamed are the games given a new ID: "file g3 is now g9".
	Renamed []string
	// Problems are what the operator should know, such as a player's
	// settings that differed between the old files.
	Problems []string
}

func reshard(from, to []string, owner func(string) int, games *engine.Registry) (*ReshardReport, error) {
	for _, path := range to {
		if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("storage: %s exists; reshard writes new files", path)
		}
	}
	var srcs []*Store
	defer func() {
		for _, s := range srcs {
			s.db.Close()
		}
	}()
	for _, path := range from {
		bolt, err := openFile(path, true)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		srcs = append(srcs, &Store{db: database{DB: bolt}, games: games})
	}
	var dsts []*Store
	defer func() {
		for _, s := range dsts {
			s.Close()
		}
	}()
	for _, path := range to {
		s, err := Open(path, games)
		if err != nil {
			return nil, err
		}
		dsts = append(dsts, s)
	}
	m := &merge{from: from, to: to, owner: owner, srcs: srcs, dsts: dsts, users: map[string]adega.User{},
		seated: map[string][]int{}, r: &ReshardReport{Games: make([]int, len(to))}}
	for _, src := range srcs {
		err := src.db.View(func(tx *bbolt.Tx) error {
			m.seq = max(m.seq, tx.Bucket(bucketGames).Sequence())
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	for k, src := range srcs {
		if err := src.db.View(func(tx *bbolt.Tx) error { return m.moveFile(k, tx) }); err != nil {
			return nil, err
		}
	}
	if err := m.finish(); err != nil {
		return nil, err
	}
	return m.r, nil
}

// merge is a reshard under way.
type merge struct {
	from, to   []string
	owner      func(string) int
	srcs, dsts []*Store
	moved      int                   // games copied
	seq        uint64                // the last game ID any old file gave
	users      map[string]adega.User // merged, by ID
	seated     map[string][]int      // user → the files of their games
	r          *ReshardReport
}

// moveFile copies the games, lobbies, players and handled interactions of
// source k's transaction tx.
func (m *merge) moveFile(k int, tx *bbolt.Tx) error {
	if n := tx.Bucket(bucketOutbox).Stats().KeyN; n > 0 {
		return fmt.Errorf("%s owes %d messages to Discord: start its bot and stop it (SIGTERM) to deliver them, then reshard", m.from[k], n)
	}
	renamed := map[string]string{}
	err := tx.Bucket(bucketGames).ForEach(func(key, _ []byte) error {
		gb := tx.Bucket(bucketGames).Bucket(key)
		var meta adega.Meta
		if err := get(gb, "game "+string(key), keyMeta, &meta); err != nil {
			return fmt.Errorf("%s: %w", m.from[k], err)
		}
		d, err := m.target(meta.GuildID)
		if err != nil {
			return err
		}
		id, err := m.dsts[d].copyAs(gb, meta, m.seq)
		if err != nil {
			return err
		}
		if id != meta.ID {
			renamed[meta.ID] = id
			m.r.Renamed = append(m.r.Renamed, fmt.Sprintf("%s %s is now %s", m.from[k], meta.ID, id))
		}
		for _, s := range meta.Seats {
			if s.UserID != "" && !slices.Contains(m.seated[s.UserID], d) {
				m.seated[s.UserID] = append(m.seated[s.UserID], d)
			}
		}
		m.moved++
		return nil
	})
	if err != nil {
		return err
	}
	if err := m.moveLobbies(tx, renamed); err != nil {
		return err
	}
	if err := m.mergeUsers(k, tx); err != nil {
		return err
	}
	for _, dst := range m.dsts {
		err := dst.update(func(out *bbolt.Tx) error {
			return tx.Bucket(bucketHandled).ForEach(func(k, v []byte) error { return out.Bucket(bucketHandled).Put(k, v) })
		})
		if err != nil {
			return err
		}
	}
	if k > 0 {
		return nil
	}
	seal := tx.Bucket(bucketMeta).Get(keySeal)
	if seal == nil {
		return nil
	}
	for _, dst := range m.dsts {
		if err := dst.update(func(out *bbolt.Tx) error { return out.Bucket(bucketMeta).Put(keySeal, seal) }); err != nil {
			return err
		}
	}
	return nil
}

// target is the index of the new file that owns a server's games.
func (m *merge) target(guildID string) (int, error) {
	d := m.owner(guildID)
	if d < 0 || d >= len(m.dsts) {
		return 0, fmt.Errorf("no new file owns server %q", guildID)
	}
	return d, nil
}

// copyAs copies a game's bucket into s under its ID, or a new one if s
// holds a game of that ID already. New IDs come after seq, the last ID
// any old file gave.
func (s *Store) copyAs(from *bbolt.Bucket, meta adega.Meta, seq uint64) (string, error) {
	id := meta.ID
	err := s.update(func(tx *bbolt.Tx) error {
		games := tx.Bucket(bucketGames)
		if games.Sequence() < seq {
			if err := games.SetSequence(seq); err != nil {
				return err
			}
		}
		if games.Bucket([]byte(id)) != nil {
			n, err := games.NextSequence()
			if err != nil {
				return err
			}
			id = gameID(n)
		}
		to, err := games.CreateBucket([]byte(id))
		if err != nil {
			return err
		}
		if err := copyBucket(to, from); err != nil {
			return err
		}
		meta.ID = id
		return put(to, keyMeta, meta)
	})
	return id, err
}

// moveLobbies copies each lobby to its server's file, naming the game it
// started by its new ID.
func (m *merge) moveLobbies(tx *bbolt.Tx, renamed map[string]string) error {
	return tx.Bucket(bucketLobbies).ForEach(func(k, v []byte) error {
		var l adega.Lobby
		if err := decode("lobby "+string(k), "lobbies/"+string(k), v, &l); err != nil {
			return err
		}
		if id, ok := renamed[l.GameID]; ok {
			l.GameID = id
		}
		d, err := m.target(l.GuildID)
		if err != nil {
			return err
		}
		return m.dsts[d].update(func(out *bbolt.Tx) error {
			if out.Bucket(bucketLobbies).Get(k) != nil {
				return fmt.Errorf("lobby %s is in two old files", k)
			}
			return putLobby(out, l)
		})
	})
}

// mergeUsers adds source k's players to the merged records.
func (m *merge) mergeUsers(k int, tx *bbolt.Tx) error {
	return tx.Bucket(bucketUsers).ForEach(func(key, v []byte) error {
		var u adega.User
		if err := decode("user "+string(key), "users/"+string(key), v, &u); err != nil {
			return fmt.Errorf("%s: %w", m.from[k], err)
		}
		kept, ok := m.users[u.ID]
		if !ok {
			m.users[u.ID] = u
			return nil
		}
		if kept.Prefs != u.Prefs {
			m.r.Problems = append(m.r.Problems, fmt.Sprintf("player %s had other settings in %s; kept those of an earlier file", u.ID, m.from[k]))
		}
		stats := map[string]adega.GameStats{}
		for _, s := range []map[string]adega.GameStats{kept.Stats, u.Stats} {
			for game, gs := range s {
				sum := stats[game]
				sum.Played, sum.Won = sum.Played+gs.Played, sum.Won+gs.Won
				stats[game] = sum
			}
		}
		kept.Stats = stats
		m.users[u.ID] = kept
		return nil
	})
}

// finish writes the players, rebuilds every new file's indexes and
// statistics, replays every game, and checks that each moved once.
func (m *merge) finish() error {
	dms, err := m.target("")
	if err != nil {
		return err
	}
	for id, u := range m.users {
		for _, d := range append(m.seated[id], dms) {
			if err := m.dsts[d].update(func(tx *bbolt.Tx) error { return m.dsts[d].putUser(tx, u) }); err != nil {
				return err
			}
		}
	}
	total := 0
	for d, dst := range m.dsts {
		if err := dst.update(dst.rebuildIndexes); err != nil {
			return err
		}
		if err := dst.rebuildKept(); err != nil {
			return err
		}
		check := &Report{}
		if err := dst.verifyGames(check); err != nil {
			return err
		}
		if len(check.Lost) > 0 {
			return fmt.Errorf("%s: game %s does not replay: %v", m.to[d], check.Lost[0].ID, check.Lost[0].Err)
		}
		m.r.Games[d] = check.Games
		total += check.Games
	}
	if total != m.moved {
		return fmt.Errorf("the new files hold %d games, but %d were moved", total, m.moved)
	}
	return nil
}
