package bot_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/referee"
)

// carrying is a message, like a bot's, that carries one component with
// this custom ID: a button, or a select offering the values.
func carrying(channelID, customID string, values ...string) *discordgo.Message {
	var c discordgo.MessageComponent = &discordgo.Button{Label: "Go", CustomID: customID}
	if len(values) > 0 {
		var opts []discordgo.SelectMenuOption
		for _, v := range values {
			opts = append(opts, discordgo.SelectMenuOption{Label: "x", Value: v})
		}
		c = &discordgo.SelectMenu{CustomID: customID, Options: opts}
	}
	return &discordgo.Message{ID: "1400000000000000099", ChannelID: channelID, Flags: discordgo.MessageFlagsEphemeral,
		Components: []discordgo.MessageComponent{&discordgo.ActionsRow{Components: []discordgo.MessageComponent{c}}}}
}

// stampOf reads the stamp a custom ID carries.
func stampOf(customID string) string { return strings.Split(customID, ":")[2] }

// Forged and malformed payloads never panic and never act: each is
// refused privately, the game does not move and nothing is posted. A
// custom ID acts only on a game that lives where it was clicked.
func TestForgedPayloadsNeverAct(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(3, 2)
	_, ana, _ := tb.next()
	turn := tb.newest()
	sel := selectOf(turn.Message)
	stamp := stampOf(sel.CustomID)
	elsewhere := h.srv.NewChannel("elsewhere").ID
	admin := h.srv.InGuild(h.srv.NewUser("admin"), elsewhere)
	admin.Permissions |= discordgo.PermissionManageGuild
	otherServer := fakediscord.Origin{User: admin.User, GuildID: "1000000000000000001", ChannelID: h.srv.NewID(),
		Permissions: admin.Permissions}
	version := tb.game().Version
	posts := len(h.public(tb.thread))

	for name, in := range map[string]fakediscord.Interaction{
		"a path of -1":          h.srv.ForgedClick(tb.at(ana), carrying(tb.thread, "st:"+tb.id+":"+stamp+":-1:0", "c0"), "st:"+tb.id+":"+stamp+":-1:0", "c0"),
		"a path of +1":          h.srv.ForgedClick(tb.at(ana), carrying(tb.thread, "st:"+tb.id+":"+stamp+":+1:0", "c0"), "st:"+tb.id+":"+stamp+":+1:0", "c0"),
		"an empty select value": h.srv.ForgedClick(tb.at(ana), carrying(tb.thread, sel.CustomID, ""), sel.CustomID, ""),
		"a select value x0":     h.srv.ForgedClick(tb.at(ana), carrying(tb.thread, sel.CustomID, "x0"), sel.CustomID, "x0"),
		"a select value c999":   h.srv.ForgedClick(tb.at(ana), carrying(tb.thread, sel.CustomID, "c999"), sel.CustomID, "c999"),
		"a step of the game's menu from another channel": h.srv.ForgedClick(h.srv.InGuild(ana, elsewhere), carrying(elsewhere, sel.CustomID, "c0"),
			sel.CustomID, "c0"),
		"a custom ID the message does not carry": h.srv.Button(tb.at(ana), turn.ID, "ab:"+tb.id+":"+stamp+"::0"),
		"abandon from another server":            h.srv.ForgedClick(otherServer, carrying(otherServer.ChannelID, "ab:"+tb.id+":"+stamp+"::0"), "ab:"+tb.id+":"+stamp+"::0"),
		"the log from another channel":           h.srv.ForgedClick(admin, carrying(elsewhere, "lg:"+tb.id+":"+stamp+"::0"), "lg:"+tb.id+":"+stamp+"::0"),
		"a step option sent as an integer": h.srv.SlashCommand(tb.at(ana), "vinhos", fakediscord.Subcommand("play",
			fakediscord.CommandOption{Name: "step1", Type: discordgo.ApplicationCommandOptionInteger, Value: 3})),
		"replace's user sent as a number": h.srv.SlashCommand(tb.at(ana), "vinhos", fakediscord.Subcommand("replace",
			fakediscord.StringOption("seat", "1"), fakediscord.CommandOption{Name: "user", Type: discordgo.ApplicationCommandOptionUser, Value: 42})),
		"an option that does not exist": h.srv.SlashCommand(tb.at(ana), "vinhos", fakediscord.Subcommand("play",
			fakediscord.StringOption("step9", "x"))),
		"a deadline of 2562048 hours": h.srv.SlashCommand(admin, "vinhos", fakediscord.Subcommand("pace",
			fakediscord.IntegerOption("deadline", 2562048))),
	} {
		r := h.callback(in)
		if r.Type != discordgo.InteractionResponseChannelMessageWithSource || r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Errorf("%s: answered %+v, want a private refusal", name, r)
		}
		if g := tb.game(); g.Version != version || g.Meta.Status != adega.StatusActive || g.Meta.Wait.Deadline != 0 {
			t.Fatalf("%s changed the game: version %d, %s, deadline %v", name, g.Version, g.Meta.Status, g.Meta.Wait.Deadline)
		}
	}
	h.settle()
	if n := len(h.public(tb.thread)); n != posts {
		t.Fatalf("forged payloads posted %d messages", n-posts)
	}
	if m := h.message(tb.thread, turn.ID); m.Content != turn.Content || len(components(m.Message)) != len(components(turn.Message)) {
		t.Fatalf("a forged click changed the turn message: %q", m.Content)
	}
	if logs := h.logs.String(); strings.Contains(logs, "panic") {
		t.Fatalf("a forged payload made a handler panic:\n%s", logs)
	}
}

// Replies that echo what a user typed stay within Discord's limits,
// however long and strange the input: the fake refuses any reply over
// 2,000 characters, and every refusal here is private and changes nothing.
func TestRepliesToOversizedInputFit(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(3, 4)
	_, u, _ := tb.next()
	admin := tb.at(u)
	admin.Permissions |= discordgo.PermissionManageGuild
	odd := func(n int) string { return strings.Repeat("\x01\"@", n/3+1)[:n] }
	var steps []fakediscord.CommandOption
	for k := range 8 {
		steps = append(steps, fakediscord.StringOption("step"+string(rune('1'+k)), odd(100)))
	}
	version := tb.game().Version
	for name, cmd := range map[string]fakediscord.CommandOption{
		"play, eight steps":               fakediscord.Subcommand("play", steps...),
		"do sell":                         fakediscord.SubcommandGroup("do", fakediscord.Subcommand("sell", fakediscord.StringOption("step1", odd(100)))),
		"new, regions":                    fakediscord.Subcommand("new", fakediscord.StringOption("regions", odd(100))),
		"new, pace":                       fakediscord.Subcommand("new", fakediscord.StringOption("pace", odd(20))),
		"pace, value":                     fakediscord.Subcommand("pace", fakediscord.StringOption("value", odd(20))),
		"replace, seat":                   fakediscord.Subcommand("replace", fakediscord.StringOption("seat", odd(40)), fakediscord.BooleanOption("bot", true)),
		"rules, topic":                    fakediscord.Subcommand("rules", fakediscord.StringOption("topic", odd(100))),
		"forged, past the option's limit": fakediscord.Subcommand("play", fakediscord.StringOption("step1", odd(6000))),
	} {
		r := h.callback(h.srv.SlashCommand(admin, "vinhos", cmd))
		if r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Errorf("%s: %+v, want a private answer", name, r)
		}
	}
	for _, zone := range []string{odd(64), odd(6000)} {
		r := h.callback(h.srv.SlashCommand(admin, "adega", fakediscord.Subcommand("settings", fakediscord.StringOption("timezone", zone))))
		if r.Data == nil || !strings.HasPrefix(r.Data.Content, "Nothing was changed") {
			t.Errorf("a time zone of %d characters: %+v", len(zone), r)
		}
	}
	if g := tb.game(); g.Version != version {
		t.Fatalf("the game moved from %d to %d", version, g.Version)
	}
}

// An import is checked before anything is stored: seats name Discord users,
// one seat a user, names within their limits. And whatever the file holds,
// the bot's messages ping nobody it does not mean to.
func TestImportsAreValidated(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(3, 6)
	data, err := h.referee().Export(tb.game())
	if err != nil {
		t.Fatal(err)
	}
	admin := h.srv.InGuild(h.srv.NewUser("admin"), h.srv.NewChannel("imports").ID)
	admin.Permissions |= discordgo.PermissionManageGuild
	edit := func(change func(f map[string]any)) []byte {
		var f map[string]any
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatal(err)
		}
		change(f)
		out, _ := json.Marshal(f)
		return out
	}
	seats := func(f map[string]any) []any { return f["seats"].([]any) }
	games, _ := h.store.ListGames()
	for name, c := range map[string]struct {
		file []byte
		says string
	}{
		"a user ID that is not a snowflake": {edit(func(f map[string]any) { seats(f)[0].(map[string]any)["user_id"] = "<@everyone>" }), "not a Discord ID"},
		"one user in two seats": {edit(func(f map[string]any) {
			seats(f)[1].(map[string]any)["user_id"] = seats(f)[0].(map[string]any)["user_id"]
		}), "holds two seats"},
		"a changed log": {edit(func(f map[string]any) { f["log"] = f["log"].([]any)[:3] }), "only the adega that exported it"},
	} {
		file := h.srv.Attach("adega.json", "application/json", c.file)
		r := h.callback(h.srv.SlashCommand(admin, "vinhos", fakediscord.Subcommand("import", fakediscord.AttachmentOption("file", file))))
		if r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(r.Data.Content, c.says) {
			t.Errorf("%s: %+v, want a private %q", name, r.Data, c.says)
		}
	}
	if after, _ := h.store.ListGames(); len(after) != len(games) {
		t.Fatalf("refused imports stored %d games", len(after)-len(games))
	}
	// A finished game's file holds its seed. One that passes the first
	// checks but fails to replay is refused in the thread the import
	// opened, pinging nobody, whatever its names.
	g := tb.game()
	for !g.State.Over() {
		seat, _, act := tb.next()
		res, err := h.referee().Move(referee.MoveRequest{Game: g.ID, Stamp: g.Stamp, Play: referee.Play{Seat: seat, Action: act}, Now: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		g = res.Game
	}
	if data, err = h.referee().Export(g); err != nil {
		t.Fatal(err)
	}
	bad := edit(func(f map[string]any) {
		f["title"] = "@everyone come and play"
		f["log"].([]any)[2].(map[string]any)["action"] = []string{"no-such-move"}
	})
	file := h.srv.Attach("adega.json", "application/json", bad)
	h.callback(h.srv.SlashCommand(admin, "vinhos", fakediscord.Subcommand("import", fakediscord.AttachmentOption("file", file))))
	failed, err := h.srv.WaitFor(wait, func(r fakediscord.Request) bool {
		return r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" && strings.Contains(string(r.JSON), "import failed")
	})
	if err != nil {
		t.Fatal(err)
	}
	var body struct {
		AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	}
	if err := json.Unmarshal(failed.JSON, &body); err != nil || body.AllowedMentions == nil ||
		body.AllowedMentions.Parse == nil || len(body.AllowedMentions.Parse) != 0 || len(body.AllowedMentions.Users) != 0 {
		t.Fatalf("the refusal may ping: %s", failed.JSON)
	}
}

// No log line shows the bot token or an interaction's token, not even the
// URL of a request that failed.
func TestNoCredentialsInLogs(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(3, 2)
	_, ana, act := tb.next()
	in := h.srv.SlashCommand(tb.at(ana), "vinhos", typed(act))
	h.srv.Fail(1, in.IsCallback, fakediscord.Fault{Hangup: true})
	me := h.srv.SlashCommand(tb.at(ana), "vinhos", fakediscord.Subcommand("me"))
	h.srv.Fail(1, me.IsOriginalEdit, fakediscord.Fault{Hangup: true})
	for deadline := time.Now().Add(wait); ; time.Sleep(5 * time.Millisecond) {
		logs := h.logs.String()
		if strings.Contains(logs, "could not answer the interaction") && strings.Contains(logs, "could not edit the answer") {
			if !strings.Contains(logs, "/[redacted]") {
				t.Errorf("the failed requests' URLs are not in the log, redacted:\n%s", logs)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the failures were not logged:\n%s", logs)
		}
	}
	h.checkLogs()
}

// An export of a game in progress, which anyone in the channel may take,
// shows nothing that decides a draw to come: no seed, no generator, no
// deck below its top, no move (a move may hold what only its player saw).
// Imported on the same bot, it goes on exactly as the original does.
func TestExportOfAGameInProgressHidesTheFuture(t *testing.T) {
	h := newHarness(t)
	tb := h.newTable(3, 12)
	g := tb.game()
	spectator := h.srv.NewUser("spectator")
	in := h.srv.SlashCommand(tb.at(spectator), "vinhos", fakediscord.Subcommand("download"))
	h.callback(in)
	if _, err := h.srv.WaitFor(wait, in.IsOriginalEdit); err != nil {
		t.Fatal(err)
	}
	var file []byte
	for _, m := range h.srv.Messages(tb.thread) {
		for _, f := range m.Files {
			if strings.HasSuffix(f.Name, ".json") {
				file = f.Data
			}
		}
	}
	var export map[string]any
	if err := json.Unmarshal(file, &export); err != nil {
		t.Fatalf("no export attached: %v", err)
	}
	text := string(file)
	if strings.Contains(text, `"rng"`) || strings.Contains(text, `"vintage_deck": [`) || strings.Contains(text, `"deck": [`) ||
		strings.Contains(text, `"action": [`) || strings.Contains(text, fmt.Sprintf(`"seed": %d`, g.Setup.Seed)) || export["sealed"] == nil {
		t.Fatalf("the export shows hidden information:\n%s", text)
	}

	// Restored in its own thread once abandoned (the only place it
	// restores: TestSealedExportRestoresOnlyItsOwnGame), it goes on
	// exactly as the original would have.
	if err := h.store.SetStatus(g.ID, adega.StatusAbandoned, time.Now(), nil); err != nil {
		t.Fatal(err)
	}
	admin := tb.at(h.srv.NewUser("admin"))
	admin.Permissions |= discordgo.PermissionManageGuild
	h.callback(h.srv.SlashCommand(admin, "vinhos", fakediscord.Subcommand("import",
		fakediscord.AttachmentOption("file", h.srv.Attach("adega.json", "application/json", file)))))
	restored, original := h.game(tb.thread), g.State
	if restored.ID == g.ID {
		t.Fatal("the import stored no game")
	}
	// The same moves in both games draw the same tiles.
	for range 12 {
		n := len(restored.Log)
		restored = h.autoPlay(restored, func(g *adega.Game) bool { return len(g.Log) > n })
		played := restored.Log[n]
		next, events, err := original.Apply(played.Seat, played.Action)
		if err != nil {
			t.Fatal(err)
		}
		original = next
		if !slices.Equal(eventTexts(played.Events), eventTexts(events)) {
			t.Fatalf("the restored game went another way:\n%v\n%v", eventTexts(played.Events), eventTexts(events))
		}
	}
}

func eventTexts(events []engine.Event) []string {
	var texts []string
	for _, e := range events {
		texts = append(texts, e.Text)
	}
	return texts
}
