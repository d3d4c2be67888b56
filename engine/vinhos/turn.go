package vinhos

import (
	"fmt"
	"slices"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// A turn in the Actions phase is one decision: optional Magnate tile and
// Wine Expert uses, the move with its action, more optional uses, then the
// end of the turn. At most one Magnate Action tile and one Wine Expert per
// turn [T] (RB p. 5, SV p. 11). A tile is never used during the action
// itself [T]; an Expert is, where its ability allows (expertUses).

// doneOption finishes the current part of a decision. It is listed first, so
// that the search for a way to finish ends quickly, and it is taken on its
// own when nothing else is possible.
func doneOption(label string, then func(*walker)) option {
	return option{Choice: engine.Choice{ID: "done", Label: label}, Do: then, Auto: true}
}

func (s *walker) turnStartStep() step {
	seat := s.work.seat
	p := &s.Seats[seat]
	// After a Magnate tile or Wine Expert used first, the step is the move.
	name := "action"
	if s.work.tileUsed || s.work.expertUsed {
		name = "move"
	}
	st := step{Name: name, Prompt: s.rules().prompts.move, Opts: s.EmptyOptions()}
	for _, c := range []Cell{CellC, CellTL, CellTM, CellTR, CellML, CellMR, CellBL, CellBM, CellBR} {
		if c == p.Cell {
			continue
		}
		// A free-move Expert waives the fee but not the bribe [T].
		price := s.movePrice(seat, c, s.canFreeMove(seat))
		if !price.Affordable {
			if s.Explaining {
				s.refuse(s.cellKey(c), "Moving to %s costs %s; you have %s.", s.cellLabel(c), bagos(price.Bagos), bagos(p.Money))
			}
			continue
		}
		bribe := s.bribe(seat, c)
		ch := engine.Choice{ID: s.cellKey(c), Label: s.cellLabel(c)}
		if price.Bagos > 0 {
			ch.Cost = bagos(price.Bagos)
		}
		if !s.NoLabels && price.Bagos > 0 {
			ch.Label += ", move " + ch.Cost
		}
		if !s.NoLabels && bribe > 0 {
			ch.Label += fmt.Sprintf(" (%d for Lacerda's bribe)", bribe)
		}
		st.Opts = append(st.Opts, option{Choice: ch, Risky: true, Do: moveTo[c]})
	}
	moves := len(st.Opts)
	st.Opts = s.bonusOptions(st.Opts, seat, stTurnStart)
	// Staying on Pass is allowed only when no other action is possible
	// [T], counting what a Magnate tile or a Wine Expert used first makes
	// possible. A look-ahead only asks whether the turn can finish, and it
	// always can: by another action, or else by staying; so it skips the
	// costly check. Replaying a step already chosen that is not the stay
	// skips it too.
	if s.Explaining && p.Cell != CellC {
		s.refuse(s.cellKey(p.Cell), "Your Action marker is on %s already: you must move to another space.", s.cellLabel(p.Cell))
	}
	if p.Cell == CellC && !s.noStay && (s.Lookahead || s.Walking || !s.canLeave(seat, s.leaving(st.Opts, moves))) {
		st.Opts = slices.Insert(st.Opts, 0, option{Choice: engine.Choice{ID: s.cellKey(CellC), Label: "Stay on Pass / Press Release (no other action is possible)"}, Risky: true,
			Do: func(s *walker) {
				s.work.cell = CellC
				s.payMove(false)
			}})
	} else if s.Explaining && p.Cell == CellC {
		s.refuse(s.cellKey(CellC), "You may stay on Pass / Press Release only when no other action is possible, and one is.")
	}
	return st
}

// moveCost is what moving seat's Action marker to c costs: the move's
// fee and Lacerda's bribe, which a choice's Cost shows together.
func (s *State) moveCost(seat engine.Seat, c Cell) (fee, bribe int) {
	var occupants [MaxPlayers]engine.Seat // on the stack: every listed move asks
	fee, _ = s.moveFee(seat, c, occupants[:0])
	return fee, s.bribe(seat, c)
}

// cellOf is the cell a move's choice ID names, in the game's mode.
func (s *State) cellOf(id string) (Cell, bool) {
	i := slices.IndexFunc(cellKeys[s.Mode][:NumCells], func(key string) bool { return engine.SameID(key, id) })
	return Cell(i), i >= 0
}

// moveTo are the answers that move to each cell, made once: every turn
// lists them, and a closure each was a good part of what it allocated.
var moveTo = func() (do [NumCells]func(*walker)) {
	for c := range do {
		do[c] = func(s *walker) { s.move(Cell(c)) }
	}
	return do
}()

// move starts moving the Action marker to c: its fee is worked out again
// from the state the move was listed on.
func (s *walker) move(c Cell) {
	seat := s.work.seat
	fee, occupants := s.moveFee(seat, c, nil)
	s.work.cell, s.work.fee, s.work.occupants = c, fee, occupants
	if fee > 0 && s.canFreeMove(seat) {
		s.work.stage = stPayment
		return
	}
	s.payMove(false)
}

// leaving lists the options that may lead a turn off Pass, among a turn's
// first options, its moves then the tiles and Experts usable first: the
// moves, and the tiles and Experts where the rules revision counts them.
func (s *State) leaving(opts []option, moves int) []option {
	if s.fixed().stayCountsBonuses {
		return opts
	}
	return opts[:moves]
}

// canLeave reports whether any of opts, the moves and the tiles and
// Experts usable first, leads to a turn that leaves Pass.
func (s *walker) canLeave(seat engine.Seat, opts []option) bool {
	return machine.OnScratch(s, func(c *walker) bool {
		c.noStay = true
		return c.anyViable(seat, opts)
	})
}

// anyViable reports whether any of opts leads to a finished decision. The
// one found is risky no more: the turn's step, whose options these are,
// looks ahead from it no second time (without noStay, a turn has only
// more ways to finish).
func (s *walker) anyViable(seat engine.Seat, opts []option) bool {
	for i := range opts {
		if machine.LeadsToEnd(s, seat, opts[i]) {
			opts[i].Risky = false
			return true
		}
	}
	return false
}

func (s *walker) turnAfterStep() step {
	seat := s.work.seat
	st := step{Name: "after", Prompt: s.rules().prompts.after, Opts: s.EmptyOptions()}
	st.Opts = append(st.Opts, doneOption("End your turn", func(s *walker) { s.work.stage = stDone }))
	st.Opts = s.bonusOptions(st.Opts, seat, stTurnAfter)
	return st
}

// moveFee is what moving to c costs [T] (SV "Movement rules"): 1 to the
// supply if c is not adjacent, 1 to each player already there, and 1 to the
// supply if the Year/Taxation marker is there. Pass is always free. The
// players there are appended to occupants.
func (s *State) moveFee(seat engine.Seat, c Cell, occupants []engine.Seat) (int, []engine.Seat) {
	if c == CellC {
		return 0, occupants
	}
	p := &s.Seats[seat]
	fee := 0
	if !p.Cell.Adjacent(c) {
		fee += FeeNonAdjacent
	}
	for i := range s.Seats {
		if engine.Seat(i) != seat && s.Seats[i].Cell == c {
			occupants = append(occupants, engine.Seat(i))
			fee += FeePerOccupant
		}
	}
	if s.taxedCell() == c {
		fee += FeeTaxation
	}
	if !s.fixed().bribeApart && s.bribed(seat, c) {
		fee += LacerdaBribe // the first rules: a free move waived it
	}
	return fee, occupants
}

// bribe is what the solo player pays the bank, besides the move's fee, to
// enter a cell where Lacerda left a Bago [T] (RB solo "Lacerda's
// movement"). It is not a tax, a payment to a player or a distance cost,
// so the free-move Expert does not waive it; and "if you cannot pay to
// enter the space, you cannot take that Action".
func (s *State) bribe(seat engine.Seat, c Cell) int {
	if s.fixed().bribeApart && s.bribed(seat, c) {
		return LacerdaBribe
	}
	return 0
}

// paymentStep: a move that costs something may be made free by a Wine
// Expert that allows it, if none was used this turn; a bribe is paid
// either way.
func (s *walker) paymentStep() step {
	seat := s.work.seat
	bribe := s.bribe(seat, s.work.cell)
	st := step{Name: "payment", Prompt: s.shown(func() string { return fmt.Sprintf("Moving there costs %s. How do you pay?", bagos(s.work.fee+bribe)) }), Opts: s.EmptyOptions()}
	if s.pay(seat, s.work.fee+bribe).Affordable {
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: "pay", Label: "Pay " + bagos(s.work.fee+bribe), Cost: bagos(s.work.fee + bribe)}, Risky: true,
			Do: func(s *walker) { s.payMove(false) }})
	}
	for i, x := range s.Seats[seat].Experts {
		if _, t := s.expertTile(x.ID); x.FaceUp && t.Ability.V == ExpertFreeMove {
			label := "Flip your " + s.expertName(x.ID)
			if bribe > 0 {
				label += fmt.Sprintf(" (Lacerda's bribe of %s is still due)", bagos(bribe))
			}
			st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: s.expertKey(x.ID), Label: label}, Risky: true,
				Do: func(s *walker) {
					s.flipExpert(seat, i)
					s.payMove(true)
				}})
		}
	}
	return st
}

// canFreeMove: a face-up free-move Expert and no Expert used this turn.
func (s *walker) canFreeMove(seat engine.Seat) bool { return s.freeMove(seat, s.work.expertUsed) }

// freeMove: seat holds a face-up free-move Expert and, where only one
// Expert is used a turn, expertUsed says none was.
func (s *State) freeMove(seat engine.Seat, expertUsed bool) bool {
	return !(s.rules().oneExpertPerTurn && expertUsed) && s.faceUpAbility(seat, ExpertFreeMove) >= 0
}

// payMove makes the move, paying its fee unless it is free and any bribe
// in any case, and starts the action of the new space.
func (s *walker) payMove(free bool) {
	w := &s.work
	p := &s.Seats[w.seat]
	from := p.Cell
	p.Cell = w.cell
	var paid []string
	total := 0
	if !free {
		total += w.fee
		for _, o := range w.occupants {
			s.Seats[o].Money += FeePerOccupant
			if !s.Quiet {
				paid = append(paid, "1 to "+s.Seats[o].Name)
			}
		}
	}
	if s.bribed(w.seat, w.cell) {
		// The bribe goes back to the bank. By the first rules the fee
		// holds it (bribe is 0), so a free move waives it.
		bribe := s.bribe(w.seat, w.cell)
		total += bribe
		if !s.Quiet && (bribe > 0 || !free) {
			paid = append(paid, fmt.Sprintf("%d to the bank for Lacerda's bribe", LacerdaBribe))
		}
		s.Solo.Bribes[w.cell] = false
	}
	p.Money -= total
	// Every look-ahead at a move makes it: narrating it is the costly part.
	switch {
	case s.Quiet:
	case w.cell == from:
		s.say(w.seat, func() string { return fmt.Sprintf("%s stays on Pass / Press Release.", p.Name) })
	case total == 0:
		s.say(w.seat, func() string { return fmt.Sprintf("%s moves to %s.", p.Name, s.cellLabel(w.cell)) })
	default:
		text := fmt.Sprintf("%s moves to %s, paying %s", p.Name, s.cellLabel(w.cell), bagos(total))
		if len(paid) > 0 {
			text += " (" + strings.Join(paid, ", ") + ")"
		}
		s.say(w.seat, func() string { return fmt.Sprintf("%s.", text) })
	}
	s.beginRun(s.rules().actions[s.rules().quadrel[w.cell]], stTurnAfter)
}

// bonusRun is the action a Magnate Action tile gives (RB p. 5).
func bonusRun(k MagnateAction) actionRun {
	info := MagnateActions[k]
	r := actionRun{bonus: true, max: 1}
	switch k {
	case MagnateExpert:
		r.kind, r.price = runExperts, 0
	case MagnateSales:
		r.kind, r.max = runSales, MaxItemsPerAction
	case MagnateCellar:
		r.kind, r.price = runCellars, info.Price
	case MagnateVineyard:
		r.kind, r.discount = runVineyards, info.Discount
	case MagnateExport:
		r.kind, r.max = runExport, MaxItemsPerAction
	case MagnateEnologist:
		r.kind, r.price, r.enologists = runWorkers, info.Price, true
	case MagnateWinery:
		r.kind, r.price = runWineries, info.Price
	case MagnateFarmer:
		r.kind, r.farmerPrice, r.farmers = runWorkers, info.Price, true
	}
	return r
}

// bonusOptions appends to opts what seat may do besides the action,
// returning to stage back: Magnate Action tiles (SV16), divesting, pairs
// of barrels before the move and a Magnate benefit (R10), Wine Experts.
func (s *walker) bonusOptions(opts []option, seat engine.Seat, back stage) []option {
	p := &s.Seats[seat]
	if !s.work.tileUsed {
		for i, t := range p.Tiles {
			if !t.FaceUp || !isActionTile(t.ID) {
				continue
			}
			kind := s.data.MagnateTiles[t.ID].Kind
			opts = append(opts, option{
				Choice: engine.Choice{ID: flipTileKeys[kind], Label: s.label(func() string { return "Flip your Action tile: " + actionTileText[kind] })},
				Risky:  true,
				Do: func(s *walker) {
					p := &s.Seats[seat]
					p.Tiles[i].FaceUp = false
					s.work.tileUsed = true
					s.say(seat, func() string { return fmt.Sprintf("%s flips the Action tile: %s.", p.Name, actionTileText[kind]) })
					if kind == MagnateFairPoints {
						p.FairPoints += MagnateActions[kind].FairPoints
						s.say(seat, func() string {
							return fmt.Sprintf("%s advances %d Fair Points (%d).", p.Name, MagnateActions[kind].FairPoints, p.FairPoints)
						})
						return
					}
					s.beginRun(bonusRun(kind), back)
				},
			})
		}
	}
	opts = s.divestOptions(opts, seat)
	if back == stTurnStart {
		opts = s.pairOptions(opts, seat)
	}
	opts = s.benefitOptions(opts, seat, back)
	return s.expertUses(opts, seat, s.abilitiesBeside(back)...)
}

// Wine Expert abilities beside a turn's action: before it all three; after
// it, where the mode flips the cube and barrel Experts only before an
// action (ruleset.expertsBeforeActions), the +2 Bagos alone, the other two
// waiting for an Additional Action to begin (abilitiesNow).
var (
	beforeAnAction = []ExpertAbility{ExpertCash, ExpertAddRenown, ExpertRetrieveBarrel}
	anyTime        = []ExpertAbility{ExpertCash}
)

// abilitiesBeside are the abilities bonusOptions offers, returning to back.
func (s *walker) abilitiesBeside(back stage) []ExpertAbility {
	after := back == stTurnAfter || back == stBenefitTurn && s.work.benefitUsed
	if after && s.expertsOnlyBefore() {
		return anyTime
	}
	return beforeAnAction
}

// expertsOnlyBefore reports whether the cube and barrel Experts wait for
// an action, a Bonus Action or the Fair (ruleset.expertsBeforeActions).
func (s *State) expertsOnlyBefore() bool {
	return s.rules().expertsBeforeActions && s.fixed().expertsBeforeActions
}

// onlyBeforeActions reports whether ability a is one that
// expertsOnlyBefore keeps for before an action.
func onlyBeforeActions(a ExpertAbility) bool {
	return a == ExpertAddRenown || a == ExpertRetrieveBarrel
}

// flipTileKeys are the choice IDs of flipping an Action tile, by kind.
var flipTileKeys = func() (keys [numMagnateActions]string) {
	for k := range keys {
		keys[k] = "tile-" + MagnateAction(k).String()
	}
	return keys
}()

// expertUses appends to opts the face-up Wine Experts seat may flip now, among those
// with the abilities allowed at this moment, unless the turn's one Expert
// is spent [T] (SV p. 11). +2 Bagos may be used at any time, a Renown cube
// or a barrel back before an action or the Fair (V1, "Wine Expert Tiles";
// COMPONENTS.md §13), and SV's own example flips one while "currently
// performing the Export Action"; each caller offers the abilities its
// moment allows. A cube or a barrel back is chosen next, and the decision
// goes on where it was (work.use).
func (s *walker) expertUses(opts []option, seat engine.Seat, allowed ...ExpertAbility) []option {
	if s.expertSpent() {
		return opts
	}
	for i, x := range s.Seats[seat].Experts {
		_, t := s.expertTile(x.ID)
		ability := t.Ability.V
		if x.FaceUp && !slices.Contains(allowed, ability) && s.Explaining && s.expertsOnlyBefore() && onlyBeforeActions(ability) {
			s.refuse(s.expertKey(x.ID), "You flip the Wine Experts that add a Renown cube or take back a barrel only before actions, Additional Actions or the Fair: never during an action nor after it.")
		}
		if !x.FaceUp || !slices.Contains(allowed, ability) || !s.inOrder(rankExpert+i) {
			continue
		}
		// Offered only if the decision can still finish after it; the
		// look-ahead checks that.
		opts = append(opts, option{
			Choice: engine.Choice{ID: s.expertKey(x.ID), Label: s.label(func() string { return "Flip your " + s.expertName(x.ID) })},
			Risky:  true,
			Do: func(s *walker) {
				s.ranked(rankExpert + i)
				s.flipExpert(seat, i)
				switch ability {
				case ExpertCash:
					s.Seats[seat].Money += ExpertCashBagos
					s.say(seat, func() string { return fmt.Sprintf("%s takes %s.", s.Seats[seat].Name, bagos(ExpertCashBagos)) })
				case ExpertAddRenown:
					s.work.use = runAddCube
				case ExpertRetrieveBarrel:
					s.work.use = runRetrieve
				}
			},
		})
	}
	return opts
}

// expertKey is a held Expert's choice ID: its deck and ability, which
// together name one tile.
func (s *State) expertKey(id int) string {
	f, t := s.expertTile(id)
	return expertKeys[f][t.Ability.V]
}

// expertKeys are the held Experts' choice IDs by deck and ability, made
// once: every turn lists them.
var expertKeys = func() (keys [NumFeatures][numExpertAbilities]string) {
	for f := range keys {
		for a := range keys[f] {
			keys[f][a] = "expert-" + Feature(f).String() + "-" + ExpertAbility(a).String()
		}
	}
	return keys
}()

// expertSpent reports whether the turn's one Wine Expert is used, where
// the mode allows one a turn.
func (s *walker) expertSpent() bool { return s.rules().oneExpertPerTurn && s.work.expertUsed }

// flipExpert uses held Expert i: face down, and the turn's Expert is spent.
func (s *walker) flipExpert(seat engine.Seat, i int) {
	p := &s.Seats[seat]
	p.Experts[i].FaceUp = false
	s.work.expertUsed = true
	s.say(seat, func() string { return fmt.Sprintf("%s flips the %s.", p.Name, s.expertName(p.Experts[i].ID)) })
}

// faceUpAbility finds a face-up held Expert with ability a, or -1.
func (s *State) faceUpAbility(seat engine.Seat, a ExpertAbility) int {
	for i, x := range s.Seats[seat].Experts {
		if _, t := s.expertTile(x.ID); x.FaceUp && t.Ability.V == a {
			return i
		}
	}
	return -1
}
