package fakediscord

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestLateAcknowledgementIsRefused(t *testing.T) {
	t.Parallel()
	rec := &RecordingTB{TB: t}
	srv := New(rec)
	ch := srv.NewChannel("vinhos")
	// An interaction Discord sent longer ago than it waits for an answer.
	srv.mu.Lock()
	srv.interactions["42"] = &interaction{id: "42", token: "tok", typ: discordgo.InteractionApplicationCommand,
		channelID: ch.ID, sentAt: time.Now().Add(-AckDeadline - time.Second)}
	srv.mu.Unlock()

	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	s.Client.Transport = srv.Transport()
	err = s.InteractionRespond(&discordgo.Interaction{ID: "42", Token: "tok"},
		&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) || rerr.Message == nil || rerr.Message.Code != codeUnknownInteraction {
		t.Errorf("late acknowledgement: %v, want Unknown interaction", err)
	}
	if errs := rec.Take(); len(errs) != 1 || !strings.Contains(errs[0], "answered after 4") {
		t.Errorf("fake reported %q", errs)
	}
	if msgs := srv.Messages(ch.ID); len(msgs) != 0 {
		t.Errorf("a late acknowledgement posted %d messages", len(msgs))
	}
}
