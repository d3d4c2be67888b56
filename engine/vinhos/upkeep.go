package vinhos

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
)

// The R10 Maintenance (RESERVE-2010.md §11): each player's bank pays the
// interest of the investment, then the Enologists' salaries. What the
// account cannot pay costs a building or Enologists, which the player
// chooses.

// Penalty is what a player still owes for a Maintenance the account could
// not pay: a Winery (or, without one, a Vineyard) for the interest, and
// Enologists fired for their salaries.
type Penalty struct {
	Building bool `json:"building,omitempty"`
	Fire     int  `json:"fire,omitempty"`
}

// startMaintenancePairs opens the maintenance variant's pairs, in player
// order, before the upkeep.
func (s *State) startMaintenancePairs() {
	s.At, s.Turn = PhaseMaintenancePairs, 0
}

// pairsOwer finds, from Turn on, the next player in order who has a pair
// to take back.
func (s *State) pairsOwer() (int, bool) {
	for i := s.Turn; i < len(s.Order); i++ {
		if s.hasPair(s.Order[i]) {
			return i, true
		}
	}
	return 0, false
}

// maintenancePairsStep: one pair is compulsory, more are optional (AMB-9,
// reading the rulebook's « ne doit pas reprendre plus d'une paire » as
// the reference's "does not have to").
func (s *walker) maintenancePairsStep() step {
	if s.work.pairsTaken > 0 {
		return s.pairsStep(func(s *walker) { s.work.stage = stDone })
	}
	st := step{Name: "pairs", Prompt: "Maintenance: take back a pair of barrels from a Sales establishment (one is compulsory).", Opts: s.EmptyOptions()}
	st.Opts = s.pairOptions(st.Opts, s.work.seat)
	return st
}

// startUpkeep charges every bank, in player order, and leaves the
// choices the failures call for to their players.
func (s *walker) startUpkeep() {
	s.At = PhaseMaintenance
	s.Done = make([]bool, len(s.Seats))
	bar := &s.data.Reserve.Investment
	for _, seat := range s.Order {
		p := &s.Seats[seat]
		enologists := 0
		for e := range s.board().Estates {
			enologists += int(p.Estates[e].Enologists)
		}
		u := p.Bank.Maintain(bar, enologists)
		s.say(seat, func() string { return s.upkeepText(p, u, enologists) })
		s.overdraft(seat, u.VPLost)
		p.Penalty = Penalty{Building: u.Unpaid && s.buildings(seat) > 0, Fire: u.Fired}
		s.Done[seat] = p.Penalty == Penalty{}
	}
}

func (s *State) upkeepText(p *Player, u Upkeep, enologists int) string {
	text := fmt.Sprintf("%s's bank (investment %+d): ", p.Name, p.Bank.Invest)
	switch {
	case u.Interest > 0:
		text += fmt.Sprintf("+%d interest", u.Interest)
	case u.Interest < 0 || u.Unpaid:
		text += fmt.Sprintf("%d interest", u.Interest)
		if u.Unpaid {
			text += " (not all paid)"
		}
	default:
		text += "no interest"
	}
	if enologists > 0 {
		text += fmt.Sprintf(", %d of %d in salaries", u.Salaries, enologists*R10EnologistSalary)
	}
	return text + fmt.Sprintf("; the account holds %d.", p.Bank.Account)
}

// buildings counts what an unpaid interest may take: Wineries, or else
// Vineyards.
func (s *State) buildings(seat engine.Seat) int {
	n := 0
	for e := range s.board().Estates {
		n += int(s.Seats[seat].Estates[e].Wineries) + int(s.Seats[seat].Estates[e].Vineyards)
	}
	return n
}

// penaltyStep asks for what the Maintenance takes: a Winery (a Vineyard
// when there is none) for unpaid interest, then each unpaid Enologist.
// AMB-21: the player chooses which.
func (s *walker) penaltyStep() step {
	seat := s.work.seat
	p := &s.Seats[seat]
	if p.Penalty.Building {
		return s.lossStep(seat)
	}
	st := step{Name: "fire", Prompt: fmt.Sprintf("Your account cannot pay %s. Which Enologist do you fire?", plural(p.Penalty.Fire, "salary", "salaries")), Opts: s.EmptyOptions()}
	for e := range s.board().Estates {
		if p.Estates[e].Enologists == 0 {
			continue
		}
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: estateKeys[e], Label: s.label(func() string { return "The Enologist of " + s.estateName(p, e) })}, Auto: true,
			Do: func(s *walker) {
				p := &s.Seats[seat]
				p.Estates[e].Enologists--
				s.Supply.Enologists++
				p.Penalty.Fire--
				s.say(seat, func() string { return fmt.Sprintf("%s fires the Enologist of %s.", p.Name, s.estateName(p, e)) })
				s.penaltyPaid()
			}})
	}
	return st
}

// lossStep: the Winery (or Vineyard) an unpaid interest costs.
func (s *walker) lossStep(seat engine.Seat) step {
	p := &s.Seats[seat]
	wineries := 0
	for e := range s.board().Estates {
		wineries += int(p.Estates[e].Wineries)
	}
	what := "Winery"
	if wineries == 0 {
		what = "Vineyard"
	}
	st := step{Name: "discard", Prompt: fmt.Sprintf("Your account could not pay the interest. Which %s do you discard?", what), Opts: s.EmptyOptions()}
	for e := range s.board().Estates {
		est := &p.Estates[e]
		if (wineries > 0 && est.Wineries == 0) || (wineries == 0 && est.Vineyards == 0) {
			continue
		}
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: estateKeys[e], Label: s.label(func() string { return fmt.Sprintf("A %s of %s", what, s.estateName(p, e)) })}, Auto: true,
			Do: func(s *walker) {
				if wineries > 0 {
					s.loseWinery(seat, e)
				} else {
					s.loseVineyard(seat, e)
				}
				s.Seats[seat].Penalty.Building = false
				s.penaltyPaid()
			}})
	}
	return st
}

// penaltyPaid ends the decision once nothing more is owed.
func (s *walker) penaltyPaid() {
	if s.Seats[s.work.seat].Penalty == (Penalty{}) {
		s.work.stage = stDone
	}
}

// loseWinery returns a Winery of estate e to the board. AMB-21: an
// Enologist it held moves to an empty Winery of the player's, else goes
// back to the board.
func (s *walker) loseWinery(seat engine.Seat, e int) {
	p := &s.Seats[seat]
	est := &p.Estates[e]
	est.Wineries--
	s.Supply.Wineries++
	s.say(seat, func() string { return fmt.Sprintf("%s discards a Winery of %s.", p.Name, s.estateName(p, e)) })
	if est.Enologists <= est.Wineries {
		return
	}
	est.Enologists--
	for to := range s.board().Estates {
		if b := &p.Estates[to]; b.Enologists < b.Wineries {
			b.Enologists++
			s.say(seat, func() string { return fmt.Sprintf("Its Enologist moves to %s.", s.estateName(p, to)) })
			return
		}
	}
	s.Supply.Enologists++
	s.say(seat, func() string { return "Its Enologist goes back to the board." })
	// It counts among the unpaid ones, who would go anyway.
	p.Penalty.Fire = max(0, p.Penalty.Fire-1)
}

// loseVineyard takes a Vineyard of estate e out of the game (§11). A
// Farmer without a Vineyard goes back to the board; an estate that loses
// its last Vineyard takes its Region marker back (AMB-21), and its
// region's Renown cubes stay. Its wines keep their value but, without a
// region, no Renown cube raises them.
func (s *walker) loseVineyard(seat engine.Seat, e int) {
	p := &s.Seats[seat]
	est := &p.Estates[e]
	name := s.estateName(p, e)
	est.Vineyards--
	s.Supply.VineyardsOut++
	s.say(seat, func() string { return fmt.Sprintf("%s discards a Vineyard of %s; it leaves the game.", p.Name, name) })
	if est.Farmers > est.Vineyards {
		est.Farmers--
		s.Supply.Farmers++
	}
	if est.Vineyards == 0 {
		est.Region = 0
	}
}
