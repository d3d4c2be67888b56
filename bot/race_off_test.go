//go:build !race

package bot_test

// raceEnabled reports a build with the race detector.
const raceEnabled = false
