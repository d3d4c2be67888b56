package bot_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// lacerdaTurn begins the narration of each of Lacerda's turns.
const lacerdaTurn = "Lacerda draws the Action card"

// TestSoloGameInADM starts a solo game from a server, which opens the DM,
// plays it to the end there with the buttons, and checks the accolades and
// title at the end and in /vinhos solo stats.
func TestSoloGameInADM(t *testing.T) {
	h := newHarness(t)
	srv := h.srv
	ana := srv.NewUser("ana")
	lobby := srv.NewChannel("vinhos")
	in := srv.SlashCommand(srv.InGuild(ana, lobby.ID), "vinhos", fakediscord.SubcommandGroup("solo", fakediscord.Subcommand("start")))
	if r := h.callback(in); r.Data == nil || !strings.Contains(r.Data.Content, "direct messages") {
		t.Fatalf("from a server: %+v", r)
	}
	dm := srv.DMChannel(ana.ID)
	h.waitPosts(dm, 1)
	in = srv.SlashCommand(srv.InDM(ana), "vinhos", fakediscord.SubcommandGroup("solo", fakediscord.Subcommand("start")))
	if r := h.callback(in); r.Data == nil || !strings.Contains(r.Data.Content, "already have a solo game") {
		t.Fatalf("a second solo game without asking: %+v", r)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	narrated := 0 // messages that tell Lacerda's turn
	for moves := 0; ; moves++ {
		msgs := h.waitPosts(dm, moves+1)
		turn := msgs[moves]
		if len(turn.Files) == 0 || !isPNG(turn.Files[0].Data) {
			t.Fatalf("move %d: no board", moves)
		}
		if strings.Contains(turn.Content, "The game is over.") {
			checkEnding(t, h, dm, h.finished(ana.ID))
			scoring := ""
			for _, f := range turn.Embeds[0].Fields {
				scoring += f.Value
			}
			if !strings.Contains(scoring, "accolades:") || !strings.Contains(scoring, "Lacerda") {
				t.Fatalf("no accolades at the end: %q", scoring)
			}
			// Every turn Lacerda took was told in the messages.
			g, err := h.store.Narrate(h.finished(ana.ID)) // the whole log's events
			if err != nil {
				t.Fatal(err)
			}
			took := 0
			for _, ev := range g.SetupEvents {
				took += strings.Count(ev.Text, lacerdaTurn)
			}
			for _, e := range g.Log {
				for _, ev := range e.Events {
					took += strings.Count(ev.Text, lacerdaTurn)
				}
			}
			if took == 0 || narrated != took {
				t.Fatalf("Lacerda took %d turns; the messages told %d", took, narrated)
			}
			break
		}
		narrated += strings.Count(turn.Embeds[0].Description, lacerdaTurn)
		h.playGuided(dm, srv.InDM(ana), turn, buttonID(t, turn.Message, "Make your move"), rng)
	}
	in = srv.SlashCommand(srv.InDM(ana), "vinhos", fakediscord.SubcommandGroup("solo", fakediscord.Subcommand("stats")))
	if body := h.callback(in).Data.Content; !strings.Contains(body, "1 finished") || !strings.Contains(body, "Titles earned") {
		t.Fatalf("stats: %s", body)
	}
}
