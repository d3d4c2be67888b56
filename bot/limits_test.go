package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/internal/fakediscord"
)

// refused sends an interaction and waits for its answer, which must be a
// private refusal saying want; it returns how long the answer took.
func (h *harness) refused(in fakediscord.Interaction, want string) time.Duration {
	h.t.Helper()
	r, err := h.srv.WaitFor(wait, in.IsCallback)
	if err != nil {
		h.t.Fatal(err)
	}
	var a answer
	if err := r.Decode(&a); err != nil {
		h.t.Fatal(err)
	}
	if a.Data == nil || a.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(a.Data.Content, want) {
		h.t.Fatalf("the answer %s is not a private %q", r.JSON, want)
	}
	return r.At.Sub(in.SentAt)
}

// One member may have five lobbies open at once: the sixth is refused,
// saying where the five are and how to free a place, and nothing is
// opened; calling one off (its creator's Leave) frees a place.
func TestFiveOpenLobbiesPerMember(t *testing.T) {
	h := newHarness(t)
	ana, bruno := h.srv.NewUser("ana"), h.srv.NewUser("bruno")
	channel := h.srv.NewChannel("vinhos").ID
	newLobby := func(who *discordgo.User) fakediscord.Interaction {
		return h.srv.SlashCommand(h.srv.InGuild(who, channel), "vinhos", fakediscord.Subcommand("new"))
	}
	for k := range 5 {
		if r := h.callback(newLobby(ana)); r.Data == nil || !strings.Contains(r.Data.Content, "Press **Join**") {
			t.Fatalf("lobby %d: %+v", k+1, r)
		}
	}
	lobbies := h.public(channel)
	took := h.refused(newLobby(ana), fmt.Sprintf("You have 5 lobbies open already (in <#%s>, ", channel))
	if got := len(h.public(channel)); got != len(lobbies) {
		t.Fatalf("the refused lobby was opened: %d messages, want %d", got, len(lobbies))
	}
	if r := h.callback(newLobby(bruno)); r.Data == nil || !strings.Contains(r.Data.Content, "Press **Join**") {
		t.Fatalf("another member's lobby: %+v", r)
	}
	first := lobbies[0]
	leave := h.srv.Button(h.srv.InGuild(ana, channel), first.ID, buttonID(t, first.Message, "Leave"))
	if r := h.callback(leave); r.Data == nil || !strings.Contains(r.Data.Content, "called off") {
		t.Fatalf("calling a lobby off: %+v", r)
	}
	if r := h.callback(newLobby(ana)); r.Data == nil || !strings.Contains(r.Data.Content, "Press **Join**") {
		t.Fatalf("a lobby after one was called off: %+v", r)
	}
	t.Logf("the sixth lobby was refused %v after it was sent", took)
}

// One member may have three solo games in progress at once: the fourth
// start is refused, saying how to free a place, and nothing starts;
// giving one up frees a place.
func TestThreeSoloGamesPerMember(t *testing.T) {
	h := newHarness(t)
	ana := h.srv.NewUser("ana")
	dm := h.srv.DMChannel(ana.ID)
	start := func() fakediscord.Interaction {
		return h.srv.SlashCommand(h.srv.InDM(ana), "vinhos", fakediscord.SubcommandGroup("solo",
			fakediscord.Subcommand("start", fakediscord.BooleanOption("another", true))))
	}
	for k := range 3 {
		if r := h.callback(start()); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
			t.Fatalf("solo game %d: %+v", k+1, r)
		}
		h.waitPosts(dm, k+1)
	}
	took := h.refused(start(), "You have 3 solo games in progress (")
	games, solo, err := h.store.Playing(ana.ID)
	if err != nil || len(games) != 3 || len(solo) != 3 {
		t.Fatalf("ana plays %v (solo %v), %v; want the three solo games only", games, solo, err)
	}
	in := h.srv.SlashCommand(h.srv.InDM(ana), "vinhos", fakediscord.Subcommand("abandon"))
	h.callback(in)
	confirm := h.lastEphemeral(dm)
	if r := h.callback(h.srv.Button(h.srv.InDM(ana), confirm.ID, buttonID(t, confirm.Message, "Abandon the game"))); r.Type == 0 {
		t.Fatalf("abandoning: %+v", r)
	}
	if r := h.callback(start()); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("a solo game after one was given up: %+v", r)
	}
	if _, solo, err := h.store.Playing(ana.ID); err != nil || len(solo) != 3 {
		t.Fatalf("after one given up and one started: solo games %v, %v; want 3", solo, err)
	}
	t.Logf("the fourth solo game was refused %v after it was sent", took)
}
