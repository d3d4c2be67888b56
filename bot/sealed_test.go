package bot_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
)

// laVinaInProgress opens a lobby of La Viña for users in a new channel of
// the server (the first is its creator), starts it, and plays moves moves
// of it. It returns the game's thread and its parent channel.
func (h *harness) laVinaInProgress(users []*discordgo.User, moves int, options ...fakediscord.CommandOption) (thread, channel string) {
	h.t.Helper()
	channel = h.srv.NewChannel("vineyard").ID
	h.callback(h.srv.SlashCommand(h.srv.InGuild(users[0], channel), "lavina", fakediscord.Subcommand("new",
		append([]fakediscord.CommandOption{fakediscord.IntegerOption("players", int64(len(users)))}, options...)...)))
	thread = h.joinAndStart(channel, users)
	h.autoPlay(h.game(thread), func(g *adega.Game) bool { return len(g.Log) >= moves })
	return thread, channel
}

// download is /GAME download from o: the JSON file attached to its answer.
func (h *harness) download(o fakediscord.Origin, game string) []byte {
	h.t.Helper()
	h.shown(h.srv.SlashCommand(o, game, fakediscord.Subcommand("download")))
	msgs := h.srv.Messages(o.ChannelID)
	for k := len(msgs) - 1; k >= 0; k-- {
		for _, f := range msgs[k].Files {
			if strings.HasSuffix(f.Name, ".json") {
				return f.Data
			}
		}
	}
	h.t.Fatal("no export was attached")
	return nil
}

// importFile is /GAME import from o with data attached.
func (h *harness) importFile(o fakediscord.Origin, game string, data []byte) answer {
	h.t.Helper()
	return h.shown(h.srv.SlashCommand(o, game, fakediscord.Subcommand("import",
		fakediscord.AttachmentOption("file", h.srv.Attach("adega.json", "application/json", data)))))
}

// admin is user as a member with Manage Server, in channel of the
// server guild.
func (h *harness) admin(user *discordgo.User, guild, channel string) fakediscord.Origin {
	o := h.srv.InGuild(user, channel)
	o.GuildID = guild
	o.Permissions |= discordgo.PermissionManageGuild
	return o
}

// refusedSealed checks that an import was refused privately, saying why
// and that a finished game's export imports anywhere.
func refusedSealed(t *testing.T, who string, r answer, why string) {
	t.Helper()
	if r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(r.Data.Content, why) ||
		!strings.Contains(r.Data.Content, "A finished game's export holds nothing secret and imports anywhere.") {
		t.Errorf("%s: answered %+v, want a private refusal saying %q and that a finished game's export imports anywhere", who, r.Data, why)
	}
}

// A member who does not play downloads a La Viña game in progress and
// imports it in another server where they have Manage Server, to become
// the copy's creator, hand themselves a seat and read its private board.
// The import is refused, saying why: nothing is stored, and there is no
// copy to take a seat in or to look at.
func TestStrangerCannotOpenASealedExport(t *testing.T) {
	h := newHarness(t)
	players := []*discordgo.User{h.srv.NewUser("ana"), h.srv.NewUser("bruno"), h.srv.NewUser("carla")}
	thread, _ := h.laVinaInProgress(players, 9)
	mallory := h.srv.NewUser("mallory")
	file := h.download(h.srv.InGuild(mallory, thread), "lavina")
	games, _ := h.store.ListGames()

	elsewhere := h.admin(mallory, h.srv.NewID(), h.srv.NewID())
	r := h.importFile(elsewhere, "lavina", file)
	refusedSealed(t, "an import in another server", r, "it restores only that game, in the channel where it was played")
	// The rest of the attack, wherever the copy landed.
	after, _ := h.store.ListGames()
	for deadline := time.Now().Add(wait); len(after) == len(games) && r.Data != nil && r.Data.Flags&discordgo.MessageFlagsEphemeral == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the import neither refused nor stored a game")
		}
		after, _ = h.store.ListGames()
	}
	place := elsewhere
	if len(after) > len(games) {
		place.ChannelID = after[len(after)-1].ChannelID
		t.Errorf("the import stored a copy in %s, created by %s", place.ChannelID, after[len(after)-1].CreatorID)
	}
	if r := h.callback(h.srv.SlashCommand(place, "lavina", fakediscord.Subcommand("replace",
		fakediscord.StringOption("seat", "1"), fakediscord.UserOption("user", mallory.ID)))); r.Data == nil || !strings.Contains(r.Data.Content, "There is no game") {
		t.Errorf("replace in the copy's place answered %+v", r.Data)
	}
	me := h.srv.SlashCommand(place, "lavina", fakediscord.Subcommand("me"))
	if r := h.shown(me); r.Data == nil || !strings.Contains(r.Data.Content, "There is no game") {
		edit, _ := h.srv.WaitFor(wait, me.IsOriginalEdit)
		t.Errorf("mallory asked for the seat's private board and got %+v %s", r.Data, edit.JSON)
	}
}

// A sealed export restores its own game, in its own thread, for its
// creator or a member with Manage Server in its server, once it no longer
// goes on: the game as it was, with its creator and players. Anyone else,
// anywhere else, is refused with the reason.
func TestSealedExportRestoresInItsOwnPlace(t *testing.T) {
	h := newHarness(t)
	ana, bruno := h.srv.NewUser("ana"), h.srv.NewUser("bruno")
	thread, channel := h.laVinaInProgress([]*discordgo.User{ana, bruno}, 7)
	original := h.game(thread)
	file := h.download(h.srv.InGuild(h.srv.NewUser("dora"), thread), "lavina")
	manager := h.srv.NewUser("manager")

	refusedSealed(t, "while the game goes on", h.importFile(h.admin(manager, h.srv.GuildID(), thread), "lavina", file), "still goes on here")
	if err := h.store.SetStatus(original.ID, adega.StatusAbandoned, time.Now(), nil); err != nil {
		t.Fatal(err)
	}
	refusedSealed(t, "a player who did not create it", h.importFile(h.srv.InGuild(bruno, thread), "lavina", file),
		"only its creator or a member with Manage Server")
	refusedSealed(t, "the creator, from the channel", h.importFile(h.srv.InGuild(ana, channel), "lavina", file),
		"in the channel where it was played (<#"+thread+">)")

	for _, by := range []fakediscord.Origin{h.admin(manager, h.srv.GuildID(), thread), h.srv.InGuild(ana, thread)} {
		if r := h.importFile(by, "lavina", file); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
			t.Fatalf("%s's restore answered %+v", by.User.Username, r.Data)
		}
		restored := h.game(thread)
		was, _ := engine.Encode(original.State)
		if now, err := engine.Encode(restored.State); err != nil || !bytes.Equal(now, was) {
			t.Fatalf("%s restored another state (%v)", by.User.Username, err)
		}
		if restored.ID == original.ID || restored.Version != original.Version || restored.Meta.CreatorID != ana.ID ||
			!slices.Equal(restored.Meta.Seats, original.Meta.Seats) {
			t.Fatalf("%s restored %+v, want the game as it was", by.User.Username, restored.Meta)
		}
		if err := h.store.SetStatus(restored.ID, adega.StatusAbandoned, time.Now(), nil); err != nil {
			t.Fatal(err)
		}
	}
}

// A finished game's export holds nothing secret: a member with Manage
// Server imports it in any server. The seats engine.Auto plays never
// deliver, and only a last barrel ends a La Viña game: this one is
// created with a round limit, so that it finishes.
func TestFinishedExportImportsAnywhere(t *testing.T) {
	h := newHarness(t)
	thread, _ := h.laVinaInProgress([]*discordgo.User{h.srv.NewUser("ana"), h.srv.NewUser("bruno")}, 0,
		fakediscord.StringOption(lavina.OptionMaxRounds, "2"))
	g := h.autoPlay(h.game(thread), func(*adega.Game) bool { return false })
	data, err := h.referee().Export(g)
	if err != nil {
		t.Fatal(err)
	}
	elsewhere := h.admin(h.srv.NewUser("mallory"), h.srv.NewID(), h.srv.NewChannel("archive").ID)
	if r := h.importFile(elsewhere, "lavina", data); r.Data == nil || !strings.Contains(r.Data.Content, "Restoring a game") {
		t.Fatalf("the import answered %+v", r.Data)
	}
	for deadline := time.Now().Add(wait); ; time.Sleep(5 * time.Millisecond) {
		games, _ := h.store.ListGames()
		if last := games[len(games)-1]; last.GuildID == elsewhere.GuildID {
			if last.Status != adega.StatusFinished || last.CreatorID != elsewhere.User.ID {
				t.Fatalf("the imported game: %+v", last)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the import stored no game")
		}
	}
}
