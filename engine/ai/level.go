package ai

import (
	"fmt"
	"time"
)

// Level is how strongly the AI plays: how long it searches.
type Level int

const (
	Easy Level = iota
	Normal
	Hard
)

var levelNames = [...]string{Easy: "easy", Normal: "normal", Hard: "hard"}

func (l Level) String() string { return levelNames[l] }

// ParseLevel reads a level's name.
func ParseLevel(name string) (Level, error) {
	for l, n := range levelNames {
		if n == name {
			return Level(l), nil
		}
	}
	return 0, fmt.Errorf("ai: no level %q; choose easy, normal or hard", name)
}

// Budget is the level's default time per decision on one core; a setting
// may replace it.
func (l Level) Budget() time.Duration {
	return [...]time.Duration{Easy: 100 * time.Millisecond, Normal: 500 * time.Millisecond, Hard: 2 * time.Second}[l]
}

// Iterations is the level's iteration cap for deterministic play (tests,
// benchmarks): about what its budget buys in a 4-player Vinhos game on
// this machine today, at some 30 ms a playout (docs/AI.md).
func (l Level) Iterations() int {
	return [...]int{Easy: 3, Normal: 16, Hard: 64}[l]
}
