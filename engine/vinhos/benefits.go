package vinhos

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
)

// R10 Magnate benefits (RESERVE-2010.md §10). A benefit discards 1 wine
// of the player's choice and moves 1 of their barrels from a Magnate's
// space or an Additional Action space to a different space of the same
// row (ManagerRows): an Additional Action space, whose action is performed
// at once, or an empty Multiplier slot, which scores now or at the end.
// At most one a turn, before the move or after the action, never during
// an action: bonusOptions offers it at those moments only. Only Actions-
// phase turns and the end's benefit rounds have benefits (§10.2.5).

// benefitRun is a Magnate benefit in progress (actionRun.benefit).
type benefitRun struct {
	paid    bool    // the wine is discarded
	moving  bool    // the barrel to move is chosen: from, space
	from    Magnate // the barrel's row
	space   int     // magnateSpace, or the Additional Action space it leaves
	scoring bool    // the Wine Multiplier's wine is chosen next (run.wine)
}

// magnateSpace is a Magnate's own space, where Press Releases put
// barrels, as benefitRun.space.
const magnateSpace = -1

// benefitOptions appends the Magnate benefit seat may use now, before its
// move or after its action (back says which), at most one a turn.
func (s *walker) benefitOptions(opts []option, seat engine.Seat, back stage) []option {
	if !s.rules().managerRows || (s.At != PhaseActions && s.At != PhaseBenefits) {
		return opts
	}
	switch {
	case s.work.benefitUsed:
		if s.Explaining {
			s.refuse("benefit", "You used a Magnate benefit this turn already; one a turn (§10.2).")
		}
		return opts
	case !s.hasWine(seat):
		if s.Explaining {
			s.refuse("benefit", "A Magnate benefit costs a wine, and you have none.")
		}
		return opts
	case !s.hasRowBarrel(seat):
		if s.Explaining {
			s.refuse("benefit", "You have no barrel on a Magnate's space or an Additional Action space.")
		}
		return opts
	}
	// Risky: the row may offer nothing this barrel can do.
	return append(opts, option{
		Choice: engine.Choice{ID: "benefit", Label: s.term("Use a Magnate benefit: discard a wine and move a barrel along its Magnate's row")},
		Risky:  true,
		Do: func(s *walker) {
			s.work.benefitUsed = true
			s.beginRun(actionRun{kind: runBenefit}, back)
		},
	})
}

// hasRowBarrel reports whether seat has a barrel a benefit may move: on a
// Magnate's space or an Additional Action space. Barrels on Multipliers
// stay (§10.2).
func (s *State) hasRowBarrel(seat engine.Seat) bool {
	p := &s.Seats[seat]
	for m := range NumMagnates {
		if p.Magnates[m] > 0 {
			return true
		}
		for _, n := range p.OnActions[m] {
			if n > 0 {
				return true
			}
		}
	}
	return false
}

// benefitStep lists the next step of the benefit: the wine it costs, the
// barrel, where it goes, and for the Wine Multiplier the wine it scores.
func (s *walker) benefitStep() step {
	b := &s.work.run.benefit
	switch {
	case !b.paid:
		return s.benefitWineStep()
	case !b.moving:
		return s.benefitBarrelStep()
	case b.scoring:
		return s.wineMultiplierStep()
	}
	return s.benefitDestinationStep()
}

// benefitWineStep: the wine the benefit costs, any one (value, colour
// and region do not matter).
func (s *walker) benefitWineStep() step {
	seat := s.work.seat
	st := step{Name: "discard", Prompt: "Which wine do you discard for the Magnate benefit?", Opts: s.EmptyOptions()}
	for _, w := range s.wines(seat) {
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: wineKey(w), Label: s.wineLabel(seat, w)},
			Risky:  true, // the wine may be the one the benefit needs
			Do: func(s *walker) {
				label := s.wineLabel(seat, w)
				s.spendWine(seat, w, 0)
				s.work.run.benefit.paid = true
				s.say(seat, func() string {
					return fmt.Sprintf("%s discards the %s for a Magnate benefit.", s.Seats[seat].Name, label)
				})
			},
		})
	}
	return st
}

// benefitBarrelStep: the barrel to move, on a Magnate's space or an
// Additional Action space.
func (s *walker) benefitBarrelStep() step {
	seat := s.work.seat
	p := &s.Seats[seat]
	st := step{Name: "barrel", Prompt: "Which of your barrels do you move along its Magnate's row?", Opts: s.EmptyOptions()}
	for m := range NumMagnates {
		if p.Magnates[m] > 0 {
			st.Opts = append(st.Opts, s.barrelOption(Magnate(m), magnateSpace, Magnate(m).String(),
				func() string { return "Your barrel on " + s.magnateName(Magnate(m)) + "'s space" }))
		}
		for a, n := range p.OnActions[m] {
			if n > 0 {
				st.Opts = append(st.Opts, s.barrelOption(Magnate(m), a, additionalActionKeys[m][a],
					func() string {
						return "Your barrel on the Additional Action space: " + additionalActionText[ManagerRows[m].Actions[a]]
					}))
			}
		}
	}
	return st
}

// barrelOption chooses the barrel on space of m's row to move.
func (s *walker) barrelOption(m Magnate, space int, id string, label func() string) option {
	return option{Choice: engine.Choice{ID: id, Label: s.label(label)}, Risky: true, // its row may have no room for it
		Do: func(s *walker) {
			b := &s.work.run.benefit
			b.moving, b.from, b.space = true, m, space
		}}
}

// benefitDestinationStep: a different space of the barrel's row, an
// Additional Action space (any number of barrels share one) or an empty
// slot of a Multiplier the player holds no slot of.
func (s *walker) benefitDestinationStep() step {
	seat := s.work.seat
	b := s.work.run.benefit
	m := b.from
	row := ManagerRows[m]
	st := step{Name: "to", Prompt: s.shown(func() string { return fmt.Sprintf("Move the barrel to which space of %s's row?", s.magnateName(m)) }), Opts: s.EmptyOptions()}
	for a, kind := range row.Actions {
		id := additionalActionKeys[m][a]
		if a == b.space {
			if s.Explaining {
				s.refuse(id, "The barrel is on that space: it must move to a different one.")
			}
			continue
		}
		if kind == AddInvestment && s.Seats[seat].Bank.Invest >= R10InvestMax {
			if s.Explaining {
				s.refuse(id, "Your investment is at %+d, the most.", R10InvestMax)
			}
			continue
		}
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: id, Label: s.label(func() string { return "Additional Action: " + additionalActionText[kind] })},
			Risky:  true, // the action may be impossible
			Do: func(s *walker) {
				from := s.benefitSpaceName()
				s.liftBarrel(seat)
				s.Seats[seat].OnActions[m][a]++
				s.say(seat, func() string {
					return fmt.Sprintf("%s moves a barrel from %s to %s's Additional Action space: %s.", s.Seats[seat].Name, from, s.magnateTitle(m), additionalActionText[kind])
				})
				s.startAdditional(seat, kind)
			},
		})
	}
	for i, kind := range row.Multipliers {
		if !s.mayTakeMultiplier(seat, m, i) {
			continue
		}
		for slot, spot := range s.Multipliers[m][i] {
			id := multiplierSlotKey(m, i, slot)
			if spot.Taken {
				if s.Explaining {
					s.refuse(id, "%s's barrel is on that slot.", s.Seats[spot.Seat].Name)
				}
				continue
			}
			st.Opts = append(st.Opts, option{
				Choice: engine.Choice{ID: id, Label: s.label(func() string { return "Multiplier: " + s.multiplierSlotText(kind, slot) })},
				Risky:  true,
				Do: func(s *walker) {
					from := s.benefitSpaceName()
					s.liftBarrel(seat)
					s.Multipliers[m][i][slot] = Spot{Taken: true, Seat: seat}
					s.say(seat, func() string {
						return fmt.Sprintf("%s moves a barrel from %s to %s's %s Multiplier, %s.", s.Seats[seat].Name, from, s.magnateTitle(m), kind, s.multiplierSlotText(kind, slot))
					})
					s.scoreMultiplierNow(seat, kind)
				},
			})
		}
	}
	return s.pairsBeforeAdditional(st, seat)
}

// pairsBeforeAdditional adds to the benefit's last step the pairs of
// barrels seat may take back first, in an Actions-phase turn (AMB-7:
// before an Additional Action too, not in the end's benefit rounds; not
// in the first edition, ruleset.pairsOnlyBeforeActions). They
// are risky here: after them the barrel must still find a space.
func (s *walker) pairsBeforeAdditional(st step, seat engine.Seat) step {
	if s.At != PhaseActions || s.rules().pairsOnlyBeforeActions && s.fixed().firstEditionReadings {
		return st
	}
	n := len(st.Opts)
	st.Opts = s.pairOptions(st.Opts, seat)
	for i := n; i < len(st.Opts); i++ {
		st.Opts[i].Risky = true
	}
	return st
}

// mayTakeMultiplier reports whether seat may put a barrel on Multiplier i
// of m's row: no slot of it is theirs already, and its condition is met
// where the Multiplier sets one.
func (s *walker) mayTakeMultiplier(seat engine.Seat, m Magnate, i int) bool {
	kind := ManagerRows[m].Multipliers[i]
	refuse := func(format string, args ...any) bool {
		if s.Explaining {
			for slot := range R10MultiplierSlots {
				s.refuse(multiplierSlotKey(m, i, slot), format, args...)
			}
		}
		return false
	}
	for _, spot := range s.Multipliers[m][i] {
		if spot.Taken && spot.Seat == seat {
			return refuse("You hold a slot of the %s Multiplier already; one slot each (§10.2).", kind)
		}
	}
	if !s.rules().multiplierConditions {
		return true // the first edition: any slot, for no VP where unmet
	}
	switch kind {
	case R10MultExperts:
		if !s.allFeaturesFaceUp(seat) {
			return refuse("The Experts Multiplier needs face-up Wine Experts of all 4 features.")
		}
	case R10MultWine:
		if !s.hasWine(seat) {
			return refuse("The Wine Multiplier discards one more wine, and you have none left.")
		}
	}
	return true
}

// allFeaturesFaceUp reports whether seat holds a face-up Wine Expert of
// each feature.
func (s *State) allFeaturesFaceUp(seat engine.Seat) bool {
	var seen [NumFeatures]bool
	for _, x := range s.Seats[seat].Experts {
		if f, _ := s.expertTile(x.ID); x.FaceUp {
			seen[f] = true
		}
	}
	for _, ok := range seen {
		if !ok {
			return false
		}
	}
	return true
}

// benefitSpaceName names the space the benefit's barrel leaves, for the
// narration, which names the Magnate as one: "the Magnate Bruno's space".
func (s *walker) benefitSpaceName() string {
	b := &s.work.run.benefit
	if b.space == magnateSpace {
		return s.magnateTitle(b.from) + "'s space"
	}
	return fmt.Sprintf("%s's Additional Action space (%s)", s.magnateTitle(b.from), additionalActionText[ManagerRows[b.from].Actions[b.space]])
}

// liftBarrel takes the benefit's barrel off the space it leaves.
func (s *walker) liftBarrel(seat engine.Seat) {
	b := &s.work.run.benefit
	p := &s.Seats[seat]
	if b.space == magnateSpace {
		p.Magnates[b.from]--
	} else {
		p.OnActions[b.from][b.space]--
	}
}

// startAdditional performs Additional Action a at once, paying its cost,
// by the usual rules of its action (AMB-16: the Renown cube, placement
// limits and region bonuses apply). The turn then goes on where the
// benefit began.
func (s *walker) startAdditional(seat engine.Seat, a AdditionalAction) {
	back := s.work.back
	actions := &s.rules().actions
	var r actionRun
	switch a {
	case AddWinery:
		r = actionRun{kind: runWineries, max: 1, price: R10AddWineryPrice}
	case AddSales:
		r = actions[ActSales]
	case AddVineyard:
		r = actionRun{kind: runVineyards, max: 1, discount: R10AddVineyardDiscount}
	case AddExport:
		r = actions[ActExport]
	case AddExpert:
		r = actionRun{kind: runExperts, max: 1}
	case AddInvestment:
		p := &s.Seats[seat]
		p.Bank.Invest++ // offered below the bar's top only
		s.say(seat, func() string {
			return fmt.Sprintf("%s moves the Investment marker to %+d for free.", p.Name, p.Bank.Invest)
		})
		s.endRun()
		return
	}
	// bonus: the Vineyard Experts work in the Vineyards action only, not
	// the additional Vineyard (AMB-17).
	r.bonus = true
	s.beginRun(r, back)
}

// scoreMultiplierNow scores a Multiplier that pays as its barrel goes on
// it: Experts 8 VP, Renown 1 VP a cube in the player's regions; the Wine
// Multiplier asks for its wine next. The others score at the end.
func (s *walker) scoreMultiplierNow(seat engine.Seat, k R10MultiplierKind) {
	p := &s.Seats[seat]
	switch {
	case k == R10MultWine && s.hasWine(seat):
		s.work.run.benefit.scoring = true
		return
	case k == R10MultExperts && s.allFeaturesFaceUp(seat):
		s.score(seat, SourceBenefits, R10ExpertsMultiplierVP)
		s.say(seat, func() string {
			return fmt.Sprintf("%s scores %d VP for Wine Experts of all 4 features (%d VP).", p.Name, R10ExpertsMultiplierVP, p.VP)
		})
	case k == R10MultRenown:
		n := s.renownInRegions(seat)
		s.score(seat, SourceBenefits, n)
		s.say(seat, func() string {
			return fmt.Sprintf("%s scores %d VP for the %s in the regions of their Estates (%d VP).", p.Name, n, plural(n, "Renown cube", "Renown cubes"), p.VP)
		})
	case !endGameMultiplier(k):
		s.say(seat, func() string { return "Its condition is not met: it scores nothing." })
	default:
		s.say(seat, func() string { return "It scores at the end of the game." })
	}
	s.endRun()
}

// renownInRegions counts the Renown cubes in the regions where seat has
// an Estate, each region once.
func (s *State) renownInRegions(seat engine.Seat) int {
	var counted RegionSet
	n := 0
	for _, est := range s.Seats[seat].Estates {
		if est.Region != 0 && !counted.Has(est.Region) {
			counted |= NewRegionSet(est.Region)
			n += s.Regions[est.Region].Cubes
		}
	}
	return n
}

// wineMultiplierStep: the Wine Multiplier discards one more wine and
// scores its Wine Value, with the Cellar's aging and any 1 or 2 Renown
// cubes of its region the player chooses to remove; Algarve's +1 is not
// included (AMB-15: it counts when sold, exported or presented only).
func (s *walker) wineMultiplierStep() step {
	seat := s.work.seat
	run := &s.work.run
	if !run.hasWine {
		st := step{Name: "wine", Prompt: "Which wine does the Wine Multiplier score?", Opts: s.EmptyOptions()}
		for _, w := range s.wines(seat) {
			st.Opts = append(st.Opts, option{
				Choice: engine.Choice{ID: wineKey(w), Label: s.label(func() string { return fmt.Sprintf("%s: %d VP", s.wineLabel(seat, w), s.multiplierWineValue(seat, w)) })},
				Do:     chooseWine[w.estate][w.slot],
			})
		}
		return st
	}
	w := run.wine
	_, r := s.wine(seat, w)
	st := step{Name: "cubes", Prompt: s.shown(func() string { return fmt.Sprintf("Remove %s Renown cubes to raise its value?", Regions[r].Name) }), Opts: s.EmptyOptions()}
	for n := 0; n <= min(MaxRenownCubesPerWine, s.Regions[r].Cubes); n++ {
		vp := s.multiplierWineValue(seat, w) + n*Regions[r].CubeValue
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: cubeKeys[n], Label: s.label(func() string { return fmt.Sprintf("%s: %d VP", plural(n, "cube", "cubes"), vp) })},
			Auto:   n == 0 && s.Regions[r].Cubes == 0,
			Do: func(s *walker) {
				p := &s.Seats[seat]
				label := s.wineLabel(seat, w)
				s.spendWine(seat, w, n)
				s.score(seat, SourceBenefits, vp)
				s.say(seat, func() string {
					return fmt.Sprintf("%s discards the %s%s for the Wine Multiplier and scores %d VP (%d VP).", p.Name, label, cubeText(n, r), vp, p.VP)
				})
				s.endRun()
			},
		})
	}
	return st
}

// multiplierWineValue is a wine's value for the Wine Multiplier before
// cubes: its quality and Cellar aging, without the region's bonus
// (AMB-15: Algarve's +1 is not included).
func (s *State) multiplierWineValue(seat engine.Seat, w wineRef) int {
	_, r := s.wine(seat, w)
	if s.rules().algarveAlways {
		return s.baseValue(seat, w)
	}
	return s.baseValue(seat, w) - Regions[r].WineValueBonus
}

// multiplierSlotKey is the choice ID of a Multiplier slot, as the state's
// JSON names it: "anabela-wine-left".
func multiplierSlotKey(m Magnate, i, slot int) string {
	return multiplierSlotKeys[(int(m)*len(ManagerRow{}.Multipliers)+i)*R10MultiplierSlots+slot]
}

// multiplierSlotText says what a Multiplier slot pays.
func (s *State) multiplierSlotText(k R10MultiplierKind, slot int) string {
	side := [...]string{"left", "right"}[slot]
	switch k {
	case R10MultWine:
		return fmt.Sprintf("%s slot, discard one more wine and score its Wine Value now", side)
	case R10MultExperts:
		return fmt.Sprintf("%s slot, %d VP now for face-up Wine Experts of all 4 features", side, R10ExpertsMultiplierVP)
	case R10MultRenown:
		return fmt.Sprintf("%s slot, 1 VP now per Renown cube in your regions", side)
	case R10MultCash:
		// The first edition's cash Multiplier has no cap (see modes.go).
		if slot == 0 {
			return fmt.Sprintf("%s slot, 1 VP per Bago in cash at the end%s", side, s.CashMultiplierCapText())
		}
		return fmt.Sprintf("%s slot, 1 VP per 2 Bagos in cash at the end%s", side, s.CashMultiplierCapText())
	}
	return fmt.Sprintf("%s slot, %d VP per %s at the end", side, R10MultiplierVP[k][slot]/2, r10MultiplierItems[k])
}

// r10MultiplierItems name what each end-game Multiplier counts.
var r10MultiplierItems = [...]string{R10MultCellars: "Cellar", R10MultVineyards: "Vineyard", R10MultEnologists: "Enologist",
	R10MultEstates: "complete Estate", R10MultWineries: "Winery", R10MultCash: "Bago", R10MultWine: "wine", R10MultExperts: "Expert", R10MultRenown: "Renown cube"}

// additionalActionText says what each Additional Action does.
var additionalActionText = [...]string{
	AddWinery:     fmt.Sprintf("buy 1 Winery for %s", bagos(R10AddWineryPrice)),
	AddSales:      "perform a Sales action",
	AddVineyard:   fmt.Sprintf("buy 1 Vineyard for %s less", bagos(R10AddVineyardDiscount)),
	AddExport:     "perform an Export action",
	AddExpert:     "hire 1 Wine Expert for free",
	AddInvestment: "move your Investment marker 1 space right for free",
}

// benefitTurnStep is a turn of the end's benefit rounds (§14.1): one
// benefit, with face-up Expert abilities and divesting as usual, or a
// pass that is for good (AMB-11). No Action marker moves and no pair
// comes back in these rounds (AMB-7).
func (s *walker) benefitTurnStep() step {
	seat := s.work.seat
	if s.work.benefitUsed {
		st := step{Name: "after", Prompt: "Anything else this turn? (A Wine Expert, or divesting.)", Opts: s.EmptyOptions()}
		st.Opts = append(st.Opts, doneOption("End your turn", func(s *walker) { s.work.stage = stDone }))
		st.Opts = s.bonusOptions(st.Opts, seat, stBenefitTurn)
		return st
	}
	st := step{Name: "benefit", Prompt: "Use a Magnate benefit, or pass for the rest of the game?", Opts: s.EmptyOptions()}
	pass := doneOption(s.term("Pass: no more Magnate benefits this game"), func(s *walker) {
		s.Done[seat] = true
		s.say(seat, func() string {
			return fmt.Sprintf("%s passes and uses no more Magnate benefits.", s.Seats[seat].Name)
		})
		s.work.stage = stDone
	})
	pass.ID = "pass"
	st.Opts = append(st.Opts, pass)
	st.Opts = s.bonusOptions(st.Opts, seat, stBenefitTurn)
	return st
}

// startBenefitRounds opens the end's benefit rounds after the third Fair
// (§14.1), from the first player in the Player Order; the Fair's end
// calls it where the mode has them (ruleset.benefitRounds). Face-down
// Experts stay face down.
func (s *walker) startBenefitRounds() {
	s.At, s.Turn = PhaseBenefits, 0
	s.Done = make([]bool, len(s.Seats))
	s.say(engine.NoSeat, func() string {
		return "After the third Fair, each player in turn may use a Magnate benefit, round after round, until everyone has passed."
	})
}

// nextBenefitTurn passes the benefit rounds to the next player in order
// who has not passed; when all have, Turn runs out and the game is scored.
func (s *State) nextBenefitTurn() {
	n := len(s.Order)
	for k := 1; k <= n; k++ {
		i := (s.Turn + k) % n
		if !s.Done[s.Order[i]] {
			s.Turn = i
			return
		}
	}
	s.Turn = n
}
