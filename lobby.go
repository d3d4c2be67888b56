package adega

import "time"

// Lobby is a game being gathered: players join with a button until its
// creator starts it. It is stored so that a restart keeps every open lobby.
type Lobby struct {
	ID         string            `json:"id"`
	ChannelID  string            `json:"channel_id"`
	GuildID    string            `json:"guild_id,omitempty"`
	CreatorID  string            `json:"creator_id"`
	Game       string            `json:"game"`
	Mode       string            `json:"mode,omitempty"`
	MaxPlayers int               `json:"max_players"`
	Options    map[string]string `json:"options,omitempty"`
	Seats      []SeatUser        `json:"seats"` // in joining order
	// GameID is set once the lobby has started its game.
	GameID    string    `json:"game_id,omitempty"`
	Closed    bool      `json:"closed,omitempty"` // started or cancelled
	CreatedAt time.Time `json:"created_at"`
	// Wait is the pace, deadline and absent rule the game will have.
	Wait WaitRules `json:"wait,omitzero"`
	// Board is the board its turn messages will carry.
	Board BoardStyle `json:"board,omitempty"`
	// Level and Hints are the game's Meta.Level and Meta.Hints.
	Level string `json:"level,omitempty"`
	Hints bool   `json:"hints,omitempty"`
	// Practice is the game's Meta.Practice.
	Practice bool `json:"practice,omitempty"`
}
