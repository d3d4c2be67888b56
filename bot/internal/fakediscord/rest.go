package fakediscord

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord's JSON error codes the fake answers with.
const (
	codeUnknownMessage      = 10008
	codeUnknownWebhook      = 10015
	codeUnknownInteraction  = 10062
	codeMissingAccess       = 50001
	codeEmptyMessage        = 50006
	codeInvalidFormBody     = 50035
	codeAlreadyAcknowledged = 40060
	codeUnauthorized        = 0
)

// defaultArchiveMinutes is the auto-archive duration the fake gives a
// thread started without one: three days.
const defaultArchiveMinutes = 3 * 24 * 60

// restHandler answers a request that conforms to the spec. It runs with
// s.mu held, so that each request sees and leaves a consistent state.
type restHandler func(s *Server, w http.ResponseWriter, r Request)

// restHandlers are the endpoints the fake models, by method and spec path.
// Other endpoints in the spec get 200 {}.
var restHandlers = map[string]restHandler{
	"GET /gateway":             (*Server).getGateway,
	"GET /gateway/bot":         (*Server).getGatewayBot,
	"GET /users/@me":           (*Server).getMe,
	"POST /users/@me/channels": (*Server).createDM,

	"GET /channels/{channel_id}":                                (*Server).getChannel,
	"POST /channels/{channel_id}/threads":                       (*Server).startThread,
	"POST /channels/{channel_id}/messages/{message_id}/threads": (*Server).startThread,

	"PUT /applications/{application_id}/commands":                   (*Server).overwriteCommands,
	"PUT /applications/{application_id}/guilds/{guild_id}/commands": (*Server).overwriteCommands,
	"GET /applications/{application_id}/commands":                   (*Server).listCommands,
	"GET /applications/{application_id}/guilds/{guild_id}/commands": (*Server).listCommands,

	"POST /channels/{channel_id}/messages":                (*Server).createChannelMessage,
	"GET /channels/{channel_id}/messages":                 (*Server).listChannelMessages,
	"GET /channels/{channel_id}/messages/{message_id}":    (*Server).getChannelMessage,
	"PATCH /channels/{channel_id}/messages/{message_id}":  (*Server).editChannelMessage,
	"DELETE /channels/{channel_id}/messages/{message_id}": (*Server).deleteChannelMessage,

	"POST /interactions/{interaction_id}/{interaction_token}/callback": (*Server).interactionCallback,

	"POST /webhooks/{webhook_id}/{webhook_token}":                         (*Server).createFollowup,
	"GET /webhooks/{webhook_id}/{webhook_token}/messages/@original":       (*Server).getWebhookMessage,
	"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original":     (*Server).editWebhookMessage,
	"DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original":    (*Server).deleteWebhookMessage,
	"GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}":    (*Server).getWebhookMessage,
	"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}":  (*Server).editWebhookMessage,
	"DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": (*Server).deleteWebhookMessage,
}

func (s *Server) serveREST(w http.ResponseWriter, hr *http.Request) {
	req, b, err := readRequest(hr)
	if errors.Is(err, errClientGone) {
		return
	}
	if err != nil {
		err = violation(http.StatusBadRequest, "%v", err)
	} else {
		var rt *route
		rt, req.Params, err = s.spec.check(hr.Method, req.Path, req.Query, hr.Header.Get("Authorization"), b)
		if rt != nil {
			req.Route = rt.template
		}
	}
	req.Err = err
	if err == nil {
		s.awaitAnswer(hr, req)
	}

	// The answer is recorded with the request and written only after, so
	// that a test that sees the request, or the bot's call returning, also
	// sees its effect.
	resp := httptest.NewRecorder()
	s.mu.Lock()
	var f *Fault
	if err == nil {
		f = s.faultLocked(req)
	}
	if f != nil && !f.Lost {
		req.Status = f.Status
		s.recordLocked(req)
		s.mu.Unlock()
		s.fail(w, req, f)
		return
	}
	switch auth := hr.Header.Get("Authorization"); {
	case err != nil:
		s.t.Errorf("fakediscord: %s %s does not conform to Discord's OpenAPI spec: %v", req.Method, req.Path, err)
		status := http.StatusBadRequest
		var es *errStatus
		if errors.As(err, &es) {
			status = es.status
		}
		writeError(resp, status, codeInvalidFormBody, err.Error())
	case s.token != "" && auth != "" && auth != "Bot "+s.token:
		s.refuse(resp, req, http.StatusUnauthorized, codeUnauthorized, "401: Unauthorized")
	case s.checkLimits(req) != nil:
		s.refuseLimit(resp, req, s.checkLimits(req))
	case restHandlers[req.Method+" "+req.Route] != nil:
		restHandlers[req.Method+" "+req.Route](s, resp, req)
	default:
		writeJSON(resp, http.StatusOK, struct{}{})
	}
	req.Status = resp.Code
	if s.dropFiles {
		for i := range req.Files {
			req.Files[i].Data = nil
		}
	}
	s.recordLocked(req)
	s.mu.Unlock()
	if f != nil { // Lost: the work is done, its answer is lost
		s.fail(w, req, f)
		return
	}

	for k, v := range resp.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(resp.Code)
	_, _ = w.Write(resp.Body.Bytes()) // the client may have given up
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // the fake's own values always encode
}

// writeError answers in Discord's error format, which discordgo reports in
// its *RESTError.
func writeError(w http.ResponseWriter, status, code int, message string) {
	writeJSON(w, status, struct {
		Message string `json:"message"`
		Code    int    `json:"code"`
	}{message, code})
}

// refuse answers an error that real Discord would give, and fails the test:
// the bot made a request that cannot work in production.
func (s *Server) refuse(w http.ResponseWriter, r Request, status, code int, message string) {
	s.t.Errorf("fakediscord: %s %s: Discord would answer %d %q", r.Method, r.Path, status, message)
	writeError(w, status, code, message)
}

func (s *Server) getGateway(w http.ResponseWriter, _ Request) {
	writeJSON(w, http.StatusOK, struct {
		URL string `json:"url"`
	}{s.gw.url})
}

func (s *Server) getGatewayBot(w http.ResponseWriter, _ Request) {
	writeJSON(w, http.StatusOK, discordgo.GatewayBotResponse{
		URL:    s.gw.url,
		Shards: s.shards,
		SessionStartLimit: discordgo.SessionInformation{
			Total: 1000, Remaining: 999, ResetAfter: 86400000, MaxConcurrency: s.maxConcurrency,
		},
	})
}

func (s *Server) getMe(w http.ResponseWriter, _ Request) {
	writeJSON(w, http.StatusOK, s.bot)
}

func (s *Server) createDM(w http.ResponseWriter, r Request) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := r.Decode(&body); err != nil || body.RecipientID == "" {
		s.refuse(w, r, http.StatusBadRequest, codeInvalidFormBody, "recipient_id is required")
		return
	}
	writeJSON(w, http.StatusOK, s.dmChannelLocked(body.RecipientID))
}

func (s *Server) getChannel(w http.ResponseWriter, r Request) {
	writeJSON(w, http.StatusOK, s.channelLocked(r.Params["channel_id"]))
}

// startThread creates a thread, from a message when the path names one: such
// a thread takes the message's ID, as on Discord.
func (s *Server) startThread(w http.ResponseWriter, r Request) {
	var body discordgo.ThreadStart
	if err := r.Decode(&body); err != nil {
		s.refuse(w, r, http.StatusBadRequest, codeInvalidFormBody, err.Error())
		return
	}
	parent := s.channelLocked(r.Params["channel_id"])
	if parent.Type != discordgo.ChannelTypeGuildText && parent.Type != discordgo.ChannelTypeGuildNews && parent.Type != discordgo.ChannelTypeGuildForum {
		s.refuse(w, r, http.StatusBadRequest, codeInvalidFormBody, "cannot start a thread in this channel type")
		return
	}
	th := &discordgo.Channel{
		ID:       s.NewID(),
		GuildID:  parent.GuildID,
		ParentID: parent.ID,
		Name:     body.Name,
		Type:     discordgo.ChannelTypeGuildPublicThread,
		OwnerID:  s.bot.ID,
		ThreadMetadata: &discordgo.ThreadMetadata{
			AutoArchiveDuration: body.AutoArchiveDuration,
			ArchiveTimestamp:    time.Now(),
		},
		MemberCount: 1,
	}
	if th.ThreadMetadata.AutoArchiveDuration == 0 {
		th.ThreadMetadata.AutoArchiveDuration = defaultArchiveMinutes
	}
	if mid, ok := r.Params["message_id"]; ok {
		m := s.findMessageLocked(parent.ID, mid)
		if m == nil {
			s.refuse(w, r, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
			return
		}
		th.ID = mid
		m.msg.Thread = th
		m.msg.Flags |= discordgo.MessageFlagsHasThread
	} else if body.Type != 0 {
		th.Type = body.Type
	}
	s.channels[th.ID] = th
	writeJSON(w, http.StatusCreated, th)
}

// overwriteCommands replaces the command list. A command keeps its ID
// across overwrites when its name and type stay, as on Discord.
func (s *Server) overwriteCommands(w http.ResponseWriter, r Request) {
	if !s.ownApplication(w, r) {
		return
	}
	var cmds []*discordgo.ApplicationCommand
	if err := r.Decode(&cmds); err != nil {
		s.refuse(w, r, http.StatusBadRequest, codeInvalidFormBody, err.Error())
		return
	}
	if err := checkCommands(cmds); err != nil {
		s.refuse(w, r, http.StatusBadRequest, codeInvalidFormBody, err.Error())
		return
	}
	guildID := r.Params["guild_id"]
	old := s.commands[guildID]
	for _, c := range cmds {
		if c.Type == 0 {
			c.Type = discordgo.ChatApplicationCommand
		}
		c.ID = s.NewID()
		for _, o := range old {
			if o.Name == c.Name && o.Type == c.Type {
				c.ID = o.ID
			}
		}
		c.ApplicationID = s.bot.ID
		c.GuildID = guildID
		c.Version = s.NewID()
	}
	s.commands[guildID] = cmds
	writeJSON(w, http.StatusOK, cmds)
}

func (s *Server) listCommands(w http.ResponseWriter, r Request) {
	if !s.ownApplication(w, r) {
		return
	}
	cmds := s.commands[r.Params["guild_id"]]
	if cmds == nil {
		cmds = []*discordgo.ApplicationCommand{}
	}
	writeJSON(w, http.StatusOK, cmds)
}

func (s *Server) ownApplication(w http.ResponseWriter, r Request) bool {
	if id := r.Params["application_id"]; id != s.bot.ID {
		s.refuse(w, r, http.StatusForbidden, codeMissingAccess, "Missing Access")
		return false
	}
	if gid, ok := r.Params["guild_id"]; ok && !slices.Contains(s.guilds, gid) {
		s.refuse(w, r, http.StatusForbidden, codeMissingAccess, "Missing Access")
		return false
	}
	return true
}
