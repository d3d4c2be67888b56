package commands

import (
	"fmt"
	"math"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fair"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/ops"
	"github.com/adega-bot/adega/referee"
)

// hint privately suggests the AI's move for the caller's pending decision,
// with the estimated win chance of its top three first choices. It is for
// games nobody else plays, or created with hints:on; the game's log shows
// that it was asked. The search starts at once in the thinkers, as the
// caller's work, and its answer replaces the deferred acknowledgement. A
// player has one hint thought about at a time: another ask, from anywhere,
// is answered at once that the first is still being thought about.
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
	asker := user(i).ID
	if !h.hinting.start(asker) {
		return private("The AI is still thinking about the hint you asked for a moment ago; its answer comes where you asked. Ask again once it has come.")
	}
	think, err := Hint(h.referee(), g, seat, h.AI, h.Now())
	if err != nil {
		h.hinting.done(asker)
		return h.fail(i, err)
	}
	answer := make(chan string, 1) // the search ends even if nobody reads it
	h.thinkers.Go(fair.People, asker, func() {
		text := h.searchHint(g.ID, think)
		h.Metrics.Decided(ops.ForHint)
		h.hinting.done(asker) // before the answer, which may be read at once
		answer <- text
	})
	return Reply{Ack: deferPrivate(), Edit: func() (*discordgo.WebhookEdit, error) {
		return edit(<-answer + " Only you see this.")()
	}}
}

// searchHint runs a hint's search; a failure or a panic is an apology.
func (h *Handler) searchHint(gameID string, think func() (string, error)) (text string) {
	const sorry = "Sorry, the AI could not think about this decision."
	defer func() {
		if p := recover(); p != nil {
			h.Log.Error("panic in a hint", "game", gameID, "panic", p, "stack", string(debug.Stack()))
			text = sorry
		}
	}()
	text, err := think()
	if err != nil {
		h.Log.Error("a hint failed", "game", gameID, "err", err)
		return sorry
	}
	return text
}

// thinking is the set of users with a hint being thought about.
type thinking struct {
	mu    sync.Mutex
	users map[string]bool
}

// start adds a user, unless they are in the set already.
func (t *thinking) start(userID string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.users[userID] {
		return false
	}
	if t.users == nil {
		t.users = map[string]bool{}
	}
	t.users[userID] = true
	return true
}

func (t *thinking) done(userID string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.users, userID)
}

// Hint records that seat asked for a hint before the game's next move
// (referee.Referee.AskHint) and returns the search, which gives the
// hint's text: the AI at the hard level from what seat sees, seeded by
// that record, so that under an iteration cap the same ask gets the same
// hint. The local table asks through it too.
func Hint(ref *referee.Referee, g *adega.Game, seat engine.Seat, settings ai.Settings, now time.Time) (func() (string, error), error) {
	ask, err := ref.AskHint(g, seat, now)
	if err != nil {
		return nil, err
	}
	cfg := settings.Config(ai.Hard, ai.Seed(g.ID, g.Version, ask))
	return func() (string, error) {
		start := time.Now() // the wall clock: how long the search took
		d, err := ai.Decide(g.State, seat, cfg)
		if err != nil {
			return "", err
		}
		return hintText(g.State, seat, d, time.Since(start)), nil
	}, nil
}

// hintText shows the AI's decision: its best first choices, best first,
// each with how often the games played from it were won (with how sure
// that figure is) and, in a game with a score, the score it leads to and
// how far ahead of the best other seat (Lacerda, in solo); then the whole
// move it would make.
func hintText(st engine.State, seat engine.Seat, d ai.Decision, took time.Duration) string {
	step, _ := st.Choices(seat, nil)
	var b strings.Builder
	fmt.Fprintf(&b, "💡 **A hint** for %s\n", engine.Shorten(step.Prompt, 200))
	fmt.Fprintf(&b, "The AI played %s to the end in %.1f s, from what you can see. Its best first choices:\n", plural(d.Iterations, "game"), took.Seconds())
	score, other := scoreWords(st, seat)
	for k, c := range d.Top {
		lo, hi := c.WinInterval()
		fmt.Fprintf(&b, "%d. **%s**: won %.0f%% of %s (likely %.0f–%.0f%%)", k+1, engine.Shorten(c.Label, 150), 100*c.Win, plural(c.Visits, "game"), 100*lo, 100*hi)
		if c.Scored {
			fmt.Fprintf(&b, " · %s: %.0f on average, %s", score, c.Score, ahead(c.Margin, other))
		}
		b.WriteString("\n")
	}
	if len(d.Top) == 0 {
		b.WriteString("There is only one choice.\n")
	}
	fmt.Fprintf(&b, "Its whole move: %s\n", engine.Shorten(strings.Join(engine.Labels(st, seat, d.Action), " → "), 700))
	b.WriteString("The game's log notes that a hint was asked.")
	return b.String()
}

// scoreWords names the game's score (engine.Scored: "VP") and whom a
// margin is measured against: the one other seat by name (Lacerda in
// solo), else the best of the others.
func scoreWords(st engine.State, seat engine.Seat) (score, other string) {
	players := st.Players()
	if scored, ok := st.(engine.Scored); ok {
		score = scored.ScoreKey()
		for _, stat := range players[seat].Stats {
			if stat.Key == score {
				score = stat.Label
			}
		}
	}
	other = "the best of the others"
	if len(players) == 2 {
		other = players[1-seat].Name
	}
	return score, other
}

// ahead says a margin in the score: "3 ahead of Bruno", "5 behind Lacerda".
func ahead(margin float64, other string) string {
	switch m := math.Round(margin); {
	case m > 0:
		return fmt.Sprintf("%.0f ahead of %s", m, other)
	case m < 0:
		return fmt.Sprintf("%.0f behind %s", -m, other)
	}
	return "level with " + other
}
