package vinhos

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
)

// R10 retrieval of pairs of barrels (RESERVE-2010.md §8): two of a
// player's barrels on one Sales establishment (Casa de Fados, Hotel,
// Enoteca) go back to the supply, and the player places 2 Renown cubes
// from the supply in 2 different regions. A lone barrel never comes back
// this way. AMB-7: in an Actions-phase turn pairs are offered before the
// move (bonusOptions) and before a benefit's Additional Action
// (benefits.go), never after the action nor in the end's benefit rounds;
// the Fair's opening may offer them too: any step can append pairOptions,
// since a pair in progress is asked next wherever the decision stands
// (listStep).

// PairCubes are the Renown cubes placed for each pair taken back.
const PairCubes = 2

// pairRun is a pair being taken back: the barrels still to choose on its
// establishment, then the cubes still to place.
type pairRun struct {
	est     Establishment
	barrels int      // barrels still to choose on est
	cubes   int      // Renown cubes still to place for the pair
	first   RegionID // where the pair's first cube went: the second goes elsewhere
}

// owed reports whether a pair is being taken back.
func (p pairRun) owed() bool { return p.barrels > 0 || p.cubes > 0 }

// pairKeys are the choice IDs of taking a pair back, by establishment.
var pairKeys = [...]string{CasaDeFados: "pair-casa-de-fados", Hotel: "pair-hotel", Enoteca: "pair-enoteca"}

// pairOptions appends the pairs of barrels seat may take back now, one
// option per establishment holding 2 or more of seat's barrels; taking one
// asks for the next, so several pairs may be taken a turn.
func (s *walker) pairOptions(opts []option, seat engine.Seat) []option {
	if !s.rules().pairs {
		return opts
	}
	for e := range numEstablishments {
		est := Establishment(e)
		if !s.inOrder(rankPair + e) {
			continue
		}
		if s.barrelsOn(seat, est) < 2 {
			if s.Explaining {
				s.refuse(pairKeys[e], "You need 2 barrels on the %s to take a pair back; a lone barrel stays.", establishmentTitle(est))
			}
			continue
		}
		opts = append(opts, option{
			Choice: engine.Choice{ID: pairKeys[e], Label: s.label(func() string {
				return fmt.Sprintf("Take back a pair of barrels from the %s, placing %d Renown cubes", establishmentTitle(est), PairCubes)
			})},
			// Risky: where it comes back to, nothing more may be possible.
			Risky: true,
			Do: func(s *walker) {
				s.ranked(rankPair + int(est))
				s.startPair(seat, est)
			},
		})
	}
	return opts
}

// hasPair reports whether seat has a pair of barrels to take back: the
// Fair's opening asks it of each player.
func (s *State) hasPair(seat engine.Seat) bool {
	if !s.rules().pairs {
		return false
	}
	for e := range numEstablishments {
		if s.barrelsOn(seat, Establishment(e)) >= 2 {
			return true
		}
	}
	return false
}

// barrelsOn counts seat's barrels on establishment e's Sales slots.
func (s *State) barrelsOn(seat engine.Seat, e Establishment) int {
	n := 0
	for i, occ := range s.Sales {
		if occ == seat && s.data.Sales[i].Establishment == e {
			n++
		}
	}
	return n
}

// startPair begins taking a pair back from e: with exactly 2 barrels there
// both come back at once, with more the player chooses which 2.
func (s *walker) startPair(seat engine.Seat, e Establishment) {
	s.work.pairsTaken++
	if s.barrelsOn(seat, e) > 2 {
		s.work.pair = pairRun{est: e, barrels: 2}
		return
	}
	for i, occ := range s.Sales {
		if occ == seat && s.data.Sales[i].Establishment == e {
			s.Sales[i] = engine.NoSeat
		}
	}
	s.Seats[seat].Barrels += 2
	s.say(seat, func() string {
		return fmt.Sprintf("%s takes back a pair of barrels from the %s.", s.Seats[seat].Name, establishmentTitle(e))
	})
	s.work.pair = pairRun{cubes: PairCubes}
}

// pairStep asks which barrel of a pair comes back, then where each of its
// Renown cubes goes. Its answers are Risky: the decision goes on where the
// pair was offered, which may then offer nothing (a benefit's barrel with
// no space it can use), and a cube may be what a sale after it needs.
func (s *walker) pairStep() step {
	st := s.pairCubeStep
	if s.work.pair.barrels > 0 {
		st = s.pairBarrelStep
	}
	step := st()
	if s.Lookahead && len(step.Opts) > 1 {
		// A look-ahead places the cubes in the first regions it may:
		// weighing every placement of every pair's cubes grew without
		// bound, and where the cubes go rarely decides whether a turn can
		// go on.
		step.Opts = step.Opts[:1]
	}
	for i := range step.Opts {
		step.Opts[i].Risky = true
	}
	return step
}

// pairBarrelStep: which of seat's barrels on the establishment come back.
func (s *walker) pairBarrelStep() step {
	seat := s.work.seat
	e := s.work.pair.est
	st := step{Name: "barrel", Prompt: s.shown(func() string {
		return fmt.Sprintf("Which barrel of the pair do you take back from the %s?", establishmentTitle(e))
	}), Opts: s.EmptyOptions()}
	for i, occ := range s.Sales {
		slot := s.data.Sales[i]
		if occ != seat || slot.Establishment != e {
			continue
		}
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: saleKey(slot), Label: s.label(func() string { return fmt.Sprintf("The barrel on %s %d", slot.Color, slot.Value.V) })},
			Do: func(s *walker) {
				s.Sales[i] = engine.NoSeat
				s.Seats[seat].Barrels++
				s.say(seat, func() string {
					return fmt.Sprintf("%s takes back the barrel on the %s %s %d slot.", s.Seats[seat].Name, establishmentTitle(e), slot.Color, slot.Value.V)
				})
				if s.work.pair.barrels--; s.work.pair.barrels == 0 {
					s.work.pair = pairRun{cubes: PairCubes}
				}
			},
		})
	}
	return st
}

// pairCubeStep: each cube of a pair goes to a region in play of the
// player's choice, the two in different regions, fewer only when the
// supply or the insets leave no choice (AMB-8: any region in play, not
// only the player's).
func (s *walker) pairCubeStep() step {
	seat := s.work.seat
	pair := &s.work.pair
	st := step{Name: "cube", Prompt: "Place a Renown cube for the pair in which region? (The pair's two cubes go to different regions.)", Opts: s.EmptyOptions()}
	for r := RegionID(1); int(r) <= NumRegions && s.Supply.Cubes > 0; r++ {
		if !s.Regions[r].InPlay || s.Regions[r].Cubes >= s.data.Insets[r].CubeSpaces.V || r == pair.first {
			continue
		}
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: regionKey(r), Label: s.label(func() string {
				return fmt.Sprintf("%s (%s now)", Regions[r].Name, plural(s.Regions[r].Cubes, "cube", "cubes"))
			})},
			Do: func(s *walker) {
				s.placeCube(seat, r)
				pair := &s.work.pair
				if pair.first, pair.cubes = r, pair.cubes-1; pair.cubes == 0 {
					*pair = pairRun{}
				}
			},
		})
	}
	if len(st.Opts) == 0 {
		st.Opts = append(st.Opts, doneOption("No region can take the pair's Renown cube", func(s *walker) { s.work.pair = pairRun{} }))
	}
	return st
}

// pairsStep is a step of pairs alone, for a decision that offers nothing
// else at that moment, such as the Fair's opening (§8, AMB-7): the pairs
// seat may take back, one at a time, or done, which calls then.
func (s *walker) pairsStep(then func(*walker)) step {
	seat := s.work.seat
	st := step{Name: "pairs", Prompt: "Take back a pair of barrels from a Sales establishment?", Opts: s.EmptyOptions()}
	st.Opts = append(st.Opts, doneOption("Take back no more pairs", then))
	st.Opts = s.pairOptions(st.Opts, seat)
	return st
}
