package commands

import (
	"reflect"
	"strings"
	"testing"
)

func TestCustomIDsRoundTrip(t *testing.T) {
	for _, c := range []customID{
		{kind: kindGo, target: "g7", stamp: 12},
		{kind: kindStep, target: "g1a", stamp: 300, path: []int{0, 5, 35, 36, 60, 61, 62, 1000}, offset: 24},
		{kind: kindJoin, target: "123456789012345678"},
	} {
		got, err := parseCustomID(c.String())
		if err != nil || !reflect.DeepEqual(got, c) {
			t.Errorf("%q: got %+v, %v", c.String(), got, err)
		}
		if len(c.String()) > customIDMax {
			t.Errorf("%q is longer than Discord allows", c.String())
		}
	}
	for _, bad := range []string{"", "go:g1", "go:g1:x::0", "st:g1:1:!!:0", "go:g1:1::-1", "st:g1:1:~1:0", "st:g1:1:~01:0",
		"st:g1:1:-1:0", "st:g1:1:+1:0", "go:g1:+1::0", "go:g1:-1::0", "go:g1:1:: 0", "go::1::0", "go:g1:1::0:", "go:g1:1::" + strings.Repeat("9", 100)} {
		if _, err := parseCustomID(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
