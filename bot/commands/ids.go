package commands

import (
	"errors"
	"strconv"
	"strings"
)

// Custom IDs route components like URL paths: "kind:target:stamp:path:offset".
// The target is a game or lobby ID; the stamp names the moment of the game
// the component was made at (storage.Game.Stamp), which no later moment
// reuses, so a component from an older moment is refused whatever happened
// since (an undo brings the move count back, never the stamp); the path is
// the guided flow's choices so far, as indices into each step's list, two
// base-36 digits each. Discord allows 100 characters, enough for 35 steps.
type customID struct {
	kind   string
	target string
	stamp  uint64
	path   []int
	offset int // first choice shown, when a step has more than fit
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

const (
	pathDigits  = 2
	customIDMax = 100 // Discord's limit
)

func (c customID) String() string {
	var path strings.Builder
	for _, i := range c.path {
		d := strconv.FormatInt(int64(i), 36)
		path.WriteString(strings.Repeat("0", pathDigits-len(d)) + d)
	}
	return strings.Join([]string{c.kind, c.target, strconv.FormatUint(c.stamp, 10), path.String(), strconv.Itoa(c.offset)}, ":")
}

var errBadCustomID = errors.New("That button is not one of mine, or not for this place.")

// parseCustomID reads a custom ID strictly: digits only where numbers go,
// no signs, nothing left over.
func parseCustomID(s string) (customID, error) {
	parts := strings.Split(s, ":")
	if len(s) > customIDMax || len(parts) != 5 || len(parts[3])%pathDigits != 0 || parts[1] == "" {
		return customID{}, errBadCustomID
	}
	c := customID{kind: parts[0], target: parts[1]}
	var err error
	if c.stamp, err = parseNumber(parts[2]); err != nil {
		return customID{}, errBadCustomID
	}
	offset, err := parseNumber(parts[4])
	if err != nil || offset > 1<<20 {
		return customID{}, errBadCustomID
	}
	c.offset = int(offset)
	for p := parts[3]; p != ""; p = p[pathDigits:] {
		if strings.Trim(p[:pathDigits], "0123456789abcdefghijklmnopqrstuvwxyz") != "" {
			return customID{}, errBadCustomID
		}
		i, _ := strconv.ParseUint(p[:pathDigits], 36, 32)
		c.path = append(c.path, int(i))
	}
	return c, nil
}

// parseNumber reads a decimal number written with digits only.
func parseNumber(s string) (uint64, error) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, errBadCustomID
	}
	return strconv.ParseUint(s, 10, 64)
}
