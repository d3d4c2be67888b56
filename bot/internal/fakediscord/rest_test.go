package fakediscord_test

import (
	"bytes"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

func TestGuildCommandBulkOverwriteConformsAndKeepsIDs(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	s.Client.Transport = srv.Transport()
	perm := int64(discordgo.PermissionManageGuild)
	cmds := []*discordgo.ApplicationCommand{{
		Name:        "vinhos",
		Description: "Play Vinhos Deluxe",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Start a game", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "mode", Description: "Rules", Required: true, Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "2016", Value: "special2016"}}},
				{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who plays"},
			}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "plant", Description: "Plant a vine", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "vine", Description: "Which", Autocomplete: true},
			}},
		},
	}, {
		Name: "admin", Description: "Game administration", DefaultMemberPermissions: &perm,
		Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "abort", Description: "Abort the game"}},
	}}

	first, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), srv.GuildID(), cmds)
	if err != nil {
		t.Fatal(err)
	}
	req, err := srv.WaitFor(wait, func(r fakediscord.Request) bool { return r.Method == http.MethodPut })
	if err != nil || req.Err != nil || req.Route != "/applications/{application_id}/guilds/{guild_id}/commands" {
		t.Fatalf("PUT recorded as %+v (%v)", req, err)
	}
	if len(first) != 2 || first[0].ID == "" || first[0].GuildID != srv.GuildID() || first[0].ApplicationID != srv.AppID() {
		t.Fatalf("overwrite answered %+v", first)
	}
	second, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), srv.GuildID(), cmds[:1])
	if err != nil {
		t.Fatal(err)
	}
	if len(second) != 1 || second[0].ID != first[0].ID {
		t.Errorf("second overwrite = %+v, want vinhos to keep ID %s", second, first[0].ID)
	}
	if got := srv.Commands(srv.GuildID()); len(got) != 1 || got[0].Name != "vinhos" {
		t.Errorf("Commands = %+v", got)
	}
}

func TestNonConformingRequestsFailAndAreAnswered400(t *testing.T) {
	t.Parallel()
	rec := &fakediscord.RecordingTB{TB: t}
	srv := fakediscord.New(rec)
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	s.Client.Transport = srv.Transport()
	ch := srv.NewChannel("vinhos-2")

	cases := []struct {
		name   string
		call   func() error
		status int
		want   []string // in the test failure and in Request.Err
	}{
		{"callback type 999", func() error {
			// discordgo's InteractionResponseType is a byte: 999 needs a raw request.
			_, err := s.Request(http.MethodPost, discordgo.EndpointInteractionResponse("1234", "tok"), map[string]int{"type": 999})
			return err
		}, 400, []string{"POST", "/interactions/1234/tok/callback", "/type"}},
		{"message over 4000 characters", func() error {
			_, err := s.ChannelMessageSend(ch.ID, strings.Repeat("x", 4001))
			return err
		}, 400, []string{"POST", "/channels/" + ch.ID + "/messages", "/content", "maxLength"}},
		{"multipart follow-up over 2000 characters", func() error {
			_, err := s.FollowupMessageCreate(&discordgo.Interaction{AppID: srv.AppID(), Token: "tok"}, true, &discordgo.WebhookParams{
				Content: strings.Repeat("x", 2001),
				Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(boardPNG(t))}},
			})
			return err
		}, 400, []string{"POST", "/webhooks/" + srv.AppID() + "/tok", "/content", "maxLength"}},
		{"non-snowflake channel", func() error {
			_, err := s.Channel("general")
			return err
		}, 400, []string{"GET", "channel_id", "general"}},
		{"path not in the spec", func() error {
			_, err := s.Request(http.MethodGet, discordgo.EndpointAPI+"boardgames", nil)
			return err
		}, 404, []string{"GET", "/boardgames", "no path in the spec"}},
		{"method not in the spec", func() error {
			_, err := s.Request(http.MethodPut, discordgo.EndpointUser("@me"), struct{}{})
			return err
		}, 405, []string{"PUT", "/users/@me", "GET, PATCH"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := len(srv.Requests())
			err := c.call()
			var rerr *discordgo.RESTError
			if !errors.As(err, &rerr) || rerr.Response.StatusCode != c.status {
				t.Fatalf("discordgo error = %v, want HTTP %d", err, c.status)
			}
			errs := rec.Take()
			if len(errs) != 1 {
				t.Fatalf("fake reported %d failures, want 1: %q", len(errs), errs)
			}
			reqs := srv.Requests()
			if len(reqs) != before+1 || reqs[before].Err == nil {
				t.Fatalf("request not recorded as non-conforming: %+v", reqs[before:])
			}
			for _, w := range c.want {
				if !strings.Contains(errs[0], w) {
					t.Errorf("failure %q does not mention %q", errs[0], w)
				}
			}
		})
	}

	t.Run("hosts other than discord.com", func(t *testing.T) {
		_, err := s.Client.Get("https://example.com/board.png")
		if err == nil {
			t.Fatal("request to another host went through")
		}
		if errs := rec.Take(); len(errs) != 1 || !strings.Contains(errs[0], "example.com") {
			t.Errorf("fake reported %q", errs)
		}
	})

	t.Run("the CDN serves what users attached, and nothing else", func(t *testing.T) {
		resp, err := s.Client.Get("https://cdn.discordapp.com/attachments/1/2/board.png")
		if err != nil || resp.StatusCode != http.StatusNotFound {
			t.Fatalf("an unknown attachment: %v %v", resp, err)
		}
		resp.Body.Close()
	})
}

func TestDiscordRulesBeyondTheSpec(t *testing.T) {
	t.Parallel()
	rec := &fakediscord.RecordingTB{TB: t}
	srv := fakediscord.New(rec, fakediscord.WithToken("test-token"))
	dialGateway(t, srv).identify()
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	s.Client.Transport = srv.Transport()
	other, err := discordgo.New("Bot another-token")
	if err != nil {
		t.Fatal(err)
	}
	other.Client.Transport = srv.Transport()
	table := srv.NewChannel("vinhos-3")
	in := srv.SlashCommand(srv.InGuild(srv.NewUser("bia"), table.ID), "vinhos", fakediscord.Subcommand("new"))
	i := &discordgo.Interaction{ID: in.ID, AppID: srv.AppID(), Token: in.Token}
	respond := func() error {
		return s.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "Game started"},
		})
	}
	followup := func() error {
		_, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "Your turn"})
		return err
	}
	empty := func() error {
		_, err := s.ChannelMessageSend(table.ID, "")
		return err
	}
	wrongToken := func() error {
		_, err := other.ChannelMessageSend(table.ID, "Hello")
		return err
	}
	register := func(opts ...*discordgo.ApplicationCommandOption) func() error {
		return func() error {
			_, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), srv.GuildID(), []*discordgo.ApplicationCommand{
				{Name: "vinhos", Description: "Play", Options: opts}})
			return err
		}
	}
	sub := func(name string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: "A subcommand"}
	}

	for _, c := range []struct {
		name   string
		call   func() error
		status int // Discord's HTTP status; 0 for success
		code   int // and its JSON error code
	}{
		{"follow-up before the acknowledgement", followup, 404, 10015},
		{"acknowledgement", respond, 0, 0},
		{"second acknowledgement", respond, 400, 40060},
		{"follow-up", followup, 0, 0},
		{"empty message", empty, 400, 50006},
		{"another bot's token", wrongToken, 401, 0},
		{"commands with distinct names", register(sub("export"), sub("download")), 0, 0},
		{"two subcommands named alike", register(sub("export"), sub("export")), 400, 50035},
		{"an upper-case option name", register(sub("Export")), 400, 50035},
	} {
		err := c.call()
		errs := rec.Take()
		var rerr *discordgo.RESTError
		switch {
		case c.status == 0 && (err != nil || len(errs) != 0):
			t.Errorf("%s: %v; fake reported %q", c.name, err, errs)
		case c.status != 0 && (!errors.As(err, &rerr) || rerr.Response.StatusCode != c.status || rerr.Message == nil || rerr.Message.Code != c.code):
			t.Errorf("%s: got %v, want HTTP %d with Discord error %d", c.name, err, c.status, c.code)
		case c.status != 0 && len(errs) != 1:
			t.Errorf("%s: fake reported %q, want one failure", c.name, errs)
		}
	}
	if msgs := srv.Messages(table.ID); len(msgs) != 2 {
		t.Errorf("channel has %d messages, want the response and the follow-up", len(msgs))
	}
}

func TestMessagesThreadsAndInteractionWebhooks(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	dialGateway(t, srv).identify()
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	s.Client.Transport = srv.Transport()
	table := srv.NewChannel("vinhos-5")

	t.Run("channel messages", func(t *testing.T) {
		m, err := s.ChannelMessageSend(table.ID, "Round 1")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ChannelMessageEdit(table.ID, m.ID, "Round 2"); err != nil {
			t.Fatal(err)
		}
		got, err := s.ChannelMessage(table.ID, m.ID)
		if err != nil || got.Content != "Round 2" || got.EditedTimestamp == nil || got.Author.ID != srv.BotUser().ID {
			t.Errorf("ChannelMessage = %+v, %v", got, err)
		}
		if err := s.ChannelMessageDelete(table.ID, m.ID); err != nil {
			t.Fatal(err)
		}
		if n := len(srv.Messages(table.ID)); n != 0 {
			t.Errorf("%d messages left after the delete", n)
		}
	})

	t.Run("threads", func(t *testing.T) {
		m, err := s.ChannelMessageSend(table.ID, "Game 1 starts")
		if err != nil {
			t.Fatal(err)
		}
		th, err := s.MessageThreadStart(table.ID, m.ID, "Game 1", 1440)
		if err != nil || th.ID != m.ID || th.Type != discordgo.ChannelTypeGuildPublicThread || th.ParentID != table.ID {
			t.Fatalf("MessageThreadStart = %+v, %v", th, err)
		}
		private, err := s.ThreadStart(table.ID, "Game 2", discordgo.ChannelTypeGuildPrivateThread, 60)
		if err != nil || private.Type != discordgo.ChannelTypeGuildPrivateThread {
			t.Fatalf("ThreadStart = %+v, %v", private, err)
		}
		if got, err := s.Channel(private.ID); err != nil || got.ParentID != table.ID || got.Name != "Game 2" {
			t.Errorf("Channel(thread) = %+v, %v", got, err)
		}
		if got, err := s.Channel(table.ID); err != nil || got.Type != discordgo.ChannelTypeGuildText || got.GuildID != srv.GuildID() {
			t.Errorf("Channel(table) = %+v, %v", got, err)
		}
	})

	t.Run("global commands", func(t *testing.T) {
		cmds := []*discordgo.ApplicationCommand{{Name: "solo", Description: "Play alone against the automa"}}
		if _, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), "", cmds); err != nil {
			t.Fatal(err)
		}
		got, err := s.ApplicationCommands(srv.AppID(), "")
		if err != nil || len(got) != 1 || got[0].Name != "solo" || got[0].GuildID != "" {
			t.Errorf("ApplicationCommands = %+v, %v", got, err)
		}
	})

	t.Run("button, deferred update, edit of the original", func(t *testing.T) {
		prompt, err := s.ChannelMessageSendComplex(table.ID, &discordgo.MessageSend{
			Content: "Pass?",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{CustomID: "g1:v4:pass", Label: "Pass", Style: discordgo.PrimaryButton},
			}}},
		})
		if err != nil {
			t.Fatal(err)
		}
		in := srv.Button(srv.InGuild(srv.NewUser("eva"), table.ID), prompt.ID, "g1:v4:pass")
		i := &discordgo.Interaction{ID: in.ID, AppID: srv.AppID(), Token: in.Token}
		if err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
			t.Fatal(err)
		}
		content := "Eva passed."
		if _, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content, Components: &[]discordgo.MessageComponent{}}); err != nil {
			t.Fatal(err)
		}
		if _, err := srv.WaitFor(wait, in.IsOriginalEdit); err != nil {
			t.Fatal(err)
		}
		for _, m := range srv.Messages(table.ID) {
			if m.ID == prompt.ID && (m.Content != content || len(m.Components) != 0) {
				t.Errorf("the button's message is %+v", m.Message)
			}
		}
	})

	t.Run("original response and follow-ups", func(t *testing.T) {
		in := srv.SlashCommand(srv.InGuild(srv.NewUser("dora"), table.ID), "vinhos", fakediscord.Subcommand("board"))
		i := &discordgo.Interaction{ID: in.ID, AppID: srv.AppID(), Token: in.Token}
		if err := s.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "Rendering…"},
		}); err != nil {
			t.Fatal(err)
		}
		board := boardPNG(t)
		content := "The board"
		if _, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{
			Content: &content,
			Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}},
		}); err != nil {
			t.Fatal(err)
		}
		orig, err := s.InteractionResponse(i)
		if err != nil || orig.Content != content || len(orig.Attachments) != 1 || orig.Attachments[0].Filename != "board.png" {
			t.Errorf("InteractionResponse = %+v, %v", orig, err)
		}
		fu, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "Dora, your turn"})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(srv.Messages(table.ID)); n != 4 { // "Game 1 starts", "Pass?", the response, the follow-up
			t.Errorf("channel has %d messages, want 4", n)
		}
		edited := "Dora, your turn (reminder)"
		if m, err := s.FollowupMessageEdit(i, fu.ID, &discordgo.WebhookEdit{Content: &edited}); err != nil || m.Content != edited {
			t.Errorf("FollowupMessageEdit = %+v, %v", m, err)
		}
		if err := s.FollowupMessageDelete(i, fu.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.InteractionResponseDelete(i); err != nil {
			t.Fatal(err)
		}
		if n := len(srv.Messages(table.ID)); n != 2 {
			t.Errorf("channel has %d messages after the deletes, want 2", n)
		}
	})

	for _, r := range srv.Requests() {
		if r.Err != nil || r.Status >= 300 {
			t.Errorf("%s %s answered %d: %v", r.Method, r.Path, r.Status, r.Err)
		}
	}
}
