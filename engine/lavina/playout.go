package lavina

import "github.com/adega-bot/adega/engine"

// RandomPlayout plays the game to its end by random legal decisions
// (engine.Playout, steps.Machine.Playout); SteeredPlayout lets p pick the
// steps that shape a turn (engine.Steered). Every option a step lists is
// legal, so a playout draws among them as enginetest.RandomGame draws
// among the choices, from the same random numbers: the same generator
// plays the same game.
//
// Only a last barrel ends a game (text l.313), and random players may
// take hundreds of rounds to deliver them all: a playout stops looking
// ahead after playoutRounds rounds and ranks the seats by the prestige
// they might end with (State.Cut, cut). That is the AI's estimate of the
// game, not a rule of it: the decisions it recorded replay through Apply
// to the same round's end, where the game goes on.
func (s *State) RandomPlayout(rng *engine.RNG, record func(engine.Seat, engine.Action)) engine.State {
	return s.SteeredPlayout(rng, nil, record)
}

func (s *State) SteeredPlayout(rng *engine.RNG, p engine.Policy, record func(engine.Seat, engine.Action)) engine.State {
	c := s.walker()
	c.cutAt = s.Round + playoutRounds
	machine.Playout(c, rng, p, record)
	return &c.State
}

// playoutRounds is how many rounds a playout looks ahead at most, beyond
// the one it starts in: as many as the first rules' round limit allowed a
// whole game (DefaultMaxRounds), which a game's own limit may cut shorter.
const playoutRounds = DefaultMaxRounds

// cut ends a playout that looked as far ahead as it may. The game is not
// over: it goes on until a seat places its last barrel, and a lead may not
// hold until then, the less so the more barrels are left (a winery's last
// slot pays every seal piled on it). So the seats are ranked by the
// prestige they might end with (State.projected), then by the order they
// came out this round.
func (s *walker) cut() {
	s.Cut = true
	s.rank(s.projected(&s.RNG))
}

// projected draws each seat's prestige at the end of the game, for a
// playout cut short: the seat with the fewest barrels left ends it with
// that many more deliveries, and every seat makes as many meanwhile (a
// round of deliveries at a time, from a seat drawn at random), each to a
// winery with an empty slot drawn at random, paying the slot's reward for
// a plausible value (drawnReward) and, on a winery's last slot, its seals.
// A lead near the end of the game so holds better than the same lead with
// many barrels to go, which prestige alone could not tell.
func (s *State) projected(rng *engine.RNG) []int {
	prestige := make([]int, len(s.Seats))
	fewest := s.count().Barrels
	for seat, p := range s.Seats {
		prestige[seat] = p.Prestige
		fewest = min(fewest, p.Barrels)
	}
	filled := make([]int, len(s.Wineries))
	seals := make([]int, len(s.Wineries))
	for i, w := range s.Wineries {
		filled[i], seals[i] = len(w.Barrels), w.Seals
	}
	n := len(s.Seats)
	for range fewest {
		first := rng.IntN(n)
		for k := range n {
			var open []int
			for i, w := range s.Wineries {
				if filled[i] < len(w.Card.Slots) {
					open = append(open, i)
				}
			}
			if len(open) == 0 { // every slot filled: no rule lets this happen (§2.11)
				return prestige
			}
			i := open[rng.IntN(len(open))]
			seat := (first + k) % n
			prestige[seat] += drawnReward(s.Wineries[i].Card, filled[i], rng)
			if filled[i]++; filled[i] == len(s.Wineries[i].Card.Slots) {
				prestige[seat] += seals[i]
				seals[i] = 0
			}
		}
	}
	return prestige
}

var (
	_ engine.Playout = (*State)(nil)
	_ engine.Steered = (*State)(nil)
)
