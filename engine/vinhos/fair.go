package vinhos

import (
	"fmt"
	"slices"
	"sort"

	"github.com/adega-bot/adega/engine"
)

// startFair opens the Wine Tasting Fair of years 3, 5 and 6: first the
// last-minute Press Releases, in player order [T] (SV p. 14).
func (s *State) startFair() {
	s.At, s.Turn = PhaseFairPress, 0
	s.FairOrder = slices.Clone(s.Order)
	if s.opensFairFirst() {
		s.At = PhaseFairOpening
	}
}

// opensFairFirst reports whether pairs and the cube and barrel Experts
// come before the Fair's Press Releases, in a phase of their own
// (ruleset.fairOpening).
func (s *State) opensFairFirst() bool { return s.rules().fairOpening && s.fixed().fairOpening }

// fairOpener finds, from Turn on, the next player in order who may take
// back a pair or flip a cube or barrel Expert before the Fair Step.
func (s *State) fairOpener() (int, bool) {
	for i := s.Turn; i < len(s.FairOrder); i++ {
		if seat := s.FairOrder[i]; s.hasPair(seat) || s.hasExpertBefore(seat) {
			return i, true
		}
	}
	return 0, false
}

// hasExpertBefore reports whether seat holds a face-up cube or barrel
// Expert.
func (s *State) hasExpertBefore(seat engine.Seat) bool {
	for _, x := range s.Seats[seat].Experts {
		if _, t := s.expertTile(x.ID); x.FaceUp && onlyBeforeActions(t.Ability.V) {
			return true
		}
	}
	return false
}

// fairOpeningStep: before the Fair Step a player takes back pairs and
// flips cube and barrel Experts, as many as they like, then is done.
func (s *walker) fairOpeningStep() step {
	st := s.pairsStep(func(s *walker) { s.work.stage = stDone })
	st.Prompt = "Before the Fair: take back a pair of barrels, or flip a Wine Expert to add a Renown cube or take back a barrel?"
	st.Opts[0].Label = "Nothing more before the Fair"
	st.Opts = s.expertUses(st.Opts, s.work.seat, ExpertAddRenown, ExpertRetrieveBarrel)
	return st
}

// fairPresser finds the next player who still owes the Fair a wine: one
// with no disc in a booth who has a wine. A player with no wine shamefully
// stays out [T]. Lacerda has no wine, but makes his Press Release now if he
// has not made one [T] (RB solo "Fair").
func (s *State) fairPresser() (int, bool) {
	for i := s.Turn; i < len(s.FairOrder); i++ {
		seat := s.FairOrder[i]
		if !s.Seats[seat].Pressed && (s.hasWine(seat) || s.isLacerda(seat)) || s.fairPairs(seat) {
			return i, true
		}
	}
	return 0, false
}

// fairPairs reports whether seat may take back pairs of barrels as the
// Fair opens (R10, §8, AMB-7), before the last-minute Press Releases.
// Where the Fair opens first (opensFairFirst), they came then.
func (s *State) fairPairs(seat engine.Seat) bool {
	return s.rules().pairs && !s.opensFairFirst() && s.hasPair(seat)
}

// startFairDecision opens seat's decision at the Fair: its pairs first,
// where it has some, then its last-minute Press Release if it owes one.
func (s *walker) startFairDecision(seat engine.Seat) {
	if s.fairPairs(seat) {
		s.work.stage = stFairPairs
		return
	}
	s.pressIfOwed(seat)
}

// pressIfOwed starts the last-minute Press Release of a player who made
// none and has a wine; otherwise the decision ends.
func (s *walker) pressIfOwed(seat engine.Seat) {
	if !s.Seats[seat].Pressed && (s.hasWine(seat) || s.isLacerda(seat)) {
		s.lastMinutePress()
		return
	}
	s.work.stage = stDone
}

// scoreFair ranks the players by Fair Points and pays the Fair's VP [T]
// (SV p. 15): ties pool their places' VP and split it, rounded down; with 2
// players the places pay the 1st and 3rd amounts; in a 4-player game the
// last place, and everyone tied for it, takes a Wine Expert. C17: a player
// who presented no wine gets neither VP nor Expert, as in the first edition.
func (s *walker) scoreFair() {
	s.Fair++
	n := len(s.Seats)
	amounts := FairVP[s.Fair][:min(n, len(FairVP[s.Fair]))]
	if n == 2 && s.rules().twoPlayerFairPlaces {
		amounts = []int{FairVP[s.Fair][TwoPlayerFairPlaces[0]-1], FairVP[s.Fair][TwoPlayerFairPlaces[1]-1]}
	}
	ranked := slices.Clone(s.Order)
	sort.SliceStable(ranked, func(i, j int) bool {
		return s.Seats[ranked[i]].FairPoints > s.Seats[ranked[j]].FairPoints
	})
	s.say(engine.NoSeat, func() string {
		return fmt.Sprintf("Fair %d: the Fair Points stand at %s.", s.Fair, s.fairStandings(ranked))
	})
	s.LastPlace = nil
	for i := 0; i < n; {
		j := i + 1
		for j < n && s.Seats[ranked[j]].FairPoints == s.Seats[ranked[i]].FairPoints {
			j++
		}
		pool := 0
		for k := i; k < j; k++ {
			if k < len(amounts) {
				pool += amounts[k]
			}
		}
		for _, seat := range ranked[i:j] {
			p := &s.Seats[seat]
			if !s.presented(seat) {
				s.say(seat, func() string { return fmt.Sprintf("%s presented no wine and scores nothing at this Fair.", p.Name) })
				continue
			}
			share := pool / (j - i)
			s.score(seat, SourceFairs, share)
			s.say(seat, func() string {
				return fmt.Sprintf("%s places %s and scores %d VP.", p.Name, engine.Ordinal(i+1), share)
			})
			if n == LastPlaceExpertPlayers && j == n {
				s.LastPlace = append(s.LastPlace, seat)
			}
		}
		i = j
	}
	if s.Solo != nil {
		s.awardTrophy(ranked)
	}
	// The tied last places take their Experts in turn order.
	sort.SliceStable(s.LastPlace, func(a, b int) bool {
		return slices.Index(s.Order, s.LastPlace[a]) < slices.Index(s.Order, s.LastPlace[b])
	})
	s.At = PhaseFairExperts
	if !s.anyExperts() {
		s.LastPlace = nil
	}
}

// presented reports whether seat entered a wine in this Fair: a disc on a
// booth, or an R10 Fair tile on a slot.
func (s *State) presented(seat engine.Seat) bool {
	if s.rules().fairTiles {
		return s.fairSlot(seat) >= 0
	}
	return slices.Contains(s.Booths[:], seat)
}

func (s *State) fairStandings(ranked []engine.Seat) string {
	out := ""
	for i, seat := range ranked {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%s %d", s.Seats[seat].Name, s.Seats[seat].FairPoints)
	}
	return out
}

func (s *walker) fairExpertStep() step {
	seat := s.work.seat
	st := step{Name: "deck", Prompt: "You placed last: take the top Wine Expert of which deck?",
		Opts: s.deckOptions(s.EmptyOptions(), seat, 0, func(s *walker) { s.work.stage = stDone })}
	if len(st.Opts) == 0 {
		// Components are limited (RB): a player tied for last may find
		// the decks emptied by those before him.
		st.Opts = []option{doneOption("No Wine Expert is left to take", func(s *walker) { s.work.stage = stDone })}
	} else if s.atExpertLimit(seat) {
		// AMB-23: at the limit the Expert may be declined.
		st.Opts = append(st.Opts, s.declineExpertOption(func(s *walker) { s.work.stage = stDone }))
	}
	return st
}

// endFair sets the new player order from the booths, left to right [T],
// brings the discs back and opens the Magnate tile draft. Players who had no
// disc follow, in their old order.
func (s *walker) endFair() {
	var order []engine.Seat
	for _, seat := range s.Booths {
		if seat != engine.NoSeat {
			order = append(order, seat)
		}
	}
	for _, seat := range s.Order {
		if !slices.Contains(order, seat) {
			order = append(order, seat)
		}
	}
	s.Order = order
	s.say(engine.NoSeat, func() string { return fmt.Sprintf("Player order is now %s.", s.names(s.Order)) })
	for i := range s.Booths {
		s.Booths[i] = engine.NoSeat
	}
	for i := range s.Seats {
		s.Seats[i].Pressed = false
	}
	s.At, s.Turn = PhaseDraft, 0
	s.FairOrder = slices.Clone(s.Order)
	s.DraftPassed = make([]bool, len(s.Seats))
}

// The draft [T] (SV p. 15): in the new order, each player discards a wine
// to take a Magnate tile, or passes for good. A Multiplier needs a barrel
// from the supply; nobody holds two identical tiles.
func (s *walker) draftTileStep() step {
	seat := s.work.seat
	p := &s.Seats[seat]
	st := step{Name: "tile", Prompt: "Discard a wine to take which Magnate tile? Passing is for good.", Opts: s.EmptyOptions()}
	pass := doneOption("Pass: take no more tiles after this Fair", func(s *walker) {
		seat := s.work.seat // a closure of nothing is allocated once
		s.DraftPassed[seat] = true
		s.say(seat, func() string { return fmt.Sprintf("%s passes.", s.Seats[seat].Name) })
		s.work.stage = stDone
	})
	pass.ID = "pass"
	st.Opts = append(st.Opts, pass)
	if !s.hasWine(seat) {
		return st
	}
	// A barrel back pays for a Multiplier (RB: "To buy a Multiplier tile
	// you must have a barrel available"); +2 Bagos is usable at any time.
	if s.fixed().expertsWhereAllowed {
		st.Opts = s.expertUses(st.Opts, seat, ExpertCash, ExpertRetrieveBarrel)
	}
	for i, id := range s.Display {
		if id == NoTile || s.holdsKind(seat, id) || (!isActionTile(id) && p.Barrels == 0) {
			if s.Explaining && id != NoTile && s.holdsKind(seat, id) {
				s.refuse(s.tileKey(id, i), "You hold a tile like it already; nobody holds two alike (SV p. 15).")
			} else if s.Explaining && id != NoTile {
				s.refuse(s.tileKey(id, i), "A Multiplier needs a barrel from your supply, and you have none.")
			}
			continue
		}
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: s.tileKey(id, i), Label: s.tileName(id)},
			Do:     chooseDisplayTile[i],
		})
	}
	return st
}

var chooseDisplayTile = answers(DisplayRows*DisplayColumns, func(s *walker, i int) {
	s.work.tile = i
	s.work.stage = stDraftWine
})

func (s *walker) draftWineStep() step {
	seat := s.work.seat
	st := step{Name: "wine", Prompt: "Which wine do you discard for it?", Opts: s.EmptyOptions()}
	for _, w := range s.wines(seat) {
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: wineKey(w), Label: s.wineLabel(seat, w)},
			Do: func(s *walker) {
				s.say(seat, func() string { return fmt.Sprintf("%s discards the %s.", s.Seats[seat].Name, s.wineLabel(seat, w)) })
				s.spendWine(seat, w, 0)
				s.takeDisplayTile(seat, s.work.tile)
				s.work.stage = stDone
			},
		})
	}
	return st
}

// nextDrafter passes the draft to the next player who has not passed, or
// ends it.
func (s *State) nextDrafter() {
	n := len(s.FairOrder)
	for k := 1; k <= n; k++ {
		i := (s.Turn + k) % n
		if !s.DraftPassed[s.FairOrder[i]] {
			s.Turn = i
			return
		}
	}
	s.Turn = -1
}

// endDraft refills the display and starts the next year, or the last
// actions after the third Fair.
func (s *walker) endDraft() {
	for i, id := range s.Display {
		if id != NoTile {
			s.Retired = append(slices.Clip(s.Retired), id) // shared between copies
			s.Display[i] = NoTile
		}
	}
	s.refillDisplay()
	s.DraftPassed, s.FairOrder = nil, nil
	if s.Solo != nil {
		s.returnNumbers()
		s.reshuffleActions()
	}
	if s.Fair == NumFairs {
		s.At, s.Turn = PhaseFinalAction, 0
		s.say(engine.NoSeat, func() string { return "After the third Fair, each player takes one more action." })
		return
	}
	s.startYear(s.Year + 1)
}
