package steps

import (
	"strings"
	"testing"
)

// A step's number counts the names before it that are its name with
// digits after it: exactly those whose digits trimmed leave its name.
func TestNumberedIsNameAndDigits(t *testing.T) {
	words := []string{"", "wine", "wine2", "wine12", "wine2a", "win", "wines", "x1", "x12", "x1a", "2", "12", "a"}
	for _, used := range words {
		for _, name := range words {
			want := strings.TrimRight(used, "0123456789") == name
			if got := numbered(used, name); got != want {
				t.Errorf("numbered(%q, %q) = %v, want %v", used, name, got, want)
			}
		}
	}
}
