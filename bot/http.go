package bot

import (
	"bytes"
	"cmp"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Interactions can also come over HTTPS instead of the gateway: Discord
// POSTs each one to the application's Interactions Endpoint URL, signed
// with the application's ed25519 key, and takes the initial response as the
// HTTP answer. Everything after it (follow-ups, edits, the courier's posts)
// goes through the REST API, as in gateway mode.

// maxSkew is how far a request's signed timestamp may be from now, either
// way; an older request is a replay and is refused.
const maxSkew = 5 * time.Minute

// What the endpoint reads of a request. Discord's requests are small: its
// headers are under 1 KB, and an interaction, even a click on a message
// with ten embeds and five full select menus or a modal of five long
// answers, is about 100 KB at the most (a click on one of the bot's own
// messages is about 6 KB). A request beyond these bounds is not Discord's,
// and is refused before it is buffered.
const (
	maxInteraction = 256 << 10 // the body
	maxHeader      = 16 << 10  // the headers, with room for a proxy's
)

// EndpointTimeouts bound how long a client may hold a connection to the
// Interactions Endpoint; a zero field takes its default (defaultTimeouts).
type EndpointTimeouts struct {
	Header time.Duration // to send a request's headers
	Read   time.Duration // to send a whole request, its headers included
	Write  time.Duration // from the end of the headers to the answer written
	Idle   time.Duration // between two requests on a connection kept alive
	// Forward is how long the process of another shard has to answer an
	// interaction forwarded to it (forward.go).
	Forward time.Duration
}

// defaultTimeouts: Discord waits 3 seconds for an answer, so a request
// still arriving after a few seconds is lost anyway, and Read leaves a slow
// link three times that for the largest body. Write covers reading the
// body and the acknowledgement, which can take up to 3 seconds under load.
// A connection left idle is closed after half a minute: long enough to
// carry a game's burst of moves. A forward leaves half a second of
// Discord's 3 for the hops to and from the load balancer and the answer
// asking to try again.
var defaultTimeouts = EndpointTimeouts{
	Header:  5 * time.Second,
	Read:    10 * time.Second,
	Write:   15 * time.Second,
	Idle:    30 * time.Second,
	Forward: 2500 * time.Millisecond,
}

// endpointServer is the HTTP server of the Interactions Endpoint.
func (b *Bot) endpointServer() *http.Server {
	t := b.cfg.Timeouts
	return &http.Server{
		Handler:           b,
		ReadHeaderTimeout: cmp.Or(t.Header, defaultTimeouts.Header),
		ReadTimeout:       cmp.Or(t.Read, defaultTimeouts.Read),
		WriteTimeout:      cmp.Or(t.Write, defaultTimeouts.Write),
		IdleTimeout:       cmp.Or(t.Idle, defaultTimeouts.Idle),
		MaxHeaderBytes:    maxHeader,
		ErrorLog:          slog.NewLogLogger(b.log.Handler(), slog.LevelWarn),
	}
}

// responder sends the initial response to an interaction: through the REST
// API for the gateway, in the HTTP answer for the endpoint.
type responder func(*discordgo.Interaction, *discordgo.InteractionResponse) error

// viaREST answers through the interaction callback endpoint.
func (b *Bot) viaREST(i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	return b.session.InteractionRespond(i, r)
}

// signature reads the signature and timestamp of a request's headers, and
// checks that the timestamp is within maxSkew of now.
func signature(h http.Header, now time.Time) (sig []byte, ts string, err error) {
	sig, err = hex.DecodeString(h.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return nil, "", errors.New("no valid X-Signature-Ed25519")
	}
	ts = h.Get("X-Signature-Timestamp")
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return nil, "", errors.New("no valid X-Signature-Timestamp")
	}
	if d := now.Sub(time.Unix(secs, 0)); d > maxSkew || d < -maxSkew {
		return nil, "", errors.New("stale timestamp")
	}
	return sig, ts, nil
}

// readSigned reads the body of a request signed as Discord signs them: the
// application's key signs the timestamp followed by the body. A request
// whose headers carry no such signature, or that is too large, is refused
// before its body is read; it returns the status to refuse with.
func (b *Bot) readSigned(w http.ResponseWriter, r *http.Request) ([]byte, int, error) {
	// The wall clock, not the handler's: Discord's signed timestamps are
	// checked against the real time.
	sig, ts, err := signature(r.Header, time.Now())
	if err != nil {
		return nil, http.StatusUnauthorized, err
	}
	if r.ContentLength > maxInteraction {
		return nil, http.StatusRequestEntityTooLarge, fmt.Errorf("a body of %d bytes", r.ContentLength)
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxInteraction))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return nil, http.StatusRequestEntityTooLarge, err
	case err != nil:
		return nil, http.StatusBadRequest, err
	case !ed25519.Verify(b.cfg.PublicKey, append([]byte(ts), body...), sig):
		return nil, http.StatusUnauthorized, errors.New("bad signature")
	}
	return body, http.StatusOK, nil
}

// ServeHTTP is the Interactions Endpoint: it refuses with 401 any request
// whose signature or timestamp does not check out, or that replays an
// interaction already received, and with 413 one larger than any
// interaction; answers PING with PONG; forwards an interaction of a shard
// another process runs to that process (forward.go); and hands any other
// interaction to the same flow as the gateway's, writing its initial
// response as the HTTP answer.
func (b *Bot) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "POST interactions here", http.StatusMethodNotAllowed)
		return
	}
	body, status, err := b.readSigned(w, r)
	if err != nil {
		b.log.Warn("refused an interaction request", "remote", r.RemoteAddr, "status", status, "why", err)
		http.Error(w, refusals[status], status)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, "not an interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeResponse(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	if shard, ok := b.elsewhere(&i); ok {
		b.forward(w, r, &i, body, shard)
		return
	}
	answers := make(chan httpAnswer)
	gone := make(chan struct{})
	defer close(gone)
	handled := make(chan bool, 1)
	respond := func(_ *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
		a := httpAnswer{resp: resp, written: make(chan error, 1)}
		select {
		case answers <- a:
			return <-a.written
		case <-gone:
			return errors.New("bot: the interaction's HTTP request is no longer waiting")
		}
	}
	go func() { handled <- b.interact(&i, respond) }()
	select {
	case a := <-answers:
		a.written <- writeResponse(w, a.resp)
	case ok := <-handled:
		if !ok {
			http.Error(w, "interaction already received", http.StatusUnauthorized)
			return
		}
		http.Error(w, "the interaction got no answer", http.StatusInternalServerError)
	case <-r.Context().Done():
	}
}

// refusals are the answers to the requests readSigned refuses.
var refusals = map[int]string{
	http.StatusUnauthorized:          "invalid request signature",
	http.StatusRequestEntityTooLarge: "the request is larger than any interaction",
	http.StatusBadRequest:            "cannot read the request",
}

// httpAnswer is an initial response on its way to the HTTP answer.
type httpAnswer struct {
	resp    *discordgo.InteractionResponse
	written chan error
}

// writeResponse writes an interaction response as the HTTP answer and
// flushes it, so that Discord has it before any follow-up.
func writeResponse(w http.ResponseWriter, resp *discordgo.InteractionResponse) error {
	body, err := json.Marshal(resp)
	if err != nil {
		http.Error(w, "cannot encode the answer", http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if _, err := io.Copy(w, bytes.NewReader(body)); err != nil {
		return err
	}
	return http.NewResponseController(w).Flush()
}
