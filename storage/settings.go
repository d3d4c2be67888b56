package storage

import (
	"errors"
	"time"

	"go.etcd.io/bbolt"
)

// A user who chose the daily digest has one entry in the reminders index,
// at User.DigestAt; writing the user moves it.

func readUser(tx *bbolt.Tx, id string) (User, error) {
	u := User{ID: id}
	raw := tx.Bucket(bucketUsers).Get([]byte(id))
	if raw == nil {
		return u, nil
	}
	err := decode("user "+id, "users/"+id, raw, &u)
	return u, err
}

// putUser stores u and moves its digest entry in the index.
func putUser(tx *bbolt.Tx, u User) error {
	if u.ID == "" {
		return errors.New("storage: a user needs an ID")
	}
	old, err := readUser(tx, u.ID)
	if err != nil {
		return err
	}
	if err := schedule(tx, WakeDigest, u.ID, old.DigestAt, u.DigestAt); err != nil {
		return err
	}
	return put(tx.Bucket(bucketUsers), u.ID, u)
}

// UpdateUser changes a user in one transaction; a user never stored starts
// with only its ID. If change returns an error nothing is written.
func (s *Store) UpdateUser(id string, change func(*User) error) (User, error) {
	var u User
	err := s.update(func(tx *bbolt.Tx) error {
		var err error
		if u, err = readUser(tx, id); err != nil {
			return err
		}
		if err := change(&u); err != nil {
			return err
		}
		return putUser(tx, u)
	})
	return u, err
}

// ClaimDigest is UpdateUser for the scheduler handling a digest entry that
// is due: the entry goes in the same transaction, and change sets the
// next DigestAt (zero for none).
func (s *Store) ClaimDigest(due Wake, change func(*User) error) (User, error) {
	var u User
	err := s.update(func(tx *bbolt.Tx) error {
		if err := tx.Bucket(bucketReminders).Delete(wakeKey(due)); err != nil {
			return err
		}
		var err error
		if u, err = readUser(tx, due.ID); err != nil {
			return err
		}
		if u.DigestAt.Equal(due.At) {
			u.DigestAt = time.Time{} // its key is gone already
			if err := put(tx.Bucket(bucketUsers), u.ID, u); err != nil {
				return err
			}
		}
		if err := change(&u); err != nil {
			return err
		}
		return putUser(tx, u)
	})
	return u, err
}
