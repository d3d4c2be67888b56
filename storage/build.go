package storage

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"runtime/debug"
	"sync"
)

// A game's snapshot is its state as one build of adega computed it. A
// build that may compute states differently (a new engine) must not trust
// it: the game is replayed once, checked, and stamped with the new build.
// The build is named by its commit when it was made from a clean checkout;
// otherwise by a hash of the program itself, so that two different
// development builds are never taken for one another.

// keyBuild, in a game's bucket, names the build that wrote its snapshot.
const keyBuild = "build"

// runningBuild names the running build; the program is hashed once.
var runningBuild = sync.OnceValue(func() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		var revision string
		modified := false
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if revision != "" && !modified {
			return "commit " + revision
		}
	}
	if sum, err := programHash(); err == nil {
		return "program " + sum
	}
	// Nothing names this build: trust no snapshot written before this
	// process started.
	return "process " + rand.Text()
})

func programHash() (string, error) {
	path, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)[:12]), nil
}
