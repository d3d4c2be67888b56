package referee

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// A sealed export holds what nobody at the table may see: the seed, which
// decides every draw to come, and the moves, which may hold a private
// choice. Imported anywhere, it would hand all of that to whoever imports
// it: they become the copy's creator, take a seat with replace and read
// its private board, and every draw of the copy is the original's. So a
// sealed export only restores its own game, where and for whom that game
// already was: in its channel, for its creator or an admin of its server,
// once it no longer goes on (two live copies would let one show the
// other's draws), and never past hidden information turned up since the
// export, in it or in a copy restored before, which it would let be seen
// before it is drawn (unless the game is practice, whose undo may do the
// same).

// Restorer is who asks to restore an export, and where.
type Restorer struct {
	UserID    string
	GuildID   string // "" in direct messages
	ChannelID string
	// Admin is whether the user has Manage Server in GuildID.
	Admin bool
}

// Restoration is a sealed export opened for its own game: what to import.
type Restoration struct {
	Setup engine.Setup // with its seed
	Moves []engine.Move
	// Meta is the game's own (its channel, creator, seats, settings), for
	// the restored game.
	Meta adega.Meta
}

// Restore opens a sealed export for by, if the rules above allow it;
// every refusal is of code adega.CodeSealed and says why.
func (r *Referee) Restore(f *ExportFile, by Restorer) (Restoration, error) {
	secret, err := r.unseal(f.Setup, f.Log, f.Sealed)
	if err != nil {
		return Restoration{}, err
	}
	if secret.Game == "" {
		return Restoration{}, sealedError("This export of a game in progress was sealed before exports named their game, " +
			"so I cannot tell where it may be restored; download the game again.")
	}
	origin, err := r.store.Load(secret.Game)
	if err != nil {
		return Restoration{}, err
	}
	if err := mayRestore(origin.Meta, by); err != nil {
		return Restoration{}, err
	}
	copies, err := r.copiesOf(origin)
	if err != nil {
		return Restoration{}, err
	}
	for _, g := range copies {
		if err := r.checkGone(g, secret.Moves, origin.Meta.Practice); err != nil {
			return Restoration{}, err
		}
	}
	setup := f.Setup
	setup.Seed = secret.Seed
	return Restoration{Setup: setup, Moves: secret.Moves, Meta: restoredMeta(origin.Meta, len(secret.Moves))}, nil
}

// mayRestore checks where and by whom the game of meta may be restored.
func mayRestore(meta adega.Meta, by Restorer) error {
	here := ""
	if by.GuildID != "" && by.GuildID == meta.GuildID {
		here = fmt.Sprintf(" (<#%s>)", meta.ChannelID)
	}
	switch {
	case by.GuildID != meta.GuildID || by.ChannelID != meta.ChannelID:
		return sealedError(fmt.Sprintf("This export is of game %s, a game in progress: it restores only that game, "+
			"in the channel where it was played%s, so that nothing hidden in it reaches anyone who could not see it there.", meta.ID, here))
	case by.UserID != meta.CreatorID && !(by.Admin && by.GuildID != ""):
		return sealedError(fmt.Sprintf("This export is of game %s, a game in progress: only its creator or a member with Manage Server "+
			"in its server may restore it.", meta.ID))
	}
	return nil
}

// copiesOf lists the game g and those restored from it, or from them, in
// its channel: the games of its channel with its setup and seed.
func (r *Referee) copiesOf(g *adega.Game) ([]*adega.Game, error) {
	metas, err := r.store.ListGames()
	if err != nil {
		return nil, err
	}
	setup, err := json.Marshal(g.Setup)
	if err != nil {
		return nil, err
	}
	var copies []*adega.Game
	for _, m := range metas {
		if m.ChannelID != g.Meta.ChannelID || m.Game != g.Meta.Game {
			continue
		}
		c, err := r.store.Load(m.ID)
		if err != nil {
			return nil, err
		}
		if other, err := json.Marshal(c.Setup); err == nil && bytes.Equal(other, setup) {
			copies = append(copies, c)
		}
	}
	return copies, nil
}

// checkGone refuses to restore moves while g goes on, or if a move of g
// that moves does not hold revealed something, unless the game is
// practice: a restore would take that back with its draws known.
func (r *Referee) checkGone(g *adega.Game, moves []engine.Move, practice bool) error {
	if g.Meta.Status == adega.StatusActive {
		return sealedError(fmt.Sprintf("This export's game still goes on here (game %s): a sealed export restores its game "+
			"only once it has been abandoned or has ended (undo takes moves back).", g.ID))
	}
	if practice {
		return nil
	}
	kept := 0
	for kept < min(len(moves), len(g.Log)) && moves[kept].Seat == g.Log[kept].Seat && slices.Equal(moves[kept].Action, g.Log[kept].Action) {
		kept++
	}
	g, err := r.store.Narrate(g)
	if err != nil {
		return err
	}
	for k, e := range g.Log[kept:] {
		if engine.Revealed(e.Events) {
			return sealedError(fmt.Sprintf("Since this export, game %s turned up hidden information (move %d): restoring it would take "+
				"that back with its draws known. Restore an export made after it.", g.ID, kept+k+1))
		}
	}
	return nil
}

// restoredMeta is the metadata of game restored at move moves: the
// original's, without its moment (ID, status, an open undo request) and
// without the hints asked after that move.
func restoredMeta(m adega.Meta, moves int) adega.Meta {
	m.ID, m.Status, m.Undo = "", "", nil
	m.Seats, m.Followers = slices.Clone(m.Seats), slices.Clone(m.Followers)
	m.HintsAsked = slices.DeleteFunc(slices.Clone(m.HintsAsked), func(h adega.HintAsked) bool { return h.Move > moves })
	return m
}
