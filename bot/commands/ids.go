package commands

import (
	"strconv"
	"strings"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// Custom IDs route components like URL paths: "kind:target:stamp:path:offset".
// The target is a game or lobby ID; the stamp names the moment of the game
// the component was made at (adega.Game.Stamp), which no later moment
// reuses, so a component from an older moment is refused whatever happened
// since (an undo brings the move count back, never the stamp); the path is
// the guided flow's choices so far, as indices into each step's list: one
// character for an index below 61, else "~" and two. Discord allows 100
// characters, enough for some 70 steps.
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
	kindReplay  = "rp" // a replay's button (offset is the move shown next)
	// kindReplayJump is a replay's menu of years and Fairs.
	kindReplayJump = "rj"
)

// pathDigits write the indices of a path; pathWide starts a two-digit one.
const (
	pathDigits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY"
	pathWide   = '~'
)

func (c customID) String() string {
	var path strings.Builder
	base := len(pathDigits)
	for _, i := range c.path {
		if i < base {
			path.WriteByte(pathDigits[i])
			continue
		}
		path.WriteByte(pathWide)
		path.WriteByte(pathDigits[i/base%base])
		path.WriteByte(pathDigits[i%base])
	}
	return strings.Join([]string{c.kind, c.target, strconv.FormatUint(c.stamp, 10), path.String(), strconv.Itoa(c.offset)}, ":")
}

// errBadCustomID refuses a component that is not the bot's, or not for
// the place where it was clicked.
var errBadCustomID = &engine.Error{Code: adega.CodeRefused, Message: "That button is not one of mine, or not for this place."}

// parseCustomID reads a custom ID strictly: digits only where numbers go,
// no signs, nothing left over.
func parseCustomID(s string) (customID, error) {
	parts := strings.Split(s, ":")
	if len(s) > customIDMax || len(parts) != 5 || parts[1] == "" {
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
	base := len(pathDigits)
	for p := parts[3]; p != ""; {
		width := 1
		if p[0] == pathWide {
			width = 3
		}
		if len(p) < width {
			return customID{}, errBadCustomID
		}
		i := 0
		for _, d := range []byte(p[width-min(width, 2) : width]) {
			k := strings.IndexByte(pathDigits, d)
			if k < 0 {
				return customID{}, errBadCustomID
			}
			i = i*base + k
		}
		if width == 3 && i < base {
			return customID{}, errBadCustomID // written short when it fits
		}
		c.path, p = append(c.path, i), p[width:]
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
