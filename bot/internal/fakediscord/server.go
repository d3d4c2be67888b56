// Package fakediscord is a fake Discord on loopback for end-to-end tests of
// the bot: the real discordgo session talks to it unchanged, except for its
// HTTP transport, which Transport redirects here. GET /gateway then hands
// discordgo the URL of a fake gateway on 127.0.0.1.
//
// Every REST request is recorded and checked against Discord's OpenAPI
// document (../shared/discord-api-spec/openapi.json beside the module): a
// request the spec does not allow fails the test and gets an error answer
// (400, or 404 for a path the spec lacks). So does a request that real
// Discord would refuse for reasons the spec cannot express: an empty
// message, a second or late (AckDeadline) acknowledgement, a follow-up
// before the acknowledgement.
//
// A test creates the server, points the bot's session at it, opens the
// session, waits for READY, then plays interactions and waits for the bot's
// answers:
//
//	srv := fakediscord.New(t)
//	s, _ := discordgo.New("Bot test-token")
//	s.Client.Transport = srv.Transport()
//	// register handlers, s.Open(), t.Cleanup(func() { s.Close() })
//	srv.WaitReady(5 * time.Second)
//	table := srv.NewChannel("vinhos")
//	in := srv.SlashCommand(srv.InGuild(srv.NewUser("ana"), table.ID), "vinhos", fakediscord.Subcommand("new"))
//	req, err := srv.WaitFor(5*time.Second, in.IsCallback)
//	msgs := srv.Messages(table.ID)
package fakediscord

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// discordEpoch is the first millisecond of 2015, where snowflakes start.
const discordEpoch = 1420070400000

// Server is a fake Discord: a REST API and a gateway on 127.0.0.1.
type Server struct {
	t     testing.TB
	spec  *apiSpec
	token string // the bot token to insist on; "" accepts any
	bot   *discordgo.User
	guild string
	// Sharding (shards.go): the shards GET /gateway/bot asks for, and
	// whether IDENTIFYs are held to max_concurrency.
	shards, maxConcurrency int
	limitIdentifies        bool

	rest *httptest.Server
	gw   *gateway

	lastID atomic.Uint64
	// delayed holds the IDs of the interactions replayed on a RESUME,
	// apart from mu: the gateway's lock, taken first, marks them.
	delayed sync.Map

	mu           sync.Mutex
	requests     []Request
	changed      chan struct{} // closed and replaced when a request is recorded
	users        map[string]*discordgo.User
	channels     map[string]*discordgo.Channel
	dms          map[string]string // user ID → DM channel ID
	messages     map[string][]*storedMessage
	interactions map[string]*interaction // by ID
	guilds       []string                // the bot's; GuildID's first
	commands     map[string][]*discordgo.ApplicationCommand
	nonces       map[string]nonced // enforced message nonces
	uploads      map[string][]byte // files users attached, by URL
	attachments  map[string]*discordgo.MessageAttachment
	faults       []*fault
	chaos        *chaos           // see SetChaos
	limits       limits           // rate limits in force
	globalRate   int              // see WithGlobalRate; 0: not counted
	counts       FaultCounts      // the HTTP faults injected
	dropFiles    bool             // keep uploads' sizes, not their bytes
	mentionsRule bool             // see WithMentionsRule
	now          func() time.Time // see WithClock

	endpoint   *endpoint                // see DeliverOverHTTP; nil: the gateway
	answering  map[string]chan struct{} // by token: HTTP answers on their way
	deliveries []Delivery
	posting    sync.WaitGroup // POSTs to the endpoint
}

// Option configures a Server.
type Option func(*Server)

// WithoutFileData keeps only the size of each uploaded file, for
// benchmarks that post hundreds of boards.
func WithoutFileData() Option {
	return func(s *Server) { s.dropFiles = true }
}

// WithClock makes the fake read the time on now where Discord counts in
// minutes (how long an enforced nonce is remembered) or in the windows of
// max_concurrency (WithSharding), so that a test can
// move past such a window without waiting; the seconds of an interaction's
// deadline stay on the real clock.
func WithClock(now func() time.Time) Option {
	return func(s *Server) { s.now = now }
}

// WithToken makes the fake insist on this bot token, as Discord does: a REST
// request or an IDENTIFY with another token fails the test.
func WithToken(token string) Option {
	return func(s *Server) { s.token = token }
}

// New starts a fake Discord for the test and stops it when the test ends.
// Close the bot's session before that (register its Close with t.Cleanup
// after calling New), or discordgo will keep trying to reconnect.
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	spec, err := loadSpec()
	if err != nil {
		t.Fatalf("fakediscord: %v", err)
	}
	s := &Server{
		t:              t,
		spec:           spec,
		changed:        make(chan struct{}),
		users:          map[string]*discordgo.User{},
		channels:       map[string]*discordgo.Channel{},
		dms:            map[string]string{},
		messages:       map[string][]*storedMessage{},
		interactions:   map[string]*interaction{},
		commands:       map[string][]*discordgo.ApplicationCommand{},
		nonces:         map[string]nonced{},
		uploads:        map[string][]byte{},
		attachments:    map[string]*discordgo.MessageAttachment{},
		now:            time.Now,
		shards:         1,
		maxConcurrency: 1,
	}
	for _, opt := range opts {
		opt(s)
	}
	s.bot = &discordgo.User{ID: s.NewID(), Username: "adega-test", Discriminator: "0", Bot: true}
	s.users[s.bot.ID] = s.bot
	s.guild = s.NewID()
	s.guilds = []string{s.guild}
	s.rest = httptest.NewServer(http.HandlerFunc(s.serveREST))
	s.gw = newGateway(s)
	t.Cleanup(func() {
		s.posting.Wait()
		s.gw.close()
		s.rest.Close()
	})
	return s
}

// Transport returns the round tripper to put in the bot session's
// http.Client: it sends every request for https://discord.com/ to the fake
// and refuses any other host, so that no test reaches the network.
func (s *Server) Transport() http.RoundTripper {
	base, _ := url.Parse(s.rest.URL)
	return &transport{s: s, base: base, next: s.rest.Client().Transport}
}

// Redirect returns a round tripper that sends every request for
// https://discord.com/ to a fake Discord at baseURL, for a bot running in
// another process than the test (see Server.URL).
func Redirect(baseURL string) (http.RoundTripper, error) {
	base, err := url.Parse(baseURL)
	if err != nil {
		return nil, err
	}
	return &transport{base: base, next: http.DefaultTransport}, nil
}

// URL is the address of the fake's REST API, for Redirect.
func (s *Server) URL() string { return s.rest.URL }

type transport struct {
	s    *Server
	base *url.URL
	next http.RoundTripper
}

func (tr *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host == cdnHost && tr.s != nil {
		return tr.s.serveAttachment(req), nil
	}
	if req.URL.Host != "discord.com" {
		err := fmt.Errorf("fakediscord: refusing %s %s: only https://discord.com/ is faked", req.Method, req.URL)
		if tr.s != nil {
			tr.s.t.Errorf("%v", err)
		}
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	out := req.Clone(req.Context())
	out.URL.Scheme = tr.base.Scheme
	out.URL.Host = tr.base.Host
	return tr.next.RoundTrip(out)
}

// NewID returns a fresh snowflake, increasing like Discord's.
func (s *Server) NewID() string {
	for {
		last := s.lastID.Load()
		id := uint64(time.Now().UnixMilli()-discordEpoch) << 22
		if id <= last {
			id = last + 1
		}
		if s.lastID.CompareAndSwap(last, id) {
			return strconv.FormatUint(id, 10)
		}
	}
}

// BotUser returns the bot's user, as READY and GET /users/@me report it.
func (s *Server) BotUser() *discordgo.User {
	u := *s.bot
	return &u
}

// AppID returns the application ID, which for a bot is its user ID.
func (s *Server) AppID() string { return s.bot.ID }

// GuildID returns the one guild the bot is in.
func (s *Server) GuildID() string { return s.guild }

// NewUser creates a human user.
func (s *Server) NewUser(username string) *discordgo.User {
	u := &discordgo.User{ID: s.NewID(), Username: username, GlobalName: username, Discriminator: "0"}
	s.mu.Lock()
	s.users[u.ID] = u
	s.mu.Unlock()
	c := *u
	return &c
}

// NewChannel creates a text channel in the bot's guild.
func (s *Server) NewChannel(name string) *discordgo.Channel {
	ch := &discordgo.Channel{ID: s.NewID(), GuildID: s.guild, Name: name, Type: discordgo.ChannelTypeGuildText}
	s.mu.Lock()
	s.channels[ch.ID] = ch
	s.mu.Unlock()
	c := *ch
	return &c
}

// DMChannel returns the ID of the DM channel between the bot and a user,
// creating it if needed, as POST /users/@me/channels does.
func (s *Server) DMChannel(userID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dmChannelLocked(userID).ID
}

func (s *Server) dmChannelLocked(userID string) *discordgo.Channel {
	if id, ok := s.dms[userID]; ok {
		return s.channels[id]
	}
	recipient := s.users[userID]
	if recipient == nil {
		recipient = &discordgo.User{ID: userID}
	}
	ch := &discordgo.Channel{ID: s.NewID(), Type: discordgo.ChannelTypeDM, Recipients: []*discordgo.User{recipient}}
	s.channels[ch.ID] = ch
	s.dms[userID] = ch.ID
	return ch
}

// channelLocked returns a known channel, or makes up a text channel in the
// bot's guild: Discord knows every channel, and tests need not declare them.
func (s *Server) channelLocked(id string) *discordgo.Channel {
	if ch, ok := s.channels[id]; ok {
		return ch
	}
	ch := &discordgo.Channel{ID: id, GuildID: s.guild, Name: "channel-" + id, Type: discordgo.ChannelTypeGuildText}
	s.channels[id] = ch
	return ch
}

// Commands returns the application commands the bot registered in a guild,
// or globally for guildID "".
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*discordgo.ApplicationCommand
	for _, c := range s.commands[guildID] {
		cc := *c
		out = append(out, &cc)
	}
	return out
}

// Requests returns every REST request recorded so far, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// WaitFor returns the first recorded request that matches, waiting up to
// timeout for the bot to send it: the bot answers asynchronously.
func (s *Server) WaitFor(timeout time.Duration, match func(Request) bool) (Request, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	seen := 0
	for {
		s.mu.Lock()
		reqs, changed := s.requests[seen:], s.changed
		seen = len(s.requests)
		s.mu.Unlock()
		for _, r := range reqs {
			if match(r) {
				return r, nil
			}
		}
		select {
		case <-changed:
		case <-timer.C:
			return Request{}, fmt.Errorf("fakediscord: no matching request within %v (%d recorded)", timeout, seen)
		}
	}
}

func (s *Server) recordLocked(r Request) {
	s.requests = append(s.requests, r)
	close(s.changed)
	s.changed = make(chan struct{})
}
