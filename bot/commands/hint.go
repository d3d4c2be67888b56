package commands

import (
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/storage"
)

// hint privately suggests the AI's move for the caller's pending decision,
// with the estimated win chance of its top three first choices. It is for
// games nobody else plays, or created with hints:on; the game's log shows
// that it was asked. The search runs after a deferred acknowledgement, one
// hint at a time.
func (h *Handler) hint(i *discordgo.Interaction) Reply {
	g, seat, err := h.playerGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	switch {
	case !g.Meta.Hints && othersPlay(g.Meta, user(i).ID):
		return private(fmt.Sprintf("Hints are off in this game, so nobody gets the AI's help unasked for by the others. A game created with `/%s new hints: True` allows them; solo games always do.", g.Meta.Game))
	case g.State.Over() || !engine.MustDecide(g.State, seat):
		return private("You have no decision to make now: a hint is for your own pending decision.")
	}
	think, err := Hint(h.Store, g, seat, h.AI, h.Now())
	if err != nil {
		return h.fail(i, err)
	}
	return Reply{Ack: deferPrivate(), Edit: func() (*discordgo.WebhookEdit, error) {
		h.hinting.Lock()
		defer h.hinting.Unlock()
		text, err := think()
		if err != nil {
			h.Log.Error("a hint failed", "game", g.ID, "err", err)
			text = "Sorry, the AI could not think about this decision."
		}
		return edit(text + " Only you see this.")()
	}}
}

// Hint records in the game's log that seat asked for a hint, and returns
// the search, which gives the hint's text: the AI at the hard level from
// what seat sees. The local table asks through it too.
func Hint(store *storage.Store, g *storage.Game, seat engine.Seat, settings ai.Settings, now time.Time) (func() (string, error), error) {
	asked := storage.HintAsked{Seat: seat, Move: len(g.Log), At: now}
	meta, err := store.UpdateMeta(g.ID, func(m *storage.Meta) error {
		m.HintsAsked = append(m.HintsAsked, asked)
		return nil
	})
	if err != nil {
		return nil, err
	}
	cfg := settings.Config(ai.Hard, ai.Seed(g.ID, g.Version, len(meta.HintsAsked)))
	return func() (string, error) {
		start := time.Now()
		d, err := ai.Decide(g.State, seat, cfg)
		if err != nil {
			return "", err
		}
		return hintText(g.State, seat, d, time.Since(start)), nil
	}, nil
}

// hintText shows the AI's decision: its top first choices, each with how
// often its playouts won, and the whole move it would make.
func hintText(st engine.State, seat engine.Seat, d ai.Decision, took time.Duration) string {
	step, _ := st.Choices(seat, nil)
	var b strings.Builder
	fmt.Fprintf(&b, "💡 **A hint** for %s\n", engine.Shorten(step.Prompt, 200))
	fmt.Fprintf(&b, "The AI played %s in %.1f s, from what you can see:\n", plural(d.Iterations, "game"), took.Seconds())
	for k, c := range d.Top {
		fmt.Fprintf(&b, "%d. **%s**: won %.0f%% of the %s that tried it\n", k+1, engine.Shorten(c.Label, 150), 100*c.Win, plural(c.Visits, "game"))
	}
	if len(d.Top) == 0 {
		b.WriteString("There is only one choice.\n")
	}
	fmt.Fprintf(&b, "Its whole move: %s\n", engine.Shorten(strings.Join(engine.Labels(st, seat, d.Action), " → "), 900))
	b.WriteString("The game's log notes that a hint was asked.")
	return b.String()
}
