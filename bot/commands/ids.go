package commands

import (
	"errors"
	"strconv"
	"strings"
)

// Custom IDs route components like URL paths: "kind:target:version:path".
// The target is a game or lobby ID; the version is the game's move count
// when the component was made, so a stale button is recognised; the path is
// the guided flow's choices so far, as indices into each step's list, two
// base-36 digits each. Discord allows 100 characters, enough for 40 steps.
type customID struct {
	kind    string
	target  string
	version uint64
	path    []int
	offset  int // first choice shown, when a step has more than fit
}

// Component kinds.
const (
	kindJoin    = "lj" // join a lobby
	kindLeave   = "ll" // leave a lobby
	kindStart   = "ls" // start a lobby's game
	kindGo      = "go" // open the guided flow for your decision
	kindStep    = "st" // a choice in the guided flow
	kindBack    = "bk" // one step back in the guided flow
	kindAbandon = "ab" // confirm abandoning a game
	kindConfirm = "cf" // confirm a big move, whose choices are the path
	kindAgree   = "uy" // agree to another player's undo
	kindRefuse  = "un" // refuse another player's undo
	kindLog     = "lg" // a page of the game's log (offset is the page)
)

const pathDigits = 2

func (c customID) String() string {
	var path strings.Builder
	for _, i := range c.path {
		d := strconv.FormatInt(int64(i), 36)
		path.WriteString(strings.Repeat("0", pathDigits-len(d)) + d)
	}
	return strings.Join([]string{c.kind, c.target, strconv.FormatUint(c.version, 10), path.String(), strconv.Itoa(c.offset)}, ":")
}

var errBadCustomID = errors.New("That button is not one of mine.")

func parseCustomID(s string) (customID, error) {
	parts := strings.Split(s, ":")
	if len(parts) != 5 || len(parts[3])%pathDigits != 0 {
		return customID{}, errBadCustomID
	}
	c := customID{kind: parts[0], target: parts[1]}
	var err error
	if c.version, err = strconv.ParseUint(parts[2], 10, 64); err != nil {
		return customID{}, errBadCustomID
	}
	if c.offset, err = strconv.Atoi(parts[4]); err != nil || c.offset < 0 {
		return customID{}, errBadCustomID
	}
	for p := parts[3]; p != ""; p = p[pathDigits:] {
		i, err := strconv.ParseInt(p[:pathDigits], 36, 32)
		if err != nil {
			return customID{}, errBadCustomID
		}
		c.path = append(c.path, int(i))
	}
	return c, nil
}
