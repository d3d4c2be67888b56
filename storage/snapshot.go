package storage

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// A snapshot is the canonical encoding of a game's state (engine.Encode),
// rewritten after every move. It is stored deflated: the JSON of a board
// game's state is repetitive, and a fifth of its size fits in the page of
// the game's other keys instead of overflowing into pages of its own.
//
// A stored snapshot is sealed: the byte checkedSnapshot, the SHA-256 of
// the deflated bytes, then those bytes. Every read checks the sum, so a
// snapshot whose bytes changed (a damaged page, a hand-edited file) is
// never decoded: the game is replayed from its log instead (game.go).
// Snapshots stored before sums existed still read, but are not trusted
// without a replay: deflated ones start with the byte packedSnapshot, and
// the JSON envelopes before those with '{'.

const (
	packedSnapshot  = 0x01
	checkedSnapshot = 0x02
	// sealLength is how many bytes a sealed snapshot's header takes.
	sealLength = 1 + sha256.Size
)

var errChecksum = errors.New("its checksum does not match its bytes")

// Snapshots are deflated without a compressor kept between them
// (flate.StatelessDeflate): a state's JSON is a few KB, compressed in one
// block as well as by a compressor's tables, which take most of a
// megabyte each and would stay in the heap. Decompressors are small and
// reused; a sync.Pool would drop them at every garbage collection, which
// the bot runs often, so a short free list keeps them.
var inflaters = freeList[io.ReadCloser]{make: func() io.ReadCloser { return flate.NewReader(nil) }}

// freeList keeps up to freeListSize values for reuse.
type freeList[T any] struct {
	mu   sync.Mutex
	free []T
	make func() T
}

// freeListSize matches the games read at once on this small machine;
// more are made when needed, then dropped.
const freeListSize = 2

func (l *freeList[T]) get() T {
	l.mu.Lock()
	defer l.mu.Unlock()
	if n := len(l.free); n > 0 {
		v := l.free[n-1]
		l.free = l.free[:n-1]
		return v
	}
	return l.make()
}

func (l *freeList[T]) put(v T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.free) < freeListSize {
		l.free = append(l.free, v)
	}
}

// packSnapshot is how a state's encoding is stored: sealed (see above).
// A game's packed log entries are sealed the same way (log.go).
func packSnapshot(state []byte) []byte {
	out := bytes.NewBuffer(make([]byte, sealLength, sealLength+len(state)/4))
	flate.StatelessDeflate(out, state, true, nil) // writes to a bytes.Buffer do not fail
	sealed := out.Bytes()
	sealed[0] = checkedSnapshot
	sum := sha256.Sum256(sealed[sealLength:])
	copy(sealed[1:sealLength], sum[:])
	return sealed
}

// unpackSnapshot reads a stored snapshot back into the state's encoding.
// sealed reports that it carried a checksum, which matched; a sum that
// does not match is an error.
func unpackSnapshot(record string, raw []byte) (state []byte, sealed bool, err error) {
	switch {
	case len(raw) >= sealLength && raw[0] == checkedSnapshot:
		state, err = unseal(record, keySnapshot, raw)
		return state, err == nil, err
	case len(raw) > 0 && raw[0] == packedSnapshot:
		state, err = inflate(record, keySnapshot, raw[1:])
		return state, false, err
	}
	var snapshot json.RawMessage
	err = decode(record, keySnapshot, raw, &snapshot)
	return snapshot, false, err
}

// unseal reads back what packSnapshot sealed, stored at key: its sum is
// checked, then its bytes inflated.
func unseal(record, key string, raw []byte) ([]byte, error) {
	if len(raw) < sealLength || raw[0] != checkedSnapshot {
		return nil, &CorruptError{Record: record, Key: key, Err: errors.New("not a sealed value")}
	}
	if sum := sha256.Sum256(raw[sealLength:]); !bytes.Equal(sum[:], raw[1:sealLength]) {
		return nil, &CorruptError{Record: record, Key: key, Err: errChecksum}
	}
	return inflate(record, key, raw[sealLength:])
}

func inflate(record, key string, deflated []byte) ([]byte, error) {
	r := inflaters.get()
	defer inflaters.put(r)
	if err := r.(flate.Resetter).Reset(bytes.NewReader(deflated), nil); err != nil {
		return nil, err
	}
	state, err := io.ReadAll(r)
	if err != nil {
		return nil, &CorruptError{Record: record, Key: key, Err: fmt.Errorf("deflate: %w", err)}
	}
	return state, nil
}

// The events of a game's newest moves are stored beside its log, packed
// like the snapshot and rewritten with it, so that a change read from the
// database can tell what happened since each player's last move without
// replaying the log.

// packRecentEvents packs the events of log's newest narratedTail entries.
func packRecentEvents(log []adega.LogEntry) ([]byte, error) {
	tail := log[max(0, len(log)-narratedTail):]
	events := make([][]engine.Event, len(tail))
	for i, e := range tail {
		events[i] = e.Events
	}
	data, err := json.Marshal(events)
	if err != nil {
		return nil, fmt.Errorf("storage: encode recent events: %w", err)
	}
	return packSnapshot(data), nil
}

// readRecentEvents gives the newest entries of log their stored events and
// returns the first entry that has them (len(log) if none are stored, as
// in databases from before they were).
func readRecentEvents(gb *bbolt.Bucket, log []adega.LogEntry) int {
	raw := gb.Get([]byte(keyRecent))
	if raw == nil {
		return len(log)
	}
	data, _, err := unpackSnapshot("recent events", raw)
	var events [][]engine.Event
	if err == nil {
		err = json.Unmarshal(data, &events)
	}
	if err != nil || len(events) > len(log) {
		return len(log) // a replay narrates the game instead
	}
	from := len(log) - len(events)
	for i, ev := range events {
		log[from+i].Events = ev
	}
	return from
}
