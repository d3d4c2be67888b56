// Package commands turns Discord interactions into replies: slash commands,
// autocomplete, buttons and select menus. A handler reads the interaction,
// does its work through storage and the engine, and returns a Reply value
// that says what to send; it sends nothing itself. The bot package sends the
// acknowledgement within Discord's 3 seconds, then the posts, which may
// render a board.
package commands

import (
	"github.com/bwmarrin/discordgo"
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
	// Posts are channel messages sent after the ack, in order.
	Posts []Post
	// Edit, if set, builds the replacement of the acknowledged message
	// after the posts, for a deferred ack ("Working..." becomes "Done"). It
	// may do slow work, such as drawing a board to attach.
	Edit func() (*discordgo.WebhookEdit, error)
}

// Post is a message to a channel. Board, if set, renders a PNG attached to
// it as board.png; it runs after the ack, outside any transaction.
type Post struct {
	ChannelID string
	Message   *discordgo.MessageSend
	Board     func() ([]byte, error)
	// Sent, if set, is told the ID of the posted message (a turn message
	// becomes the target of the game's jump links).
	Sent func(messageID string)
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
		Data: &discordgo.InteractionResponseData{Content: content, AllowedMentions: noMentions()},
	}}
}

// private answers at once, only to the user who acted.
func private(content string, components ...discordgo.MessageComponent) Reply {
	return Reply{Ack: &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: content, Flags: discordgo.MessageFlagsEphemeral,
			Components: components, AllowedMentions: noMentions()},
	}}
}

// update replaces the message a component sits on (an ephemeral step view).
func update(content string, components ...discordgo.MessageComponent) Reply {
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	return Reply{Ack: &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: content, Components: components, AllowedMentions: noMentions()},
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

func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// edit replaces the acknowledged message with text.
func edit(content string) func() (*discordgo.WebhookEdit, error) {
	return func() (*discordgo.WebhookEdit, error) {
		return &discordgo.WebhookEdit{Content: &content, Components: &[]discordgo.MessageComponent{}}, nil
	}
}
