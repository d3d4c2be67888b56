package lavina

import (
	"testing"

	"github.com/adega-bot/adega/render/rendertest"
)

// TestImagesFitDiscord: every board and view posts quickly, the crowded
// ones included.
func TestImagesFitDiscord(t *testing.T) {
	for _, g := range goldens {
		rendertest.CheckSize(t, g.Name, g.Draw(t))
	}
	for f, c := range focusCases(t) {
		rendertest.CheckSize(t, "focus "+f, Focus(decode(t, c.State), c.Seat, f))
	}
}
