package component

import (
	"errors"
	"fmt"
	"io"

	"github.com/BurntSushi/toml"
)

// Loader applies a data file to a game's data, collecting every problem,
// each under the key it is about.
type Loader struct {
	errs []error
}

// Decode reads a TOML data file into f, the game's schema, and notes
// each key f has no place for.
func (l *Loader) Decode(r io.Reader, f any) error {
	md, err := toml.NewDecoder(r).Decode(f)
	if err != nil {
		return err
	}
	l.unknown(md.Undecoded())
	return nil
}

// unknown reports each unknown key once: keys inside an unknown table are
// left out.
func (l *Loader) unknown(keys []toml.Key) {
	reported := map[string]bool{}
	for _, k := range keys {
		inside := false
		for i := 1; i < len(k); i++ {
			inside = inside || reported[k[:i].String()]
		}
		if !inside {
			reported[k.String()] = true
			l.Fail(k.String(), "unknown key")
		}
	}
}

// Fail notes a problem with key.
func (l *Loader) Fail(key, format string, args ...any) {
	l.errs = append(l.errs, fmt.Errorf("%s: %s", key, fmt.Sprintf(format, args...)))
}

// Err is every problem noted, or nil.
func (l *Loader) Err() error { return errors.Join(l.errs...) }

// IntIn checks that v lies in [lo, hi].
func (l *Loader) IntIn(key string, v, lo, hi int) bool {
	if v < lo || v > hi {
		l.Fail(key, "%d is out of range %d..%d", v, lo, hi)
		return false
	}
	return true
}

// Set replaces a reconstructed value with v from the file. Any other may
// only be restated.
func Set[T comparable](l *Loader, key string, cell *Sourced[T], v T) {
	switch {
	case cell.Src == Reconstructed || cell.Src == DataFile:
		*cell = Sourced[T]{v, DataFile}
	case cell.V != v:
		l.Fail(key, "%v contradicts the %s value %v", v, cell.Src, cell.V)
	}
}
