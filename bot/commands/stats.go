package commands

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/storage"
)

// /adega stats and /adega leaderboard are rebuilt on demand from the
// stored games, never kept beside them: a move an undo took back is no
// longer in the game's log or state, a game an undo reopened is no longer
// finished, and an imported game is stored like any other. The figures are
// right after an undo or an import by construction, with no counter to
// keep in step with the moves.

// tally is one user's record in one game and mode.
type tally struct {
	played, won int
	scored      int // finished games with a score (VP)
	total, best int
}

func (t *tally) add(r result) {
	t.played++
	if r.won {
		t.won++
	}
	if r.scored {
		if t.scored == 0 || r.score > t.best {
			t.best = r.score
		}
		t.scored++
		t.total += r.score
	}
}

// result is how one finished game went for one user.
type result struct {
	won    bool
	score  int
	scored bool
	// lacerda marks a solo game, against an automa seat nobody plays.
	lacerda bool
}

// finalRanking ranks a finished game's seats, winner first: by the game's
// own ranking, tie breaks included (engine.Ranked), else by VP and then
// by wins, as the end-of-game message does.
func finalRanking(st engine.State) []engine.Seat {
	if r, ok := st.(engine.Ranked); ok {
		if ranking := r.Ranking(); len(ranking) > 0 {
			return ranking
		}
	}
	players := st.Players()
	stat := func(p engine.PlayerSummary, key string) int { v, _ := p.Stat(key); return v }
	slices.SortStableFunc(players, func(a, b engine.PlayerSummary) int {
		return cmp.Or(cmp.Compare(stat(b, "vp"), stat(a, "vp")), cmp.Compare(stat(b, "won"), stat(a, "won")))
	})
	ranking := make([]engine.Seat, len(players))
	for k, p := range players {
		ranking[k] = p.Seat
	}
	return ranking
}

// seatsOf lists the seats userID plays in the game.
func seatsOf(m storage.Meta, userID string) []engine.Seat {
	var seats []engine.Seat
	for k, s := range m.Seats {
		if s.UserID == userID && userID != "" {
			seats = append(seats, engine.Seat(k))
		}
	}
	return seats
}

// resultOf is how a finished game went for whoever plays seats: won if
// one of them ranks first; the score is the best VP among them.
func resultOf(g *storage.Game, seats []engine.Seat) result {
	ranking := finalRanking(g.State)
	r := result{won: len(ranking) > 0 && slices.Contains(seats, ranking[0])}
	for _, p := range g.State.Players() {
		if !slices.Contains(seats, p.Seat) {
			continue
		}
		if vp, ok := p.Stat("vp"); ok && (!r.scored || vp > r.score) {
			r.score, r.scored = vp, true
		}
	}
	// The other seats of a solo game are the automa's: nobody sits there.
	r.lacerda = len(g.Meta.Seats) == 1 && len(g.State.Players()) > 1
	return r
}

// moveWaits are how long the player of seats took over each of their
// moves, from the ping to the move, not counting quiet hours. The wait for
// a move begins at the entry before it (the game's start for the first).
// Moves the bot made for them are not theirs, and an entry right after one
// of their own continues their decision: nobody pinged them in between.
// Seats that decide at once each count from the entry before.
func moveWaits(g *storage.Game, seats []engine.Seat, q remind.Quiet) []time.Duration {
	var waits []time.Duration
	since, prev := g.Meta.CreatedAt, engine.NoSeat
	for _, e := range g.Log {
		if slices.Contains(seats, e.Seat) && !e.Bot && !slices.Contains(seats, prev) {
			waits = append(waits, q.Awake(since, e.At))
		}
		since, prev = e.At, e.Seat
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
	case d < 24*time.Hour:
		d = d.Round(time.Minute)
		return fmt.Sprintf("%dh %dm", int(d/time.Hour), int(d%time.Hour/time.Minute))
	}
	d = d.Round(time.Hour)
	return fmt.Sprintf("%dd %dh", int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour))
}

// modeKey names a game and mode, as stored in games' Meta.
type modeKey struct{ game, mode string }

// userStats is one user's record over the games counted.
type userStats struct {
	modes               map[modeKey]*tally
	active              int
	lacerdaWon, lacerda int // solo games won, and finished
	waits               []time.Duration
}

// collectStats reads every stored game userID plays in that counts keeps.
func (h *Handler) collectStats(userID string, counts func(storage.Meta) bool) (userStats, error) {
	st := userStats{modes: map[modeKey]*tally{}}
	u, err := h.Store.GetUser(userID)
	if err != nil {
		return st, err
	}
	quiet := remind.QuietOf(u.Prefs)
	metas, err := h.Store.GamesOfUser(userID)
	if err != nil {
		return st, err
	}
	for _, m := range metas {
		if !counts(m) || m.Practice {
			continue
		}
		g, err := h.Store.Load(m.ID)
		if err != nil {
			return st, err
		}
		seats := seatsOf(g.Meta, userID)
		st.waits = append(st.waits, moveWaits(g, seats, quiet)...)
		switch g.Meta.Status {
		case storage.StatusActive:
			st.active++
		case storage.StatusFinished:
			r := resultOf(g, seats)
			k := h.modeOf(g.Meta)
			if st.modes[k] == nil {
				st.modes[k] = &tally{}
			}
			st.modes[k].add(r)
			if r.lacerda {
				st.lacerda++
				if r.won {
					st.lacerdaWon++
				}
			}
		}
	}
	return st, nil
}

// modeOf is the game's game and mode, the default mode by its name.
func (h *Handler) modeOf(m storage.Meta) modeKey {
	k := modeKey{m.Game, m.Mode}
	if g, err := h.Games.Lookup(m.Game); err == nil {
		if mode, err := engine.ModeOf(g, m.Mode); err == nil {
			k.mode = mode.Name
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
		fmt.Fprintf(&b, "• **%s**: %d played, %d won", modeTitle(k), t.played, t.won)
		if t.scored > 0 {
			fmt.Fprintf(&b, "; average %.1f VP, best %d VP", float64(t.total)/float64(t.scored), t.best)
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
// elsewhere is theirs to tell). It reads every game of theirs, so it
// answers after the acknowledgement.
func (h *Handler) stats(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	me := user(i).ID
	who := me
	for _, o := range sub.Options {
		if o.Name == "user" {
			who, _ = o.Value.(string)
		}
	}
	counts := func(storage.Meta) bool { return true }
	title := "**Your statistics**"
	if who != me {
		if i.GuildID == "" {
			return private("Here I can only show your own statistics; ask for someone else's in a server you share.")
		}
		counts = func(m storage.Meta) bool { return m.GuildID == i.GuildID }
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

// leaderRow is one player's line of a server's leaderboard.
type leaderRow struct {
	userID string
	tally
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

// leaders tallies every finished game of the server, per player, best
// first: most wins, then fewest games for them, then the best score.
func (h *Handler) leaders(guildID string) ([]leaderRow, error) {
	metas, err := h.Store.ListGames()
	if err != nil {
		return nil, err
	}
	byUser := map[string]*tally{}
	for _, m := range metas {
		if m.GuildID != guildID || m.Status != storage.StatusFinished || m.Practice {
			continue
		}
		g, err := h.Store.Load(m.ID)
		if err != nil {
			return nil, err
		}
		counted := map[string]bool{}
		for _, s := range g.Meta.Seats {
			if s.UserID == "" || s.Bot || counted[s.UserID] {
				continue
			}
			counted[s.UserID] = true
			if byUser[s.UserID] == nil {
				byUser[s.UserID] = &tally{}
			}
			byUser[s.UserID].add(resultOf(g, seatsOf(g.Meta, s.UserID)))
		}
	}
	rows := make([]leaderRow, 0, len(byUser))
	for id, t := range byUser {
		rows = append(rows, leaderRow{id, *t})
	}
	slices.SortFunc(rows, func(a, b leaderRow) int {
		return cmp.Or(cmp.Compare(b.won, a.won), cmp.Compare(a.played, b.played), cmp.Compare(b.best, a.best), cmp.Compare(a.userID, b.userID))
	})
	return rows, nil
}

func leaderboardText(rows []leaderRow) string {
	if len(rows) == 0 {
		return "No game has been finished in this server yet."
	}
	var b strings.Builder
	b.WriteString("**Leaderboard** of this server's finished games\n")
	for k, r := range rows[:min(len(rows), leaderboardSize)] {
		fmt.Fprintf(&b, "%d. %s: %d won of %d", k+1, mention(r.userID), r.won, r.played)
		if r.scored > 0 {
			fmt.Fprintf(&b, ", best %d VP", r.best)
		}
		b.WriteString("\n")
	}
	if len(rows) > leaderboardSize {
		fmt.Fprintf(&b, "…and %d more players.", len(rows)-leaderboardSize)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
