package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// AckDeadline is how long Discord waits for the initial response to an
// interaction; after it the token no longer takes one.
const AckDeadline = 3 * time.Second

// allowedResponses are the callback types Discord accepts for each kind of
// interaction.
var allowedResponses = map[discordgo.InteractionType][]discordgo.InteractionResponseType{
	discordgo.InteractionApplicationCommand: {
		discordgo.InteractionResponseChannelMessageWithSource,
		discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseModal,
	},
	discordgo.InteractionApplicationCommandAutocomplete: {
		discordgo.InteractionApplicationCommandAutocompleteResult,
	},
	discordgo.InteractionMessageComponent: {
		discordgo.InteractionResponseChannelMessageWithSource,
		discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseDeferredMessageUpdate,
		discordgo.InteractionResponseUpdateMessage,
		discordgo.InteractionResponseModal,
	},
}

// interactionCallback takes the initial response, as Discord does: once,
// within AckDeadline, of a type that fits the interaction.
func (s *Server) interactionCallback(w http.ResponseWriter, r Request) {
	in := s.interactions[r.Params["interaction_id"]]
	if in == nil || in.token != r.Params["interaction_token"] {
		s.refuse(w, r, http.StatusNotFound, codeUnknownInteraction, "Unknown interaction")
		return
	}
	if in.acked {
		s.refuse(w, r, http.StatusBadRequest, codeAlreadyAcknowledged, "Interaction has already been acknowledged.")
		return
	}
	if late := time.Since(in.sentAt); late > AckDeadline {
		msg := fmt.Sprintf("Unknown interaction (answered after %v)", late.Round(time.Millisecond))
		if _, replayed := s.delayed.Load(in.id); replayed {
			writeError(w, http.StatusNotFound, codeUnknownInteraction, msg) // the gateway's fault, not the bot's
			return
		}
		s.refuse(w, r, http.StatusNotFound, codeUnknownInteraction, msg)
		return
	}
	var resp struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := r.Decode(&resp); err != nil {
		s.refuse(w, r, http.StatusBadRequest, codeInvalidFormBody, err.Error())
		return
	}
	if !slices.Contains(allowedResponses[in.typ], resp.Type) {
		s.refuse(w, r, http.StatusBadRequest, codeInvalidFormBody,
			fmt.Sprintf("callback type %d does not answer an interaction of type %d", resp.Type, in.typ))
		return
	}
	data := resp.Data
	if len(data) == 0 || string(data) == "null" {
		data = json.RawMessage("{}")
	}

	switch resp.Type {
	case discordgo.InteractionResponseChannelMessageWithSource:
		sm, err := s.newMessageLocked(s.channelLocked(in.channelID), data, r.Files, discordgo.MessageTypeDefault)
		if err != nil {
			s.refuseMessage(w, r, err)
			return
		}
		s.markInteractionMessage(sm, in)
		in.original = sm.msg.ID
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		var d struct {
			Flags discordgo.MessageFlags `json:"flags"`
		}
		if err := json.Unmarshal(data, &d); err != nil {
			s.refuse(w, r, http.StatusBadRequest, codeInvalidFormBody, err.Error())
			return
		}
		// The "thinking…" placeholder, which editing @original replaces.
		ch := s.channelLocked(in.channelID)
		sm := &storedMessage{msg: discordgo.Message{
			ID:          s.NewID(),
			ChannelID:   ch.ID,
			GuildID:     ch.GuildID,
			Author:      s.BotUser(),
			Timestamp:   time.Now(),
			Flags:       discordgo.MessageFlagsLoading | d.Flags&discordgo.MessageFlagsEphemeral,
			Attachments: []*discordgo.MessageAttachment{},
			Mentions:    []*discordgo.User{},
		}}
		s.messages[ch.ID] = append(s.messages[ch.ID], sm)
		s.markInteractionMessage(sm, in)
		in.original = sm.msg.ID
	case discordgo.InteractionResponseUpdateMessage, discordgo.InteractionResponseDeferredMessageUpdate:
		// @original is now the message that carries the component.
		sm := s.findMessageLocked(in.channelID, in.messageID)
		if sm == nil {
			s.refuse(w, r, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
			return
		}
		if resp.Type == discordgo.InteractionResponseUpdateMessage {
			if err := s.editLocked(sm, data, r.Files); err != nil {
				s.refuseMessage(w, r, err)
				return
			}
		}
		in.original = sm.msg.ID
	}
	in.acked = true
	w.WriteHeader(http.StatusNoContent)
}

// markInteractionMessage makes a message look like a response to the
// interaction: posted through the application's webhook, with metadata.
func (s *Server) markInteractionMessage(sm *storedMessage, in *interaction) {
	sm.interaction = in.id
	sm.msg.WebhookID = s.bot.ID
	if in.typ == discordgo.InteractionApplicationCommand {
		sm.msg.Type = discordgo.MessageTypeChatInputCommand
		sm.msg.Interaction = &discordgo.MessageInteraction{ID: in.id, Type: in.typ, Name: in.command, User: in.user}
	}
}

// webhookInteraction finds the interaction whose token the webhook path
// carries. Discord opens that webhook only once the interaction is
// acknowledged.
func (s *Server) webhookInteraction(w http.ResponseWriter, r Request) *interaction {
	if r.Params["webhook_id"] == s.bot.ID {
		for _, in := range s.interactions {
			if in.token == r.Params["webhook_token"] && in.acked {
				return in
			}
		}
	}
	s.refuse(w, r, http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook")
	return nil
}

// webhookMessage finds the message a webhook path names: @original, or a
// message posted through the same interaction token.
func (s *Server) webhookMessage(w http.ResponseWriter, r Request) (*interaction, *storedMessage) {
	in := s.webhookInteraction(w, r)
	if in == nil {
		return nil, nil
	}
	id, ok := r.Params["message_id"]
	if !ok {
		id = in.original
	}
	if sm := s.findMessageLocked(in.channelID, id); sm != nil && (sm.interaction == in.id || id == in.original) {
		return in, sm
	}
	s.refuse(w, r, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
	return nil, nil
}

// createFollowup posts a follow-up message. Discord answers it with the
// message whether or not the bot asked to wait.
func (s *Server) createFollowup(w http.ResponseWriter, r Request) {
	in := s.webhookInteraction(w, r)
	if in == nil {
		return
	}
	if sm := s.findMessageLocked(in.channelID, in.original); sm != nil && sm.msg.Flags&discordgo.MessageFlagsLoading != 0 {
		// Right after a deferred response, Discord makes the follow-up
		// edit the "thinking…" message instead of posting a new one, and
		// ignores its ephemeral flag.
		_, err := decodeNew(r.JSON, r.Files)
		if err == nil {
			err = s.editLocked(sm, r.JSON, r.Files)
		}
		if err != nil {
			s.refuseMessage(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, wire(sm.msg))
		return
	}
	sm, err := s.newMessageLocked(s.channelLocked(in.channelID), r.JSON, r.Files, discordgo.MessageTypeDefault)
	if err != nil {
		s.refuseMessage(w, r, err)
		return
	}
	s.markInteractionMessage(sm, in)
	writeJSON(w, http.StatusOK, wire(sm.msg))
}

func (s *Server) getWebhookMessage(w http.ResponseWriter, r Request) {
	if _, sm := s.webhookMessage(w, r); sm != nil {
		writeJSON(w, http.StatusOK, wire(sm.msg))
	}
}

func (s *Server) editWebhookMessage(w http.ResponseWriter, r Request) {
	if _, sm := s.webhookMessage(w, r); sm != nil {
		s.editAndAnswer(w, r, sm)
	}
}

func (s *Server) deleteWebhookMessage(w http.ResponseWriter, r Request) {
	in, sm := s.webhookMessage(w, r)
	if sm == nil {
		return
	}
	s.deleteMessageLocked(sm)
	if sm.msg.ID == in.original {
		in.original = ""
	}
	w.WriteHeader(http.StatusNoContent)
}
