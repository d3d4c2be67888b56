package commands

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/storage"
)

// The time to move leaves out quiet hours: a wait from 22:00 to 09:00
// the next day, with quiet hours 23:00-08:00, is two hours.
func TestAwakeWaits(t *testing.T) {
	t0 := time.Date(2026, 1, 15, 9, 0, 0, 0, time.UTC)
	at := func(h, m int) int64 {
		return t0.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute).UnixNano()
	}
	spans := []storage.Span{{at(0, 0), at(0, 10)}, {at(1, 0), at(3, 0)}, {at(13, 0), at(24, 0)}}
	quiet := remind.QuietOf(storage.Prefs{TimeZone: "UTC", QuietStart: "23:00", QuietEnd: "08:00"})
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
	var last *storage.Game
	for range 3 {
		g, err := h.Store.Create(storage.Meta{ChannelID: table, GuildID: guild, Seats: []storage.SeatUser{{UserID: u1, Name: "Ana"}, {UserID: u2, Name: "Bruno"}}},
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
	if _, err := h.Store.Create(storage.Meta{ChannelID: "c9", GuildID: "g9", Seats: []storage.SeatUser{{UserID: u1, Name: "Ana"}, {UserID: u3, Name: "Carla"}}},
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
	if _, err := h.Store.Undo(last.ID, last.Stamp, 1, h.Now(), nil); err != nil {
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
