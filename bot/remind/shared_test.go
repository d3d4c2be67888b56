package remind

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/storage"
)

// Settings heard from the records processes share apply in the order they
// were saved there, however late one arrives, and plan the digest; with
// one process, each save applies.
func TestSavePrefsKeepsTheNewestRevision(t *testing.T) {
	store, err := storage.Open(filepath.Join(t.TempDir(), "adega.db"), registry)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	lisbon := adega.Prefs{TimeZone: "Europe/Lisbon", Digest: true, DigestHour: 9}
	tokyo := adega.Prefs{TimeZone: "Asia/Tokyo"}
	for _, step := range []struct {
		prefs    adega.Prefs
		revision int64
		want     adega.Prefs
	}{
		{lisbon, 9, lisbon},
		{tokyo, 7, lisbon}, // older: arrived late
		{lisbon, 12, lisbon},
		{tokyo, 11, lisbon}, // older than the same settings saved again
		{tokyo, 0, tokyo},   // one process
	} {
		u, err := SavePrefs(store, "1001", step.prefs, step.revision, now)
		if err != nil {
			t.Fatal(err)
		}
		if stored, _ := store.GetUser("1001"); stored.Prefs != step.want || u.Prefs != step.want {
			t.Fatalf("after %+v at revision %d: stored %+v, returned %+v; want %+v", step.prefs, step.revision, stored.Prefs, u.Prefs, step.want)
		}
	}
	if u, _ := store.GetUser("1001"); !u.DigestAt.IsZero() {
		t.Errorf("the digest is still planned at %v with none asked", u.DigestAt)
	}
}
