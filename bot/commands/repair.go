package commands

import (
	"fmt"

	"github.com/adega-bot/adega"
)

// Repaired builds the message that tells a game's channel its stored state
// was found damaged and was rebuilt from its log
// (storage.Store.AnnounceRepairs): what was repaired, and the board as the
// moves made it, with fresh buttons. Nobody is pinged: nobody's turn
// changed.
func (h *Handler) Repaired() adega.PostFunc {
	return func(c adega.Change) ([]*adega.Outgoing, error) {
		g := c.Game
		if g.Meta.ChannelID == "" {
			return nil, nil
		}
		header := fmt.Sprintf("⚠️ The saved state of this game was found damaged, and was rebuilt from its log (%s). "+
			"Nothing that was played is lost: the board below is the game as its moves made it.", plural(int(g.Version), "move"))
		o, err := h.turnOut(g, header, false, nil, 0, c.Users)
		if err != nil {
			return nil, err
		}
		return []*adega.Outgoing{o}, nil
	}
}
