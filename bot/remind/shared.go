package remind

import (
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/storage"
)

// Shared is what a player has across servers: their games in progress and
// statistics on every server, their settings, and the claim of their
// daily digest. One process holds all of it in its store (Local); several
// share it through etcd (package cluster), each keeping its own servers'
// games in its store.
type Shared interface {
	// WaitingOfUser lists the user's games in progress, oldest first.
	WaitingOfUser(userID string) ([]adega.GameWait, error)
	// Records lists the statistics of the user's games.
	Records(userID string) ([]adega.Record, error)
	// Following lists the games the user follows, over or not, oldest
	// first.
	Following(userID string) ([]adega.GameWait, error)
	// SetPrefs saves the user's settings for every process, or refuses
	// with adega.ErrUnavailable and changes nothing; the user as this
	// process now holds them comes back.
	SetPrefs(userID string, p adega.Prefs) (adega.User, error)
	// ClaimDigest reports whether this process sends the user's digest
	// due at `at`: exactly one does, however often each asks.
	ClaimDigest(userID string, at time.Time) (bool, error)
}

// Local is Shared for one process: its store holds everything.
type Local struct {
	*storage.Store
	Now func() time.Time
}

// SetPrefs saves the settings in the store.
func (l Local) SetPrefs(userID string, p adega.Prefs) (adega.User, error) {
	return SavePrefs(l.Store, userID, p, 0, l.Now())
}

// ClaimDigest is always this process's.
func (Local) ClaimDigest(string, time.Time) (bool, error) { return true, nil }

// SavePrefs stores a user's settings, their next digest and their
// reminders planned again under them. revision is where they come from
// in the shared records (zero with one process): settings of an older
// revision than the stored ones change nothing, nor do the same settings,
// so a process may apply what it hears more than once.
func SavePrefs(store *storage.Store, userID string, p adega.Prefs, revision int64, now time.Time) (adega.User, error) {
	if revision != 0 { // a start hears every user's again: most are known
		if u, err := store.GetUser(userID); err != nil || revision <= u.PrefsRevision {
			return u, err
		}
	}
	changed := false
	u, err := store.UpdateUser(userID, func(u *adega.User) error {
		if revision != 0 && (revision <= u.PrefsRevision || u.Prefs == p) {
			u.PrefsRevision = max(u.PrefsRevision, revision)
			return nil
		}
		changed = true
		u.Prefs, u.PrefsRevision = p, revision
		u.DigestAt = time.Time{}
		if p.Digest {
			u.DigestAt = NextDigest(now, p)
		}
		return nil
	})
	if err != nil || !changed {
		return u, err
	}
	return u, store.ReplanUser(userID, now)
}
