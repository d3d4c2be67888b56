package engine

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Seat is a player's position at the table, from 0.
type Seat int

// NoSeat marks an event or prompt that belongs to no player.
const NoSeat Seat = -1

// Game describes one game and builds its states.
type Game interface {
	// Name is the registry key: lower case, one word ("vinhos").
	Name() string
	// Title is the name players see ("Vinhos Deluxe").
	Title() string
	// Modes lists the ways to play, the first being the default.
	Modes() []Mode
	// New sets a game up. The events narrate the setup.
	New(setup Setup) (State, []Event, error)
	// Decode rebuilds a state from its JSON encoding.
	Decode(data []byte) (State, error)
}

// Mode is one way to play a game, with its player counts.
type Mode struct {
	Name       string `json:"name"`
	Title      string `json:"title"`
	MinPlayers int    `json:"min_players"`
	MaxPlayers int    `json:"max_players"`
	// WholeTitle: Title names the whole game, as "Vinhos (first edition,
	// 2010)" does, so it is not put after the game's title.
	WholeTitle bool `json:"whole_title,omitempty"`
}

// FullTitle names a game of mode m of g, as players know it: "Vinhos
// Deluxe, 2010 Reserve".
func (m Mode) FullTitle(g Game) string {
	// A game's one mode may be named as the game ("La Viña"): said once.
	if m.WholeTitle || m.Title == g.Title() {
		return m.Title
	}
	return g.Title() + ", " + m.Title
}

// Setup is everything needed to start a game. With the action log it
// determines the whole game.
type Setup struct {
	Game string `json:"game"`
	Mode string `json:"mode"`
	Seed uint64 `json:"seed"`
	// Players are the players' names in the order they joined. The game
	// decides who sits where, so seat order may differ.
	Players []string `json:"players"`
	// Options are mode-specific choices made at creation, such as the
	// regions in play.
	Options map[string]string `json:"options,omitempty"`
	// Rules is the revision of the game's rules the game is played by: 0
	// the first. A game keeps its revision for life, so that its log
	// replays exactly as it was played; storage gives new games the
	// latest (see Revised).
	Rules int `json:"rules,omitempty"`
}

// Revised is implemented by games whose rules were corrected after games
// were played by them. Each correction is a new revision; a game set up
// under an older one keeps playing by it.
type Revised interface {
	// LatestRules is the revision new games are set up under.
	LatestRules() int
}

// LatestRules is the revision of g's rules that new games take.
func LatestRules(g Game) int {
	if r, ok := g.(Revised); ok {
		return r.LatestRules()
	}
	return 0
}

// CheckRules refuses a setup's rules revision that g does not know: one
// newer than this version of adega plays, or below 0.
func CheckRules(g Game, rules int) error {
	if latest := LatestRules(g); rules < 0 || rules > latest {
		return Errorf(CodeBadSetup, "This game is played by rules revision %d, which this version of adega does not know (it knows 0 to %d); update adega.", rules, latest)
	}
	return nil
}

// ModeOf returns the named mode of g, or the default mode for "".
func ModeOf(g Game, name string) (Mode, error) {
	modes := g.Modes()
	if name == "" && len(modes) > 0 {
		return modes[0], nil
	}
	for _, m := range modes {
		if m.Name == name {
			return m, nil
		}
	}
	names := make([]string, len(modes))
	for i, m := range modes {
		names[i] = m.Name
	}
	return Mode{}, Errorf(CodeBadSetup, "%s has no mode %s; choose one of %v", g.Title(), Quote(name), names)
}

// SetupMode finds the setup's mode and checks its player count: what every
// game's New does first.
func SetupMode(g Game, setup Setup) (Mode, error) {
	mode, err := ModeOf(g, setup.Mode)
	if err != nil {
		return Mode{}, err
	}
	return mode, mode.CheckPlayers(len(setup.Players))
}

// CheckPlayers checks the player count against the mode.
func (m Mode) CheckPlayers(n int) error {
	if n < m.MinPlayers || n > m.MaxPlayers {
		if m.MinPlayers == m.MaxPlayers {
			players := "players"
			if m.MinPlayers == 1 {
				players = "player"
			}
			return Errorf(CodeBadSetup, "%s needs exactly %d %s, not %d", m.Title, m.MinPlayers, players, n)
		}
		return Errorf(CodeBadSetup, "%s needs %d to %d players, not %d", m.Title, m.MinPlayers, m.MaxPlayers, n)
	}
	return nil
}

// State is one moment of a game. States are values: Apply never changes its
// receiver, so a refused action leaves the state exactly as it was.
type State interface {
	// Pending says who must decide what now. It is empty once the game is over.
	Pending() []Pending
	// Choices lists the legal answers for the next step of an action that
	// starts with prefix, for the given seat. A seat with nothing to decide
	// gets a *Error with CodeNotYourTurn.
	Choices(seat Seat, prefix Action) (Step, error)
	// Apply plays a complete action for seat and returns the new state and
	// the events that narrate it.
	Apply(seat Seat, action Action) (State, []Event, error)
	// Players summarizes each seat for status lines, scores and exports.
	Players() []PlayerSummary
	// Phase names where the game stands, such as "Year 3, action round 2".
	Phase() string
	// Over reports whether the game has ended.
	Over() bool
}

// Pending is a decision a seat owes.
type Pending struct {
	Seat Seat `json:"seat"`
	// Prompt says what to decide, in words for the player.
	Prompt string `json:"prompt"`
	// Continues marks the rest of a decision the seat just began, which
	// stopped where it turned up hidden information: the player is at the
	// table, so nobody needs to be called.
	Continues bool `json:"continues,omitempty"`
}

// PlayerSummary is the public summary of one seat.
type PlayerSummary struct {
	Seat Seat   `json:"seat"`
	Name string `json:"name"`
	// Stats are the seat's counters in display order, such as money and VP.
	Stats []Stat `json:"stats"`
	// Public is everything else anyone may see of the seat (its board,
	// tiles held), as a JSON-encodable value; nil if the game has none.
	Public any `json:"public,omitempty"`
}

// Stat is one named counter of a player.
type Stat struct {
	Key   string `json:"key"`   // stable, snake_case: "fair_points"
	Label string `json:"label"` // for players: "Fair points"
	Value int    `json:"value"`
}

// Stat returns the value of the counter with the given key.
func (p PlayerSummary) Stat(key string) (int, bool) {
	i := slices.IndexFunc(p.Stats, func(s Stat) bool { return s.Key == key })
	if i < 0 {
		return 0, false
	}
	return p.Stats[i].Value, true
}

// StatsText shows the counters in one line: "Money 12, VP 30".
func (p PlayerSummary) StatsText() string {
	parts := make([]string, len(p.Stats))
	for i, s := range p.Stats {
		parts[i] = fmt.Sprintf("%s %d", s.Label, s.Value)
	}
	return strings.Join(parts, ", ")
}

// Continues reports whether seat owes the rest of a decision it began.
func Continues(s State, seat Seat) bool {
	return slices.ContainsFunc(s.Pending(), func(p Pending) bool { return p.Seat == seat && p.Continues })
}

// MustDecide reports whether seat has a pending decision in s.
func MustDecide(s State, seat Seat) bool {
	return slices.ContainsFunc(s.Pending(), func(p Pending) bool { return p.Seat == seat })
}

// Encode is the canonical encoding of a state, used for snapshots and for
// comparing two states byte for byte.
func Encode(s State) ([]byte, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("engine: encode state: %w", err)
	}
	return b, nil
}

// Viewer is implemented by states that hold hidden information, such as the
// order of a deck. View is what one seat may see of the state (NoSeat: a
// spectator), as a JSON-encodable value.
type Viewer interface {
	View(seat Seat) any
}

// SeatView is what seat may see of s (NoSeat: a spectator): the whole
// state of a game with no hidden information.
func SeatView(s State, seat Seat) any {
	if v, ok := s.(Viewer); ok {
		return v.View(seat)
	}
	return s
}

// PublicView is what anyone may see of s: the whole state of a game with
// no hidden information.
func PublicView(s State) any { return SeatView(s, NoSeat) }

// Memoized is implemented by states that keep the walk of their last
// Choices beside their value (engine/steps.Memo), as much memory again as
// the state. Share returns the same state with a memo of its own: a store
// that keeps states for long hands these to its readers, so that what a
// reader walks goes with the reader, and a state kept holds one state,
// not two. Readers of one kept state then each walk a decision anew.
type Memoized interface {
	Share() State
}

// Share returns s with a memo of its own if it keeps one (Memoized), else s.
func Share(s State) State {
	if m, ok := s.(Memoized); ok {
		return m.Share()
	}
	return s
}

// Positioned is implemented by states whose positions recur by other
// orders of moves (in nim, the same piles after taking from one pile and
// then another, or the other way round). Position names the state as
// seat sees it, with whoever must decide: two states of the same position
// are the same game from here on for seat. The AI's search learns each
// such position once, however it was reached; without it, it learns each
// order of moves apart, and too thinly to see an opponent's best reply.
type Positioned interface {
	Position(seat Seat) string
}

// Scored is implemented by states whose seats race for a score kept among
// their PlayerSummary stats: ScoreKey names it (Vinhos's "vp", La Viña's
// "prestige"). Hints show the score each choice leads to.
type Scored interface {
	ScoreKey() string
}

// SoloScored is implemented by states that score a game of one player by
// a result of their own beside the ranking (Vinhos's accolades against
// Lacerda, and the title they earn); ok is false while the game goes on.
type SoloScored interface {
	SoloResult() (accolades int, title string, ok bool)
}

// Outcome is implemented by states that explain the end of a game beyond
// the counters: a scoring breakdown, a solo title. Each string is one line
// for players; the list is empty while the game goes on.
type Outcome interface {
	Outcome() []string
}

// Ranked is implemented by states that rank the seats at the end of a
// game, winner first, after the game's own tie breaks. Ranking is nil
// while the game goes on.
type Ranked interface {
	Ranking() []Seat
}

// FinalRanking ranks a finished game's seats, winner first: by the game's
// own ranking, tie breaks included (Ranked), else by VP and then by wins.
func FinalRanking(st State) []Seat {
	if r, ok := st.(Ranked); ok {
		if ranking := r.Ranking(); len(ranking) > 0 {
			return ranking
		}
	}
	players := st.Players()
	stat := func(p PlayerSummary, key string) int { v, _ := p.Stat(key); return v }
	slices.SortStableFunc(players, func(a, b PlayerSummary) int {
		return cmp.Or(cmp.Compare(stat(b, "vp"), stat(a, "vp")), cmp.Compare(stat(b, "won"), stat(a, "won")))
	})
	ranking := make([]Seat, len(players))
	for k, p := range players {
		ranking[k] = p.Seat
	}
	return ranking
}

// VPSources is implemented by states that can tell where each seat's
// victory points came from, for the charts that end a game. The sources
// are named for players, in the order to show them; vp[seat][k] is what
// seat scored from sources[k], and a seat's row adds up to its VP.
type VPSources interface {
	VPSources() (sources []string, vp [][]int)
}

// Staged is implemented by states of games played in stages that end with
// a scoring worth telling onlookers, such as the Wine Tasting Fairs of
// Vinhos.
type Staged interface {
	// StagesDone counts the stages ended so far, and names the last one
	// ("Wine Tasting Fair 2"); 0 and "" before the first ends.
	StagesDone() (int, string)
}

// StageEnded reports whether a stage ended between the states before and
// after, and names it.
func StageEnded(before, after State) (string, bool) {
	b, ok1 := before.(Staged)
	a, ok2 := after.(Staged)
	if !ok1 || !ok2 {
		return "", false
	}
	n, _ := b.StagesDone()
	m, name := a.StagesDone()
	return name, m > n
}
