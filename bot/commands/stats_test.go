package commands

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
)

// The time to move leaves out quiet hours: a wait from 22:00 to 09:00
// the next day, with quiet hours 23:00-08:00, is two hours.
func TestAwakeWaits(t *testing.T) {
	t0 := time.Date(2026, 1, 15, 9, 0, 0, 0, time.UTC)
	at := func(h, m int) int64 {
		return t0.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute).UnixNano()
	}
	spans := []adega.Span{{at(0, 0), at(0, 10)}, {at(1, 0), at(3, 0)}, {at(13, 0), at(24, 0)}}
	quiet := remind.QuietOf(adega.Prefs{TimeZone: "UTC", QuietStart: "23:00", QuietEnd: "08:00"})
	got := awakeWaits(spans, quiet)
	want := []time.Duration{10 * time.Minute, 2 * time.Hour, 2 * time.Hour}
	if !slices.Equal(got, want) {
		t.Fatalf("waits %v, want %v", got, want)
	}
	if m := median(got); m != 2*time.Hour {
		t.Errorf("median %v", m)
	}
	if m := median([]time.Duration{4, 1, 3, 2}); m != 2 {
		t.Errorf("median of an even count: %v", m)
	}
	for d, want := range map[time.Duration]string{40 * time.Second: "40s", 12 * time.Minute: "12m",
		3*time.Hour + 5*time.Minute: "3h 5m", 52 * time.Hour: "2d 4h"} {
		if got := roughly(d); got != want {
			t.Errorf("roughly(%v) = %q, want %q", d, got, want)
		}
	}
}

// /adega stats and /adega leaderboard count the finished games, and an
// undo that reopens a game takes it out of both.
func TestStatsAndLeaderboard(t *testing.T) {
	h := undoHandler(t)
	now := time.Unix(1_800_000_000, 0)
	h.Now = func() time.Time { return now }
	const guild = "1100000000000000000" // slash's
	winners := map[string]int{}
	var last *adega.Game
	for range 3 {
		g, err := h.Store.Create(adega.Meta{ChannelID: table, GuildID: guild, Seats: []adega.SeatUser{{UserID: u1, Name: "Ana"}, {UserID: u2, Name: "Bruno"}}},
			engine.Setup{Game: "nim", Seed: 5, Players: []string{"Ana", "Bruno"}}, h.Now(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var who string
		for !g.State.Over() {
			now = now.Add(time.Minute)
			g, who = playAuto(t, h, g)
		}
		winners[who]++ // in nim, who takes the last counter wins
		last = g
	}
	// Another server's game counts in u1's own stats only.
	if _, err := h.Store.Create(adega.Meta{ChannelID: "c9", GuildID: "g9", Seats: []adega.SeatUser{{UserID: u1, Name: "Ana"}, {UserID: u3, Name: "Carla"}}},
		engine.Setup{Game: "nim", Seed: 5, Players: []string{"Ana", "Carla"}}, h.Now(), nil); err != nil {
		t.Fatal(err)
	}
	read := func(i *discordgo.Interaction) (string, bool) {
		t.Helper()
		r := h.Handle(i)
		if r.Edit == nil {
			t.Fatalf("no deferred answer: %+v", r.Ack.Data)
		}
		e, err := r.Edit()
		if err != nil {
			t.Fatal(err)
		}
		if e.AllowedMentions == nil || len(e.AllowedMentions.Parse) != 0 || len(e.AllowedMentions.Users) != 0 || len(*e.Content) > contentLimit {
			t.Fatalf("the answer may ping or is too long: %+v", e)
		}
		return *e.Content, r.Ack.Data != nil && r.Ack.Data.Flags&discordgo.MessageFlagsEphemeral != 0
	}
	text, private := read(adegaSlash(u1, "stats"))
	want := []string{"**Your statistics**", "• **Nim**: 3 played, " + strconv.Itoa(winners[u1]) + " won.", "In progress: 1.", "Median time to move: 1m over "}
	for _, w := range want {
		if !private || !strings.Contains(text, w) {
			t.Fatalf("stats lack %q: %s", w, text)
		}
	}
	if strings.Contains(text, "Lacerda") || strings.Contains(text, "VP") {
		t.Errorf("nim has neither Lacerda nor VP: %s", text)
	}
	text, _ = read(adegaSlash(u2, "stats", &discordgo.ApplicationCommandInteractionDataOption{Name: "user", Type: discordgo.ApplicationCommandOptionUser, Value: u1}))
	if !strings.Contains(text, "**Statistics of <@"+u1+">** in this server") || strings.Contains(text, "In progress") {
		t.Errorf("someone else's stats cover this server only: %s", text)
	}
	board, public := read(adegaSlash(u2, "leaderboard"))
	first, second := u1, u2
	if winners[u2] > winners[u1] {
		first, second = u2, u1
	}
	if public || !strings.Contains(board, "1. <@"+first+">: "+strconv.Itoa(winners[first])+" won of 3\n2. <@"+second+">: "+strconv.Itoa(winners[second])+" won of 3") {
		t.Fatalf("leaderboard (public %v): %s", !public, board)
	}

	// An undo reopens the last game: it is in progress again.
	if _, err := h.referee().Undo(last.ID, last.Stamp, 1, h.Now(), nil); err != nil {
		t.Fatal(err)
	}
	text, _ = read(adegaSlash(u1, "stats"))
	if !strings.Contains(text, ": 2 played, ") || !strings.Contains(text, "In progress: 2.") {
		t.Errorf("after the undo: %s", text)
	}
	if board, _ = read(adegaSlash(u2, "leaderboard")); !strings.Contains(board, " won of 2") || strings.Contains(board, "of 3") {
		t.Errorf("leaderboard after the undo: %s", board)
	}
}

// In direct messages there is no server: only one's own stats, and no
// leaderboard.
func TestStatsInDirectMessages(t *testing.T) {
	h := undoHandler(t)
	dm := func(i *discordgo.Interaction) *discordgo.Interaction {
		i.GuildID, i.User, i.Member = "", i.Member.User, nil
		return i
	}
	other := &discordgo.ApplicationCommandInteractionDataOption{Name: "user", Type: discordgo.ApplicationCommandOptionUser, Value: u2}
	if r := h.Handle(dm(adegaSlash(u1, "stats", other))); r.Edit != nil || !strings.Contains(r.Ack.Data.Content, "only show your own") {
		t.Errorf("someone else's in DMs: %+v", r.Ack.Data)
	}
	if r := h.Handle(dm(adegaSlash(u1, "leaderboard"))); r.Edit != nil || !strings.Contains(r.Ack.Data.Content, "in a server") {
		t.Errorf("leaderboard in DMs: %+v", r.Ack.Data)
	}
	r := h.Handle(dm(adegaSlash(u1, "stats")))
	e, err := r.Edit()
	if err != nil || !strings.Contains(*e.Content, "No finished games yet.") {
		t.Errorf("no games: %v %v", e, err)
	}
}

// rebuiltUserStats is what /adega stats counted before the statistics
// were kept: every game of userID that counts keeps, loaded, but for
// practice games, which count in none.
func rebuiltUserStats(t *testing.T, h *Handler, userID string, counts func(adega.Meta) bool) userStats {
	t.Helper()
	st := userStats{modes: map[modeKey]*adega.Tally{}}
	u, err := h.Store.GetUser(userID)
	if err != nil {
		t.Fatal(err)
	}
	quiet := remind.QuietOf(u.Prefs)
	metas, err := h.Store.GamesOfUser(userID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range metas {
		if !counts(m) || m.Practice {
			continue
		}
		g, err := h.Store.Load(m.ID)
		if err != nil {
			t.Fatal(err)
		}
		var seats []engine.Seat
		for k, s := range g.Meta.Seats {
			if s.UserID == userID {
				seats = append(seats, engine.Seat(k))
			}
		}
		since, prev := g.Meta.CreatedAt, engine.NoSeat
		for _, e := range g.Log {
			if slices.Contains(seats, e.Seat) && !e.Bot && !slices.Contains(seats, prev) {
				st.waits = append(st.waits, quiet.Awake(since, e.At))
			}
			since, prev = e.At, e.Seat
		}
		r := adega.Record{Status: g.Meta.Status}
		if r.Status == adega.StatusFinished {
			r = rebuiltResult(g, seats)
		}
		st.count(r, h.modeOf(m.Game, m.Mode))
	}
	return st
}

// rebuiltResult is how a finished game went for whoever plays seats: won
// if one ranks first, the best VP among them.
func rebuiltResult(g *adega.Game, seats []engine.Seat) adega.Record {
	r := adega.Record{Won: slices.Contains(seats, engine.FinalRanking(g.State)[0])}
	for _, p := range g.State.Players() {
		if vp, ok := p.Stat("vp"); ok && slices.Contains(seats, p.Seat) && (!r.Scored || vp > r.Score) {
			r.Score, r.Scored = vp, true
		}
	}
	// A solo game against an automa: one player, and nobody at the other
	// seats. (The rebuild asked for one seat, which never held: a solo
	// game stores the automa's seat too.)
	players := 0
	for _, s := range g.Meta.Seats {
		if s.UserID != "" || s.Bot {
			players++
		}
	}
	r.Lacerda = players == 1 && len(g.Meta.Seats) > 1
	r.Status = g.Meta.Status
	return r
}

// rebuiltLeaders is what /adega leaderboard counted before: every
// finished game of the server, each player once.
func rebuiltLeaders(t *testing.T, h *Handler, guildID string) []adega.Leader {
	t.Helper()
	metas, err := h.Store.ListGames()
	if err != nil {
		t.Fatal(err)
	}
	byUser := map[string]*adega.Tally{}
	for _, m := range metas {
		if m.GuildID != guildID || m.Status != adega.StatusFinished || m.Practice {
			continue
		}
		g, err := h.Store.Load(m.ID)
		if err != nil {
			t.Fatal(err)
		}
		counted := map[string]bool{}
		for _, s := range g.Meta.Seats {
			if s.UserID == "" || s.Bot || counted[s.UserID] {
				continue
			}
			counted[s.UserID] = true
			if byUser[s.UserID] == nil {
				byUser[s.UserID] = &adega.Tally{}
			}
			var seats []engine.Seat
			for k, o := range g.Meta.Seats {
				if o.UserID == s.UserID {
					seats = append(seats, engine.Seat(k))
				}
			}
			byUser[s.UserID].Add(rebuiltResult(g, seats), 1)
		}
	}
	var rows []adega.Leader
	for id, tl := range byUser {
		rows = append(rows, adega.Leader{UserID: id, Tally: *tl})
	}
	rankLeaders(rows)
	return rows
}

// /adega stats and /adega leaderboard read the statistics kept, and say
// exactly what a rebuild from every game said: after games end (nim, a
// 2-player Vinhos game, a solo game against Lacerda), an undo that reopens
// one, an import of a finished game, a practice game, an abandon, and with
// quiet hours that change the time to move.
func TestKeptStatsSayWhatTheRebuildSaid(t *testing.T) {
	h := undoHandler(t)
	now := time.Unix(1_800_000_000, 0)
	h.Now = func() time.Time { return now }
	const guild = "1100000000000000000" // slash's
	quiet := adega.Prefs{TimeZone: "Europe/Lisbon", QuietStart: "23:00", QuietEnd: "08:00"}
	if _, err := h.Store.UpdateUser(u1, func(u *adega.User) error { u.Prefs = quiet; return nil }); err != nil {
		t.Fatal(err)
	}
	users := []string{u1, u2, u3}
	read := func(i *discordgo.Interaction) string {
		t.Helper()
		e, err := h.Handle(i).Edit()
		if err != nil {
			t.Fatal(err)
		}
		return *e.Content
	}
	check := func(after string) {
		t.Helper()
		for _, u := range users {
			want := statsText("**Your statistics**", rebuiltUserStats(t, h, u, func(adega.Meta) bool { return true }), h.modeTitle)
			if got := read(adegaSlash(u, "stats")); got != want {
				t.Fatalf("after %s, %s's stats say\n%s\nthe rebuild\n%s", after, u, got, want)
			}
			other := &discordgo.ApplicationCommandInteractionDataOption{Name: "user", Type: discordgo.ApplicationCommandOptionUser, Value: u}
			want = statsText("**Statistics of "+mention(u)+"** in this server",
				rebuiltUserStats(t, h, u, func(m adega.Meta) bool { return m.GuildID == guild }), h.modeTitle)
			asker := u3
			if u == u3 {
				asker = u2
			}
			if got := read(adegaSlash(asker, "stats", other)); got != want {
				t.Fatalf("after %s, %s's stats in the server say\n%s\nthe rebuild\n%s", after, u, got, want)
			}
		}
		if got, want := read(adegaSlash(u2, "leaderboard")), leaderboardText(rebuiltLeaders(t, h, guild)); got != want {
			t.Fatalf("after %s, the leaderboard says\n%s\nthe rebuild\n%s", after, got, want)
		}
	}
	playOut := func(g *adega.Game, moves int) *adega.Game {
		for k := 0; !g.State.Over() && k != moves; k++ {
			now = now.Add(time.Duration(7+k%13*11) * time.Minute)
			g, _ = playAuto(t, h, g)
		}
		return g
	}
	create := func(meta adega.Meta, setup engine.Setup) *adega.Game {
		g, err := h.Store.Create(meta, setup, h.Now(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	pair := func(a, b string) []adega.SeatUser {
		return []adega.SeatUser{{UserID: a, Name: "Ana"}, {UserID: b, Name: "Bruno"}}
	}
	for seed := range uint64(2) {
		playOut(create(adega.Meta{ChannelID: table, GuildID: guild, Seats: pair(u1, u2)},
			engine.Setup{Game: "nim", Seed: seed, Players: []string{"Ana", "Bruno"}}), -1)
	}
	check("two nim games")
	vinhos2 := playOut(create(adega.Meta{ChannelID: "c2", GuildID: guild, Seats: pair(u1, u3)},
		engine.Setup{Game: "vinhos", Seed: 3, Players: []string{"Ana", "Bruno"}}), -1)
	playOut(create(adega.Meta{ChannelID: "dm", Seats: []adega.SeatUser{{UserID: u1, Name: "Ana"}}},
		engine.Setup{Game: "vinhos", Mode: vinhos.ModeSolo, Seed: 4, Players: []string{"Ana"}}), -1)
	check("a Vinhos game and a solo game")
	if text := read(adegaSlash(u1, "stats")); !strings.Contains(text, "\nAgainst Lacerda: ") {
		t.Fatalf("no record against Lacerda after a solo game: %s", text)
	}
	if _, err := h.referee().Undo(vinhos2.ID, vinhos2.Stamp, 3, h.Now(), nil); err != nil {
		t.Fatal(err)
	}
	check("an undo that reopens a game")
	ended := playOut(create(adega.Meta{ChannelID: "c3", Seats: pair(u2, u3)},
		engine.Setup{Game: "nim", Seed: 9, Players: []string{"Ana", "Bruno"}}), -1)
	if _, err := h.Store.Import(adega.Meta{ChannelID: "c4", GuildID: guild, Seats: pair(u2, u3)}, ended.Setup, ended.Moves(), h.Now(), nil); err != nil {
		t.Fatal(err)
	}
	check("an import of a finished game")
	playOut(create(adega.Meta{ChannelID: "c5", GuildID: guild, Seats: pair(u3, u1), Practice: true},
		engine.Setup{Game: "nim", Seed: 2, Players: []string{"Ana", "Bruno"}}), -1)
	check("a practice game")
	open := playOut(create(adega.Meta{ChannelID: "c6", GuildID: guild, Seats: pair(u2, u1)},
		engine.Setup{Game: "nim", Seed: 1, Players: []string{"Ana", "Bruno"}}), 2)
	check("a game in progress")
	if err := h.Store.SetStatus(open.ID, adega.StatusAbandoned, h.Now(), nil); err != nil {
		t.Fatal(err)
	}
	check("an abandon")
}
