package storage

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"go.etcd.io/bbolt"
)

// valueVersion is the envelope version of every JSON value written. A
// migration reads the version first and decodes the data accordingly.
const valueVersion = 1

type envelope struct {
	V    int             `json:"v"`
	Data json.RawMessage `json:"data"`
}

func encode(v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return json.Marshal(envelope{V: valueVersion, Data: data})
}

func put(b *bbolt.Bucket, key string, v any) error {
	data, err := encode(v)
	if err != nil {
		return fmt.Errorf("storage: encode %s: %w", key, err)
	}
	return b.Put([]byte(key), data)
}

// get decodes the value at key into v. The decoded value shares no memory
// with the transaction.
func get(b *bbolt.Bucket, record, key string, v any) error {
	return decode(record, key, b.Get([]byte(key)), v)
}

func decode(record, key string, raw []byte, v any) error {
	corrupt := func(err error) error { return &CorruptError{Record: record, Key: key, Err: err} }
	if raw == nil {
		return corrupt(errors.New("missing"))
	}
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return corrupt(err)
	}
	if err := checkVersion(env.V); err != nil {
		return corrupt(err)
	}
	if err := json.Unmarshal(env.Data, v); err != nil {
		return corrupt(err)
	}
	return nil
}

// checkVersion refuses an envelope without a version or newer than this
// build's.
func checkVersion(v int) error {
	switch {
	case v == 0:
		return errors.New("no value version")
	case v > valueVersion:
		return fmt.Errorf("value version %d is newer than this adega reads", v)
	}
	return nil
}

// appendOnly is the fill percent of buckets whose keys only grow (a game's
// log, the outbox, the handled interactions). bbolt splits a full page in
// half by default, which leaves every page of an append-only bucket half
// empty; filled to the brim, they take half the pages.
const appendOnly = 1.0

// fullPages is the fill percent of the buckets rewritten in place: a
// game's (a few keys, written by every move, post and reminder), the
// games' (whose entries move with them) and the statistics'. bbolt splits a page anew whenever it writes it; at its
// default half a page a game of 7 KB took 4 pages and more, where 2 hold
// it. The file is smaller, and a game is read from fewer pages (log.go
// says why that matters).
const fullPages = 1.0

// u64 is the fixed-width big-endian form used for versions and log keys, so
// that keys sort numerically.
func u64(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

func readU64(record, key string, raw []byte) (uint64, error) {
	switch {
	case raw == nil:
		return 0, &CorruptError{Record: record, Key: key, Err: errors.New("missing")}
	case len(raw) != 8:
		return 0, &CorruptError{Record: record, Key: key, Err: fmt.Errorf("want 8 bytes, have %d", len(raw))}
	}
	return binary.BigEndian.Uint64(raw), nil
}
