package bot_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
)

// newReminderHarness is newHarness with a reminder policy.
func newReminderHarness(t *testing.T, cfg remind.Config) *harness {
	t.Parallel()
	h := openHarness(t, summaryDrawer{})
	h.reminders = cfg
	h.start()
	return h
}

// waitMessage waits for a message in the channel that matches. It waits
// longer than an answer: a message behind failed posts comes after the
// courier's backoff (a second, then two), which a busy machine stretches.
func (h *harness) waitMessage(channelID, what string, match func(fakediscord.Message) bool) fakediscord.Message {
	h.t.Helper()
	deadline := time.Now().Add(3 * wait)
	for {
		for _, m := range h.srv.Messages(channelID) {
			if match(m) {
				return m
			}
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("no %s in channel %s", what, channelID)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func containing(s string) func(fakediscord.Message) bool {
	return func(m fakediscord.Message) bool { return strings.Contains(m.Content, s) }
}

// pingsOf returns the users the bot allowed a posted message to ping.
func (h *harness) pingsOf(channelID, content string) []string {
	h.t.Helper()
	for _, p := range h.postsTo(channelID) {
		if p.Content == content {
			return p.Pings
		}
	}
	h.t.Fatalf("the bot posted no %q", content)
	return nil
}

// sentPost is a message the bot posted, as the tests read it: its text and
// the users it was allowed to ping.
type sentPost struct {
	Content string
	Pings   []string
}

// postsTo are the messages the bot posted in the channel, oldest first.
func (h *harness) postsTo(channelID string) []sentPost {
	h.t.Helper()
	var posts []sentPost
	for _, r := range h.srv.Requests() {
		if r.Method != "POST" || r.Route != "/channels/{channel_id}/messages" || r.Params["channel_id"] != channelID {
			continue
		}
		var body struct {
			Content         string `json:"content"`
			AllowedMentions struct {
				Users []string `json:"users"`
			} `json:"allowed_mentions"`
		}
		if err := json.Unmarshal(r.JSON, &body); err != nil {
			h.t.Fatal(err)
		}
		posts = append(posts, sentPost{Content: body.Content, Pings: body.AllowedMentions.Users})
	}
	return posts
}

// TestAbsentPlayerIsRemindedThenAutoPlayed runs a game at a pace of 250 ms
// with a 4-second deadline under auto, through the fake Discord: the
// player who must act gets a reminder in the thread (pinging them, saying
// what to decide, linking to the turn message) and by DM, then an
// escalated one, and at the deadline the bot plays for them, says so, and
// posts the new turn message pinging the next player.
func TestAbsentPlayerIsRemindedThenAutoPlayed(t *testing.T) {
	// The floor is the interval: a reminder every 250 ms until the deadline.
	// A floor of 50 ms queued some 75 reminders ahead of the announcement,
	// more than a loaded machine under -race posted in the test's wait.
	h := newReminderHarness(t, remind.Config{Interval: 250 * time.Millisecond, Floor: 250 * time.Millisecond,
		Deadline: 4 * time.Second, Absent: adega.AbsentAuto})
	srv := h.srv
	ana, bruno := srv.NewUser("ana"), srv.NewUser("bruno")
	table := srv.NewChannel("vinhos")
	at := func(u *discordgo.User, ch string) fakediscord.Origin { return srv.InGuild(u, ch) }
	for _, u := range []*discordgo.User{ana, bruno} {
		in := srv.SlashCommand(at(u, table.ID), "adega", fakediscord.Subcommand("settings",
			fakediscord.BooleanOption("dm", true), fakediscord.StringOption("timezone", "UTC")))
		if r := h.callback(in); r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 ||
			!strings.Contains(r.Data.Content, "Reminders by direct message: on") {
			t.Fatalf("settings: %+v", r.Data)
		}
	}

	h.callback(srv.SlashCommand(at(ana, table.ID), "vinhos", fakediscord.Subcommand("new",
		fakediscord.IntegerOption("players", 2), fakediscord.StringOption("regions", "first-play"))))
	lobby := h.public(table.ID)[0]
	if !strings.Contains(lobby.Content, "Pace: custom (reminders after 250ms) · deadline 4 seconds, then the bot plays") {
		t.Fatalf("the lobby does not show the pace: %q", lobby.Content)
	}
	h.callback(srv.Button(at(bruno, table.ID), lobby.ID, buttonID(t, lobby.Message, "Join")))
	h.callback(srv.Button(at(ana, table.ID), lobby.ID, buttonID(t, lobby.Message, "Start")))
	post, err := srv.WaitFor(wait, func(r fakediscord.Request) bool {
		return r.Method == "POST" && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] != table.ID
	})
	if err != nil {
		t.Fatal("no first turn message:", err)
	}
	thread := post.Params["channel_id"]
	turn := h.waitPosts(thread, 1)[0]
	if f := turn.Embeds[0].Footer; f == nil || !strings.HasSuffix(f.Text, "pace 250ms") {
		t.Fatalf("the turn message's footer does not show the pace: %+v", f)
	}
	g := h.game(thread)
	pending := g.State.Pending()[0]
	absent := g.Meta.Seats[pending.Seat]
	link := "https://discord.com/channels/" + srv.GuildID() + "/" + thread + "/" + turn.ID

	first := h.waitMessage(thread, "first reminder", containing("Reminder 1 for <@"+absent.UserID+">"))
	for _, want := range []string{"You must " + pending.Prompt + ".", "Jump to the turn: " + link, "The deadline is <t:", "then the bot plays"} {
		if !strings.Contains(first.Content, want) {
			t.Errorf("the reminder lacks %q: %q", want, first.Content)
		}
	}
	if got := h.pingsOf(thread, first.Content); !slices.Equal(got, []string{absent.UserID}) {
		t.Errorf("the reminder pings %v, want only %s", got, absent.UserID)
	}
	second := h.waitMessage(thread, "escalated reminder", containing("Reminder 2 for <@"+absent.UserID+">"))
	if !strings.Contains(second.Content, link) {
		t.Errorf("the second reminder does not link to the turn: %q", second.Content)
	}
	dm := h.waitMessage(srv.DMChannel(absent.UserID), "reminder by DM", containing("Reminder 1 for you"))
	if !strings.Contains(dm.Content, link) {
		t.Errorf("the DM does not link to the turn: %q", dm.Content)
	}

	played := h.waitMessage(thread, "auto-play announcement", containing("did not play within 4 seconds; the bot played for them: "))
	if !strings.HasPrefix(played.Content, "**"+absent.Name+"** did not play") {
		t.Errorf("the announcement does not name the absent player: %q", played.Content)
	}
	if len(played.Files) != 1 || !isPNG(played.Files[0].Data) || len(played.Embeds) == 0 || len(components(played.Message)) == 0 {
		t.Fatalf("the announcement is not a turn message with the board: %q", played.Content)
	}
	g = h.game(thread)
	if len(g.Log) == 0 || g.Log[0].Seat != pending.Seat {
		t.Fatalf("the log does not start with the absent seat's move: %+v", g.Log)
	}
	// The bot played the whole decision, on past a step that turned up
	// hidden information, in one change of the game.
	n := 0
	for n < len(g.Log) && g.Log[n].Stamp == g.Log[0].Stamp {
		if g.Log[n].Seat != pending.Seat || !g.Log[n].Bot {
			t.Fatalf("the auto-play change holds %+v", g.Log[n])
		}
		n++
	}
	// The turn message after the move pings whoever must act next.
	after, _, err := engine.Replay(vinhos.Game{}, g.Setup, g.Moves()[:n])
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range after.Pending() {
		if id := g.Meta.Seats[p.Seat].UserID; !slices.Contains(want, id) {
			want = append(want, id)
		}
	}
	if got := h.pingsOf(thread, played.Content); !slices.Equal(got, want) {
		t.Errorf("the new turn message pings %v, want %v", got, want)
	}
	for _, id := range want {
		if !strings.Contains(played.Content, "<@"+id+">") {
			t.Errorf("the new turn message does not name %s: %q", id, played.Content)
		}
	}

	// /adega games tells whoever must move where, with a jump link to the
	// game's newest turn message. On a busy machine the 4 s deadline may
	// pass for the next player too before the ask, so the ask is of the
	// game as it stands, and made again while the game moves on.
	for deadline := time.Now().Add(wait); ; time.Sleep(5 * time.Millisecond) {
		if owesAndIsLinked(h, thread, map[string]*discordgo.User{ana.ID: ana, bruno.ID: bruno}, func(u *discordgo.User) fakediscord.Origin { return at(u, table.ID) }) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("/adega games never named the player who must move with a link to the newest turn message")
		}
	}
}

// owesAndIsLinked asks /adega games for the player who must move in the
// game of the thread, and reports whether it says "your move" with a jump
// link to the game's recorded turn message, a message of the thread.
func owesAndIsLinked(h *harness, thread string, users map[string]*discordgo.User, from func(*discordgo.User) fakediscord.Origin) bool {
	g := h.game(thread)
	w, err := h.store.Waiting(g.ID)
	if err != nil || w.TurnMessageID == "" || len(g.State.Pending()) == 0 {
		return false
	}
	if !slices.ContainsFunc(h.srv.Messages(thread), func(m fakediscord.Message) bool { return m.ID == w.TurnMessageID }) {
		return false
	}
	user := users[g.Meta.Seats[g.State.Pending()[0].Seat].UserID]
	r := h.callback(h.srv.SlashCommand(from(user), "adega", fakediscord.Subcommand("games")))
	jump := "https://discord.com/channels/" + h.srv.GuildID() + "/" + thread + "/" + w.TurnMessageID
	return r.Data != nil && strings.Contains(r.Data.Content, "**your move**") && strings.Contains(r.Data.Content, jump)
}

// A reminder that comes due before the turn message it reminds of could be
// posted waits for it in the game's queue, and links to it: the link is
// made when the reminder goes out, not when it came due.
func TestReminderWaitsForItsTurnMessage(t *testing.T) {
	h := newReminderHarness(t, remind.Config{Interval: 250 * time.Millisecond, Floor: 250 * time.Millisecond})
	tb := h.newTable(3, 0)
	posts := func(r fakediscord.Request) bool {
		return r.Method == "POST" && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] == tb.thread
	}
	// Posting fails for a while: the next turn message, and the reminder
	// due 250 ms after the move, both wait.
	h.srv.Fail(2, posts, fakediscord.Fault{Status: 503})
	_, u, act := tb.next()
	tb.play(u, act)
	g := tb.game()
	next := g.Meta.Seats[g.State.Pending()[0].Seat].UserID
	reminder := h.waitMessage(tb.thread, "reminder", containing("Reminder 1 for <@"+next+">"))
	msgs := h.public(tb.thread)
	k := slices.IndexFunc(msgs, func(m fakediscord.Message) bool { return m.ID == reminder.ID })
	turn := msgs[k-1]
	if !strings.Contains(turn.Content, "played") {
		t.Fatalf("the message before the reminder is not the turn message: %q", turn.Content)
	}
	link := "https://discord.com/channels/" + h.srv.GuildID() + "/" + tb.thread + "/" + turn.ID
	if !strings.Contains(reminder.Content, link) {
		t.Fatalf("the reminder does not link to the turn message %s: %q", turn.ID, reminder.Content)
	}
}
