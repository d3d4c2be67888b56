// Package dbtest damages bbolt files the way disks do, and edits them as
// a hand would, for the tests of what adega does with such a database.
// The file must be closed.
package dbtest

import (
	"bytes"
	"os"
	"testing"

	"go.etcd.io/bbolt"
)

// OverwritePage fills with garbage the page of the bucket named by path
// (bucket names, outermost first), as a bad disk sector would, and
// returns the page's number. The bucket must have a page of its own.
func OverwritePage(t testing.TB, file string, path ...string) uint64 {
	t.Helper()
	var page uint64
	size := 0
	view(t, file, func(tx *bbolt.Tx) {
		page, size = uint64(bucket(t, tx, path).RootPage()), tx.DB().Info().PageSize
	})
	if page == 0 {
		t.Fatalf("bucket %q is kept inline in its parent's page; it has no page of its own", path)
	}
	garbage := make([]byte, size)
	for i := range garbage {
		garbage[i] = byte(i*7 + 3)
	}
	writeAt(t, file, garbage, int64(page)*int64(size))
	return page
}

// FlipByte changes the byte at offset of the value of key in the bucket
// named by path, where the value lies in the file: its other bytes, and
// any sum of them stored beside, stay as they were.
func FlipByte(t testing.TB, file string, key string, offset int, path ...string) {
	t.Helper()
	var value []byte
	view(t, file, func(tx *bbolt.Tx) { value = bytes.Clone(bucket(t, tx, path).Get([]byte(key))) })
	if len(value) <= offset {
		t.Fatalf("the value of %q holds %d bytes, not %d", key, len(value), offset+1)
	}
	content, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(content, value)
	if at < 0 || bytes.Contains(content[at+1:], value) {
		t.Fatalf("the value of %q does not lie once, whole, in the file", key)
	}
	writeAt(t, file, []byte{value[offset] ^ 0xff}, int64(at+offset))
}

func view(t testing.TB, file string, fn func(*bbolt.Tx)) {
	t.Helper()
	db, err := bbolt.Open(file, 0o600, &bbolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.View(func(tx *bbolt.Tx) error {
		fn(tx)
		return nil
	})
}

func bucket(t testing.TB, tx *bbolt.Tx, path []string) *bbolt.Bucket {
	t.Helper()
	b := tx.Bucket([]byte(path[0]))
	for _, name := range path[1:] {
		if b == nil {
			break
		}
		b = b.Bucket([]byte(name))
	}
	if b == nil {
		t.Fatalf("no bucket %q", path)
	}
	return b
}

func writeAt(t testing.TB, file string, data []byte, offset int64) {
	t.Helper()
	f, err := os.OpenFile(file, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt(data, offset); err != nil {
		t.Fatal(err)
	}
}

// Put sets key to value in the bucket named by path, as a hand edit of
// the file would.
func Put(t testing.TB, file string, key string, value []byte, path ...string) {
	t.Helper()
	db, err := bbolt.Open(file, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(tx *bbolt.Tx) error { return bucket(t, tx, path).Put([]byte(key), value) }); err != nil {
		t.Fatal(err)
	}
}
