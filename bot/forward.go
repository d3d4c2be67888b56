package bot

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/ops"
)

// Several processes can serve one Interactions Endpoint URL, behind a load
// balancer that hands any interaction to any of them; but a server's games
// live in the file of the process that runs its shard. A process given an
// interaction of a shard it does not run forwards the request, body and
// Discord's signature unchanged, to the process that does, which checks
// the signature again and handles it as its own (dropping a copy it has
// already received); the owner's answer goes back to Discord as the HTTP
// answer. Interactions go only to the owners the configuration or the
// cluster names (Owners), never to an address a request carries.

// Owners says which process serves each shard's interactions:
// StaticOwners, from the configuration, or with etcd cluster.Owners, where
// each process registers its shards under a lease and every process
// follows the registrations.
type Owners interface {
	// Owner is the URL of the Interactions Endpoint of the process that
	// runs shard; ok is false when no process is known to run it. It
	// must answer at once, from memory: a forward has Discord's 3
	// seconds.
	Owner(shard int) (url string, ok bool)
}

// StaticOwners are owners fixed by the configuration: shard k's URL at k.
type StaticOwners []string

// Owner is shard's URL, if the list names one.
func (o StaticOwners) Owner(shard int) (string, bool) {
	if shard < 0 || shard >= len(o) || o[shard] == "" {
		return "", false
	}
	return o[shard], true
}

// forwardedHeader marks a request one process forwarded to another, which
// does not forward it again: two processes that disagree on who runs a
// shard ask the user to try again rather than pass an interaction back and
// forth. It grants nothing; the signature is checked as on any request.
const forwardedHeader = "X-Adega-Forwarded"

// signedHeaders are the headers a forward carries over: Discord's
// signature, which the owner checks, and the body's type.
var signedHeaders = []string{"Content-Type", "X-Signature-Ed25519", "X-Signature-Timestamp"}

// ShardOf is the shard that Discord sends a server's interactions to, of
// count; a DM's (no server) go to shard 0.
func ShardOf(guildID string, count int) int {
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil || count < 1 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// elsewhere is the shard of an interaction that this process does not run;
// ok is false when the interaction is this process's to handle, as every
// one is when no owners are configured.
func (b *Bot) elsewhere(i *discordgo.Interaction) (shard int, ok bool) {
	if b.cfg.Owners == nil {
		return 0, false
	}
	shard = ShardOf(i.GuildID, max(b.cfg.ShardCount, 1))
	for _, s := range b.shards {
		if s.ShardID == shard {
			return shard, false
		}
	}
	return shard, true
}

// peerConns is how many idle connections the forwards keep to each
// process: enough for a burst of interactions to find one open, rather
// than Go's default of 2.
const peerConns = 32

// newPeerClient is the client of the forwards. It follows no redirect: a
// signed interaction goes to the owner named, nowhere else.
func newPeerClient() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = peerConns
	return &http.Client{Transport: t,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// forward hands an interaction of another shard to the process that runs
// it and relays that process's answer, whatever it is (a replay's refusal
// included). If the owner cannot be reached, or does not answer within
// the forward's timeout, the user is asked to try again: the move was not
// played, unless the owner played it just too late to say so, and a
// second copy of the same interaction would be dropped there anyway.
func (b *Bot) forward(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction, body []byte, shard int) {
	log := b.log.With("interaction", i.ID, "guild", i.GuildID, "shard", shard)
	answer, err := b.askOwner(r, body, shard)
	if err != nil {
		log.Warn("could not forward an interaction to the process of its shard; the user is asked to try again", "err", err)
		b.handler.Metrics.Interaction(kindOf(i), ops.Unforwarded)
		if err := writeResponse(w, tryAgain(i)); err != nil {
			log.Error("could not answer the interaction", "err", err)
		}
		return
	}
	log.Debug("forwarded an interaction to the process of its shard", "status", answer.status)
	b.handler.Metrics.Interaction(kindOf(i), ops.Forwarded)
	if answer.contentType != "" {
		w.Header().Set("Content-Type", answer.contentType)
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(answer.body)))
	w.WriteHeader(answer.status)
	if _, err := w.Write(answer.body); err != nil {
		log.Error("could not relay the answer of the process of the interaction's shard", "err", err)
	}
}

// ownerAnswer is an owner's answer to a forward, read whole.
type ownerAnswer struct {
	status      int
	contentType string
	body        []byte
}

// askOwner POSTs a signed interaction to the process that runs shard, and
// reads its answer within the forward's timeout.
func (b *Bot) askOwner(r *http.Request, body []byte, shard int) (ownerAnswer, error) {
	if r.Header.Get(forwardedHeader) != "" {
		return ownerAnswer{}, errors.New("another process forwarded it here, but this one does not run its shard: the processes disagree on who runs which shard")
	}
	url, ok := b.cfg.Owners.Owner(shard)
	if !ok {
		return ownerAnswer{}, errors.New("no process is known to run its shard")
	}
	ctx, cancel := context.WithTimeout(r.Context(), cmp.Or(b.cfg.Timeouts.Forward, defaultTimeouts.Forward))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return ownerAnswer{}, err
	}
	for _, h := range signedHeaders {
		req.Header.Set(h, r.Header.Get(h))
	}
	req.Header.Set(forwardedHeader, "1")
	resp, err := b.peers.Do(req)
	if err != nil {
		return ownerAnswer{}, err
	}
	defer resp.Body.Close()
	// An answer is smaller than the largest interaction.
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxInteraction+1))
	switch {
	case err != nil:
		return ownerAnswer{}, fmt.Errorf("reading the answer of %s: %w", url, err)
	case len(answer) > maxInteraction:
		return ownerAnswer{}, fmt.Errorf("the answer of %s is larger than any interaction", url)
	}
	return ownerAnswer{resp.StatusCode, resp.Header.Get("Content-Type"), answer}, nil
}

// tryAgain is the answer to an interaction that could not be forwarded:
// a private message, or for autocomplete an empty list.
func tryAgain(i *discordgo.Interaction) *discordgo.InteractionResponse {
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}}}
	}
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: unforwarded, Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: commands.NoMentions()},
	}
}

// unforwarded tells the user that the process keeping this server's games
// did not answer.
const unforwarded = "Sorry, the part of me that keeps this server's games did not answer in time. " +
	"Nothing was played unless the board shows it; please try again in a moment."
