package commands

import (
	"strings"
	"testing"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/storage"
)

// Every registered game is played with its own command, made from what it
// declares: /nim opens a Nim lobby, with Nim's rules help and no Vinhos
// shortcut or rulings; a game's command acts only on a game of its kind,
// and says which command the channel's game takes.
func TestEachGameHasItsCommand(t *testing.T) {
	h := undoHandler(t)
	in := nimSlash(u1, "new", intOpt("players", 3))
	in.ChannelID = "1000" // a channel: the game would get a thread
	if r := h.Handle(in); !strings.Contains(r.Ack.Data.Content, "**Nim**: a table for up to 3 players.") {
		t.Fatalf("/nim new: %q", r.Ack.Data.Content)
	}
	startGame(t, h, "nim")
	in = nimSlash(u1, "status", boolOpt("chart", true))
	if r := h.Handle(in); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, "Nim keeps no score that everyone may see as it goes") {
		t.Fatalf("/nim status chart:True: %q", r.Ack.Data.Content)
	}
	startGame(t, h, "vinhos")
	for _, tc := range []struct {
		name string
		r    Reply
		says string
	}{
		{"/nim status in a Vinhos thread", h.Handle(nimSlash(u1, "status")), "This channel's game is Vinhos Deluxe: use `/vinhos` for it."},
		{"/nim rules", h.Handle(nimSlash(u1, "rules", strOpt("topic", "overview"))), "whoever takes the last counter wins"},
		{"/nim rules rulings", h.Handle(nimSlash(u1, "rules", strOpt("topic", "rulings"))), "Pick a topic from the list: overview."},
		{"/nim sell", h.Handle(nimSlash(u1, "sell")), "Nothing was changed: there is no option"},
		{"/vinhos status", h.Handle(slash(u1, "status")), "Vinhos Deluxe"},
	} {
		if r := tc.r; !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, tc.says) {
			t.Errorf("%s: %q, want %q", tc.name, r.Ack.Data.Content, tc.says)
		}
	}
}

// The texts every game shares (following, the pace, the download, a
// follower's news, the status) name the game's own command, never
// another game's: a La Viña follower is told to stop with /lavina
// unfollow. /adega games, tied to no game, names every game's.
func TestSharedTextsNameTheGamesOwnCommand(t *testing.T) {
	h := newHandler(t)
	h.Games = engine.NewRegistry(vinhos.Game{}, lavina.Game{}, nim.Game{})
	store, err := storage.Open(t.TempDir()+"/s.db", h.Games)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	h.Store = store
	names := h.Games.Names()
	for _, name := range names {
		g := startGame(t, h, name)
		if _, err := h.Store.UpdateMeta(g.ID, func(m *adega.Meta) error { m.GuildID = slash(u1, "status").GuildID; return nil }); err != nil {
			t.Fatal(err)
		}
		texts := map[string]string{
			"follow, by a player": h.Handle(gameSlash(name, u1, "follow")).Ack.Data.Content,
			"follow":              h.Handle(gameSlash(name, u3, "follow")).Ack.Data.Content,
			"status":              h.Handle(gameSlash(name, u3, "status")).Ack.Data.Content,
			"pace":                h.Handle(gameSlash(name, u1, "pace")).Ack.Data.Content,
		}
		edit, err := h.Handle(gameSlash(name, u1, "download")).Edit()
		if err != nil {
			t.Fatal(err)
		}
		texts["download"] = *edit.Content
		g, err = h.Store.Load(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		texts["a follower's news"] = news(g, "", nil).Embeds[0].Footer.Text
		for what, text := range texts {
			if !strings.Contains(text, "/"+name+" ") {
				t.Errorf("/%s %s names no /%s command: %q", name, what, name, text)
			}
			for _, other := range names {
				if other != name && strings.Contains(text, "/"+other+" ") {
					t.Errorf("/%s %s names /%s: %q", name, what, other, text)
				}
			}
		}
		h.Handle(gameSlash(name, u3, "unfollow"))
		if err := h.Store.SetStatus(g.ID, adega.StatusAbandoned, h.Now(), nil); err != nil {
			t.Fatal(err)
		}
	}
	none := h.Handle(adegaSlash(u9, "games")).Ack.Data.Content
	for _, name := range names {
		if !strings.Contains(none, "`/"+name+" new`") {
			t.Errorf("/adega games without games does not name /%s new: %q", name, none)
		}
	}
}

// A game whose one mode is named as the game says its title once: "Rules:
// La Viña.", not "Rules: La Viña, La Viña.".
func TestRulesLineNamesAOneModeGameOnce(t *testing.T) {
	for _, tc := range []struct {
		game       engine.Game
		mode, want string
	}{
		{lavina.Game{}, "", "Rules: La Viña."},
		{nim.Game{}, "", "Rules: Nim."},
		{vinhos.Game{}, "reserve2010", "Rules: Vinhos Deluxe, 2010 Reserve."},
	} {
		if got := RulesLine(engine.Setup{Game: tc.game.Name(), Mode: tc.mode}, tc.game); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.game.Name(), got, tc.want)
		}
	}
}
