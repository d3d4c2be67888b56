package storage

import (
	"errors"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
)

// A user who chose the daily digest has one entry in the reminders index,
// at User.DigestAt; writing the user moves it.

func readUser(tx *bbolt.Tx, id string) (adega.User, error) {
	u := adega.User{ID: id}
	raw := tx.Bucket(bucketUsers).Get([]byte(id))
	if raw == nil {
		return u, nil
	}
	err := decode("user "+id, "users/"+id, raw, &u)
	return u, err
}

// putUser stores u and moves its digest entry in the index.
func (s *Store) putUser(tx *bbolt.Tx, u adega.User) error {
	if u.ID == "" {
		return errors.New("storage: a user needs an ID")
	}
	old, err := readUser(tx, u.ID)
	if err != nil {
		return err
	}
	if err := s.schedule(tx, adega.WakeDigest, u.ID, old.DigestAt, u.DigestAt); err != nil {
		return err
	}
	return put(tx.Bucket(bucketUsers), u.ID, u)
}

// Users returns every stored user, in the order of their IDs.
func (s *Store) Users() ([]adega.User, error) {
	var out []adega.User
	err := s.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketUsers).ForEach(func(k, v []byte) error {
			var u adega.User
			if err := decode("user "+string(k), "users/"+string(k), v, &u); err != nil {
				return err
			}
			out = append(out, u)
			return nil
		})
	})
	return out, err
}

// GetUser returns the stored user, or a User with only its ID for one never stored.
func (s *Store) GetUser(id string) (adega.User, error) {
	var u adega.User
	err := s.db.View(func(tx *bbolt.Tx) error {
		var err error
		u, err = readUser(tx, id)
		return err
	})
	if err != nil {
		return adega.User{}, err
	}
	return u, nil
}

// UpdateUser changes a user in one transaction; a user never stored starts
// with only its ID. If change returns an error nothing is written.
func (s *Store) UpdateUser(id string, change func(*adega.User) error) (adega.User, error) {
	var u adega.User
	err := s.update(func(tx *bbolt.Tx) error {
		var err error
		if u, err = readUser(tx, id); err != nil {
			return err
		}
		if err := change(&u); err != nil {
			return err
		}
		return s.putUser(tx, u)
	})
	return u, err
}

// ClaimDigest is UpdateUser for the scheduler handling a digest entry that
// is due: the entry goes in the same transaction, change sets the next
// DigestAt (zero for none), and what it returns is queued in the outbox
// in the same transaction too, so a digest claimed is a digest sent. An
// entry moved later after a failure (Reschedule) is still the user's
// digest: DigestAt stayed at the time it first fell due.
func (s *Store) ClaimDigest(due adega.Wake, change func(*adega.User) ([]*adega.Outgoing, error)) (adega.User, error) {
	var u adega.User
	err := s.update(func(tx *bbolt.Tx) error {
		if err := tx.Bucket(bucketReminders).Delete(wakeKey(due)); err != nil {
			return err
		}
		var err error
		if u, err = readUser(tx, due.ID); err != nil {
			return err
		}
		if !u.DigestAt.IsZero() && !u.DigestAt.After(due.At) {
			u.DigestAt = time.Time{} // its key is gone already
			if err := put(tx.Bucket(bucketUsers), u.ID, u); err != nil {
				return err
			}
		}
		out, err := change(&u)
		if err != nil {
			return err
		}
		if err := s.putUser(tx, u); err != nil {
			return err
		}
		if len(out) == 0 {
			return nil
		}
		return s.enqueue(tx, out...)
	})
	return u, err
}
