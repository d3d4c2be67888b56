package commands

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
)

// /adega stats and /adega leaderboard read the statistics that storage
// keeps in step with every change of a game (storage/stats.go): what each
// game counts for each player, and each player's totals on a server's
// leaderboard. Neither reads a game.

// awakeWaits are how long a player took over each of their moves, from
// the ping to the move, not counting quiet hours.
func awakeWaits(spans []adega.Span, q remind.Quiet) []time.Duration {
	waits := make([]time.Duration, len(spans))
	for k, s := range spans {
		waits[k] = q.Awake(s.From(), s.To())
	}
	return waits
}

// median is the middle wait (the mean of the two middle ones).
func median(waits []time.Duration) time.Duration {
	if len(waits) == 0 {
		return 0
	}
	s := slices.Clone(waits)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// roughly writes a wait to the unit that matters: "40s", "12m", "3h 5m",
// "2d 4h".
func roughly(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Round(time.Second)/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Round(time.Minute)/time.Minute))
	case d < remind.Day:
		d = d.Round(time.Minute)
		return fmt.Sprintf("%dh %dm", int(d/time.Hour), int(d%time.Hour/time.Minute))
	}
	d = d.Round(time.Hour)
	return fmt.Sprintf("%dd %dh", int(d/remind.Day), int(d%remind.Day/time.Hour))
}

// modeKey names a game and mode, as stored in games' Meta.
type modeKey struct{ game, mode string }

// userStats is one user's record over the games counted.
type userStats struct {
	modes               map[modeKey]*adega.Tally
	active              int
	lacerdaWon, lacerda int // solo games won, and finished
	waits               []time.Duration
}

// collectStats sums up the records of the games of userID that counts
// keeps.
func (h *Handler) collectStats(userID string, counts func(adega.Record) bool) (userStats, error) {
	st := userStats{modes: map[modeKey]*adega.Tally{}}
	u, err := h.Store.GetUser(userID)
	if err != nil {
		return st, err
	}
	quiet := remind.QuietOf(u.Prefs)
	records, err := h.shared().Records(userID)
	if err != nil {
		return st, err
	}
	for _, r := range records {
		if !counts(r) {
			continue
		}
		st.waits = append(st.waits, awakeWaits(r.Waits, quiet)...)
		st.count(r, h.modeOf(r.Game, r.Mode))
	}
	return st, nil
}

// count counts a game in progress, or a finished game's result under its
// game and mode.
func (st *userStats) count(r adega.Record, k modeKey) {
	switch r.Status {
	case adega.StatusActive:
		st.active++
	case adega.StatusFinished:
		if st.modes[k] == nil {
			st.modes[k] = &adega.Tally{}
		}
		st.modes[k].Add(r, 1)
		if r.Lacerda {
			st.lacerda++
			if r.Won {
				st.lacerdaWon++
			}
		}
	}
}

// modeOf is a game and mode, the default mode by its name.
func (h *Handler) modeOf(game, mode string) modeKey {
	k := modeKey{game, mode}
	if g, err := h.Games.Lookup(game); err == nil {
		if m, err := engine.ModeOf(g, mode); err == nil {
			k.mode = m.Name
		}
	}
	return k
}

// modeTitle is how players know a game and mode: "Vinhos Deluxe, Solo
// against Lacerda"; a game of one mode goes by its own title.
func (h *Handler) modeTitle(k modeKey) string {
	g, err := h.Games.Lookup(k.game)
	if err != nil {
		return k.game
	}
	if m, err := engine.ModeOf(g, k.mode); err == nil && len(g.Modes()) > 1 {
		return m.FullTitle(g)
	}
	return g.Title()
}

func statsText(title string, st userStats, modeTitle func(modeKey) string) string {
	var b strings.Builder
	b.WriteString(title + "\n")
	keys := make([]modeKey, 0, len(st.modes))
	for k := range st.modes {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b modeKey) int { return cmp.Or(cmp.Compare(a.game, b.game), cmp.Compare(a.mode, b.mode)) })
	if len(keys) == 0 {
		b.WriteString("No finished games yet.\n")
	}
	for _, k := range keys {
		t := st.modes[k]
		fmt.Fprintf(&b, "• **%s**: %d played, %d won", modeTitle(k), t.Played, t.Won)
		if t.Scored > 0 {
			fmt.Fprintf(&b, "; average %.1f VP, best %d VP", float64(t.Total)/float64(t.Scored), t.Best())
		}
		b.WriteString(".\n")
	}
	if st.lacerda > 0 {
		fmt.Fprintf(&b, "Against Lacerda: %d won, %d lost.\n", st.lacerdaWon, st.lacerda-st.lacerdaWon)
	}
	if st.active > 0 {
		fmt.Fprintf(&b, "In progress: %d.\n", st.active)
	}
	if len(st.waits) > 0 {
		fmt.Fprintf(&b, "Median time to move: %s over %d moves (from the ping to the move, quiet hours excluded).\n", roughly(median(st.waits)), len(st.waits))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// stats answers /adega stats: the user's own record over all their games,
// or another player's over the games of this server only (where they play
// elsewhere is theirs to tell). It reads a record of every game of
// theirs, so it answers after the acknowledgement.
func (h *Handler) stats(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	me := user(i).ID
	who := me
	for _, o := range sub.Options {
		if o.Name == "user" {
			who, _ = o.Value.(string)
		}
	}
	counts := func(adega.Record) bool { return true }
	title := "**Your statistics**"
	if who != me {
		if i.GuildID == "" {
			return private("Here I can only show your own statistics; ask for someone else's in a server you share.")
		}
		counts = func(r adega.Record) bool { return r.Guild == i.GuildID }
		title = fmt.Sprintf("**Statistics of %s** in this server", mention(who))
	}
	r := Reply{Ack: deferPrivate()}
	r.Edit = func() (*discordgo.WebhookEdit, error) {
		st, err := h.collectStats(who, counts)
		if err != nil {
			return nil, err
		}
		return edit(statsText(title, st, h.modeTitle))()
	}
	return r
}

// leaderboardSize is how many players the leaderboard shows.
const leaderboardSize = 10

// leaderboard answers /adega leaderboard: who won most of the finished
// games of this server. It is public: it tells only what the games' own
// channels told when they ended, and a server's table is there to be
// seen. Its mentions ping nobody.
func (h *Handler) leaderboard(i *discordgo.Interaction) Reply {
	if i.GuildID == "" {
		return private("The leaderboard is a server's: ask for it in a server.")
	}
	r := Reply{Ack: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}}
	r.Edit = func() (*discordgo.WebhookEdit, error) {
		rows, err := h.leaders(i.GuildID)
		if err != nil {
			return nil, err
		}
		return edit(leaderboardText(rows))()
	}
	return r
}

// leaders are the totals of the server's players, best first: most wins,
// then fewest games for them, then the best score.
func (h *Handler) leaders(guildID string) ([]adega.Leader, error) {
	rows, err := h.Store.Leaderboard(guildID)
	if err != nil {
		return nil, err
	}
	rankLeaders(rows)
	return rows, nil
}

// rankLeaders puts the best first.
func rankLeaders(rows []adega.Leader) {
	slices.SortFunc(rows, func(a, b adega.Leader) int {
		return cmp.Or(cmp.Compare(b.Won, a.Won), cmp.Compare(a.Played, b.Played), cmp.Compare(b.Best(), a.Best()), cmp.Compare(a.UserID, b.UserID))
	})
}

func leaderboardText(rows []adega.Leader) string {
	if len(rows) == 0 {
		return "No game has been finished in this server yet."
	}
	var b strings.Builder
	b.WriteString("**Leaderboard** of this server's finished games\n")
	for k, r := range rows[:min(len(rows), leaderboardSize)] {
		fmt.Fprintf(&b, "%d. %s: %d won of %d", k+1, mention(r.UserID), r.Won, r.Played)
		if r.Scored > 0 {
			fmt.Fprintf(&b, ", best %d VP", r.Best())
		}
		b.WriteString("\n")
	}
	if len(rows) > leaderboardSize {
		fmt.Fprintf(&b, "…and %d more players.", len(rows)-leaderboardSize)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
