package adega

import (
	"encoding/json"
	"time"

	"github.com/adega-bot/adega/engine"
)

// The outbox holds the messages the bot owes Discord. A change that must
// be announced (a move, an undo, a reminder) queues its message in its own
// transaction, so that once the change is committed the message cannot be
// lost; the bot delivers the queue afterwards, after a restart too, and
// removes each entry in the transaction that records its delivery.
//
// Entries of one queue (a game's channel) go out one at a time in order,
// so a game's messages keep their order and a reminder built at delivery
// links to the turn message queued before it. Each entry carries a nonce
// that Discord uses, for a few minutes, to refuse a second copy, so a
// delivery retried after a crash that followed the post is still posted
// once; the entry records when an attempt may have posted it, so that a
// retry later than that looks for the message first.

// Outgoing is one queued message.
type Outgoing struct {
	Seq uint64 `json:"seq"` // its place in the outbox, set when queued
	// Queue orders entries: those of one queue are delivered in Seq order.
	Queue string `json:"queue"`
	// Game is the game the message is about, if any; GuildID its server,
	// and Interaction the interaction whose move queued the message, for
	// the logs to follow a move to its messages.
	Game        string `json:"game,omitempty"`
	GuildID     string `json:"guild_id,omitempty"`
	Interaction string `json:"interaction,omitempty"`
	// ChannelID is where it goes; when empty, it is a direct message to
	// UserID.
	ChannelID string `json:"channel_id,omitempty"`
	UserID    string `json:"user_id,omitempty"`
	// Kind says how the bot builds the message: "" sends Message as it is;
	// other kinds are built at delivery from Payload (reminders), or sent
	// only if still worth it then (a follower's news).
	Kind    string          `json:"kind,omitempty"`
	Message json.RawMessage `json:"message,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
	// Board, if set, attaches the board of the game's moment Board names.
	Board *BoardRef `json:"board,omitempty"`
	// Ending marks the message that follows the last turn message of a
	// game (or, queued by an older build, that turn message): it carries
	// the game as an animated GIF and charts of the players' VP.
	Ending bool `json:"ending,omitempty"`
	// Turn marks the game's turn message: once posted it is the target of
	// the game's jump links, and the users in Held (named but not pinged,
	// in their quiet hours) are pinged by the scheduler later.
	Turn bool     `json:"turn,omitempty"`
	Held []string `json:"held,omitempty"`
	// Stamp is the moment of the game the message shows.
	Stamp uint64 `json:"stamp,omitempty"`
	// Nonce identifies the message to Discord across retries.
	Nonce     string    `json:"nonce"`
	Attempts  int       `json:"attempts,omitempty"`
	NotBefore time.Time `json:"not_before,omitzero"`
	// MaybePosted is when the first attempt that may have posted the
	// message began (its answer was lost, or Discord failed after taking
	// it); zero when none can have. Discord knows the nonce only for a few
	// minutes after.
	MaybePosted time.Time `json:"maybe_posted,omitzero"`
	// Queued is when the message was queued, on the wall clock (storage
	// sets it): how long it has waited. Zero in entries older than it.
	Queued time.Time `json:"queued,omitzero"`
}

// BoardRef names the moment of a game whose board a message shows: the
// state after the first Version moves of the log, as it stood when the log
// entry Version had stamp Tail (0 for the setup). An undo can make that
// moment unreachable; the message then goes without its board.
type BoardRef struct {
	Version uint64 `json:"version"`
	Tail    uint64 `json:"tail,omitempty"`
}

// BoardOf names g's current moment.
func BoardOf(g *Game) *BoardRef {
	ref := &BoardRef{Version: g.Version}
	if n := len(g.Log); n > 0 {
		ref.Tail = g.Log[n-1].Stamp
	}
	return ref
}

// Change is a change of a game that its messages announce.
type Change struct {
	Game *Game
	// Before is the state the change started from; nil for a new game.
	Before engine.State
	// Added are the log entries the change made: none for an undo or a
	// new game.
	Added []LogEntry
	// Users reads users inside the change's transaction.
	Users UserLookup
}

// PostFunc builds the messages that announce a change: the turn message,
// and the news its followers get. It runs inside the change's transaction
// and returns none when there is nothing to announce.
type PostFunc func(c Change) ([]*Outgoing, error)
