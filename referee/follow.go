package referee

import (
	"slices"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// Anyone may follow a game: its followers are kept in its metadata, so
// that the change that ends a Fair or the game reads them in its own
// transaction and queues their news with its turn message.

// MaxFollowers bounds a game's followers: the change that ends a Fair
// queues a message for each of them in its transaction.
const MaxFollowers = 50

// Follow adds userID to the followers of the active game id.
func (r *Referee) Follow(id, userID string) (adega.Meta, error) {
	return r.store.UpdateMeta(id, func(m *adega.Meta) error {
		switch {
		case m.Status != adega.StatusActive:
			return engine.Errorf(adega.CodeRefused, "This game is over: there is nothing left to follow. Nothing was changed.")
		case slices.Contains(m.Followers, userID):
			return engine.Errorf(adega.CodeRefused, "You already follow this game. Nothing was changed.")
		case len(m.Followers) >= MaxFollowers:
			return engine.Errorf(adega.CodeFull, "This game has as many followers as it can take. Nothing was changed.")
		}
		m.Followers = append(m.Followers, userID)
		return nil
	})
}

// Unfollow removes userID from the followers of game id.
func (r *Referee) Unfollow(id, userID string) (adega.Meta, error) {
	return r.store.UpdateMeta(id, func(m *adega.Meta) error {
		k := slices.Index(m.Followers, userID)
		if k < 0 {
			return engine.Errorf(adega.CodeRefused, "You do not follow this game. Nothing was changed.")
		}
		m.Followers = slices.Delete(m.Followers, k, k+1)
		return nil
	})
}
