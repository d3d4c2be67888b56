package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
)

// A game's log is kept in two parts: its older entries packed together in
// one value (keyLogPacked, sealed and deflated as a snapshot is, a JSON
// array of the entries' stored values), and its newest in the log bucket,
// each under its move number. A move adds its entries to the bucket; once
// the bucket holds packAfter of them, or the game is over, they join the
// packed ones. One entry alone is some 140 bytes of JSON on a page of its
// own bucket; packed, a whole game's log takes a few KB. The file is then
// a third smaller, and a game is read from a few pages: the mapped
// file's pages a process reads count in its resident memory, each with
// its neighbours. Databases from before hold every entry in the bucket,
// which reads as it is; their games are packed when next written.

// packAfter is how many entries the bucket collects before they are
// packed: each packing rewrites the game's packed log, some 140 bytes of
// JSON a move, so it is done once every so many moves.
const packAfter = 32

// readLog reads a game's log: its packed entries, then the bucket's, whose
// keys must be the move numbers that follow them.
func readLog(gb *bbolt.Bucket, record string) ([]adega.LogEntry, error) {
	lb := gb.Bucket([]byte(keyLog))
	if lb == nil {
		return nil, &CorruptError{Record: record, Key: keyLog, Err: fmt.Errorf("missing")}
	}
	packed, err := readPacked(gb, record)
	if err != nil {
		return nil, err
	}
	log := make([]adega.LogEntry, 0, len(packed)+packAfter)
	add := func(key string, raw []byte) error {
		var e adega.LogEntry
		if err := decode(record, key, raw, &e); err != nil {
			return err
		}
		e.Events = nil // older databases stored them; they are derived now
		log = append(log, e)
		return nil
	}
	for i, raw := range packed {
		if err := add(fmt.Sprintf("%s/%d", keyLogPacked, i+1), raw); err != nil {
			return nil, err
		}
	}
	c := lb.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		want := uint64(len(log) + 1)
		if len(k) != 8 {
			return nil, &CorruptError{Record: record, Key: fmt.Sprintf("log/%x", k), Err: fmt.Errorf("key is %d bytes, not 8", len(k))}
		}
		if n := binary.BigEndian.Uint64(k); n != want {
			return nil, &CorruptError{Record: record, Key: fmt.Sprintf("log/%d", n), Err: fmt.Errorf("found where move %d belongs", want)}
		}
		if err := add(fmt.Sprintf("log/%d", want), v); err != nil {
			return nil, err
		}
	}
	return log, nil
}

// readPacked returns the stored values of a game's packed log entries,
// none if it has no packed log.
func readPacked(gb *bbolt.Bucket, record string) ([]json.RawMessage, error) {
	raw := gb.Get([]byte(keyLogPacked))
	if raw == nil {
		return nil, nil
	}
	data, err := unseal(record, keyLogPacked, raw)
	if err != nil {
		return nil, err
	}
	var packed []json.RawMessage
	if err := json.Unmarshal(data, &packed); err != nil {
		return nil, &CorruptError{Record: record, Key: keyLogPacked, Err: err}
	}
	return packed, nil
}

// writeLog stores enc's log entries from enc.from on, dropping any stored
// beyond them (an undo), and packs the bucket's entries when it holds
// packAfter, or when over: a game over takes no more moves.
func writeLog(gb *bbolt.Bucket, record string, enc encodedGame, over bool) error {
	lb := gb.Bucket([]byte(keyLog))
	if lb == nil {
		return &CorruptError{Record: record, Key: keyLog, Err: fmt.Errorf("missing")}
	}
	lb.FillPercent = appendOnly
	// The packed entries are those before the bucket's first; they are
	// read only to be changed, or counted when the bucket is empty.
	var packed []json.RawMessage
	npacked, read := 0, false
	readAll := func() error {
		var err error
		packed, err = readPacked(gb, record)
		npacked, read = len(packed), true
		return err
	}
	if k, _ := lb.Cursor().First(); len(k) == 8 {
		npacked = int(binary.BigEndian.Uint64(k)) - 1
	} else if err := readAll(); err != nil {
		return err
	}
	changed := false
	if enc.from < npacked && !read { // an undo of packed moves
		if err := readAll(); err != nil {
			return err
		}
	}
	if enc.from < npacked {
		packed, npacked, changed = packed[:enc.from], enc.from, true
	}
	cur := lb.Cursor()
	for k, _ := cur.Seek(u64(uint64(enc.from + 1))); k != nil; k, _ = cur.Seek(u64(uint64(enc.from + 1))) {
		if err := lb.Delete(k); err != nil {
			return err
		}
	}
	for i, data := range enc.entries {
		if err := lb.Put(u64(uint64(enc.from+i+1)), data); err != nil {
			return err
		}
	}
	if tail := enc.from + len(enc.entries) - npacked; tail > 0 && (over || tail >= packAfter) {
		if !read {
			if err := readAll(); err != nil {
				return err
			}
		}
		c := lb.Cursor()
		for k, v := c.First(); k != nil; k, v = c.First() {
			packed = append(packed, bytes.Clone(v)) // v is the page's, which Delete may change
			if err := c.Delete(); err != nil {
				return err
			}
		}
		changed = true
	}
	switch {
	case !changed:
		return nil
	case len(packed) == 0:
		return gb.Delete([]byte(keyLogPacked))
	}
	data, err := json.Marshal(packed)
	if err != nil {
		return fmt.Errorf("storage: encode %s: %w", keyLogPacked, err)
	}
	return gb.Put([]byte(keyLogPacked), packSnapshot(data))
}
