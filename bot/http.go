package bot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
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

// maxInteraction bounds the body of an interaction request.
const maxInteraction = 4 << 20

// responder sends the initial response to an interaction: through the REST
// API for the gateway, in the HTTP answer for the endpoint.
type responder func(*discordgo.Interaction, *discordgo.InteractionResponse) error

// viaREST answers through the interaction callback endpoint.
func (b *Bot) viaREST(i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	return b.session.InteractionRespond(i, r)
}

// verify checks a request's signature and timestamp against the public key:
// Discord signs the timestamp followed by the body.
func verify(key ed25519.PublicKey, h http.Header, body []byte, now time.Time) error {
	sig, err := hex.DecodeString(h.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return errors.New("no valid X-Signature-Ed25519")
	}
	ts := h.Get("X-Signature-Timestamp")
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errors.New("no valid X-Signature-Timestamp")
	}
	if !ed25519.Verify(key, append([]byte(ts), body...), sig) {
		return errors.New("bad signature")
	}
	if d := now.Sub(time.Unix(secs, 0)); d > maxSkew || d < -maxSkew {
		return errors.New("stale timestamp")
	}
	return nil
}

// ServeHTTP is the Interactions Endpoint: it refuses with 401 any request
// whose signature or timestamp does not check out, or that replays an
// interaction already received; answers PING with PONG; and hands any other
// interaction to the same flow as the gateway's, writing its initial
// response as the HTTP answer.
func (b *Bot) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "POST interactions here", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxInteraction))
	if err != nil {
		http.Error(w, "cannot read the request", http.StatusBadRequest)
		return
	}
	if err := verify(b.cfg.PublicKey, r.Header, body, time.Now()); err != nil {
		b.log.Warn("refused an interaction request", "remote", r.RemoteAddr, "why", err)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
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
