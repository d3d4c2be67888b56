package fakediscord

import (
	"fmt"
	"sync"
	"testing"
)

// RecordingTB stands in for the test in negative tests: it keeps the fake's
// complaints instead of failing, so the test can assert on them. It is
// exported for this package's external tests only.
type RecordingTB struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *RecordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// Take returns the complaints since the last call.
func (r *RecordingTB) Take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	errs := r.errs
	r.errs = nil
	return errs
}
