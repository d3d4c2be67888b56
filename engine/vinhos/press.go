package vinhos

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// pressRun is a Press Release in progress: the seven steps of SV p. 12.
type pressRun struct {
	ordered   bool // the Player Order marker went to the bottom row
	cubesDone bool
	cubes     int
	value     int
	booth     int // -1 until chosen
	feature   int // the next Vintage feature to send an Expert for
	barrels   int
	taken     [NumMagnates]bool
}

// passStep: Pass / Press Release. The order marker goes to an empty slot of
// the bottom row, then the player passes or makes a Press Release, which is
// allowed once per Fair [T] (SV p. 12).
func (s *walker) passStep() step {
	seat := s.work.seat
	run := &s.work.run
	p := &s.Seats[seat]
	pass := doneOption("Pass", func(s *walker) {
		seat := s.work.seat // a closure of nothing is allocated once
		s.say(seat, func() string { return fmt.Sprintf("%s passes.", s.Seats[seat].Name) })
		s.endRun()
	})
	pass.ID = "pass"
	if s.At == PhaseFinalAction {
		// Nothing is left to order, and no Fair follows to enter.
		return step{Name: "release", Prompt: "Pass.", Opts: append(s.EmptyOptions(), pass)}
	}
	// In solo the order changes only after both players' actions, so a
	// player who passed already this year keeps the slot taken then.
	kept := s.Solo != nil && slices.Contains(s.Bottom, seat)
	if !run.press.ordered && !kept {
		st := step{Name: "order", Prompt: "Which slot of the next round's player order do you take?", Opts: s.EmptyOptions()}
		for k, occ := range s.Bottom {
			if occ != engine.NoSeat {
				if s.Explaining {
					s.refuse(orderKey(k), "%s took that slot.", s.Seats[occ].Name)
				}
				continue
			}
			st.Opts = append(st.Opts, option{
				Choice: engine.Choice{ID: orderKey(k), Label: s.label(func() string { return fmt.Sprintf("%s in player order", engine.Ordinal(k+1)) })},
				Do:     chooseOrderSlot[k],
			})
		}
		return st
	}
	st := step{Name: "release", Prompt: "Pass, or make a Press Release for the coming Fair?", Opts: append(s.EmptyOptions(), pass)}
	switch {
	case !s.Explaining:
	case p.Pressed:
		s.refuse("press", "You made a Press Release for this Fair already; one per Fair (SV p. 12).")
	case !s.hasWine(seat):
		s.refuse("press", "You have no wine to present.")
	}
	if !p.Pressed && s.hasWine(seat) {
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: "press", Label: "Press Release: enter a wine in the coming Fair"},
			Do: func(s *walker) {
				s.work.run = actionRun{kind: runPress, press: pressRun{booth: -1}}
			},
		})
	}
	return st
}

var chooseOrderSlot = answers(MaxPlayers, func(s *walker, k int) {
	s.takeOrderSlot(s.work.seat, k)
	s.work.run.press.ordered = true
})

// takeOrderSlot puts seat's Player Order marker on slot k of the bottom row.
// It sets the order of the next round, or of next year after the second;
// after a Fair year's second round the Fair's booths set next year's order
// instead [T] (SV p. 13), and after year 6 there is none.
func (s *walker) takeOrderSlot(seat engine.Seat, k int) {
	s.Bottom[k] = seat
	name := s.Seats[seat].Name
	switch {
	case s.Solo == nil && s.Round < ActionsPerYear:
		s.say(seat, func() string { return fmt.Sprintf("%s will play %s next round.", name, engine.Ordinal(k+1)) })
	case slices.Contains(FairYears[:], s.Year) || s.Year >= NumYears:
		s.say(seat, func() string {
			// The mode says what sets the order after a Fair (modes.go).
			return fmt.Sprintf("%s takes the %s place of the bottom row; %s.", name, engine.Ordinal(k+1), s.rules().fairOrder)
		})
	default:
		s.say(seat, func() string { return fmt.Sprintf("%s will play %s next year.", name, engine.Ordinal(k+1)) })
	}
}

// startPress makes the Fair's last-minute Press Release the decision.
func (s *walker) lastMinutePress() {
	s.beginRun(actionRun{kind: runPress, press: pressRun{booth: -1}}, stDone)
}

func (s *walker) pressStep() step {
	seat := s.work.seat
	run := &s.work.run
	pr := &run.press
	p := &s.Seats[seat]
	vin := s.VintageTile()
	switch {
	case !run.hasWine:
		st := step{Name: "wine", Prompt: "Which wine do you present at the Fair?", Opts: s.EmptyOptions()}
		for _, w := range s.wines(seat) {
			st.Opts = append(st.Opts, option{
				Choice: engine.Choice{ID: wineKey(w), Label: s.wineLabel(seat, w)},
				Do:     chooseWine[w.estate][w.slot],
			})
		}
		return st
	case !pr.cubesDone:
		w := run.wine
		_, r := s.wine(seat, w)
		st := step{Name: "cubes", Prompt: s.shown(func() string { return fmt.Sprintf("Use %s Renown cubes to raise its value?", Regions[r].Name) }), Opts: s.EmptyOptions()}
		for n := 0; n <= min(MaxRenownCubesPerWine, s.Regions[r].Cubes); n++ {
			value := s.baseValue(seat, w) + n*Regions[r].CubeValue
			if n > 0 && !s.cubesChange(value-Regions[r].CubeValue, value) {
				continue
			}
			fp := s.pressFairPoints(value) + Regions[r].FairPoints
			st.Opts = append(st.Opts, option{
				Choice: engine.Choice{ID: cubeKeys[n], Label: s.label(func() string {
					return fmt.Sprintf("%s: value %d, %d Fair Points%s", plural(n, "cube", "cubes"), value, fp, s.fairTileText(value))
				})},
				Do: func(s *walker) {
					p := &s.Seats[seat]
					pr := &s.work.run.press
					pr.cubesDone, pr.cubes, pr.value = true, n, value
					p.FairPoints += fp
					s.say(seat, func() string {
						return fmt.Sprintf("%s presents the %s at value %d%s and gains %d Fair Points (%d).", p.Name, s.wineLabel(seat, w), value, cubeText(n, r), fp, p.FairPoints)
					})
				},
			})
		}
		// No cube to spend, or none that would change anything: the
		// step answers itself.
		st.Opts[0].Auto = len(st.Opts) == 1
		return st
	case pr.booth < 0 && s.rules().fairTiles:
		return s.fairSlotStep(seat)
	case pr.booth < 0:
		st := step{Name: "booth", Prompt: "Which Fair booth does your disc go to?", Opts: s.EmptyOptions()}
		for b, occ := range s.Booths {
			if occ != engine.NoSeat {
				if s.Explaining {
					s.refuse(boothKeys[b], "%s's disc is on that booth.", s.Seats[occ].Name)
				}
				continue
			}
			st.Opts = append(st.Opts, option{
				Choice: engine.Choice{ID: boothKeys[b], Label: boothLabel(b)},
				Do:     chooseBooth[b],
			})
		}
		return st
	}
	if s.rules().fairTiles {
		return s.placeBarrelStep(seat, p)
	}
	for ; pr.feature < NumFeatures; pr.feature++ {
		if vin.Features.V[pr.feature] > 0 {
			return s.fairExpertUseStep(seat, Feature(pr.feature), vin.Features.V[pr.feature])
		}
	}
	return s.magnateBarrelStep(seat, p)
}

func boothLabel(b int) string {
	switch FairBooths[b].Bonus {
	case BoothFirstPick:
		return "Booth 1: first pick of Magnate tiles after the Fair"
	case BoothExpert:
		return fmt.Sprintf("Booth %d: take a Wine Expert", b+1)
	case BoothBagos:
		return fmt.Sprintf("Booth %d: take %s", b+1, bagos(FairBooths[b].Amount))
	}
	return fmt.Sprintf("Booth %d: %d Fair Points", b+1, FairBooths[b].Amount)
}

var chooseBooth = answers(len(FairBooths), func(s *walker, b int) { s.enterBooth(s.work.seat, b) })

// enterBooth puts seat's disc on booth b and pays its bonus [T] (SV p. 12).
func (s *walker) enterBooth(seat engine.Seat, b int) {
	p := &s.Seats[seat]
	s.Booths[b] = seat
	s.work.run.press.booth = b
	s.say(seat, func() string { return fmt.Sprintf("%s takes Fair booth %d.", p.Name, b+1) })
	bonus := FairBooths[b]
	switch bonus.Bonus {
	case BoothExpert:
		if s.anyExperts() {
			s.work.experts += bonus.Amount
		}
	case BoothBagos:
		p.Money += bonus.Amount
		s.say(seat, func() string { return fmt.Sprintf("%s takes %s.", p.Name, bagos(bonus.Amount)) })
	case BoothFairPoints:
		p.FairPoints += bonus.Amount
		s.say(seat, func() string { return fmt.Sprintf("%s gains %d Fair Points (%d).", p.Name, bonus.Amount, p.FairPoints) })
	}
}

func (s *State) anyExperts() bool {
	for f := range s.Experts {
		if len(s.Experts[f]) > 0 {
			return true
		}
	}
	return false
}

// fairExpertUseStep: for each feature on the Vintage tile, one face-up
// Expert of that feature may go to the Fair for as many Fair Points as the
// tile shows symbols, +1 for an arrow [T] (SV p. 12).
func (s *walker) fairExpertUseStep(seat engine.Seat, f Feature, symbols int) step {
	st := step{Name: featureKey(f), Prompt: s.shown(func() string {
		return fmt.Sprintf("Send %s %s Expert to the Fair (%s)?", article(s.featureTitle(f)), s.featureTitle(f), plural(symbols, "symbol", "symbols"))
	}), Opts: s.EmptyOptions()}
	skip := doneOption("No "+s.featureTitle(f)+" Expert", func(s *walker) { s.work.run.press.feature++ })
	skip.ID = "none"
	st.Opts = append(st.Opts, skip)
	seen := map[string]bool{}
	for i, x := range s.Seats[seat].Experts {
		xf, t := s.expertTile(x.ID)
		key := s.expertKey(x.ID)
		if !x.FaceUp || xf != f || seen[key] {
			continue
		}
		seen[key] = true
		fp := expertFairPoints(t, symbols)
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: key, Label: s.label(func() string { return fmt.Sprintf("Send your %s: +%d Fair Points", s.expertName(x.ID), fp) })},
			Do: func(s *walker) {
				s.sendExpert(seat, i, fp)
				s.work.run.press.feature++
			},
		})
	}
	return st
}

// expertFairPoints is what Expert t earns at a Press Release whose Vintage
// shows symbols of its feature [T].
func expertFairPoints(t ExpertTile, symbols int) int {
	if t.Arrow.V {
		return symbols + ExpertArrowFairPoints
	}
	return symbols
}

// sendExpert sends seat's held Expert i to the Fair for fp Fair Points; it
// goes back to the bottom of its deck.
func (s *walker) sendExpert(seat engine.Seat, i, fp int) {
	p := &s.Seats[seat]
	name := s.expertName(p.Experts[i].ID)
	s.discardExpert(seat, i)
	p.FairPoints += fp
	s.say(seat, func() string {
		return fmt.Sprintf("%s sends the %s to the Fair: +%d Fair Points (%d).", p.Name, name, fp, p.FairPoints)
	})
}

// magnateBarrelStep: up to 2 barrels back, one each from Magnates whose
// expectation the wine meets [T] (SV p. 12), then the wine is discarded.
func (s *walker) magnateBarrelStep(seat engine.Seat, p *Player) step {
	run := &s.work.run
	pr := &run.press
	st := step{Name: "barrel", Prompt: "Take a barrel back from a Magnate whose expectation your wine meets?", Opts: s.EmptyOptions()}
	finish := doneOption("Done", func(s *walker) { s.finishPress(seat) })
	st.Opts = append(st.Opts, finish)
	if pr.barrels >= MaxBarrelsPerPressRelease {
		return st
	}
	for m := range NumMagnates {
		if pr.taken[m] || p.Magnates[m] == 0 || !s.meets(seat, Magnate(m)) {
			if s.Explaining {
				s.refuse(Magnate(m).String(), "%s", s.magnateRefusal(seat, Magnate(m)))
			}
			continue
		}
		st.Forfeits = true // the wine earned it
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: Magnate(m).String(), Label: s.label(func() string { return fmt.Sprintf("Take a barrel back from %s", s.magnateTitle(Magnate(m))) })},
			Do: func(s *walker) {
				p := &s.Seats[seat]
				p.Magnates[m]--
				p.Barrels++
				p.FromMagnates++
				s.work.run.press.taken[m] = true
				s.work.run.press.barrels++
				s.say(seat, func() string {
					return fmt.Sprintf("%s takes a barrel back from %s.", p.Name, s.magnateTitle(Magnate(m)))
				})
			},
		})
	}
	return st
}

// magnateTitle names a Magnate so that no reader takes her or him for a
// player of the same name: "the Magnate Bruno".
func (s *State) magnateTitle(m Magnate) string {
	return "the " + s.rules().terms.magnate + " " + s.magnateName(m)
}

// magnateName is a Magnate's bare name, for places that already say they
// list Magnates, such as the board's Magnate panel.
func (s *State) magnateName(m Magnate) string { return s.rules().terms.magnates[m] }

// meets reports whether the presented wine satisfies Magnate m on the
// current Vintage tile: Anabela a color, Bruno a least value, Carolina a
// region [T] (SV p. 12).
func (s *walker) meets(seat engine.Seat, m Magnate) bool {
	run := &s.work.run
	wine, r := s.wine(seat, run.wine)
	vin := s.VintageTile()
	switch m {
	case Anabela:
		return wine.Color == vin.Anabela.V
	case Bruno:
		return run.press.value >= vin.Bruno.V
	}
	return vin.Carolina.V.Has(r)
}

// finishPress discards the presented wine and its cubes.
func (s *walker) finishPress(seat engine.Seat) {
	run := &s.work.run
	s.spendWine(seat, run.wine, run.press.cubes)
	s.Seats[seat].Pressed = true
	s.endRun()
}
