package vinhos

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
)

// The R10 Press Release (RESERVE-2010.md §7.9): Fair Points for the Wine
// Value above 9, a Fair tile by value on a Fair slot, barrels beside the
// Magnates. The Fair itself is in fairpicks.go.

// pressFairPoints is what a Press Release of a wine of this value scores:
// all of it in SV16, what exceeds 9 in R10 (§7.9c).
func (s *State) pressFairPoints(value int) int {
	if !s.rules().fairTiles {
		return value
	}
	return max(0, value-R10PressReleaseFairPointsOver)
}

// cubesChange reports whether Renown cubes raising a presented wine from
// value before to after change anything. AMB-6: R10 allows cubes only for
// Fair Points above 9, a larger Fair tile, or Bruno's least value (when
// barrels may be placed); SV16 scores every point of value.
func (s *State) cubesChange(before, after int) bool {
	if !s.rules().fairTiles {
		return true
	}
	bruno := s.VintageTile().Bruno.V
	return after > R10PressReleaseFairPointsOver ||
		s.data.Reserve.FairTile(after) > s.data.Reserve.FairTile(before) ||
		(s.Year > 1 && before < bruno && after >= bruno)
}

// fairTileText tells, in R10, the Fair tile a wine of this value takes.
func (s *State) fairTileText(value int) string {
	if !s.rules().fairTiles {
		return ""
	}
	return fmt.Sprintf(", Fair tile %d", s.data.Reserve.FairTile(value))
}

// fairSlotStep: the Fair tile goes on an empty Fair slot, which pays the
// Fair Points of its two features' sections and its bonus (§7.9d-e).
func (s *walker) fairSlotStep(seat engine.Seat) step {
	tile := s.data.Reserve.FairTile(s.work.run.press.value)
	st := step{Name: "slot", Prompt: fmt.Sprintf("Your wine takes Fair tile %d. Which Fair slot does it go to?", tile), Opts: s.EmptyOptions()}
	for i, slot := range s.FairSlots {
		if slot.Taken {
			if s.Explaining {
				s.refuse(fairSlotKeys[i], "%s's Fair tile is on that slot.", s.Seats[slot.Seat].Name)
			}
			continue
		}
		fp := s.slotFairPoints(i)
		bonus := s.data.Reserve.SlotBonus[i].V
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: fairSlotKeys[i], Label: s.label(func() string {
				return fmt.Sprintf("%s: %s, then %s", s.fairSlotName(i), plural(fp, "Fair Point", "Fair Points"), slotBonusText(bonus))
			})},
			Do: func(s *walker) { s.takeFairSlot(seat, i, tile) },
		})
	}
	return st
}

// slotFairPoints is what Fair slot i's two features pay now.
func (s *State) slotFairPoints(i int) int {
	f := R10FairSlotFeatures[i]
	return s.sectionFP(f[0]) + s.sectionFP(f[1])
}

func (s *State) fairSlotName(i int) string {
	f := R10FairSlotFeatures[i]
	return s.featureTitle(f[0]) + " + " + s.featureTitle(f[1])
}

func slotBonusText(b FairSlotBonus) string {
	switch b {
	case SlotBagos:
		return bagos(R10SlotBonusAmount[SlotBagos])
	case SlotExpert:
		return "the top Wine Expert of a deck"
	}
	return fmt.Sprintf("%d Fair Points", R10SlotBonusAmount[SlotFairPoints])
}

// takeFairSlot puts seat's Fair tile on slot i and pays the slot.
func (s *walker) takeFairSlot(seat engine.Seat, i, tile int) {
	p := &s.Seats[seat]
	s.FairSlots[i] = FairSlot{Spot{true, seat}, tile}
	s.work.run.press.booth = i
	fp := s.slotFairPoints(i)
	p.FairPoints += fp
	s.say(seat, func() string {
		return fmt.Sprintf("%s puts Fair tile %d on the %s slot and gains %s (%d).", p.Name, tile, s.fairSlotName(i), plural(fp, "Fair Point", "Fair Points"), p.FairPoints)
	})
	switch bonus := s.data.Reserve.SlotBonus[i].V; bonus {
	case SlotExpert:
		if s.anyExperts() {
			s.work.experts += R10SlotBonusAmount[SlotExpert]
		}
	case SlotBagos:
		p.Money += R10SlotBonusAmount[SlotBagos]
		s.say(seat, func() string { return fmt.Sprintf("%s takes %s.", p.Name, bagos(R10SlotBonusAmount[SlotBagos])) })
	case SlotFairPoints:
		p.FairPoints += R10SlotBonusAmount[SlotFairPoints]
		s.say(seat, func() string {
			return fmt.Sprintf("%s gains %d Fair Points (%d).", p.Name, R10SlotBonusAmount[SlotFairPoints], p.FairPoints)
		})
	}
}

// placeBarrelStep: barrels from the supply beside the Magnates whose
// expectation the wine meets, at most 2 and on different Magnates, never in
// year 1 (§7.9f); then the wine is discarded.
func (s *walker) placeBarrelStep(seat engine.Seat, p *Player) step {
	pr := &s.work.run.press
	st := step{Name: "barrel", Prompt: "Place a barrel beside a Magnate whose expectation your wine meets?", Opts: s.EmptyOptions()}
	st.Opts = append(st.Opts, doneOption("Done", func(s *walker) { s.finishPress(seat) }))
	if s.Year == 1 {
		if s.Explaining {
			s.refuseAll(magnateKeys[:], "The Magnates have no interest in start-ups: no barrel goes to them in year 1.")
		}
		return st
	}
	if pr.barrels >= MaxBarrelsPerPressRelease || p.Barrels == 0 {
		if s.Explaining {
			s.refuseAll(magnateKeys[:], fmt.Sprintf("A Press Release places at most %d barrels, from your supply.", MaxBarrelsPerPressRelease))
		}
		return st
	}
	for m := range NumMagnates {
		if pr.taken[m] || !s.meets(seat, Magnate(m)) {
			if s.Explaining {
				s.refuse(magnateKeys[m], "%s", s.magnateRefusal(seat, Magnate(m)))
			}
			continue
		}
		st.Forfeits = true // the wine earned it: a command that leaves it out is asked
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: magnateKeys[m], Label: s.label(func() string { return fmt.Sprintf("Place a barrel beside %s", s.magnateTitle(Magnate(m))) })},
			Do: func(s *walker) {
				p := &s.Seats[seat]
				p.Magnates[m]++
				p.Barrels--
				s.work.run.press.taken[m] = true
				s.work.run.press.barrels++
				s.say(seat, func() string { return fmt.Sprintf("%s places a barrel beside %s.", p.Name, s.magnateTitle(Magnate(m))) })
			},
		})
	}
	return st
}

// magnateKeys are the Magnates' choice IDs.
var magnateKeys = [NumMagnates]string{Anabela.String(), Bruno.String(), Carolina.String()}
