package vinhos

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// Pending says who must decide what now, in the mode's words.
func (s *State) Pending() []engine.Pending {
	out := s.pending(nil)
	for i := range out {
		out[i].Prompt = s.term(out[i].Prompt)
	}
	return out
}

// pending appends to out who must decide what now. The playouts ask after
// every decision, with an array of their own.
func (s *State) pending(out []engine.Pending) []engine.Pending {
	one := func(seat engine.Seat, prompt string) []engine.Pending {
		return append(out, engine.Pending{Seat: seat, Prompt: prompt})
	}
	if s.Paused != nil {
		return append(out, engine.Pending{Seat: s.Paused.seat, Prompt: pausedPrompt, Continues: true})
	}
	n := len(s.Seats)
	// Turn counts the turns of the phases played one player at a time and
	// is left at n when the actions end, so it must not end Maintenance and
	// Production: every player takes a barrel back and may move workers or
	// use Porto then (SV p. 13-14).
	inTurn := s.At == PhaseInitialVineyard || s.At == PhaseInitialMagnate || s.At == PhaseActions || s.At == PhaseFinalAction
	if inTurn && s.Turn >= n {
		return out // the sequential phase is over
	}
	switch s.At {
	case PhaseInitialVineyard:
		return one(s.Order[s.Turn], "choose an initial vineyard")
	case PhaseInitialMagnate:
		return one(s.Order[n-1-s.Turn], "choose an initial Magnate Action tile")
	case PhaseActions:
		return one(s.Order[s.Turn], actionPrompts[s.Round][s.Year])
	case PhaseFinalAction:
		return one(s.Order[s.Turn], "take the last action of the game")
	case PhaseBenefits:
		if s.Turn < n {
			return one(s.Order[s.Turn], "use a Magnate benefit or pass")
		}
	case PhaseMaintenance, PhaseProduction:
		prompt := s.rules().prompts.maintenance
		if s.At == PhaseProduction {
			prompt = s.rules().prompts.production + " before production"
		}
		for _, seat := range s.Order {
			if !s.Done[seat] {
				out = append(out, engine.Pending{Seat: seat, Prompt: prompt})
			}
		}
		return out
	case PhaseFairPress:
		if i, ok := s.fairPresser(); ok {
			if s.Seats[s.FairOrder[i]].Pressed {
				return one(s.FairOrder[i], "take back pairs of barrels before the Fair")
			}
			return one(s.FairOrder[i], "present a wine at the Fair")
		}
	case PhaseFairOpening:
		if i, ok := s.fairOpener(); ok {
			return one(s.FairOrder[i], "take back pairs of barrels or use Wine Experts before the Fair")
		}
	case PhaseMaintenancePairs:
		if i, ok := s.pairsOwer(); ok {
			return one(s.Order[i], "take back a pair of barrels at Maintenance")
		}
	case PhaseFairPicks:
		for _, seat := range s.Order {
			if !s.Done[seat] {
				out = append(out, engine.Pending{Seat: seat, Prompt: "choose in secret which Wine Experts to play at the Fair"})
			}
		}
		return out
	case PhaseFairExperts:
		if len(s.LastPlace) > 0 {
			return one(s.LastPlace[0], "take a Wine Expert for last place at the Fair")
		}
	case PhaseDraft:
		if s.Turn >= 0 {
			return one(s.FairOrder[s.Turn], "discard a wine for a Magnate tile, or pass")
		}
	}
	return out
}

// actionPrompts are Pending's prompts in the Actions phase, by round and
// year, made once: the playouts ask Pending after every decision.
var actionPrompts = func() (prompts [ActionsPerYear + 1][NumYears + 1]string) {
	for round := range prompts {
		for year := range prompts[round] {
			prompts[round][year] = fmt.Sprintf("take action %d of year %d", round, year)
		}
	}
	return prompts
}()

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.At == PhaseOver }

// Phase names the moment for players.
func (s *State) Phase() string {
	switch s.At {
	case PhaseInitialVineyard:
		return "Setup: initial vineyards"
	case PhaseInitialMagnate:
		return "Setup: initial Magnate tiles"
	case PhaseActions:
		if s.Solo != nil && s.Turn < len(s.Order) {
			// Each player takes both actions in a row [T] (RB solo "Play").
			return fmt.Sprintf("Year %d, %s's action %d of %d", s.Year, s.Seats[s.Order[s.Turn]].Name, s.Round, ActionsPerYear)
		}
		return fmt.Sprintf("Year %d, action round %d", s.Year, s.Round)
	case PhaseMaintenance, PhaseMaintenancePairs:
		return fmt.Sprintf("Year %d, maintenance", s.Year)
	case PhaseProduction:
		return fmt.Sprintf("Year %d, production", s.Year)
	case PhaseFairOpening, PhaseFairPress, PhaseFairExperts:
		return fmt.Sprintf("Year %d, Wine Tasting Fair %d", s.Year, s.Fair+1)
	case PhaseFairPicks:
		return fmt.Sprintf("Year %d, Fair %d: secret Experts", s.Year, s.Fair+1)
	case PhaseDraft:
		return fmt.Sprintf("Year %d, Magnate tiles after Fair %d", s.Year, s.Fair)
	case PhaseFinalAction:
		return "The last action of the game"
	case PhaseBenefits:
		return s.term("The last rounds of Magnate benefits")
	}
	return "Game over"
}

// StagesDone counts the Wine Tasting Fairs scored so far (engine.Staged).
func (s *State) StagesDone() (int, string) {
	if s.Fair == 0 {
		return 0, ""
	}
	return s.Fair, fmt.Sprintf("Wine Tasting Fair %d", s.Fair)
}

// Complete does the bookkeeping of a finished decision.
func (s *walker) Complete(seat engine.Seat) {
	s.work = work{}
	switch s.At {
	case PhaseInitialVineyard, PhaseInitialMagnate, PhaseFinalAction:
		s.Turn++
	case PhaseActions:
		s.nextAction()
	case PhaseFairPress, PhaseFairOpening:
		// The Fair goes on after the player who just presented.
		s.Turn = slices.Index(s.FairOrder, seat) + 1
	case PhaseMaintenancePairs:
		s.Turn = slices.Index(s.Order, seat) + 1
	case PhaseMaintenance, PhaseProduction, PhaseFairPicks:
		s.Done[seat] = true
	case PhaseFairExperts:
		s.LastPlace = s.LastPlace[1:]
	case PhaseDraft:
		s.nextDrafter()
	case PhaseBenefits:
		s.nextBenefitTurn()
	}
}

// doneText narrates a decision that changed nothing anyone can see, such
// as getting ready for production without moving a worker, so that every
// move of the log says what it was.
func (s *State) doneText(seat engine.Seat) string {
	name := s.Seats[seat].Name
	switch s.At {
	case PhaseActions, PhaseFinalAction, PhaseBenefits:
		return name + " ends the turn."
	case PhaseProduction:
		return name + " is ready for the wine to be made."
	case PhaseFairPress:
		return name + " sends nothing more to the Fair."
	}
	return name + " is done."
}

// Advance moves the game on until someone has a real decision to make,
// playing every decision that has only one automatic answer, and every one
// of Lacerda's in a solo game: so Pending never lists him at rest.
func (s *walker) Advance() {
	var buf [MaxPlayers]engine.Pending
	for {
		pending := s.pending(buf[:0])
		if len(pending) == 0 {
			if !s.endPhase() {
				return
			}
			continue
		}
		if s.Solo != nil && slices.ContainsFunc(pending, func(p engine.Pending) bool { return p.Seat == LacerdaSeat }) {
			s.lacerdaDecides()
			continue
		}
		auto := false
		for _, p := range pending {
			if s.autoDecide(p.Seat) {
				auto = true
				break
			}
		}
		if !auto {
			return
		}
	}
}

// endPhase moves to the next phase when nobody owes the current one anything;
// it reports false when the game is over.
func (s *walker) endPhase() bool {
	n := len(s.Seats)
	switch s.At {
	case PhaseInitialVineyard:
		if s.Turn < n {
			return true
		}
		s.endInitialVineyards()
	case PhaseInitialMagnate:
		if s.Turn < n {
			return true
		}
		s.refillDisplay()
		s.startYear(1)
	case PhaseActions:
		if s.Turn < n {
			return true
		}
		s.reorder()
		if s.Round < ActionsPerYear {
			s.Round, s.Turn = s.Round+1, 0
			return true
		}
		s.startMaintenance()
	case PhaseMaintenance:
		s.startProduction()
	case PhaseProduction:
		s.produce()
		if slices.Contains(FairYears[1:], s.Year) {
			s.startFair()
		} else {
			s.startYear(s.Year + 1)
		}
	case PhaseMaintenancePairs:
		s.startUpkeep()
	case PhaseFairOpening:
		s.At, s.Turn = PhaseFairPress, 0
	case PhaseFairPress:
		if s.rules().fairTiles {
			s.startPicks()
		} else {
			s.scoreFair()
		}
	case PhaseFairPicks:
		s.revealPicks()
		s.scoreFair()
	case PhaseFairExperts:
		if s.rules().fairTiles {
			s.endFairByRank()
			return true
		}
		s.endFair()
		s.FairOrder = slices.Clone(s.Order)
	case PhaseDraft:
		s.endDraft()
	case PhaseFinalAction:
		if s.Turn < n {
			return true
		}
		s.scoreFinal()
	case PhaseBenefits:
		if s.Turn < n {
			return true
		}
		s.scoreFinal()
	case PhaseOver:
		return false
	}
	return true
}

// nextAction moves the Actions phase on by one action. In solo each player
// takes both actions of the year in a row [T] (RB solo "Play"), so Round
// counts the current player's actions; otherwise everybody plays round 1,
// then round 2. Either way the Pass row's new order applies when Turn runs
// out: after both players' two actions in solo, which is our reading of
// "the usual rules" when one player's two actions follow each other.
func (s *State) nextAction() {
	if s.Solo != nil && s.Round < ActionsPerYear {
		s.Round++
		return
	}
	s.Turn++
	if s.Solo != nil && s.Turn < len(s.Seats) {
		s.Round = 1
	}
}

// startYear flips the year's Vintage tile and opens its first action round.
func (s *walker) startYear(year int) {
	s.Year, s.Round, s.Turn, s.At = year, 1, 0, PhaseActions
	if year > 1 {
		s.Vintage, s.VintageDeck = s.VintageDeck[0], s.VintageDeck[1:]
		s.reveal(engine.NoSeat, func() string { return fmt.Sprintf("Year %d begins. The Vintage tile is %s.", year, s.vintageText()) })
	}
	if year > 1 && s.rules().featureMarkers {
		s.climbFeatures()
	}
	if slices.Contains(FlipBeforeYears[:], year) {
		s.flipFaceUp()
		s.say(engine.NoSeat, func() string {
			if s.rules().magnateTiles {
				return "Every face-down Wine Expert and Magnate Action tile flips face up."
			}
			return "Every face-down Wine Expert flips face up."
		})
	}
}

// climbFeatures moves each R10 Feature marker up one space per symbol of
// its feature on the new Vintage tile, stopping at the top (§4.2).
func (s *walker) climbFeatures() {
	symbols := s.VintageTile().Features.V
	for f, k := range symbols {
		if k == 0 {
			continue
		}
		from := s.Features[f]
		s.Features[f] = min(from+k, R10FeatureTrackSpaces-1)
		s.say(engine.NoSeat, func() string {
			title := s.featureTitle(Feature(f))
			return fmt.Sprintf("The %s marker climbs from space %d to %d: %s %s Expert now scores %s at the Fair.", title, from, s.Features[f], article(title), title, plural(s.sectionFP(Feature(f)), "Fair Point", "Fair Points"))
		})
	}
}

// sectionFP is what a Wine Expert of feature f scores at the R10 Fair
// now: the section its Feature marker stands in (§13.3).
func (s *State) sectionFP(f Feature) int { return s.data.Reserve.Sections[s.Features[f]].V }

// flipFaceUp turns every player's used Experts and Action tiles face up.
func (s *State) flipFaceUp() {
	for i := range s.Seats {
		p := &s.Seats[i]
		for j := range p.Experts {
			p.Experts[j].FaceUp = true
		}
		for j := range p.Tiles {
			p.Tiles[j].FaceUp = true
		}
	}
}

// taxedCell is where the Year/Taxation marker stands now.
func (s *State) taxedCell() Cell {
	if s.At == PhaseFinalAction {
		return s.data.FinalActionCell.V
	}
	return s.data.TaxedCells[s.Year].V
}

// reorder applies the Pass row at the end of an action round: each passer
// takes the same slot in the top row and the others keep their order in the
// slots left.
func (s *walker) reorder() {
	var rest []engine.Seat
	for _, seat := range s.Order {
		if !slices.Contains(s.Bottom, seat) {
			rest = append(rest, seat)
		}
	}
	changed := false
	for i := range s.Order {
		if s.Bottom[i] != engine.NoSeat {
			s.Order[i], changed = s.Bottom[i], true
		} else {
			s.Order[i], rest = rest[0], rest[1:]
		}
		s.Bottom[i] = engine.NoSeat
	}
	if changed {
		s.say(engine.NoSeat, func() string { return fmt.Sprintf("Player order is now %s.", s.names(s.Order)) })
	}
}

func (s *State) names(seats []engine.Seat) string {
	out := ""
	for i, seat := range seats {
		if i > 0 {
			out += ", "
		}
		out += s.Seats[seat].Name
	}
	return out
}
