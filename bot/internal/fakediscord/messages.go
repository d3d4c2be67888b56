package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	_ "image/png" // attachment dimensions of the board PNGs
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Message is a message as the fake stores it, with the bytes of its
// attachments: Files[i] was uploaded as Attachments[i].
type Message struct {
	*discordgo.Message
	Files []File
}

type storedMessage struct {
	msg         discordgo.Message
	files       []File // in step with msg.Attachments
	interaction string // the interaction whose webhook posted it, if any
}

// Messages returns the messages in a channel, oldest first: those the bot
// posted and the responses to interactions in that channel, ephemeral ones
// included (see Flags).
func (s *Server) Messages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, sm := range s.messages[channelID] {
		// Copies, so the test can read them while the bot edits: the fake
		// replaces slices on edit and never writes into them.
		m := sm.msg
		out = append(out, Message{Message: &m, Files: slices.Clone(sm.files)})
	}
	return out
}

var errEmptyMessage = errors.New("cannot send an empty message")

// wireMessage is a message as Discord sends it: discordgo.Message writes
// no components (its field is `json:"-"`, read by a custom decoder).
type wireMessage struct {
	discordgo.Message
	Components []discordgo.MessageComponent `json:"components"`
}

func wire(m discordgo.Message) *wireMessage {
	components := m.Components
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	return &wireMessage{Message: m, Components: components}
}

// decodeMessage reads a message create or edit body, and which fields it
// sets: an edit changes only those.
func decodeMessage(raw json.RawMessage) (discordgo.Message, map[string]json.RawMessage, error) {
	var m discordgo.Message
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return m, nil, err
	}
	return m, fields, json.Unmarshal(raw, &m)
}

// decodeNew reads the body of a new message, which Discord refuses empty.
func decodeNew(raw json.RawMessage, files []File) (discordgo.Message, error) {
	m, _, err := decodeMessage(raw)
	if err != nil {
		return m, err
	}
	var stickers struct {
		IDs []string `json:"sticker_ids"`
	}
	if err := json.Unmarshal(raw, &stickers); err != nil {
		return m, err
	}
	if m.Content == "" && len(m.Embeds) == 0 && len(m.Components) == 0 && len(files) == 0 && len(stickers.IDs) == 0 && m.Poll == nil {
		return m, errEmptyMessage
	}
	return m, nil
}

// newMessageLocked posts a message from a create body, as the bot.
func (s *Server) newMessageLocked(ch *discordgo.Channel, raw json.RawMessage, files []File, typ discordgo.MessageType) (*storedMessage, error) {
	m, err := decodeNew(raw, files)
	if err != nil {
		return nil, err
	}
	sm := &storedMessage{msg: discordgo.Message{
		ID:               s.NewID(),
		ChannelID:        ch.ID,
		GuildID:          ch.GuildID,
		Content:          m.Content,
		Embeds:           m.Embeds,
		Components:       m.Components,
		Flags:            m.Flags,
		TTS:              m.TTS,
		Author:           s.BotUser(),
		Timestamp:        time.Now(),
		Type:             typ,
		MessageReference: m.MessageReference,
		Attachments:      []*discordgo.MessageAttachment{},
		Mentions:         []*discordgo.User{},
	}}
	if m.MessageReference != nil {
		sm.msg.Type = discordgo.MessageTypeReply
	}
	s.attachLocked(sm, files)
	s.messages[ch.ID] = append(s.messages[ch.ID], sm)
	return sm, nil
}

// editLocked applies an edit body. Attachments listed in the body are kept,
// others dropped; new files are added.
func (s *Server) editLocked(sm *storedMessage, raw json.RawMessage, files []File) error {
	m, fields, err := decodeMessage(raw)
	if err != nil {
		return err
	}
	if _, ok := fields["content"]; ok {
		sm.msg.Content = m.Content
	}
	if _, ok := fields["embeds"]; ok {
		sm.msg.Embeds = m.Embeds
	}
	if _, ok := fields["components"]; ok {
		sm.msg.Components = m.Components
	}
	if _, ok := fields["attachments"]; ok {
		var atts []*discordgo.MessageAttachment
		var files []File
		for i, a := range sm.msg.Attachments {
			if slices.ContainsFunc(m.Attachments, func(k *discordgo.MessageAttachment) bool { return k.ID == a.ID }) {
				atts = append(atts, a)
				files = append(files, sm.files[i])
			}
		}
		sm.msg.Attachments, sm.files = atts, files
	}
	s.attachLocked(sm, files)
	if sm.msg.Flags&discordgo.MessageFlagsLoading != 0 {
		// Editing a deferred response replaces the "thinking" placeholder.
		sm.msg.Flags &^= discordgo.MessageFlagsLoading
	} else {
		now := time.Now()
		sm.msg.EditedTimestamp = &now
	}
	return nil
}

func (s *Server) attachLocked(sm *storedMessage, files []File) {
	atts := slices.Clone(sm.msg.Attachments)
	for _, f := range files {
		a := &discordgo.MessageAttachment{
			ID:          s.NewID(),
			Filename:    f.Name,
			ContentType: f.ContentType,
			Size:        len(f.Data),
		}
		a.URL = fmt.Sprintf("https://cdn.discordapp.com/attachments/%s/%s/%s", sm.msg.ChannelID, a.ID, f.Name)
		a.ProxyURL = fmt.Sprintf("https://media.discordapp.net/attachments/%s/%s/%s", sm.msg.ChannelID, a.ID, f.Name)
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
			a.Width, a.Height = cfg.Width, cfg.Height
		}
		atts = append(atts, a)
	}
	sm.msg.Attachments = atts
	if s.dropFiles {
		kept := make([]File, len(files))
		for i, f := range files {
			kept[i] = File{Field: f.Field, Name: f.Name, ContentType: f.ContentType}
		}
		files = kept
	}
	sm.files = append(slices.Clone(sm.files), files...)
}

func (s *Server) findMessageLocked(channelID, id string) *storedMessage {
	for _, sm := range s.messages[channelID] {
		if sm.msg.ID == id {
			return sm
		}
	}
	return nil
}

func (s *Server) deleteMessageLocked(sm *storedMessage) {
	ch := sm.msg.ChannelID
	s.messages[ch] = slices.DeleteFunc(s.messages[ch], func(m *storedMessage) bool { return m == sm })
}

// nonced is a message posted with enforce_nonce, which the same nonce
// returns instead of a new message for a few minutes.
type nonced struct {
	channelID, messageID string
	at                   time.Time // on the fake's clock (WithClock)
}

// nonceLife is how long Discord keeps a nonce ("the past few minutes"):
// after it, the same nonce posts a new message.
const nonceLife = 5 * time.Minute

func (s *Server) createChannelMessage(w http.ResponseWriter, r Request) {
	var n struct {
		Nonce        any  `json:"nonce"`
		EnforceNonce bool `json:"enforce_nonce"`
	}
	_ = json.Unmarshal(r.JSON, &n) // the spec check passed
	nonce := ""
	if n.Nonce != nil && n.EnforceNonce {
		nonce = fmt.Sprint(n.Nonce)
		if prev, ok := s.nonces[nonce]; ok && s.now().Sub(prev.at) < nonceLife {
			if sm := s.findMessageLocked(prev.channelID, prev.messageID); sm != nil {
				writeJSON(w, http.StatusOK, wire(sm.msg))
				return
			}
		}
	}
	sm, err := s.newMessageLocked(s.channelLocked(r.Params["channel_id"]), r.JSON, r.Files, discordgo.MessageTypeDefault)
	if err != nil {
		s.refuseMessage(w, r, err)
		return
	}
	if nonce != "" {
		s.nonces[nonce] = nonced{channelID: sm.msg.ChannelID, messageID: sm.msg.ID, at: s.now()}
	}
	writeJSON(w, http.StatusOK, wire(sm.msg))
}

func (s *Server) refuseMessage(w http.ResponseWriter, r Request, err error) {
	if errors.Is(err, errEmptyMessage) {
		s.refuse(w, r, http.StatusBadRequest, codeEmptyMessage, "Cannot send an empty message")
		return
	}
	s.refuse(w, r, http.StatusBadRequest, codeInvalidFormBody, err.Error())
}

func (s *Server) channelMessage(w http.ResponseWriter, r Request) *storedMessage {
	sm := s.findMessageLocked(r.Params["channel_id"], r.Params["message_id"])
	if sm == nil {
		s.refuse(w, r, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
	}
	return sm
}

// listChannelMessages answers with a channel's messages, newest first, as
// Discord does: the newest, or with after the oldest ones after that
// message (before and around are not modeled). Ephemeral messages are no
// part of a channel's history.
func (s *Server) listChannelMessages(w http.ResponseWriter, r Request) {
	for _, q := range []string{"before", "around"} {
		if r.Query.Has(q) {
			s.t.Errorf("fakediscord: %s %s: %q is not modeled", r.Method, r.Path, q)
		}
	}
	limit := 50
	if q := r.Query.Get("limit"); q != "" {
		limit, _ = strconv.Atoi(q) // the spec check passed: 1 to 100
	}
	var after uint64
	if q := r.Query.Get("after"); q != "" {
		after, _ = strconv.ParseUint(q, 10, 64) // a snowflake, as the spec checked
	}
	var history []*wireMessage // oldest first
	for _, sm := range s.messages[r.Params["channel_id"]] {
		id, _ := strconv.ParseUint(sm.msg.ID, 10, 64)
		if id > after && sm.msg.Flags&discordgo.MessageFlagsEphemeral == 0 {
			history = append(history, wire(sm.msg))
		}
	}
	if r.Query.Has("after") {
		history = history[:min(limit, len(history))]
	} else {
		history = history[max(0, len(history)-limit):]
	}
	slices.Reverse(history)
	writeJSON(w, http.StatusOK, history)
}

func (s *Server) getChannelMessage(w http.ResponseWriter, r Request) {
	if sm := s.channelMessage(w, r); sm != nil {
		writeJSON(w, http.StatusOK, wire(sm.msg))
	}
}

func (s *Server) editChannelMessage(w http.ResponseWriter, r Request) {
	if sm := s.channelMessage(w, r); sm != nil {
		s.editAndAnswer(w, r, sm)
	}
}

// editAndAnswer applies an edit request to a stored message and answers
// with the message, as both kinds of edit endpoint do.
func (s *Server) editAndAnswer(w http.ResponseWriter, r Request, sm *storedMessage) {
	if err := s.editLocked(sm, r.JSON, r.Files); err != nil {
		s.refuseMessage(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, wire(sm.msg))
}

func (s *Server) deleteChannelMessage(w http.ResponseWriter, r Request) {
	if sm := s.channelMessage(w, r); sm != nil {
		s.deleteMessageLocked(sm)
		w.WriteHeader(http.StatusNoContent)
	}
}
