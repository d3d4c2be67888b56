package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
)

func adegaSlash(userID, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	i := slash(userID, sub, opts...)
	data := i.Data.(discordgo.ApplicationCommandInteractionData)
	data.Name = AdegaCommand
	i.Data = data
	return i
}

func strOpt(name, v string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: v}
}

func intOpt(name string, v int) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: float64(v)}
}

func boolOpt(name string, v bool) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionBoolean, Value: v}
}

// Every settings value is checked, and a wrong one changes nothing.
func TestSettingsAreValidated(t *testing.T) {
	h := undoHandler(t)
	r := h.Handle(adegaSlash(u1, "settings", strOpt("timezone", "Europe/Lisbon"), strOpt("quiet_start", "23:00"), strOpt("quiet_end", "7:00"),
		boolOpt("dm", true), boolOpt("digest", true), intOpt("digest_hour", 9)))
	if !ephemeral(r) || !strings.HasPrefix(r.Ack.Data.Content, "Saved.") || !strings.Contains(r.Ack.Data.Content, "Quiet hours: 23:00–07:00") {
		t.Fatalf("settings: %q", r.Ack.Data.Content)
	}
	u, _ := h.Store.GetUser(u1)
	want := adega.Prefs{TimeZone: "Europe/Lisbon", QuietStart: "23:00", QuietEnd: "07:00", DMReminders: true, Digest: true, DigestHour: 9}
	if u.Prefs != want || u.DigestAt.IsZero() {
		t.Fatalf("stored %+v (digest at %v), want %+v", u.Prefs, u.DigestAt, want)
	}
	for _, tc := range []struct {
		opts []*discordgo.ApplicationCommandInteractionDataOption
		says string
	}{
		{[]*discordgo.ApplicationCommandInteractionDataOption{strOpt("timezone", "Mars/Olympus")}, "not a time zone"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{strOpt("timezone", "")}, "not a time zone"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{strOpt("quiet_start", "25:00")}, "quiet_start"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{strOpt("quiet_end", "noon")}, "quiet_end"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{strOpt("quiet_start", "07:00")}, "cannot start and end at the same time"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{intOpt("digest_hour", 24)}, "from 0 to 23"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{strOpt("timezone", strings.Repeat("\x01", 5000))}, "at most 64 characters"},
	} {
		r := h.Handle(adegaSlash(u1, "settings", tc.opts...))
		if !ephemeral(r) || !strings.HasPrefix(r.Ack.Data.Content, "Nothing was changed") || !strings.Contains(r.Ack.Data.Content, tc.says) {
			t.Errorf("%v: %q, want a private %q", tc.opts[0].Value, r.Ack.Data.Content, tc.says)
		}
		if u, _ := h.Store.GetUser(u1); u.Prefs != want {
			t.Fatalf("a refused setting changed %+v", u.Prefs)
		}
	}
	// Quiet hours need both ends.
	if r := h.Handle(adegaSlash(u2, "settings", strOpt("quiet_end", "08:00"))); !strings.Contains(r.Ack.Data.Content, "need both") {
		t.Errorf("one end: %q", r.Ack.Data.Content)
	}
	h.Handle(adegaSlash(u1, "settings", strOpt("quiet_start", "off"), boolOpt("digest", false)))
	if u, _ := h.Store.GetUser(u1); u.Prefs.QuietStart != "" || u.Prefs.QuietEnd != "" || u.Prefs.Digest || !u.DigestAt.IsZero() {
		t.Fatalf("off: %+v, digest at %v", u.Prefs, u.DigestAt)
	}
	if r := h.Handle(adegaSlash(u1, "settings")); !strings.Contains(r.Ack.Data.Content, "Time zone: Europe/Lisbon") {
		t.Fatalf("showing the settings: %q", r.Ack.Data.Content)
	}
}

// A turn message names a player in their quiet hours without pinging
// them, and once posted records itself and the held ping.
func TestTurnMessageHoldsPingsInQuietHours(t *testing.T) {
	h := undoHandler(t) // now is 2027-01-15 08:00 UTC
	g := startGame(t, h, "nim")
	who := g.Meta.Seats[g.State.Pending()[0].Seat].UserID
	if _, err := h.Store.UpdateUser(who, func(u *adega.User) error {
		u.Prefs = adega.Prefs{TimeZone: "Europe/Lisbon", QuietStart: "07:30", QuietEnd: "09:00"}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	o, err := h.turnOut(g, "The game begins!", true, nil, 0, h.Store.GetUser)
	if err != nil {
		t.Fatal(err)
	}
	m := decodeMessage(t, o)
	if users := m.AllowedMentions.Users; len(users) != 0 || !strings.Contains(m.Content, "<@"+who+">") || !slices.Equal(o.Held, []string{who}) {
		t.Fatalf("pings %v, holds %v in %q", users, o.Held, m.Content)
	}
	if err := h.Store.Enqueue(o); err != nil {
		t.Fatal(err)
	}
	posted := deliver(t, h)
	w, _ := h.Store.Waiting(g.ID)
	if len(posted) != 1 || w.TurnMessageID == "" || len(w.Seats) != 1 || !w.Seats[0].PingDue {
		t.Fatalf("waiting: %+v", w)
	}
	// Out of quiet hours the same message pings.
	h.Now = func() time.Time { return time.Date(2027, 1, 15, 9, 0, 0, 0, time.UTC) }
	o, _ = h.turnOut(g, "", true, nil, 0, h.Store.GetUser)
	if users := decodeMessage(t, o).AllowedMentions.Users; !slices.Equal(users, []string{who}) {
		t.Fatalf("pings %v", users)
	}
}

func TestPaceCommand(t *testing.T) {
	h := undoHandler(t)
	h.Reminders = remind.Config{Pace: "relaxed"}
	g := startGame(t, h, "nim")
	if r := h.Handle(nimSlash(u2, "pace")); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "pace relaxed (reminders after 24 hours)") {
		t.Fatalf("showing a game stored without a pace shows the default: %q", r.Ack.Data.Content)
	}
	if r := h.Handle(nimSlash(u2, "pace", strOpt("value", "fast"))); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "Only the game's creator") {
		t.Fatalf("a player who did not create the game: %q", r.Ack.Data.Content)
	}
	for _, tc := range []struct {
		opts []*discordgo.ApplicationCommandInteractionDataOption
		says string
	}{
		{[]*discordgo.ApplicationCommandInteractionDataOption{strOpt("value", "sometimes")}, "not a pace"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{strOpt("value", "5m")}, "between 15 minutes and 14 days"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{strOpt("value", "relaxed"), intOpt("deadline", 12)}, "comes before the first reminder"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{intOpt("deadline", 1000)}, "deadline must be from 0 to 720"},
		{[]*discordgo.ApplicationCommandInteractionDataOption{intOpt("deadline", 2562048)}, "deadline must be from 0 to 720"},
	} {
		if r := h.Handle(nimSlash(u1, "pace", tc.opts...)); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, tc.says) {
			t.Errorf("%v: %q", tc.opts[0].Value, r.Ack.Data.Content)
		}
	}
	r := h.Handle(nimSlash(u1, "pace", strOpt("value", "fast"), intOpt("deadline", 48), strOpt("absent", "auto")))
	if ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "u1 set the pace of this game: fast (reminders after 1 hour) · deadline 48 hours, then the bot plays") {
		t.Fatalf("changing the pace: %q", r.Ack.Data.Content)
	}
	g, _ = h.Store.Load(g.ID)
	if want := (adega.WaitRules{Pace: "fast", Interval: time.Hour, Deadline: 48 * time.Hour, Absent: adega.AbsentAuto}); g.Meta.Wait != want {
		t.Fatalf("stored %+v", g.Meta.Wait)
	}
	if w, _ := h.Store.Waiting(g.ID); !w.Seats[0].Next.Equal(h.Now()) {
		t.Fatalf("the waiting seat is not looked at again at once: %+v", w.Seats[0])
	}
	if r := h.Handle(nimSlash(u2, "status")); !strings.Contains(r.Ack.Data.Content, "Pace: fast (reminders after 1 hour) · deadline 48 hours") {
		t.Fatalf("status: %q", r.Ack.Data.Content)
	}
	o, err := h.turnOut(g, "", false, nil, 0, h.Store.GetUser)
	if err != nil {
		t.Fatal(err)
	}
	if f := decodeMessage(t, o).Embeds[0].Footer.Text; !strings.HasSuffix(f, "· pace fast") {
		t.Fatalf("footer %q", f)
	}
}

func TestNewLobbyTakesTheWaitingRules(t *testing.T) {
	h := undoHandler(t)
	h.Reminders = remind.Config{Pace: "normal", Deadline: 72 * time.Hour}
	r := h.Handle(slash(u1, "new", intOpt("players", 2)))
	if !strings.Contains(r.Ack.Data.Content, "Pace: normal (reminders after 8 hours) · deadline 72 hours, then the bot keeps reminding.") {
		t.Fatalf("a lobby with the defaults: %q", r.Ack.Data.Content)
	}
	in := slash(u1, "new", intOpt("players", 2), strOpt("pace", "relaxed"), intOpt("deadline", 96), strOpt("absent", "skip"))
	in.ID = "lobby2"
	in.ChannelID = "1000"
	r = h.Handle(in)
	if !strings.Contains(r.Ack.Data.Content, "Pace: relaxed (reminders after 24 hours) · deadline 96 hours, then the player passes if the rules allow.") {
		t.Fatalf("a lobby with its own rules: %q", r.Ack.Data.Content)
	}
	open, err := h.Store.OpenLobbies(u1)
	k := slices.IndexFunc(open, func(l adega.Lobby) bool { return l.ID == "lobby2" })
	if err != nil || k < 0 {
		t.Fatalf("the open lobbies %+v (%v) leave lobby2 out", open, err)
	}
	l := open[k]
	if want := (adega.WaitRules{Pace: "relaxed", Interval: 24 * time.Hour, Deadline: 96 * time.Hour, Absent: adega.AbsentSkip}); l.Wait != want {
		t.Fatalf("lobby rules %+v", l.Wait)
	}
	in = slash(u1, "new", strOpt("pace", "whenever"))
	in.ChannelID = "1001"
	if r := h.Handle(in); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "not a pace") {
		t.Fatalf("a wrong pace: %q", r.Ack.Data.Content)
	}
}

// /adega games lists the user's games across servers and DMs, those
// waiting for them first, with jump links.
func TestGamesListsWhereYouOweAMove(t *testing.T) {
	h := undoHandler(t)
	mk := func(channel, guild string, users ...string) *adega.Game {
		var seats []adega.SeatUser
		var names []string
		for _, u := range users {
			seats = append(seats, adega.SeatUser{UserID: u, Name: "P" + u})
			names = append(names, "P"+u)
		}
		g, err := h.Store.Create(adega.Meta{ChannelID: channel, GuildID: guild, Seats: seats},
			engine.Setup{Game: "nim", Seed: 5, Players: names}, h.Now(), h.turn("", true))
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	a := mk("c1", "g1", u1, u2)
	if who := a.Meta.Seats[a.State.Pending()[0].Seat].UserID; who == u1 {
		a, _ = playAuto(t, h, a) // now waits for u2
	}
	posted := deliver(t, h) // the first turn message of a is its jump target
	b := mk("dm1", "", u1, u3)
	if who := b.Meta.Seats[b.State.Pending()[0].Seat].UserID; who != u1 {
		b, _ = playAuto(t, h, b)
	}
	mk("c9", "g1", u4, u5) // not u1's
	r := h.Handle(adegaSlash(u1, "games"))
	text := r.Ack.Data.Content
	lines := strings.Split(text, "\n")
	if !ephemeral(r) || !strings.HasPrefix(text, "**Your games**: 2 in progress; you owe a move in 1.") || len(lines) < 3 {
		t.Fatalf("games: %q", text)
	}
	if !strings.Contains(lines[1], "game "+b.ID+", our direct messages): **your move**: take counters from a pile") ||
		!strings.Contains(lines[1], "(https://discord.com/channels/@me/dm1") {
		t.Errorf("the DM game waiting for u1 is not first: %q", lines[1])
	}
	if !strings.Contains(lines[2], "game "+a.ID+", <#c1>): waiting for P"+u2+" since <t:") ||
		!strings.Contains(lines[2], "(https://discord.com/channels/g1/c1/"+posted[0].MessageID+")") {
		t.Errorf("the server game: %q", lines[2])
	}
	if r := h.Handle(adegaSlash(u9, "games")); !strings.Contains(r.Ack.Data.Content, "not in any game") {
		t.Errorf("no games: %q", r.Ack.Data.Content)
	}
}

// A vacation is granted in every active game within its allowance, and
// each game's channel is told.
func TestVacationTellsEveryGame(t *testing.T) {
	h := undoHandler(t)
	g1 := startGame(t, h, "nim")
	g2 := startGame(t, h, "vinhos")
	r := h.Handle(adegaSlash(u1, "vacation", intOpt("days", 10)))
	if !ephemeral(r) || len(r.Posts) != 2 || !strings.Contains(r.Ack.Data.Content, "The other players have been told.") {
		t.Fatalf("vacation: %+v", r)
	}
	for _, p := range r.Posts {
		if p.ChannelID != table || !strings.Contains(p.Message.Content, "**Ana** is on vacation until <t:") ||
			!strings.Contains(p.Message.Content, "10 days of 14 days used in this game") || len(p.Message.AllowedMentions.Users) != 0 {
			t.Fatalf("announcement: %q", p.Message.Content)
		}
	}
	for _, g := range []*adega.Game{g1, g2} {
		if w, _ := h.Store.Waiting(g.ID); len(w.Vacations) != 1 || w.Vacations[0].UserID != u1 {
			t.Fatalf("game %s: %+v", g.ID, w.Vacations)
		}
	}
	if r := h.Handle(adegaSlash(u1, "vacation", intOpt("days", 15))); !strings.Contains(r.Ack.Data.Content, "days must be from 0 to 14") {
		t.Fatalf("too long: %q", r.Ack.Data.Content)
	}
	r = h.Handle(adegaSlash(u1, "vacation", intOpt("days", 0)))
	if len(r.Posts) != 2 || !strings.Contains(r.Posts[0].Message.Content, "**Ana** is back from vacation") {
		t.Fatalf("back: %+v", r.Posts)
	}
}

// Every registered game gets its command, each within Discord's limits,
// and /adega comes last.
func TestEveryGameAndAdegaAreRegistered(t *testing.T) {
	var names []string
	for _, c := range Definitions(engine.NewRegistry(vinhos.Game{}, nim.Game{})) {
		names = append(names, c.Name)
		if len(c.Options) > optionsLimit {
			t.Errorf("/%s has %d subcommands; Discord allows %d", c.Name, len(c.Options), optionsLimit)
		}
		for _, o := range c.Options {
			if len(o.Options) > optionsLimit {
				t.Errorf("/%s %s has %d options", c.Name, o.Name, len(o.Options))
			}
		}
	}
	if !slices.Equal(names, []string{"vinhos", "nim", AdegaCommand}) {
		t.Fatalf("commands %v", names)
	}
}

// elsewhere is what other processes share (remind.Shared): a game of
// another server, and etcd reachable or not.
type elsewhere struct {
	remind.Local
	game    adega.GameWait
	follows []adega.GameWait
	down    bool
}

func (e *elsewhere) Following(string) ([]adega.GameWait, error) { return e.follows, nil }

func (e *elsewhere) WaitingOfUser(userID string) ([]adega.GameWait, error) {
	if e.down {
		return nil, adega.ErrUnavailable
	}
	own, err := e.Local.WaitingOfUser(userID)
	return append(own, e.game), err
}

func (e *elsewhere) SetPrefs(userID string, p adega.Prefs) (adega.User, error) {
	if e.down {
		return adega.User{}, adega.ErrUnavailable
	}
	return e.Local.SetPrefs(userID, p)
}

// With several processes, /adega games lists the games other processes
// hold, and while their shared records cannot be reached, /adega games
// and a change of settings say so and change nothing.
func TestAdegaReadsWhatProcessesShare(t *testing.T) {
	h := undoHandler(t)
	startGame(t, h, "nim")
	other := &elsewhere{Local: remind.Local{Store: h.Store, Now: h.Now}}
	other.game.Meta = adega.Meta{ID: "g1", Title: "Game on another server", Status: adega.StatusActive, ChannelID: "777", GuildID: "888",
		Seats: []adega.SeatUser{{UserID: u1, Name: "Ana"}}}
	h.Shared = other
	if r := h.Handle(adegaSlash(u1, "games")); !strings.Contains(r.Ack.Data.Content, "2 in progress") || !strings.Contains(r.Ack.Data.Content, "Game on another server") {
		t.Errorf("/adega games: %q, want this process's game and the other's", r.Ack.Data.Content)
	}

	other.down = true
	for _, in := range []*discordgo.Interaction{adegaSlash(u1, "games"), adegaSlash(u1, "settings", strOpt("timezone", "Asia/Tokyo"))} {
		if r := h.Handle(in); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "cannot reach the records my servers share") {
			t.Errorf("with etcd down: %q, want it unavailable", r.Ack.Data.Content)
		}
	}
	if u, _ := h.Store.GetUser(u1); u.Prefs.TimeZone != "" {
		t.Errorf("settings refused were stored: %+v", u.Prefs)
	}
}

// /adega games lists the games followed after the user's own, those in
// progress first, and within Discord's 2,000 characters however many
// there are, saying how many more.
func TestAdegaGamesListsFollowsWithinTheLimit(t *testing.T) {
	h := undoHandler(t)
	startGame(t, h, "nim")
	other := &elsewhere{Local: remind.Local{Store: h.Store, Now: h.Now}}
	h.Shared = other
	for k := range 60 {
		m := adega.Meta{ID: fmt.Sprint(k + 1), Title: fmt.Sprintf("Followed game %d with a long enough title", k+1), Status: adega.StatusActive,
			ChannelID: "777", GuildID: "888", Seats: []adega.SeatUser{{UserID: u2, Name: "Bruno"}}, UpdatedAt: time.Unix(int64(k), 0)}
		if k == 0 {
			m.Status, m.UpdatedAt = adega.StatusFinished, h.Now().Add(-time.Hour)
		}
		other.follows = append(other.follows, adega.GameWait{Meta: m})
	}
	got := h.Handle(adegaSlash(u1, "games")).Ack.Data.Content
	mine := strings.Index(got, "**Your games**: 1 in progress")
	followed := strings.Index(got, "**You follow** 60 games")
	if len(got) > 2000 || mine != 0 || followed < 0 || !strings.Contains(got[followed:], "Followed game 2 ") ||
		strings.Contains(got, "Followed game 1 ") || !strings.HasSuffix(got, " more.\n") {
		t.Fatalf("/adega games (%d characters), want the user's game, then the followed in progress first, cut with how many more:\n%s", len(got), got)
	}
	// A game over is listed for a week after its end.
	other.follows = other.follows[:1]
	for _, ended := range []time.Duration{6 * 24 * time.Hour, 8 * 24 * time.Hour} {
		at := h.Now().Add(-ended)
		other.follows[0].Meta.UpdatedAt = at
		got = h.Handle(adegaSlash(u1, "games")).Ack.Data.Content
		if listed := strings.Contains(got, fmt.Sprintf("Followed game 1 with a long enough title** (game 1, <#777>): over <t:%d:R>", at.Unix())); listed != (ended < 7*24*time.Hour) {
			t.Errorf("/adega games with a followed game over %v ago:\n%s", ended, got)
		}
	}
}
