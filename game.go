package adega

import (
	"slices"
	"time"

	"github.com/adega-bot/adega/engine"
)

// Status is where a game stands for the bot.
type Status string

const (
	StatusActive    Status = "active"
	StatusFinished  Status = "finished"
	StatusAbandoned Status = "abandoned"
)

// Meta describes a game for listings, routing and permissions.
type Meta struct {
	ID        string     `json:"id"`
	Game      string     `json:"game"` // registry name, as in the setup
	Mode      string     `json:"mode,omitempty"`
	Title     string     `json:"title"`
	ChannelID string     `json:"channel_id,omitempty"`
	GuildID   string     `json:"guild_id,omitempty"`
	CreatorID string     `json:"creator_id,omitempty"`
	Seats     []SeatUser `json:"seats"` // in seat order
	Status    Status     `json:"status"`
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt time.Time  `json:"updated_at"`
	// Undo is a request to take moves back that waits for the other
	// players' consent.
	Undo *UndoRequest `json:"undo,omitempty"`
	// Wait is the game's pace, deadline and absent-player rule (wait.go).
	Wait WaitRules `json:"wait,omitzero"`
	// Board is the board the turn messages carry: BoardFull or
	// BoardCompact.
	Board BoardStyle `json:"board,omitempty"`
	// Followers are the users who get the game's news by direct message
	// (referee.Follow), in the order they followed.
	Followers []string `json:"followers,omitempty"`
	// Level is the AI level (engine/ai) of the game's bot seats, unless a
	// seat has its own, and of the decisions it makes for absent players;
	// empty is normal.
	Level string `json:"level,omitempty"`
	// Hints allows /GAME hint in a game that other people play too.
	Hints bool `json:"hints,omitempty"`
	// HintsAsked are the hints players asked for, oldest first, which the
	// game's log shows.
	HintsAsked []HintAsked `json:"hints_asked,omitempty"`
	// Practice marks a game started as practice: an undo may take back what
	// a move revealed without anyone's consent, and the game counts in no
	// statistics.
	Practice bool `json:"practice,omitempty"`
}

// HintAsked is one hint a player asked the AI for.
type HintAsked struct {
	Seat engine.Seat `json:"seat"`
	// Move is how many moves the game had: the hint came before move
	// Move+1.
	Move int       `json:"move"`
	At   time.Time `json:"at"`
}

// BoardStyle is a game's choice of board for its turn messages.
type BoardStyle string

const (
	BoardFull    BoardStyle = ""        // every area and every player's board
	BoardCompact BoardStyle = "compact" // one narrow column, for phones
)

// SeatUser is who plays a seat. UserID is empty for a seat nobody plays,
// such as an automa; Bot marks a seat the bot's AI plays (a bot seat
// from the start, or a replacement).
type SeatUser struct {
	UserID string `json:"user_id,omitempty"`
	Name   string `json:"name"`
	Bot    bool   `json:"bot,omitempty"`
	// Level is a bot seat's AI level when it differs from the game's.
	Level string `json:"level,omitempty"`
}

// BotLevel is the AI level the bot plays seat at: the seat's own, else the
// game's (empty for the default).
func (m Meta) BotLevel(seat engine.Seat) string {
	if int(seat) >= 0 && int(seat) < len(m.Seats) && m.Seats[seat].Level != "" {
		return m.Seats[seat].Level
	}
	return m.Level
}

// Seated reports whether userID plays a seat of the game.
func (m Meta) Seated(userID string) bool {
	return slices.ContainsFunc(m.Seats, func(s SeatUser) bool { return s.UserID == userID })
}

// botSeat reports whether the bot plays seat.
func (m Meta) botSeat(seat engine.Seat) bool {
	return int(seat) >= 0 && int(seat) < len(m.Seats) && m.Seats[seat].Bot
}

// UndoRequest asks to take back the last Moves moves, made when the game
// stood at Stamp, by the player in Seat.
type UndoRequest struct {
	Seat    engine.Seat   `json:"seat"`
	Moves   int           `json:"moves"`
	Stamp   uint64        `json:"stamp"`
	Agreed  []engine.Seat `json:"agreed,omitempty"`
	Expires time.Time     `json:"expires"`
}

// LogEntry is one move of a game's log. Only what cannot be derived is
// stored with it (who, what, when). The events that narrate the newest
// moves are kept beside the log; older ones are derived by replaying the
// log (storage.Store.Narrate).
type LogEntry struct {
	Seat   engine.Seat   `json:"seat"`
	Action engine.Action `json:"action"`
	At     time.Time     `json:"at"`
	// Events narrate the move. Every entry of a narrated game has them
	// (Game.Narrated); otherwise only the entries from Game.NarratedFrom
	// on do, and older ones are nil.
	Events []engine.Event `json:"events,omitempty"`
	// Stamp is the moment the move's transaction made (Game.Stamp); moves
	// stored together share it.
	Stamp uint64 `json:"stamp,omitempty"`
	// Bot marks a decision the bot made for a seat it plays.
	Bot bool `json:"bot,omitempty"`
	// Interaction is the Discord interaction that sent the move, and Typed
	// a fingerprint of a typed command: with them a move sent twice is
	// recognised (referee.AlreadyPlayed).
	Interaction string `json:"interaction,omitempty"`
	Typed       string `json:"typed,omitempty"`
}

// Game is a stored game: its log, and its state read from the stored
// snapshot or rebuilt from the log.
type Game struct {
	ID          string
	Meta        Meta
	Setup       engine.Setup
	SetupEvents []engine.Event
	Log         []LogEntry
	Version     uint64 // number of moves played
	// Stamp names this moment of the game's history. It grows with every
	// change of the state, the seats or the status, an undo included, and
	// is never reused: a button made at one moment is never taken for
	// another.
	Stamp uint64
	State engine.State
	// SnapshotMismatch reports that the stored snapshot disagreed with the
	// replayed log when this game was checked. State is the replay's.
	SnapshotMismatch bool
	// NarratedFrom is the first log entry that carries its events: every
	// entry from it on does, and 0 means all do. A game read from the
	// database carries the events of its newest moves only.
	NarratedFrom int
}

// Narrated reports whether every log entry carries its events.
func (g *Game) Narrated() bool { return g.NarratedFrom == 0 }

// Moves returns the action log in the engine's form, for replay and export.
func (g *Game) Moves() []engine.Move {
	moves := make([]engine.Move, len(g.Log))
	for i, e := range g.Log {
		moves[i] = engine.Move{Seat: e.Seat, Action: e.Action}
	}
	return moves
}

// Replay rebuilds the state and every log entry's events by replaying the
// log from the setup; game is the rules the setup names.
func (g *Game) Replay(game engine.Game) error {
	state, events, err := engine.Replay(game, g.Setup, g.Moves())
	if err != nil {
		return err
	}
	g.State, g.NarratedFrom = state, 0
	g.Log = slices.Clone(g.Log)
	for i := range g.Log {
		g.Log[i].Events = events[i]
	}
	return nil
}

// Clone returns a Game that shares only what never changes in place: the
// state (states are values), the setup and the log entries. Appending to
// its log never writes into the original's.
func (g *Game) Clone() *Game {
	c := *g
	c.Log = slices.Clip(g.Log)
	c.Meta.Seats = slices.Clone(g.Meta.Seats)
	c.Meta.Followers = slices.Clone(g.Meta.Followers)
	if g.Meta.Undo != nil {
		u := *g.Meta.Undo
		u.Agreed = slices.Clone(u.Agreed)
		c.Meta.Undo = &u
	}
	return &c
}

// BotPending returns a seat the bot plays that must decide now.
func BotPending(m Meta, st engine.State) (engine.Seat, bool) {
	for _, p := range st.Pending() {
		if m.botSeat(p.Seat) {
			return p.Seat, true
		}
	}
	return engine.NoSeat, false
}

// PeoplePending are the pending decisions of the seats the bot does not
// play: what the players may answer.
func PeoplePending(m Meta, st engine.State) []engine.Pending {
	return slices.DeleteFunc(slices.Clone(st.Pending()), func(p engine.Pending) bool { return m.botSeat(p.Seat) })
}
