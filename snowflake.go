package adega

import (
	"strconv"
	"strings"
	"time"
)

// Discord names users, channels, messages and interactions with
// snowflakes: 64-bit numbers whose high bits count the milliseconds since
// discordEpoch, when Discord made the ID.

// discordEpoch is the first millisecond of 2015, where snowflakes count from.
const discordEpoch = 1420070400000

// IsSnowflake reports whether id is a Discord ID: a positive 64-bit number
// in decimal.
func IsSnowflake(id string) bool {
	if id == "" || len(id) > 20 || strings.TrimLeft(id, "0123456789") != "" || id[0] == '0' {
		return false
	}
	_, err := strconv.ParseUint(id, 10, 64)
	return err == nil
}

// SnowflakeTime is when Discord made the ID.
func SnowflakeTime(id string) (time.Time, bool) {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.UnixMilli(int64(n>>22) + discordEpoch), true
}

// FirstSnowflake is the smallest ID Discord could have made at t.
func FirstSnowflake(t time.Time) uint64 { return uint64(t.UnixMilli()-discordEpoch) << 22 }
