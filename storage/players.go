package storage

import (
	"slices"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
)

// With several processes, what a player has across servers (their games
// in progress, their statistics, the games they follow) is published from
// each process's file to the records they share (package cluster): a
// game's entries are read here after each change, and all of them at a
// start.

// PlayerEntry is what a game holds for one of its players.
type PlayerEntry struct {
	UserID string
	// Game is the game and its waiting record while the player plays it
	// in progress (what WaitingOfUser lists); nil else.
	Game *adega.GameWait
	// Record is the game's statistics for the player (what Records
	// lists); nil if none are kept.
	Record *adega.Record
	// Follows is the game and its waiting record while the user follows
	// it, to its end and after (what Following lists); nil else.
	Follows *adega.GameWait
}

// PlayerEntries returns the server of the game id, and its entries for
// each player of its seats and each follower who has one.
func (s *Store) PlayerEntries(id string) (guildID string, entries []PlayerEntry, err error) {
	err = s.db.View(func(tx *bbolt.Tx) error {
		gb, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		var gw adega.GameWait
		if err := get(gb, "game "+id, keyMeta, &gw.Meta); err != nil {
			return err
		}
		guildID = gw.Meta.GuildID
		if gw.Wait, _, err = readWaiting(gb, id); err != nil {
			return err
		}
		var users []string
		for _, seat := range gw.Meta.Seats {
			if seat.UserID != "" && !slices.Contains(users, seat.UserID) {
				users = append(users, seat.UserID)
			}
		}
		for _, user := range gw.Meta.Followers {
			if !slices.Contains(users, user) {
				users = append(users, user)
			}
		}
		for _, user := range users {
			e := PlayerEntry{UserID: user}
			if slices.Contains(gw.Meta.Followers, user) {
				e.Follows = &gw
			}
			key := userKey(user, id)
			if statsBucket(tx, bucketPlaying).Get(key) != nil {
				e.Game = &gw
			}
			if v := statsBucket(tx, bucketRecords).Get(key); v != nil {
				e.Record = &adega.Record{GameID: id}
				if err := decode("statistics of "+user, "stats/records/"+id, v, e.Record); err != nil {
					return err
				}
			}
			if e.Game != nil || e.Record != nil || e.Follows != nil {
				entries = append(entries, e)
			}
		}
		return nil
	})
	return guildID, entries, err
}

// Following returns every game userID follows, over or not, with its
// waiting record, oldest first. No index holds a user's follows: it reads
// every game's metadata (ListGames), then the waiting of those followed.
func (s *Store) Following(userID string) ([]adega.GameWait, error) {
	metas, err := s.ListGames()
	if err != nil {
		return nil, err
	}
	var out []adega.GameWait
	for _, m := range metas {
		if !slices.Contains(m.Followers, userID) {
			continue
		}
		w, err := s.Waiting(m.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, adega.GameWait{Meta: m, Wait: w})
	}
	return out, nil
}

// OnGameChange has fn called with a game's ID after each transaction that
// changed the game's metadata or waiting record commits; fn must not
// block. A later call replaces fn.
func (s *Store) OnGameChange(fn func(id string)) { s.gameChanged.Store(&fn) }

// changed calls the OnGameChange function once tx commits.
func (s *Store) changed(tx *bbolt.Tx, id string) {
	tx.OnCommit(func() {
		if fn := s.gameChanged.Load(); fn != nil {
			(*fn)(id)
		}
	})
}
