package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/ops"
	"github.com/adega-bot/adega/storage"
)

// The courier delivers the outbox (storage/outbox.go): the messages that
// changes queued in their own transactions. Entries of one queue (a game's
// channel) go out one at a time and in order; different queues go out in
// parallel. Each is posted with its nonce and enforce_nonce, so Discord
// refuses a second copy of a message whose first copy was posted just
// before a crash or whose answer was lost; then its delivery is recorded,
// and it leaves the outbox. A failure is retried with backoff, after a
// restart too; a message Discord refuses for good is dropped after a few
// attempts. An entry's NotBefore (a retry, a follower's quiet hours) is
// read on the handler's clock, the one the changes that queue entries use.
//
// Discord remembers a nonce for a few minutes only, and keeps none with
// the message. So a retry that comes more than nonceTrust after an
// attempt that may have posted the message (adega.Outgoing.MaybePosted),
// and the first attempt after a restart at an entry that the previous run
// may have posted, first look for the message in its channel.

// maxDeliveries bounds the queues delivered at once.
const maxDeliveries = 16

// nonceTrust is how long after an attempt that may have posted a message
// a retry relies on the nonce alone. Discord remembers an enforced nonce
// for "the past few minutes"; two leave room for the request's own 20
// seconds.
const nonceTrust = 2 * time.Minute

// lookDepth is how many of a channel's messages are read to find a message
// the bot may have posted: the entry holds up its queue, so after it come
// only people's messages and answers to interactions.
const lookDepth = 100

// Backoff between attempts, and the attempts a refused message gets.
const (
	firstRetry      = time.Second
	lastRetry       = 10 * time.Minute
	refusedAttempts = 5
)

type courier struct {
	b    *Bot
	log  *slog.Logger
	kick chan struct{}

	mu   sync.Mutex
	busy map[string]bool // queues with a delivery in flight
	// unsure are the entries the previous run may have posted without
	// recording it: due when this run began. Each is looked for before it
	// is posted. Nil until the first dispatch.
	unsure map[uint64]bool
}

func newCourier(b *Bot) *courier {
	return &courier{b: b, log: b.log.With("part", "outbox"), kick: make(chan struct{}, 1), busy: map[string]bool{}}
}

// run delivers until ctx is done, then waits for the deliveries in flight.
func (c *courier) run(ctx context.Context) {
	changes, stop := c.b.handler.Store.WatchOutbox()
	defer stop()
	var inflight sync.WaitGroup
	defer inflight.Wait()
	for ctx.Err() == nil {
		wake := c.dispatch(ctx, &inflight)
		var timer *time.Timer
		var due <-chan time.Time
		if !wake.IsZero() {
			timer = time.NewTimer(wake.Sub(c.b.handler.Now()))
			due = timer.C
		}
		select {
		case <-ctx.Done():
		case <-changes:
		case <-c.kick:
		case <-due:
		}
		if timer != nil {
			timer.Stop()
		}
	}
}

// dispatch starts the delivery of each queue's first entry that is due,
// and returns when the next postponed one falls due (zero: none).
func (c *courier) dispatch(ctx context.Context, inflight *sync.WaitGroup) time.Time {
	// The outbox is read under the lock that says which queues are busy: a
	// delivery records itself in the outbox before it frees its queue, so
	// an entry read here is either still owed or its queue still busy,
	// never delivered and free (which would post it twice).
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.b.handler.Now()
	first := c.unsure == nil
	if first {
		c.unsure = map[uint64]bool{}
	}
	var wake time.Time
	taken := 0
	out, err := c.b.handler.Store.OutboxHeads(func(h storage.OutboxHead) bool {
		// Only a queue's head can have been posted by the previous run:
		// the entries behind it wait for it. One held past now was
		// postponed after its last attempt, or never tried.
		if first && !h.NotBefore.After(now) {
			c.unsure[h.Seq] = true
		}
		switch {
		case c.busy[h.Queue] || len(c.busy)+taken >= maxDeliveries:
			return false
		case h.NotBefore.After(now):
			if wake.IsZero() || h.NotBefore.Before(wake) {
				wake = h.NotBefore
			}
			return false
		}
		taken++
		return true
	})
	if err != nil {
		c.log.Error("cannot read the outbox", "err", err)
		if first {
			c.unsure = nil // read again at the next dispatch
		}
		return now.Add(firstRetry)
	}
	for _, o := range out {
		c.busy[o.Queue] = true
		inflight.Go(func() {
			c.deliver(ctx, o)
			c.mu.Lock()
			delete(c.busy, o.Queue)
			c.mu.Unlock()
			select {
			case c.kick <- struct{}{}:
			default:
			}
		})
	}
	return wake
}

// deliver posts one entry and records the outcome.
func (c *courier) deliver(ctx context.Context, o adega.Outgoing) {
	log := c.entryLog(o)
	err := c.post(log, &o)
	if err == nil {
		return
	}
	store, metrics := c.b.handler.Store, c.b.handler.Metrics
	o.Attempts++
	if refused(err) && o.Attempts >= refusedAttempts {
		log.Error("Discord refuses a message for good; dropping it", "attempts", o.Attempts, "err", err)
		metrics.Delivery(ops.Dropped)
		err = store.Discard(o.Seq)
	} else {
		metrics.Delivery(ops.Retried)
		o.NotBefore = c.b.handler.Now().Add(backoff(o.Attempts, err))
		log.Warn("could not deliver a message; trying again", "attempts", o.Attempts, "at", o.NotBefore, "err", err)
		if ctx.Err() != nil {
			return // shutting down: the next start tries again
		}
		err = store.Postpone(o)
	}
	if err != nil {
		log.Error("cannot record a failed delivery", "err", err)
	}
}

// entryLog is the logger of an entry's delivery: each line names the
// entry, its game and server, and the interaction whose move queued it.
func (c *courier) entryLog(o adega.Outgoing) *slog.Logger {
	attrs := []any{"seq", o.Seq}
	for _, kv := range [][2]string{{"game", o.Game}, {"guild", o.GuildID}, {"interaction", o.Interaction}, {"channel", o.ChannelID}} {
		if kv[1] != "" {
			attrs = append(attrs, kv[0], kv[1])
		}
	}
	return c.log.With(attrs...)
}

// post builds, draws and sends one entry, unless it finds the entry's
// message posted already, and notes in o.MaybePosted when an attempt that
// failed may have posted it; a panic is a failed attempt.
func (c *courier) post(log *slog.Logger, o *adega.Outgoing) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
			log.Error("panic while delivering a message", "panic", p, "stack", string(debug.Stack()))
		}
	}()
	h := c.b.handler
	start := h.Now()
	body, err := h.Compose(*o)
	if err != nil {
		return err
	}
	if body == nil {
		c.forget(o.Seq)
		h.Metrics.Delivery(ops.Skipped)
		return h.Store.Discard(o.Seq) // no longer worth sending
	}
	channelID := o.ChannelID
	if channelID == "" {
		ch, err := c.b.session.UserChannelCreate(o.UserID)
		if err != nil {
			return err
		}
		channelID = ch.ID
	}
	id, err := c.findEarlier(log, o, channelID, body, start)
	if err != nil {
		return err
	}
	if id != "" {
		log.Info("message found posted by an earlier attempt", "message", id)
		h.Metrics.Delivery(ops.Found)
		return c.delivered(o.Seq, id)
	}
	m, err := c.b.sendOnce(channelID, body, c.attachments(log, *o), o.Nonce)
	if err == nil {
		log.Info("message posted", "message", m.ID, "took", time.Since(start).Round(time.Millisecond))
		h.Metrics.Delivery(ops.Posted)
		err = c.delivered(o.Seq, m.ID)
	}
	if err != nil && mayHavePosted(err) && o.MaybePosted.IsZero() {
		o.MaybePosted = start
	}
	return err
}

// attachments draws an entry's board and, for the message that ends a
// game, its animation and charts; what cannot be drawn is left out.
func (c *courier) attachments(log *slog.Logger, o adega.Outgoing) []*discordgo.File {
	h := c.b.handler
	files, err := c.draw(o, h.BoardFiles)
	if err != nil {
		log.Error("could not draw the board; posting without it", "err", err)
	}
	endings, err := c.draw(o, h.Endings)
	if err != nil {
		log.Error("could not draw the game's animation and charts; posting without them", "err", err)
	}
	return append(files, endings...)
}

// findEarlier returns the ID of o's message if an earlier attempt posted
// it where the nonce may no longer tell Discord so: after a restart, or
// nonceTrust after the attempt. "" means post it: it is not there, or
// Discord still knows the nonce.
func (c *courier) findEarlier(log *slog.Logger, o *adega.Outgoing, channelID string, body json.RawMessage, now time.Time) (string, error) {
	c.mu.Lock()
	unsure := c.unsure[o.Seq]
	c.mu.Unlock()
	if !unsure && (o.MaybePosted.IsZero() || now.Sub(o.MaybePosted) < nonceTrust) {
		return "", nil
	}
	after, err := c.recordedBefore(*o)
	if err != nil {
		return "", err
	}
	id, err := c.b.findPosted(channelID, after, body)
	switch {
	case refused(err):
		// Without leave to read the channel, a copy too many is better
		// than none.
		log.Warn("cannot look for a message the bot may have posted; posting it", "err", err)
	case err != nil || id != "":
		return id, err
	}
	c.forget(o.Seq)
	o.MaybePosted = time.Time{}
	return "", nil
}

// delivered records that an entry was posted as messageID.
func (c *courier) delivered(seq uint64, messageID string) error {
	h := c.b.handler
	if err := h.Store.Delivered(seq, messageID, h.Now()); err != nil {
		return err
	}
	c.forget(seq)
	return nil
}

// recordedBefore is, for a message to its game's channel, the newest
// message recorded as delivered there: every entry of its queue before it
// was, so a copy of this one can only come after it, and an older message
// saying the same (a move played again after an undo) is not taken for
// it. It is "" for other messages.
func (c *courier) recordedBefore(o adega.Outgoing) (string, error) {
	if o.Game == "" || o.ChannelID == "" {
		return "", nil
	}
	w, err := c.b.handler.Store.Waiting(o.Game)
	switch {
	case engine.CodeOf(err) == adega.CodeNotFound:
		return "", nil // the game is gone, and what it recorded with it
	case err != nil || len(w.Seen) == 0:
		return "", err
	}
	return w.Seen[len(w.Seen)-1].MessageID, nil
}

// forget drops an entry from those the previous run may have posted.
func (c *courier) forget(seq uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.unsure, seq)
}

// draw makes an entry's attachments with draw (its board, a game's
// ending); a panic in the drawing is an error, and the message goes
// without them rather than not at all.
func (c *courier) draw(o adega.Outgoing, draw func(adega.Outgoing) ([]*discordgo.File, error)) (files []*discordgo.File, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return draw(o)
}

// sendOnce posts a message, given as the JSON body of the request, that
// Discord posts at most once for its nonce: a second request with the same
// nonce returns the first message. Without files, embeds lose the image
// that would have shown the board.
func (b *Bot) sendOnce(channelID string, body json.RawMessage, files []*discordgo.File, nonce string) (*discordgo.Message, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil {
		return nil, err
	}
	if len(files) == 0 && fields["embeds"] != nil {
		var embeds []*discordgo.MessageEmbed
		if err := json.Unmarshal(fields["embeds"], &embeds); err != nil {
			return nil, err
		}
		for _, e := range embeds {
			e.Image = nil
		}
		fields["embeds"], _ = json.Marshal(embeds) // embeds always encode
	}
	fields["nonce"], _ = json.Marshal(nonce)
	fields["enforce_nonce"] = json.RawMessage("true")
	endpoint := discordgo.EndpointChannelMessages(channelID)
	var resp []byte
	var err error
	if len(files) > 0 {
		contentType, data, encErr := discordgo.MultipartBodyWithJSON(fields, files)
		if encErr != nil {
			return nil, encErr
		}
		resp, err = b.session.RequestRaw(http.MethodPost, endpoint, contentType, data, endpoint, 0)
	} else {
		resp, err = b.session.RequestWithBucketID(http.MethodPost, endpoint, fields, endpoint)
	}
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := json.Unmarshal(resp, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// findPosted looks among a channel's messages (its newest, or the first
// after the message after) for one the bot posted that says what body
// says, and returns its ID ("" if none). Discord keeps no nonce with a
// message, so a message is known by its text: the content and its embeds'
// titles, descriptions and footers (which, in a turn message, name the
// game and the move).
func (b *Bot) findPosted(channelID, after string, body json.RawMessage) (string, error) {
	var want struct {
		Content string                    `json:"content"`
		Embeds  []*discordgo.MessageEmbed `json:"embeds"`
	}
	if err := json.Unmarshal(body, &want); err != nil {
		return "", err
	}
	msgs, err := b.session.ChannelMessages(channelID, lookDepth, "", after, "")
	if err != nil {
		return "", err
	}
	for _, m := range msgs {
		if m.Author != nil && m.Author.Bot && m.WebhookID == "" &&
			strings.TrimSpace(m.Content) == strings.TrimSpace(want.Content) && slices.Equal(embedTexts(m.Embeds), embedTexts(want.Embeds)) {
			return m.ID, nil
		}
	}
	return "", nil
}

// embedTexts are the texts of a message's own embeds, without those
// Discord adds for the links in it.
func embedTexts(embeds []*discordgo.MessageEmbed) []string {
	var out []string
	for _, e := range embeds {
		if e.Type != "" && e.Type != discordgo.EmbedTypeRich {
			continue
		}
		text := e.Title + "\n" + e.Description
		if e.Footer != nil {
			text += "\n" + e.Footer.Text
		}
		out = append(out, strings.TrimSpace(text))
	}
	return out
}

// refused reports a request Discord answered with a refusal that a retry
// will not change (4xx other than a rate limit).
func refused(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil {
		code := rest.Response.StatusCode
		return code >= 400 && code < 500 && code != http.StatusTooManyRequests
	}
	return false
}

// mayHavePosted reports whether a post that failed may have posted its
// message all the same: Discord refuses a request it will not carry out
// (4xx, a rate limit) before doing anything, but a server error or an
// answer that never came tells nothing.
func mayHavePosted(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil {
		return rest.Response.StatusCode >= 500
	}
	var limited *discordgo.RateLimitError
	return !errors.As(err, &limited)
}

// backoff is the wait before attempt n+1: doubling from a second to ten
// minutes, or what a rate limit asks.
func backoff(n int, err error) time.Duration {
	var limited *discordgo.RateLimitError
	if errors.As(err, &limited) && limited.RetryAfter > 0 {
		return limited.RetryAfter
	}
	d := firstRetry << min(n-1, 20)
	return min(d, lastRetry)
}
