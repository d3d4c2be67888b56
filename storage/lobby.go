package storage

import (
	"fmt"
	"slices"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// bucketOpenLobbies indexes the open lobbies by their creator: creator ‖
// 0 ‖ lobby ID → nothing.
var bucketOpenLobbies = []byte("open_lobbies")

// CreateLobby stores a new lobby under its ID, unless its creator has
// limit open lobbies already (a refusal of code adega.CodeFull; OpenLobbies
// lists them): counted and stored in one transaction, so that lobbies
// asked for at once cannot pass it.
func (s *Store) CreateLobby(l adega.Lobby, limit int) error {
	return s.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketLobbies)
		if b.Get([]byte(l.ID)) != nil {
			return fmt.Errorf("storage: lobby %s exists already", l.ID)
		}
		open, err := openLobbies(tx, l.CreatorID)
		if err != nil {
			return err
		}
		if len(open) >= limit {
			return engine.Errorf(adega.CodeFull, "You have %d lobbies open already, the most one member may have; nothing was opened.", len(open))
		}
		return putLobby(tx, l)
	})
}

// OpenLobbies are the lobbies creator opened that are neither started nor
// called off, oldest first.
func (s *Store) OpenLobbies(creator string) ([]adega.Lobby, error) {
	var open []adega.Lobby
	err := s.db.View(func(tx *bbolt.Tx) error {
		var err error
		open, err = openLobbies(tx, creator)
		return err
	})
	return open, err
}

func openLobbies(tx *bbolt.Tx, creator string) ([]adega.Lobby, error) {
	var open []adega.Lobby
	err := eachOf(tx.Bucket(bucketOpenLobbies), creator, func(id string, _ []byte) error {
		open = append(open, adega.Lobby{})
		return readLobby(tx, id, &open[len(open)-1])
	})
	slices.SortFunc(open, func(a, b adega.Lobby) int { return a.CreatedAt.Compare(b.CreatedAt) })
	return open, err
}

// putLobby stores a lobby and keeps the index of open lobbies in step.
func putLobby(tx *bbolt.Tx, l adega.Lobby) error {
	key := userKey(l.CreatorID, l.ID)
	var err error
	if l.Closed {
		err = tx.Bucket(bucketOpenLobbies).Delete(key)
	} else {
		err = tx.Bucket(bucketOpenLobbies).Put(key, nil)
	}
	if err != nil {
		return err
	}
	return put(tx.Bucket(bucketLobbies), l.ID, l)
}

// openLobbyIndex makes the index of open lobbies of a database that has
// none yet, from its lobbies, once.
func openLobbyIndex(tx *bbolt.Tx) error {
	if tx.Bucket(bucketOpenLobbies) != nil {
		return nil
	}
	if _, err := tx.CreateBucket(bucketOpenLobbies); err != nil {
		return err
	}
	return tx.Bucket(bucketLobbies).ForEach(func(k, v []byte) error {
		var l adega.Lobby
		if err := decode("lobby "+string(k), string(k), v, &l); err != nil {
			return err
		}
		return putLobby(tx, l)
	})
}

func readLobby(tx *bbolt.Tx, id string, l *adega.Lobby) error {
	b := tx.Bucket(bucketLobbies)
	if b.Get([]byte(id)) == nil {
		return engine.Errorf(adega.CodeNotFound, "That lobby no longer exists.")
	}
	return get(b, "lobby "+id, id, l)
}

// UpdateLobby changes a lobby in one transaction, so that two players
// clicking at once never lose a seat. If change returns an error nothing is
// written and the error is returned.
func (s *Store) UpdateLobby(id string, change func(*adega.Lobby) error) (adega.Lobby, error) {
	var l adega.Lobby
	err := s.update(func(tx *bbolt.Tx) error {
		if err := readLobby(tx, id, &l); err != nil {
			return err
		}
		if err := change(&l); err != nil {
			return err
		}
		return putLobby(tx, l)
	})
	return l, err
}
