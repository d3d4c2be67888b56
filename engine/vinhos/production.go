package vinhos

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// startMaintenance: each player takes one barrel back from the Sales area,
// if they have any there. C03: exactly one, though the overview says "at
// least one"; the phase rule and Lacerda's rule both say one.
func (s *walker) startMaintenance() {
	if s.rules().maintenancePairs {
		s.startMaintenancePairs()
		return
	}
	if s.rules().bank {
		s.startUpkeep()
		return
	}
	s.At = PhaseMaintenance
	s.Done = make([]bool, len(s.Seats))
	for seat := range s.Seats {
		s.Done[seat] = !slices.Contains(s.Sales[:], engine.Seat(seat))
	}
}

func (s *walker) maintenanceStep() step {
	seat := s.work.seat
	st := step{Name: "barrel", Prompt: "Which barrel do you take back from the Sales area?", Opts: s.EmptyOptions()}
	for i, occ := range s.Sales {
		if occ != seat {
			continue
		}
		slot := s.data.Sales[i]
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: saleKey(slot), Label: s.label(func() string {
				return fmt.Sprintf("%s %s %d", establishmentTitle(slot.Establishment), slot.Color, slot.Value.V)
			})},
			Do: func(s *walker) {
				s.takeBackSale(seat, i)
				s.work.stage = stDone
			},
			Auto: true,
		})
	}
	return st
}

// takeBackSale returns seat's barrel on Sales slot i to its supply.
func (s *walker) takeBackSale(seat engine.Seat, i int) {
	slot := s.data.Sales[i]
	s.Sales[i] = engine.NoSeat
	s.Seats[seat].Barrels++
	s.say(seat, func() string {
		return fmt.Sprintf("%s takes back the barrel from %s %s %d.", s.Seats[seat].Name, establishmentTitle(slot.Establishment), slot.Color, slot.Value.V)
	})
}

// startProduction ages every wine one slot; a wine pushed past the last slot
// is lost [T] (SV p. 8). Then each player may rearrange workers and set
// Porto aside before the wine is made.
func (s *walker) startProduction() {
	s.At = PhaseProduction
	s.Done = make([]bool, len(s.Seats))
	for seat := range s.Seats {
		p := &s.Seats[seat]
		for e := range p.Estates {
			est := &p.Estates[e]
			last := est.slots() - 1
			if lost := est.Wines[last]; lost.Quality > 0 {
				s.say(engine.Seat(seat), func() string {
					return fmt.Sprintf("%s's %s %d in %s was too old and is lost.", p.Name, lost.Color, lost.Quality, s.estateName(p, e))
				})
			}
			copy(est.Wines[1:last+1], est.Wines[:last])
			est.Wines[0] = Wine{}
		}
	}
}

// productionStep: move Enologists between Wineries and Farmers between
// Vineyards, and set Porto tiles aside for Douro wines [T] (SV p. 14).
func (s *walker) productionStep() step {
	seat := s.work.seat
	p := &s.Seats[seat]
	st := step{Name: "production", Prompt: "Before the wine is made: " + s.rules().prompts.production + "?", Opts: s.EmptyOptions()}
	st.Opts = append(st.Opts, doneOption("Make the wine", func(s *walker) { s.work.stage = stDone }))
	for from := range p.Estates {
		for to := range p.Estates {
			if from == to {
				continue
			}
			a, b := &p.Estates[from], &p.Estates[to]
			if a.Enologists > 0 && b.Enologists < b.Wineries {
				st.Opts = append(st.Opts, s.moveWorkerOption(seat, enologist, from, to))
			}
			if a.Farmers > 0 && b.Farmers < b.Vineyards {
				st.Opts = append(st.Opts, s.moveWorkerOption(seat, farmer, from, to))
			}
		}
	}
	if p.Porto > 0 {
		for e := range p.Estates {
			est := &p.Estates[e]
			if est.Region != Douro || est.Vineyards == 0 || est.Porto {
				continue
			}
			st.Opts = append(st.Opts, option{
				Choice: engine.Choice{ID: portoKeys[e], Label: s.label(func() string {
					return fmt.Sprintf("Spend a Porto tile on %s: +%d quality", s.estateName(p, e), QualityPorto)
				})},
				Do: func(s *walker) {
					p := &s.Seats[seat]
					p.Porto--
					p.Estates[e].Porto = true // set aside until the wine is made
					s.say(seat, func() string { return fmt.Sprintf("%s spends a Porto tile on %s.", p.Name, s.estateName(p, e)) })
				},
			})
		}
	}
	// Moving a worker or spending Porto helps this year's wine only: a
	// command that leaves the step out is asked rather than declining it.
	st.Forfeits = len(st.Opts) > 1
	return st
}

func (s *walker) moveWorkerOption(seat engine.Seat, who worker, from, to int) option {
	p := &s.Seats[seat]
	return option{
		Choice: engine.Choice{ID: workerMoves[who][from][to],
			Label: s.label(func() string { return workerMoveTexts[who] + s.estateName(p, from) + " to " + s.estateName(p, to) })},
		Do: workerMoveAnswers[who][from][to],
	}
}

// workerMoveTexts begin the labels of moving each worker, made once: a
// production step labels every move it lists.
var workerMoveTexts = func() (texts [numWorkers]string) {
	for who := range worker(numWorkers) {
		texts[who] = "Move " + article(who.String()) + " " + capitalize(who.String()) + " from "
	}
	return texts
}()

// workerMoveAnswers are the answers that move a worker, made once: every
// look-ahead at production lists them.
var workerMoveAnswers = func() (do [numWorkers][len(estateKeys)][len(estateKeys)]func(*walker)) {
	for who := range worker(numWorkers) {
		for from := range do[who] {
			for to := range do[who][from] {
				do[who][from][to] = func(s *walker) { s.moveWorker(who, from, to) }
			}
		}
	}
	return do
}()

// moveWorker moves one of the deciding seat's workers between estates.
func (s *walker) moveWorker(who worker, from, to int) {
	seat := s.work.seat
	p := &s.Seats[seat]
	a, b := &p.Estates[from], &p.Estates[to]
	if who == enologist {
		a.Enologists--
		b.Enologists++
	} else {
		a.Farmers--
		b.Farmers++
	}
	s.say(seat, func() string {
		return fmt.Sprintf("%s moves %s %s from %s to %s.", p.Name, article(who.String()), capitalize(who.String()), s.estateName(p, from), s.estateName(p, to))
	})
}

// quality is what estate e makes this year [T] (SV p. 8).
func (s *State) quality(est *Estate) int {
	q := QualityPerVineyard*int(est.Vineyards) + QualityPerFarmer*int(est.Farmers) +
		QualityPerWinery*int(est.Wineries) + QualityPerEnologist*int(est.Enologists) +
		s.VintageTile().Weather.V
	if est.Porto {
		q += QualityPorto
	}
	return q
}

// produce makes every estate's wine, in player order.
func (s *walker) produce() {
	for _, seat := range s.Order {
		p := &s.Seats[seat]
		for e := range p.Estates {
			est := &p.Estates[e]
			if est.Vineyards == 0 {
				continue
			}
			s.addWine(seat, e, s.quality(est))
			if est.Porto {
				// The spent Porto tile goes back to Douro (RB p. 12).
				est.Porto = false
				s.Regions[Douro].Porto++
			}
		}
	}
}
