package fakediscord_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

const wait = 5 * time.Second

// openSession connects a real discordgo session to the fake, the way the bot
// does, and closes it before the fake stops. Closing costs discordgo a
// second, so the tests that open one run in parallel.
func openSession(t *testing.T, srv *fakediscord.Server, handlers ...any) *discordgo.Session {
	t.Helper()
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	s.Client.Transport = srv.Transport()
	for _, h := range handlers {
		s.AddHandler(h)
	}
	if err := s.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	if err := srv.WaitReady(wait); err != nil {
		t.Fatal(err)
	}
	return s
}

func boardPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 6, 4))
	img.Set(1, 1, color.RGBA{R: 128, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSessionEndToEnd(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.WithToken("test-token"))
	pngData := boardPNG(t)
	ready := make(chan *discordgo.Ready, 1)
	type seen struct {
		i    *discordgo.Interaction
		opts []*discordgo.ApplicationCommandInteractionDataOption
	}
	got := make(chan seen, 1)

	handle := func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		var err error
		switch ic.Type {
		case discordgo.InteractionApplicationCommand:
			got <- seen{ic.Interaction, ic.ApplicationCommandData().Options}
			err = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
			if err == nil {
				_, err = s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{
					Content: "Ana planted a vine.",
					Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(pngData)}},
				})
			}
		case discordgo.InteractionApplicationCommandAutocomplete:
			got <- seen{ic.Interaction, ic.ApplicationCommandData().Options}
			err = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionApplicationCommandAutocompleteResult,
				Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Douro red", Value: "douro-red"}}},
			})
		case discordgo.InteractionMessageComponent:
			got <- seen{i: ic.Interaction}
			err = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: "You chose " + strings.Join(ic.MessageComponentData().Values, ","), Components: []discordgo.MessageComponent{}},
			})
		}
		if err != nil {
			t.Errorf("handling %v: %v", ic.Type, err)
		}
	}
	s := openSession(t, srv, handle, func(_ *discordgo.Session, r *discordgo.Ready) { ready <- r })
	ana := srv.NewUser("ana")
	table := srv.NewChannel("vinhos-1")

	t.Run("Open goes through GET /gateway and gets READY", func(t *testing.T) {
		r := <-ready // Open returns after READY
		if r.User.ID != srv.BotUser().ID || !r.User.Bot || r.SessionID == "" || r.Version != 10 {
			t.Errorf("READY user %+v, session %q, v %d", r.User, r.SessionID, r.Version)
		}
		if len(r.Guilds) != 1 || r.Guilds[0].ID != srv.GuildID() || !r.Guilds[0].Unavailable {
			t.Errorf("READY guilds = %+v, want %s unavailable", r.Guilds, srv.GuildID())
		}
		ids := srv.Identifies()
		if len(ids) != 1 || ids[0].Intents != s.Identify.Intents || ids[0].Token != "" {
			t.Errorf("IDENTIFY = %+v, want one with intents %d and the token removed", ids, s.Identify.Intents)
		}
		req, err := srv.WaitFor(wait, func(r fakediscord.Request) bool { return r.Route == "/gateway" })
		if err != nil {
			t.Fatal(err)
		}
		if req.Method != http.MethodGet || req.Err != nil || req.Header.Get("Authorization") != "" || req.Header.Get("User-Agent") == "" {
			t.Errorf("GET /gateway recorded as %+v", req)
		}
		if me, err := s.User("@me"); err != nil || me.ID != srv.BotUser().ID {
			t.Errorf("User(@me) = %+v, %v", me, err)
		}
	})

	t.Run("slash command in a guild, deferred, PNG follow-up", func(t *testing.T) {
		in := srv.SlashCommand(srv.InGuild(ana, table.ID), "vinhos",
			fakediscord.Subcommand("plant", fakediscord.StringOption("vine", "douro-red"), fakediscord.IntegerOption("field", 2)))
		g := <-got
		if g.i.ID != in.ID || g.i.GuildID != srv.GuildID() || g.i.Member == nil || g.i.Member.User.ID != ana.ID || g.i.User != nil {
			t.Errorf("bot got interaction %+v", g.i)
		}
		if len(g.opts) != 1 || g.opts[0].Name != "plant" || g.opts[0].GetOption("vine").StringValue() != "douro-red" || g.opts[0].GetOption("field").IntValue() != 2 {
			t.Errorf("bot got options %+v", g.opts)
		}

		cb, err := srv.WaitFor(wait, in.IsCallback)
		if err != nil {
			t.Fatal(err)
		}
		var resp discordgo.InteractionResponse
		if err := cb.Decode(&resp); err != nil || resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || cb.Err != nil {
			t.Errorf("callback %s: type %d, decode error %v, spec error %v", cb.JSON, resp.Type, err, cb.Err)
		}

		fu, err := srv.WaitFor(wait, in.IsFollowup)
		if err != nil {
			t.Fatal(err)
		}
		if fu.Err != nil || fu.Query.Get("wait") != "true" || !strings.HasPrefix(fu.Header.Get("Content-Type"), "multipart/form-data") {
			t.Errorf("follow-up: spec error %v, query %v, content type %q", fu.Err, fu.Query, fu.Header.Get("Content-Type"))
		}
		if len(fu.Files) != 1 || fu.Files[0].Name != "board.png" || fu.Files[0].ContentType != "image/png" || !bytes.Equal(fu.Files[0].Data, pngData) {
			t.Errorf("follow-up files = %+v", fu.Files)
		}

		// The follow-up replaced the "thinking…" message, as on Discord.
		msgs := srv.Messages(table.ID)
		if len(msgs) != 1 {
			t.Fatalf("channel has %d messages, want 1", len(msgs))
		}
		m := msgs[0]
		if !strings.HasPrefix(m.Content, "Ana planted a vine.") || m.Flags&discordgo.MessageFlagsLoading != 0 || m.Interaction == nil || m.Interaction.Name != "vinhos" {
			t.Errorf("message = %+v", m.Message)
		}
		if len(m.Attachments) != 1 || m.Attachments[0].Width != 6 || m.Attachments[0].Height != 4 || !bytes.Equal(m.Files[0].Data, pngData) {
			t.Errorf("attachments = %+v", m.Attachments)
		}
	})

	t.Run("subcommand group with user and boolean options", func(t *testing.T) {
		bob := srv.NewUser("bob")
		srv.SlashCommand(srv.InGuild(ana, table.ID), "vinhos", fakediscord.SubcommandGroup("seat",
			fakediscord.Subcommand("give", fakediscord.UserOption("player", bob.ID), fakediscord.BooleanOption("notify", true))))
		g := <-got
		if len(g.opts) != 1 || g.opts[0].Type != discordgo.ApplicationCommandOptionSubCommandGroup || len(g.opts[0].Options) != 1 {
			t.Fatalf("bot got options %+v", g.opts)
		}
		give := g.opts[0].Options[0]
		if u := give.GetOption("player").UserValue(nil); u.ID != bob.ID || !give.GetOption("notify").BoolValue() {
			t.Errorf("give options: player %+v, notify %v", u, give.GetOption("notify").Value)
		}
		res := g.i.ApplicationCommandData().Resolved
		if res == nil || res.Users[bob.ID] == nil || res.Users[bob.ID].Username != "bob" || res.Members[bob.ID] == nil {
			t.Errorf("resolved = %+v", res)
		}
	})

	t.Run("slash command in a DM", func(t *testing.T) {
		in := srv.SlashCommand(srv.InDM(ana), "solo", fakediscord.Subcommand("new"))
		g := <-got
		if g.i.GuildID != "" || g.i.Member != nil || g.i.User == nil || g.i.User.ID != ana.ID || g.i.ChannelID != srv.DMChannel(ana.ID) {
			t.Errorf("bot got interaction %+v", g.i)
		}
		if _, err := srv.WaitFor(wait, in.IsFollowup); err != nil {
			t.Fatal(err)
		}
		ch, err := s.UserChannelCreate(ana.ID)
		if err != nil || ch.ID != in.ChannelID || ch.Type != discordgo.ChannelTypeDM {
			t.Errorf("UserChannelCreate = %+v, %v; want DM %s", ch, err, in.ChannelID)
		}
		if n := len(srv.Messages(in.ChannelID)); n != 1 {
			t.Errorf("DM has %d messages, want 1", n)
		}
	})

	t.Run("autocomplete", func(t *testing.T) {
		in := srv.Autocomplete(srv.InGuild(ana, table.ID), "vinhos",
			fakediscord.Subcommand("plant", fakediscord.Focused(fakediscord.StringOption("vine", ""))))
		g := <-got
		if opt := g.opts[0].GetOption("vine"); opt == nil || !opt.Focused || opt.StringValue() != "" {
			t.Errorf("focused option = %+v", opt)
		}
		cb, err := srv.WaitFor(wait, in.IsCallback)
		if err != nil {
			t.Fatal(err)
		}
		var resp discordgo.InteractionResponse
		if err := cb.Decode(&resp); err != nil || resp.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(resp.Data.Choices) != 1 {
			t.Errorf("autocomplete answer %s (%v)", cb.JSON, err)
		}
	})

	t.Run("select menu updates the message", func(t *testing.T) {
		prompt, err := s.ChannelMessageSendComplex(table.ID, &discordgo.MessageSend{
			Content: "Ana, choose a vine",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: "g1:v3:vine", Options: []discordgo.SelectMenuOption{{Label: "Douro red", Value: "douro-red"}}},
			}}},
		})
		if err != nil {
			t.Fatal(err)
		}
		in := srv.Select(srv.InGuild(ana, table.ID), prompt.ID, "g1:v3:vine", "douro-red")
		g := <-got
		if d := g.i.MessageComponentData(); d.CustomID != "g1:v3:vine" || g.i.Message == nil || g.i.Message.ID != prompt.ID {
			t.Errorf("bot got component %+v on %+v", d, g.i.Message)
		}
		if _, err := srv.WaitFor(wait, in.IsCallback); err != nil {
			t.Fatal(err)
		}
		// The prompt itself is updated; other subtests' messages may come
		// after it in the channel.
		msgs := srv.Messages(table.ID)
		k := slices.IndexFunc(msgs, func(m fakediscord.Message) bool { return m.ID == prompt.ID })
		if k < 0 {
			t.Fatal("the prompt is gone")
		}
		if m := msgs[k]; m.Content != "You chose douro-red" || len(m.Components) != 0 || m.EditedTimestamp == nil {
			t.Errorf("updated message = %+v", m.Message)
		}
	})

	for _, r := range srv.Requests() {
		if r.Err != nil {
			t.Errorf("%s %s did not conform: %v", r.Method, r.Path, r.Err)
		}
	}
}

func TestGatewayDropResumesAndReplaysMissedEvents(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	openSession(t, srv, func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "Your turn", Flags: discordgo.MessageFlagsEphemeral},
		}); err != nil {
			t.Errorf("InteractionRespond: %v", err)
		}
	})

	srv.DropGateway()
	// Sent while the bot is away: it must arrive when the bot resumes.
	in := srv.SlashCommand(srv.InGuild(srv.NewUser("caio"), srv.NewChannel("vinhos-4").ID), "vinhos", fakediscord.Subcommand("status"))
	if err := srv.WaitReady(wait); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.WaitFor(wait, in.IsCallback); err != nil {
		t.Fatal(err)
	}
	if srv.Resumes() != 1 || len(srv.Identifies()) != 1 {
		t.Errorf("after a drop: %d resumes, %d identifies; want 1 and 1", srv.Resumes(), len(srv.Identifies()))
	}
	msgs := srv.Messages(in.ChannelID)
	if len(msgs) != 1 || msgs[0].Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Errorf("messages = %+v", msgs)
	}
}
