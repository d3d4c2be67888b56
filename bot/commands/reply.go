// Package commands turns Discord interactions into replies: slash commands,
// autocomplete, buttons and select menus. A handler reads the interaction,
// does its work through storage and the engine, and returns a Reply value
// that says what to answer; it sends nothing itself. A change that must be
// announced (a move, an undo) queues its message in the storage outbox in
// its own transaction; the bot delivers the outbox, drawing boards there.
package commands

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// Reply is a handler's answer to one interaction.
type Reply struct {
	// Ack is the immediate answer to the interaction.
	Ack *discordgo.InteractionResponse
	// Thread, if set, is created after the ack; its Then builds the rest of
	// the reply once the thread exists.
	Thread *Thread
	// DM, if set, opens the user's direct messages after the ack; its Then
	// builds the rest of the reply there.
	DM *DM
	// Posts are channel messages queued after the ack, in order.
	Posts []Post
	// Edit, if set, builds the replacement of the acknowledged message
	// after the ack, for a deferred ack ("thinking…" becomes the answer).
	// It may do slow work, such as drawing a board to attach.
	Edit func() (*discordgo.WebhookEdit, error)
}

// Post is a message to a channel that belongs to no change of a game: a
// notice, a refusal in a new thread.
type Post struct {
	ChannelID string
	Message   *discordgo.MessageSend
}

// Outgoing is a post as an outbox entry.
func Outgoing(p Post) (*adega.Outgoing, error) {
	data, err := json.Marshal(p.Message)
	if err != nil {
		return nil, err
	}
	return &adega.Outgoing{ChannelID: p.ChannelID, Message: data}, nil
}

// Thread is a thread to open before the rest of a reply: from a message, or
// on its own in the channel when MessageID is empty.
type Thread struct {
	ChannelID, MessageID string
	Name                 string
	Then                 func(threadID string) Reply
}

// DM is a user's direct-message channel to open before the rest of a reply.
type DM struct {
	UserID string
	Then   func(channelID string) Reply
}

// BoardFile is the name the board PNG is attached under.
const BoardFile = "board.png"

// say answers at once, visibly to everyone in the channel.
func say(content string) Reply {
	return Reply{Ack: &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: fit(content), AllowedMentions: NoMentions()},
	}}
}

// private answers at once, only to the user who acted.
func private(content string, components ...discordgo.MessageComponent) Reply {
	return Reply{Ack: &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: fit(content), Flags: discordgo.MessageFlagsEphemeral,
			Components: components, AllowedMentions: NoMentions()},
	}}
}

// update replaces the message a component sits on.
func update(content string, components ...discordgo.MessageComponent) Reply {
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	return Reply{Ack: &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: fit(content), Components: components, AllowedMentions: NoMentions()},
	}}
}

// deferPrivate acknowledges with a private "thinking" message, for work
// that renders a board before it can answer.
func deferPrivate() *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	}
}

// NoMentions lets a message ping nobody: no kind of mention is parsed
// from its text. It is a fresh value each time, for the caller to keep.
func NoMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// mentions allows a message to ping exactly these users.
func mentions(users ...string) *discordgo.MessageAllowedMentions {
	m := NoMentions()
	m.Users = users
	return m
}

// notice is a post of plain text that pings nobody.
func notice(channelID, content string) Post {
	return Post{ChannelID: channelID, Message: &discordgo.MessageSend{Content: fit(content), AllowedMentions: NoMentions()}}
}

// edit replaces the acknowledged message with text.
func edit(content string) func() (*discordgo.WebhookEdit, error) {
	return func() (*discordgo.WebhookEdit, error) {
		content := fit(content)
		return &discordgo.WebhookEdit{Content: &content, Components: &[]discordgo.MessageComponent{}, AllowedMentions: NoMentions()}, nil
	}
}

// fit keeps a message's text within Discord's limit.
func fit(content string) string { return engine.Shorten(content, contentLimit) }
