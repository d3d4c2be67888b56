package lavina

import (
	"encoding/json"
	"fmt"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
)

// seen is the state as one seat may see it, decoded from the engine's view
// (lavina.State.View): the board draws nothing else, so it cannot show a
// lower card's tool, the deck's order or a prestige the view withholds.
type seen struct {
	Options  lavina.Options  `json:"options"`
	Seats    []seenPlayer    `json:"players"`
	First    engine.Seat     `json:"first"`
	Pickers  []lavina.Picker `json:"pickers"`
	Aisle    []seenSpace     `json:"aisle"`
	Deck     int             `json:"deck"` // the view gives its size alone
	Discard  []lavina.Card   `json:"discard"`
	Wineries []lavina.Winery `json:"wineries"`

	ExitWildcard   bool                 `json:"exit_wildcard"`
	WildcardSupply int                  `json:"wildcard_supply"`
	ToolBank       [4]int               `json:"tool_bank"`
	BasketSupply   [lavina.NumSizes]int `json:"basket_supply"`
	ExitOrder      []int                `json:"exit_order"`
	Ended          bool                 `json:"over"`
	Standings      []engine.Seat        `json:"ranking"`
	Turn           *lavina.Turn         `json:"turn"`
	// Trades are the looking seat's own basket trades and their prices
	// (lavina.State.Trades); none for anyone else.
	Trades []lavina.Trade `json:"trades"`
}

// seenPlayer is a seat's picker card; Prestige is nil where the view
// hides it.
type seenPlayer struct {
	lavina.Player
	Prestige *int `json:"prestige"`
}

type seenSpace struct {
	Sides [lavina.Sides][]seenCard `json:"sides"`
}

// seenCard is a card beside the aisle. Its tool is known when Known is
// set; the view then gives Tool, nil for a card without one.
type seenCard struct {
	lavina.Placed
	Tool *lavina.Tool `json:"tool"`
}

// look decodes what seat (engine.NoSeat: anyone) may see of s.
func look(s *lavina.State, seat engine.Seat) *seen {
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		panic(fmt.Sprintf("lavina board: encoding the view: %v", err))
	}
	var v seen
	if err := json.Unmarshal(b, &v); err != nil {
		panic(fmt.Sprintf("lavina board: decoding the view: %v", err))
	}
	return &v
}

// face is the card as seen: with its tool where the view shows it, with
// none where it hides it.
func (c seenCard) face() lavina.Card {
	card := c.Card
	card.Tool = lavina.NoTool
	if c.Tool != nil {
		card.Tool = *c.Tool
	}
	return card
}
