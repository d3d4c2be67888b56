package commands

import (
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/storage"
)

func newHandler(t testing.TB) *Handler { return newHandlerAt(t, filepath.Join(t.TempDir(), "t.db")) }

// newHandlerAt is newHandler on the database file at path.
func newHandlerAt(t testing.TB, path string) *Handler {
	t.Helper()
	reg := engine.NewRegistry(vinhos.Game{})
	store, err := storage.Open(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return New(Config{Store: store, Games: reg, Drawer: render.Boards{}, Now: func() time.Time { return time.Unix(1_800_000_000, 0) },
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), IsThread: func(id string) bool { return strings.HasPrefix(id, "112") }})
}

// fixture reads an interaction as Discord sends it, replacing PLAYER with
// a user ID.
func fixture(t *testing.T, name, player string) *discordgo.Interaction {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "interactions", name))
	if err != nil {
		t.Fatal(err)
	}
	var i discordgo.Interaction
	if err := json.Unmarshal([]byte(strings.ReplaceAll(string(data), "PLAYER", player)), &i); err != nil {
		t.Fatal(err)
	}
	return &i
}

func ephemeral(r Reply) bool {
	return r.Ack != nil && r.Ack.Data != nil && r.Ack.Data.Flags&discordgo.MessageFlagsEphemeral != 0
}

func TestNewLobbyThenJoin(t *testing.T) {
	h := newHandler(t)
	r := h.Handle(fixture(t, "new_lobby.json", ""))
	if r.Ack.Type != discordgo.InteractionResponseChannelMessageWithSource || ephemeral(r) {
		t.Fatalf("the lobby is not a public message: %+v", r.Ack)
	}
	if c := r.Ack.Data.Content; !strings.Contains(c, "up to 2 players (regions: first-play)") || !strings.Contains(c, "Seated (1): Ana") {
		t.Fatalf("lobby text: %q", c)
	}
	if len(r.Ack.Data.Components) != 1 {
		t.Fatal("no lobby buttons")
	}
	r = h.Handle(fixture(t, "join_lobby.json", ""))
	if r.Ack.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(r.Ack.Data.Content, "Seated (2): Ana and Bruno") {
		t.Fatalf("join: %+v", r.Ack.Data)
	}
	r = h.Handle(fixture(t, "join_lobby.json", ""))
	if !ephemeral(r) || r.Ack.Data.Content != "You already have a seat." {
		t.Fatalf("joining twice: %+v", r.Ack.Data)
	}
}

func TestNewGameInADMIsRefused(t *testing.T) {
	r := newHandler(t).Handle(fixture(t, "new_in_dm.json", ""))
	if !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "server channel") {
		t.Fatalf("got %+v", r.Ack.Data)
	}
}

func TestRulesTopic(t *testing.T) {
	r := newHandler(t).Handle(fixture(t, "rules.json", ""))
	if !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "Pass / Press Release is always free") {
		t.Fatalf("got %+v", r.Ack.Data)
	}
}

func TestAutocompleteListsTheLegalChoices(t *testing.T) {
	h := newHandler(t)
	g, err := h.Store.Create(adega.Meta{ChannelID: "1120000000000000000", Seats: []adega.SeatUser{{UserID: u1, Name: "Ana"}, {UserID: u2, Name: "Bruno"}}},
		engine.Setup{Game: "vinhos", Seed: 5, Players: []string{"Ana", "Bruno"}, Options: map[string]string{"regions": "first-play"}}, h.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	first := g.Meta.Seats[g.State.Pending()[0].Seat].UserID
	r := h.Handle(fixture(t, "autocomplete_play.json", first))
	if r.Ack.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		t.Fatalf("type %v", r.Ack.Type)
	}
	choices := r.Ack.Data.Choices
	if len(choices) != 1 || choices[0].Value != "douro" || !strings.Contains(choices[0].Name, "Douro") {
		t.Fatalf("typing %q offers %+v", "dou", choices)
	}
	other := u1
	if first == u1 {
		other = u2
	}
	r = h.Handle(fixture(t, "autocomplete_play.json", other))
	if c := r.Ack.Data.Choices; len(c) != 1 || !strings.Contains(c[0].Name, "turn") {
		t.Fatalf("the waiting player is offered %+v", c)
	}
}

func TestEmbedsFitDiscordsTotal(t *testing.T) {
	long := strings.Repeat("x", 4000)
	e := &discordgo.MessageEmbed{Title: "t", Description: long, Footer: &discordgo.MessageEmbedFooter{Text: "f"}}
	for range 4 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "n", Value: strings.Repeat("y", 1000)})
	}
	fitEmbed(e)
	n := len(e.Title) + len([]rune(e.Description)) + len(e.Footer.Text)
	for _, f := range e.Fields {
		n += len(f.Name) + len([]rune(f.Value))
	}
	if n > embedLimit || len([]rune(e.Description)) < 200 {
		t.Fatalf("embed of %d characters, description %d", n, len([]rune(e.Description)))
	}
}

// A typed command that leaves out a step the player could have answered
// (a second Wine Expert) says in its reply that the step was declined.
func TestTypedCommandSaysWhatItDeclined(t *testing.T) {
	h := newHandler(t)
	_, user := playUntil(t, h, "take action")
	r := h.Handle(doSlash(user, "experts", strOpt("step1", "taste")))
	text := r.Ack.Data.Content
	if !strings.Contains(text, "Played:") || !strings.Contains(text, "Left out of your command, so declined:\n• Hire the top Wine Expert of which deck? → Done") {
		t.Fatalf("reply %q", text)
	}
}

// An action shortcut only ever moves to its space: /vinhos export while
// the starting Magnate tiles are picked does not take the Export tile.
func TestShortcutNeverTakesAMagnateTile(t *testing.T) {
	h := newHandler(t)
	g, user := playUntil(t, h, "Magnate")
	r := h.Handle(doSlash(user, "export"))
	after, err := h.Store.Load(g.ID)
	if !strings.Contains(r.Ack.Data.Content, "You cannot take the export action now") || err != nil || after.Version != g.Version {
		t.Fatalf("/vinhos export at the Magnate pick: %q, version %d → %d", r.Ack.Data.Content, g.Version, after.Version)
	}
}

// A step after a gap is refused, not left unread.
func TestStepAfterAGapIsRefused(t *testing.T) {
	h := newHandler(t)
	g := startGame(t, h, "vinhos")
	user := g.Meta.Seats[g.State.Pending()[0].Seat].UserID
	r := h.Handle(slash(user, "play", strOpt("step1", "douro"), strOpt("step3", "porto")))
	if !strings.Contains(r.Ack.Data.Content, "step3 is given without step2") {
		t.Fatalf("reply %q", r.Ack.Data.Content)
	}
}

// playUntil starts a Vinhos game and plays it automatically until the
// pending prompt holds the given words; it returns the game and the user
// who must act.
func playUntil(t *testing.T, h *Handler, prompt string) (*adega.Game, string) {
	t.Helper()
	g := startGame(t, h, "vinhos")
	for !strings.Contains(g.State.Pending()[0].Prompt, prompt) {
		g, _ = playAuto(t, h, g)
	}
	return g, g.Meta.Seats[g.State.Pending()[0].Seat].UserID
}

// /vinhos new bots: seats the bot at once, named and marked as the bot's,
// at the level chosen; the bot may take every seat but its creator's.
func TestNewLobbySeatsTheBot(t *testing.T) {
	h := newHandler(t)
	r := h.Handle(slash(u1, "new", intOpt("players", 3), intOpt("bots", 2), strOpt("level", "hard"), boolOpt("hints", true)))
	c := r.Ack.Data.Content
	for _, want := range []string{"Seated (3): u1, 🤖 Bot Touriga and 🤖 Bot Baga", "The bot plays at the hard level.", "Hints are on: `/vinhos hint` asks the AI."} {
		if !strings.Contains(c, want) {
			t.Fatalf("the lobby lacks %q: %q", want, c)
		}
	}
	for _, bad := range []struct {
		opts []*discordgo.ApplicationCommandInteractionDataOption
		says string
	}{
		{[]*discordgo.ApplicationCommandInteractionDataOption{intOpt("players", 3), intOpt("bots", 3)}, "The bot can take 0 to 2 of the 3 seats; one is yours."},
		{[]*discordgo.ApplicationCommandInteractionDataOption{intOpt("bots", 1), strOpt("level", "genius")}, `"genius" is not one of the choices of level`},
	} {
		i := slash(u2, "new", bad.opts...)
		i.ChannelID = "1000000000000000001" // a channel of its own: no lobby there
		if r := h.Handle(i); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, bad.says) {
			t.Errorf("%v: %+v, want %q", bad.opts, r.Ack.Data, bad.says)
		}
	}
}
