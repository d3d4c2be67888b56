package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord refuses some requests that its OpenAPI document allows: a bot's
// message of more than 2,000 characters (the document says 4,000, a limit
// for people with Nitro), embeds whose text adds up to more than 6,000, an
// autocomplete choice whose value is longer than 100. The fake refuses
// them too, so a test fails when a reply would not fit.
//
// WithMentionsRule adds a rule of the bot's own: every message with text
// says whom it may ping (allowed_mentions), so nobody is pinged by
// accident, by a name like "@everyone" in a game's title.

// Limits Discord applies to a bot's messages: their text, and their
// attachments (at most 10, of 10 MiB in all where the server has no
// boost).
const (
	ContentLimit     = 2000
	EmbedsTextLimit  = 6000
	ChoiceValueLimit = 100
	FilesLimit       = 10
	UploadLimit      = 10 << 20
)

// messageBody is what the limit checks read of a message body.
type messageBody struct {
	Content         *string                           `json:"content"`
	Embeds          []*discordgo.MessageEmbed         `json:"embeds"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
}

// WithMentionsRule makes the fake refuse a message with text that does not
// set allowed_mentions.
func WithMentionsRule() Option {
	return func(s *Server) { s.mentionsRule = true }
}

// checkLimits applies the rules beyond the spec to a request that creates
// or edits a message or answers an interaction. It returns nil for other
// requests.
func (s *Server) checkLimits(r Request) error {
	if err := checkFiles(r.Files); err != nil {
		return err
	}
	switch r.Method + " " + r.Route {
	case "POST /channels/{channel_id}/messages", "PATCH /channels/{channel_id}/messages/{message_id}",
		"POST /webhooks/{webhook_id}/{webhook_token}", "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
		"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}":
		return s.checkMessage(r.JSON)
	case "POST /interactions/{interaction_id}/{interaction_token}/callback":
		var resp struct {
			Type discordgo.InteractionResponseType `json:"type"`
			Data json.RawMessage                   `json:"data"`
		}
		if err := json.Unmarshal(r.JSON, &resp); err != nil || len(resp.Data) == 0 {
			return nil // the spec check and the callback handler judge it
		}
		switch resp.Type {
		case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
			return s.checkMessage(resp.Data)
		case discordgo.InteractionApplicationCommandAutocompleteResult:
			return checkChoices(resp.Data)
		}
	}
	return nil
}

func (s *Server) checkMessage(raw json.RawMessage) error {
	if raw == nil {
		return nil
	}
	var m messageBody
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil // the spec check judges the shape
	}
	if m.Content != nil {
		if n := utf8.RuneCountInString(*m.Content); n > ContentLimit {
			return fmt.Errorf("content is %d characters; a bot's message holds at most %d", n, ContentLimit)
		}
		if s.mentionsRule && *m.Content != "" && m.AllowedMentions == nil {
			return fmt.Errorf("a message with text must set allowed_mentions to exactly whom it pings")
		}
	}
	total := 0
	for _, e := range m.Embeds {
		total += embedText(e)
	}
	if total > EmbedsTextLimit {
		return fmt.Errorf("the embeds hold %d characters; Discord allows %d in all", total, EmbedsTextLimit)
	}
	return nil
}

func embedText(e *discordgo.MessageEmbed) int {
	if e == nil {
		return 0
	}
	n := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
	for _, f := range e.Fields {
		if f != nil {
			n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
		}
	}
	if e.Footer != nil {
		n += utf8.RuneCountInString(e.Footer.Text)
	}
	if e.Author != nil {
		n += utf8.RuneCountInString(e.Author.Name)
	}
	return n
}

func checkFiles(files []File) error {
	size := 0
	for _, f := range files {
		size += len(f.Data)
	}
	switch {
	case len(files) > FilesLimit:
		return fmt.Errorf("%d files; a message holds at most %d", len(files), FilesLimit)
	case size > UploadLimit:
		return fmt.Errorf("the files take %d bytes; Discord takes at most %d in one message", size, UploadLimit)
	}
	return nil
}

func checkChoices(raw json.RawMessage) error {
	var d struct {
		Choices []struct {
			Value any `json:"value"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil
	}
	for _, c := range d.Choices {
		if s, ok := c.Value.(string); ok && utf8.RuneCountInString(s) > ChoiceValueLimit {
			return fmt.Errorf("a choice's value is %d characters; Discord allows %d", utf8.RuneCountInString(s), ChoiceValueLimit)
		}
	}
	return nil
}

// refuseLimit answers a request beyond Discord's limits as Discord does.
func (s *Server) refuseLimit(w http.ResponseWriter, r Request, err error) {
	s.refuse(w, r, http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body: "+err.Error())
}
