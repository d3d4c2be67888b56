package lavina

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// Game is La Viña on the engine contract. Data is the component data games
// are set up with; nil means DefaultData.
type Game struct {
	Data *Data
}

// ModeStandard is the one way to play, for 2 to 5 players.
const ModeStandard = "standard"

func (Game) Name() string  { return "lavina" }
func (Game) Title() string { return "La Viña" }
func (Game) Modes() []engine.Mode {
	return []engine.Mode{{Name: ModeStandard, Title: "La Viña", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers}}
}

// data is the component data of the game's setups and snapshots.
func (g Game) data() *Data { return cmp.Or(g.Data, DefaultData()) }

// Decode rebuilds a state from its snapshot (the JSON of State), with the
// game's component data.
func (g Game) Decode(b []byte) (engine.State, error) {
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("lavina: decode state: %w", err)
	}
	if err := engine.CheckRules(g, s.Rules); err != nil {
		return nil, err
	}
	s.data = g.data()
	return &s, nil
}

// New sets a game up as the text's GAME SETUP describes (text l.131-167,
// §3.1).
func (g Game) New(setup engine.Setup) (engine.State, []engine.Event, error) {
	if _, err := engine.SetupMode(g, setup); err != nil {
		return nil, nil, err
	}
	if err := engine.CheckRules(g, setup.Rules); err != nil {
		return nil, nil, err
	}
	opts, err := parseOptions(setup.Options, revisions[setup.Rules])
	if err != nil {
		return nil, nil, err
	}
	n := len(setup.Players)
	count := Counts[n]
	d := g.data()
	s := &walker{State: State{Rules: setup.Rules, Options: opts, data: d, RNG: engine.NewRNG(setup.Seed), Round: 1,
		Aisle: make([]Space, count.Spaces), WildcardSupply: Wildcards}}
	s.First = engine.Seat(s.RNG.IntN(n))
	s.setupPlayers(setup.Players)
	s.Deck = d.Deck()
	engine.Shuffle(&s.RNG, s.Deck)
	s.setupWineries()
	for _, t := range Tools {
		s.ToolBank[t] = count.ToolsEach
	}
	s.BasketSupply = upgradeBaskets(count.UpgradeBaskets, opts.UpgradeBasketsInTotal)
	s.placeWildcard()
	s.say(engine.NoSeat, "La Viña for %d players: %d aisle spaces, %s of each tool in the bank, %s each.",
		n, count.Spaces, plural(count.ToolsEach, "counter", "counters"), plural(count.Barrels, "barrel", "barrels"))
	s.say(s.First, "%s is the first player, farthest back at the entrance; the queue from the back is %s. Starting prestige: %s.",
		s.Seats[s.First].Name, s.queueText(), s.startingPrestigeText())
	s.refill()
	s.say(engine.NoSeat, "Wineries in play: %s, and the cooperative (%d slots at x0.5).", s.wineriesText(), len(s.Wineries[len(s.Wineries)-1].Card.Slots))
	s.announceLastRound()
	return &s.State, s.Events, nil
}

// setupPlayers gives each player his baskets, barrels and starting prestige
// by turn position, and lines the pickers up at the entrance from the back
// in turn order, alternating at 2 players (text l.143, l.155-161).
func (s *State) setupPlayers(names []string) {
	count := Counts[len(names)]
	s.Seats = make([]Player, len(names))
	for i, name := range names {
		seat := engine.Seat(i)
		s.Seats[i] = Player{Name: name, Barrels: count.Barrels, Prestige: count.StartPrestige[s.position(seat)],
			Baskets: [2]Basket{{Size: Small}, {Size: Medium}}}
	}
	for k := range len(names) * count.PickersPerPlayer {
		seat := (s.First + engine.Seat(k)) % engine.Seat(len(names))
		s.Pickers = append(s.Pickers, Picker{Owner: seat, Space: 0, Slot: k})
	}
}

// upgradeBaskets is the supply of medium and large baskets: count of each
// or count in total, medium first.
func upgradeBaskets(count int, inTotal bool) [NumSizes]int {
	if inTotal {
		return [NumSizes]int{Medium: count - count/2, Large: count / 2}
	}
	return [NumSizes]int{Medium: count, Large: count}
}

// setupWineries reveals winery cards at random, a third of one variety
// going back to the box, until the count is reached (text l.163, A-33),
// and puts the cooperative face for the player count last.
func (s *State) setupWineries() {
	order := make([]int, WineryCards)
	for i := range order {
		order[i] = i
	}
	engine.Shuffle(&s.RNG, order)
	var per [NumVarieties + 1]int
	for _, i := range order {
		card := s.data.Wineries[i].V
		if len(s.Wineries) == s.count().Wineries {
			break
		}
		if per[card.Variety] == MaxWineriesPerVariety {
			continue
		}
		per[card.Variety]++
		s.Wineries = append(s.Wineries, Winery{Card: card})
	}
	coop := WineryCard{ID: "COOP", Cooperative: true, Slots: times(repeat(1, s.data.CoopSlots[s.count().CoopFace].V)...)}
	s.Wineries = append(s.Wineries, Winery{Card: coop})
}

func repeat(v, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// Deck builds the 72 grape cards of the data set, in ID order (§2.4).
func (d *Data) Deck() []Card {
	var deck []Card
	for _, v := range Varieties {
		for value := 1; value < len(d.ValueCounts); value++ {
			for copy := range d.ValueCounts[value].V {
				c := Card{ID: fmt.Sprintf("%s-%d%c", varietyCodes[v], value, 'a'+copy), Variety: v, Value: value}
				for _, t := range Tools {
					if copy == 0 && d.ToolValues[t].V == value {
						c.Tool = t
					}
				}
				deck = append(deck, c)
			}
		}
	}
	for _, t := range Tools {
		for k := range d.EmptyVines[t].V {
			deck = append(deck, Card{ID: fmt.Sprintf("EV-%s%d", strings.ToUpper(toolCodes[t]), k+1), Variety: EmptyVine, Tool: t})
		}
	}
	return deck
}

var toolCodes = [...]string{Billhook: "bh", Boots: "bo", Shears: "sh"}

// placeWildcard puts a wildcard from the supply at the exit, if the supply
// has one (text l.163, l.307, A-30).
func (s *State) placeWildcard() {
	if s.WildcardSupply > 0 && !s.ExitWildcard {
		s.WildcardSupply--
		s.ExitWildcard = true
	}
}

func (s *State) queueText() string {
	var names []string
	for k := range s.Pickers {
		for _, p := range s.Pickers {
			if p.Space == 0 && p.Slot == k {
				names = append(names, s.Seats[p.Owner].Name)
			}
		}
	}
	return strings.Join(names, ", ")
}

func (s *State) startingPrestigeText() string {
	parts := make([]string, len(s.Seats))
	for k := range s.Seats {
		seat := (s.First + engine.Seat(k)) % engine.Seat(len(s.Seats))
		parts[k] = fmt.Sprintf("%s %d", s.Seats[seat].Name, s.Seats[seat].Prestige)
	}
	return strings.Join(parts, ", ")
}

func (s *State) wineriesText() string {
	var parts []string
	for _, w := range s.Wineries {
		if !w.Card.Cooperative {
			slots := make([]string, len(w.Card.Slots))
			for i, r := range w.Card.Slots {
				slots[i] = r.Text()
			}
			parts = append(parts, fmt.Sprintf("%s paying %s", w.Card.Text(), strings.Join(slots, ", ")))
		}
	}
	return strings.Join(parts, "; ")
}
