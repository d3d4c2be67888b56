package vinhos

import (
	"fmt"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// Solo mode: one player against the Lacerda automa, on a 2-player Special
// Vintage 2016 game [T] (RB "Solitaire rules"; COMPONENTS.md §18). Lacerda
// owes no decision anybody is asked for: each of his (a turn, the Fair's
// Press Release, Maintenance, a draft pick) is played inside advance as soon
// as it comes up, and narrated card by card.

// The seats of a solo game, and Lacerda's name.
const (
	SoloSeat    engine.Seat = 0
	LacerdaSeat engine.Seat = 1
	LacerdaName             = "Lacerda"
)

func (s *State) isLacerda(seat engine.Seat) bool { return s.Solo != nil && seat == LacerdaSeat }

// setupLacerda gives Lacerda his setup [T] (RB solo "Setup"): no player
// board and no money, all his barrels in his area and none on the Magnates,
// the top Wine Expert of each deck, his two shuffled decks, and a barrel on
// the top slot of each of the two leftmost columns of the 2-player Export
// frame, scoring their values.
func (s *walker) setupLacerda() {
	p := &s.Seats[LacerdaSeat]
	p.Money, p.Barrels, p.Magnates = LacerdaStartingCash, Box.BarrelsPerColor, [NumMagnates]int8{}
	s.Solo = &Solo{Actions: slices.Clone(ActionCards[:]), Numbers: slices.Clone(NumberCards[:])}
	engine.Shuffle(&s.RNG, s.Solo.Actions)
	engine.Shuffle(&s.RNG, s.Solo.Numbers)
	for f := range NumFeatures {
		for range LacerdaExpertsPerDeck {
			s.takeExpert(LacerdaSeat, Feature(f))
		}
	}
	for c := range LacerdaInitialExports {
		for r := range ExportRows {
			if s.data.Export.TwoPlayer.V[r][c] {
				s.lacerdaExport(r, c, 0)
				break
			}
		}
	}
}

// lacerdaDecides plays the decision Lacerda owes now, then does its
// bookkeeping. At Production he has nothing to Do: he has no estates.
func (s *walker) lacerdaDecides() {
	phase := s.At
	switch phase {
	case PhaseInitialVineyard:
		// His initial Vineyard: one Number card, as in his Vineyards
		// action [T] (RB solo "Setup").
		s.lacerdaVineyards(1)
	case PhaseInitialMagnate:
		// His first Magnate tile [T]; six tiles are on display and at
		// most one is gone, so a card always finds one.
		i, _ := s.lacerdaTile()
		s.lacerdaTakeTile(i)
	case PhaseActions:
		s.lacerdaTurn()
	case PhaseMaintenance:
		s.lacerdaMaintenance()
	case PhaseFairPress:
		s.lacerdaPress()
	case PhaseDraft:
		s.lacerdaDraftPick()
	case PhaseFinalAction:
		// Out of mercy, his last action is a pass [T] (RB "End of game").
		s.lacerdaMove(CellC)
		s.say(LacerdaSeat, func() string { return "Lacerda passes." })
	}
	if phase != PhaseDraft { // the draft's cards go back at its end
		s.returnNumbers()
	}
	s.Complete(LacerdaSeat)
}

// --- Cards -----------------------------------------------------------------

// drawAction draws and discards the top Action card [T]. C23: a card naming
// his own cell is discarded and another drawn. The deck never runs out: he
// draws for at most 6 actions between reshuffles, and a card can name his
// cell only as the first draw after one.
func (s *walker) drawAction() Cell {
	l := s.Solo
	for {
		c := l.Actions[0]
		l.Actions = l.Actions[1:]
		l.Played = append(slices.Clip(l.Played), c) // shared between copies
		s.reveal(LacerdaSeat, func() string { return fmt.Sprintf("Lacerda draws the Action card %s.", s.cellLabel(c)) })
		if c != s.Seats[LacerdaSeat].Cell {
			return c
		}
		s.say(LacerdaSeat, func() string { return "He is already there, so he draws again." })
	}
}

// reshuffleActions shuffles his drawn Action cards back into the deck after
// each Fair [T].
func (s *walker) reshuffleActions() {
	deck := append(slices.Clone(s.Solo.Actions), s.Solo.Played...)
	engine.Shuffle(&s.RNG, deck)
	s.Solo.Actions, s.Solo.Played = deck, nil
	s.say(LacerdaSeat, func() string { return "Lacerda's Action cards are shuffled back into his deck." })
}

// drawNumbers draws Number cards until judge has accepted want of them or
// the deck runs out, and narrates each card with judge's note. The drawn
// cards stay face up until returnNumbers.
func (s *walker) drawNumbers(want int, judge func(n int) (bool, string)) []int {
	l := s.Solo
	var got []int
	for len(got) < want && len(l.Numbers) > 0 {
		n := l.Numbers[0]
		l.Numbers = l.Numbers[1:]
		l.Drawn = append(slices.Clip(l.Drawn), n) // shared between copies
		ok, note := judge(n)
		s.reveal(LacerdaSeat, func() string { return fmt.Sprintf("Lacerda draws the Number card %d: %s.", n, note) })
		if ok {
			got = append(got, n)
		}
	}
	if !s.fixed().numbersPerAction {
		s.returnNumbers() // the first rules: back after each draw
	}
	return got
}

// returnNumbers shuffles the drawn Number cards back into the deck [T]:
// "Unless stated otherwise, every time you are instructed to draw Number
// cards, return them to the deck at the end of the action, then shuffle
// the deck" (RB solo). Reading: at the end of each of his actions (his
// setup picks, a turn, a Press Release), so no card repeats within one,
// and in the draft at its end, since his picks draw "until either he gets
// a tile, or the Number deck runs out".
func (s *State) returnNumbers() {
	l := s.Solo
	if len(l.Drawn) == 0 {
		return
	}
	// The drawn cards go back on top, in the order drawn, so that the deck
	// is shuffled from the order it was in before the draws.
	deck := append(slices.Clone(l.Drawn), l.Numbers...)
	engine.Shuffle(&s.RNG, deck)
	l.Numbers, l.Drawn = deck, nil
}

// lacerdaRegions draws Number cards for n regions. C22: a card naming a
// region not in play is drawn again.
func (s *walker) lacerdaRegions(n int) []RegionID {
	var out []RegionID
	for _, card := range s.drawNumbers(n, func(card int) (bool, string) {
		r := RegionID(card)
		if !s.Regions[r].InPlay {
			return false, Regions[r].Name + " is not in play, so he draws again"
		}
		return true, Regions[r].Name
	}) {
		out = append(out, RegionID(card))
	}
	return out
}

// --- Movement --------------------------------------------------------------

// lacerdaTurn is one of his actions: an Action card names the cell he moves
// to, and he does its action his way.
func (s *walker) lacerdaTurn() {
	c := s.drawAction()
	s.lacerdaMove(c)
	switch Quadrel[s.Mode][c] {
	case ActVineyards:
		s.lacerdaVineyards(LacerdaItems)
	case ActCellars:
		s.lacerdaBuildings("Cellar", "Cellars", &s.Supply.Cellars, &s.Solo.Discarded.Cellars)
	case ActWineries:
		s.lacerdaBuildings("Winery", "Wineries", &s.Supply.Wineries, &s.Solo.Discarded.Wineries)
	case ActWineExperts:
		s.lacerdaExperts()
	case ActEnologists:
		s.lacerdaDiscard("Enologist", "Enologists", &s.Supply.Enologists, &s.Solo.Discarded.Enologists)
		s.lacerdaDiscard("Farmer", "Farmers", &s.Supply.Farmers, &s.Solo.Discarded.Farmers)
	case ActExport:
		s.lacerdaExports()
	case ActSales:
		s.lacerdaSales()
	case ActPass:
		s.lacerdaPass()
	}
}

// lacerdaMove moves his Action marker to c [T] (RB "Lacerda's movement"):
// the bank pays his fees, including the Bago owed to you if you are there,
// and he leaves a bribe of one Bago from the bank on the cell he leaves,
// unless it is the centre or one is there already.
func (s *walker) lacerdaMove(c Cell) {
	p := &s.Seats[LacerdaSeat]
	from := p.Cell
	if from == c {
		s.say(LacerdaSeat, func() string { return fmt.Sprintf("Lacerda stays on %s.", s.cellLabel(c)) })
		return
	}
	fee, occupants := s.moveFee(LacerdaSeat, c, nil)
	text := fmt.Sprintf("Lacerda moves to %s", s.cellLabel(c))
	if fee > 0 {
		text += fmt.Sprintf("; the bank pays his %s", bagos(fee))
	}
	for _, o := range occupants {
		s.Seats[o].Money += FeePerOccupant
		text += fmt.Sprintf(", 1 of them to %s", s.Seats[o].Name)
	}
	s.say(LacerdaSeat, func() string { return fmt.Sprintf("%s.", text) })
	p.Cell = c
	if from != CellC && !s.Solo.Bribes[from] {
		s.Solo.Bribes[from] = true
		s.say(LacerdaSeat, func() string { return fmt.Sprintf("Lacerda leaves a Bago bribe on %s.", s.cellLabel(from)) })
	}
}

// bribed reports whether seat, the solo player, pays a bribe to enter c.
func (s *State) bribed(seat engine.Seat, c Cell) bool {
	return s.Solo != nil && seat == SoloSeat && s.Solo.Bribes[c]
}

// --- Actions ---------------------------------------------------------------

// lacerdaVineyards: for each of n Number cards, the top Vineyard of the
// region is discarded and, if there was one, a Renown cube goes there [T]
// (RB "Lacerda's actions: Vineyards").
func (s *walker) lacerdaVineyards(n int) {
	for _, r := range s.lacerdaRegions(n) {
		reg := &s.Regions[r]
		if len(reg.Deck) == 0 {
			s.say(LacerdaSeat, func() string { return fmt.Sprintf("No %s vineyard is left to discard.", Regions[r].Name) })
			continue
		}
		t := reg.Deck[0]
		reg.Deck = reg.Deck[1:]
		s.Solo.Discarded.Vineyards++
		s.say(LacerdaSeat, func() string {
			return fmt.Sprintf("Lacerda discards the top %s vineyard, %s, cost %d.", Regions[r].Name, t.Color, t.Cost.V)
		})
		s.revealVineyard(r)
		s.lacerdaCube(r)
	}
}

// lacerdaCube adds a Renown cube to region r, supply and room permitting.
func (s *walker) lacerdaCube(r RegionID) {
	if !s.placeCube(LacerdaSeat, r) {
		s.say(LacerdaSeat, func() string { return fmt.Sprintf("No Renown cube can go to %s.", Regions[r].Name) })
	}
}

// lacerdaBuildings: Lacerda's Cellars or Wineries [T]: two Number cards
// add a cube to their regions, even if fewer buildings are left, then two
// of the buildings, or all that are left, are discarded.
func (s *walker) lacerdaBuildings(one, many string, supply, discarded *int) {
	for _, r := range s.lacerdaRegions(LacerdaItems) {
		s.lacerdaCube(r)
	}
	s.lacerdaDiscard(one, many, supply, discarded)
}

// lacerdaDiscard takes two items from a supply out of the game, or all
// that are left.
func (s *walker) lacerdaDiscard(one, many string, supply, discarded *int) {
	n := min(LacerdaItems, *supply)
	*supply -= n
	*discarded += n
	s.say(LacerdaSeat, func() string {
		return fmt.Sprintf("Lacerda discards %s from the supply (%d left).", plural(n, one, many), *supply)
	})
}

// lacerdaExperts: the top Wine Expert of each feature on the Vintage tile
// [T] (RB "Lacerda's actions: Wine Experts").
func (s *walker) lacerdaExperts() {
	for f, symbols := range s.VintageTile().Features.V {
		if symbols > 0 && len(s.Experts[f]) > 0 {
			s.takeExpert(LacerdaSeat, Feature(f))
		}
	}
}

// lacerdaCubes takes up to LacerdaRenownCubes cubes from your region with
// the most cubes, among the regions where you have an estate; a tie is
// broken by Number cards until one names a tied region [T] (RB solo "Play").
// It returns how many he took.
func (s *walker) lacerdaCubes() int {
	tied := s.richestRegions(SoloSeat)
	if len(tied) == 0 {
		s.say(LacerdaSeat, func() string {
			return fmt.Sprintf("%s's regions have no Renown cubes for Lacerda.", s.Seats[SoloSeat].Name)
		})
		return 0
	}
	r := tied[0]
	if len(tied) > 1 {
		r = s.breakTie(tied)
	}
	n := min(LacerdaRenownCubes, s.Regions[r].Cubes)
	s.Regions[r].Cubes -= n
	s.Supply.Cubes += n
	s.say(LacerdaSeat, func() string {
		return fmt.Sprintf("Lacerda takes %s from %s.", plural(n, "Renown cube", "Renown cubes"), Regions[r].Name)
	})
	return n
}

// breakTie draws Number cards until one names a tied region [T]. Reading,
// a gap: the cards of the tied regions may all have been drawn earlier in
// the same action (Sales takes cubes twice); then the drawn cards are
// shuffled back and the draw goes on, as the tie must be broken.
func (s *walker) breakTie(tied []RegionID) RegionID {
	for {
		cards := s.drawNumbers(1, func(card int) (bool, string) {
			if !slices.Contains(tied, RegionID(card)) {
				return false, Regions[card].Name + " is not among the tied regions, so he draws again"
			}
			return true, Regions[card].Name
		})
		if len(cards) > 0 {
			return RegionID(cards[0])
		}
		s.say(LacerdaSeat, func() string {
			return "The Number deck ran out before the tie was broken; the drawn cards are shuffled back."
		})
		s.returnNumbers()
	}
}

// richestRegions lists the regions where seat has an estate that hold the
// most Renown cubes, if that is more than none.
func (s *State) richestRegions(seat engine.Seat) []RegionID {
	var out []RegionID
	most := 1
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		cubes := s.Regions[r].Cubes
		if cubes < most || !slices.ContainsFunc(s.Seats[seat].Estates[:], func(e Estate) bool { return e.Region == r }) {
			continue
		}
		if cubes > most {
			out = nil
		}
		most = cubes
		out = append(out, r)
	}
	return out
}

// lacerdaExports: twice, while he has a barrel and a slot is free, cubes
// from your richest region, then a barrel on the free slot of the 2-player
// frame with the highest value, in the leftmost column on ties, scoring the
// slot plus LacerdaCubeVP per cube [T] (RB "Lacerda's actions: Export").
// Reading: the cubes are the first step of placing a barrel ("Repeat Steps
// 1-3 to place and score a second barrel, if any"), so with no barrel or
// no free slot he takes none; the same holds for his Sales.
func (s *walker) lacerdaExports() {
	for range LacerdaItems {
		r, c, ok := s.lacerdaExportSlot()
		if !ok || s.Seats[LacerdaSeat].Barrels == 0 {
			s.say(LacerdaSeat, func() string { return "Lacerda has no barrel or no free Export slot for another export." })
			return
		}
		s.lacerdaExport(r, c, s.lacerdaCubes())
	}
}

// lacerdaExportSlot finds the free 2-player Export slot with the highest
// value; scanning column by column from the left keeps the leftmost of
// equal values.
func (s *State) lacerdaExportSlot() (row, col int, ok bool) {
	best := 0
	for c := range ExportColumns {
		for r := range ExportRows {
			if v := s.data.Export.Values[r][c].V; s.Export[r][c] == engine.NoSeat && s.data.Export.TwoPlayer.V[r][c] && v > best {
				best, row, col = v, r, c
			}
		}
	}
	return row, col, best > 0
}

// lacerdaExport puts one of his barrels on Export slot r, c, having used
// cubes Renown cubes.
func (s *walker) lacerdaExport(r, c, cubes int) {
	p := &s.Seats[LacerdaSeat]
	value := s.data.Export.Values[r][c].V
	vp := value + cubes*LacerdaCubeVP
	s.Export[r][c] = LacerdaSeat
	p.Barrels--
	s.score(LacerdaSeat, SourceExports, vp)
	s.say(LacerdaSeat, func() string {
		return fmt.Sprintf("Lacerda exports a barrel to country %d, slot %d: +%d VP (%d).", c+1, value, vp, p.VP)
	})
}

// lacerdaSales: twice, while he has a barrel and a Sales slot is free, he
// takes cubes from your richest region and draws Number cards until one
// greater than 2 gives, with a cube adding 1, a wine value that finds a
// free slot; he sells there and keeps the Bagos [T] (RB "Lacerda's actions:
// Sales"). Reading: when no card finds a slot before the deck runs out,
// that sale fails with its cubes spent, and he goes on to the second:
// "Repeat Steps 1-6 to place and sell a second barrel, if any barrels and
// spaces left" [T].
func (s *walker) lacerdaSales() {
	p := &s.Seats[LacerdaSeat]
	for range LacerdaItems {
		if p.Barrels == 0 || !slices.Contains(s.Sales[:], engine.NoSeat) {
			s.say(LacerdaSeat, func() string { return "Lacerda has no barrel or no free Sales slot for another sale." })
			return
		}
		cubes := s.lacerdaCubes()
		cards := s.drawNumbers(1, func(card int) (bool, string) {
			if card < LacerdaSalesMinCard {
				return false, fmt.Sprintf("below %d, so he draws again", LacerdaSalesMinCard)
			}
			if _, ok := s.lacerdaSaleSlot(card + cubes); !ok {
				return false, fmt.Sprintf("a wine of %d finds no free Sales slot, so he draws again", card+cubes)
			}
			return true, fmt.Sprintf("a wine of %d", card+cubes)
		})
		if len(cards) == 0 {
			s.say(LacerdaSeat, func() string { return "No Number card left finds Lacerda a Sales slot: this sale fails." })
			if !s.fixed().secondSaleAfterFailure {
				return // the first rules ended the action there
			}
			continue
		}
		i, _ := s.lacerdaSaleSlot(cards[0] + cubes)
		slot := s.data.Sales[i]
		s.Sales[i] = LacerdaSeat
		p.Barrels--
		p.Money += slot.Value.V
		s.say(LacerdaSeat, func() string {
			return fmt.Sprintf("Lacerda sells to %s %s %d and takes %s (%d).", establishmentTitle(slot.Establishment), slot.Color, slot.Value.V, bagos(slot.Value.V), p.Money)
		})
	}
}

// lacerdaSaleSlot finds the free Sales slot for his wine of value v [T]:
// the value in Anabela's colour, then in the other colour, then the same
// for each lower value (steps 5a and 5b).
func (s *State) lacerdaSaleSlot(v int) (int, bool) {
	first := s.VintageTile().Anabela.V
	colors := [2]Color{first, White}
	if first == White {
		colors[1] = Red
	}
	for ; v > 0; v-- {
		for _, c := range colors {
			for i, slot := range s.data.Sales {
				if s.Sales[i] == engine.NoSeat && slot.Color == c && slot.Value.V == v {
					return i, true
				}
			}
		}
	}
	return 0, false
}

// lacerdaPass: Pass / Press Release [T]. He always wants to go first, so he
// takes the first free slot of the bottom row (he passes at most once a
// year: one Action card names the centre, and his deck is reshuffled only
// between years), then makes a Press Release if he has not made one for the
// coming Fair.
func (s *walker) lacerdaPass() {
	s.takeOrderSlot(LacerdaSeat, slices.Index(s.Bottom, engine.NoSeat))
	if s.Seats[LacerdaSeat].Pressed {
		s.say(LacerdaSeat, func() string { return "Lacerda passes." })
		return
	}
	s.lacerdaPress()
}

// lacerdaPress is his Press Release [T] (steps 1-4): Bruno's expected value
// in Fair Points, cubes taken from your richest region, his disc on the
// "3 FP" booth, or on the "3 Bagos" booth if yours is there, then for each
// feature of the Vintage tile one matching face-up Expert, as a player
// would send: he sends the one worth most.
func (s *walker) lacerdaPress() {
	p := &s.Seats[LacerdaSeat]
	vin := s.VintageTile()
	p.FairPoints += vin.Bruno.V
	s.say(LacerdaSeat, func() string {
		return fmt.Sprintf("Lacerda makes a Press Release worth Bruno's %d Fair Points (%d).", vin.Bruno.V, p.FairPoints)
	})
	s.lacerdaCubes()
	b := boothWith(BoothFairPoints)
	if s.Booths[b] != engine.NoSeat {
		b = boothWith(BoothBagos)
	}
	s.enterBooth(LacerdaSeat, b)
	for f, symbols := range vin.Features.V {
		if symbols == 0 {
			continue
		}
		best, bestFP := -1, 0
		for i, x := range p.Experts {
			if xf, t := s.expertTile(x.ID); x.FaceUp && xf == Feature(f) && expertFairPoints(t, symbols) > bestFP {
				best, bestFP = i, expertFairPoints(t, symbols)
			}
		}
		if best >= 0 {
			s.sendExpert(LacerdaSeat, best, bestFP)
		}
	}
	p.Pressed = true
}

// boothWith finds the Fair booth with the given bonus.
func boothWith(bonus BoothBonus) int {
	return slices.IndexFunc(FairBooths[:], func(b FairBooth) bool { return b.Bonus == bonus })
}

// --- Other phases ----------------------------------------------------------

// lacerdaMaintenance takes back his lowest Sales barrel; of two with the
// same value, the one in Anabela's colour [T] (RB solo "Maintenance").
func (s *walker) lacerdaMaintenance() {
	anabela := s.VintageTile().Anabela.V
	best := -1
	for i, occ := range s.Sales {
		if occ != LacerdaSeat {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		v, bv := s.data.Sales[i].Value.V, s.data.Sales[best].Value.V
		if v < bv || v == bv && s.data.Sales[i].Color == anabela {
			best = i
		}
	}
	s.takeBackSale(LacerdaSeat, best)
}

// awardTrophy gives the Fair's winner a trophy [T] (RB solo "Fair"):
// "give the winner a trophy". Reading: everyone placed first takes one,
// as a tie shares the place (and its VP, SV p. 15), provided they
// presented a wine: a player who presented none does not take part in
// the Fair (C17).
func (s *walker) awardTrophy(ranked []engine.Seat) {
	top := s.Seats[ranked[0]].FairPoints
	tied := s.Seats[ranked[1]].FairPoints == top
	var winners []engine.Seat
	for _, seat := range ranked {
		if s.Seats[seat].FairPoints == top && s.presented(seat) && (!tied || s.fixed().tiedTrophies) {
			winners = append(winners, seat)
			s.say(seat, func() string {
				return fmt.Sprintf("%s places first at the Fair and takes a trophy.", s.Seats[seat].Name)
			})
		}
	}
	switch {
	case len(winners) > 0:
	case tied && !s.fixed().tiedTrophies:
		s.say(engine.NoSeat, func() string { return "Nobody wins the Fair alone: no trophy." })
	default:
		s.say(engine.NoSeat, func() string { return "Nobody placed first with a wine presented: no trophy." })
	}
	s.Solo.Trophies = append(slices.Clip(s.Solo.Trophies), winners) // shared between copies
}

// lacerdaDraftPick is his turn in the draft [T] (RB solo "Fair"): while he
// has a barrel, Number cards 1-6 name display spaces until one holds a
// tile; when he is out of barrels or the deck runs out, he passes for good.
func (s *walker) lacerdaDraftPick() {
	i, ok := 0, false
	if s.Seats[LacerdaSeat].Barrels > 0 {
		i, ok = s.lacerdaTile()
	}
	if !ok {
		s.DraftPassed[LacerdaSeat] = true
		s.say(LacerdaSeat, func() string { return "Lacerda passes and takes no more tiles after this Fair." })
		return
	}
	s.lacerdaTakeTile(i)
}

// lacerdaTile draws Number cards until one of 1-6 names a display space
// that holds a tile, which it returns, or the deck runs out.
func (s *walker) lacerdaTile() (int, bool) {
	cards := s.drawNumbers(1, func(card int) (bool, string) {
		i, ok := s.soloDisplayIndex(card)
		switch {
		case !ok:
			return false, "no display space has that number, so he draws again"
		case s.Display[i] == NoTile:
			return false, fmt.Sprintf("display space %d is empty, so he draws again", card)
		}
		return true, fmt.Sprintf("display space %d", card)
	})
	if len(cards) == 0 {
		return 0, false
	}
	i, _ := s.soloDisplayIndex(cards[0])
	return i, true
}

// soloDisplayIndex is the display index of the space Number card n names,
// if any: DisplayGrid.SoloSpace places 1..LacerdaDisplayNumbers on the
// grid, and display indexes count the spaces in play in reading order.
func (s *State) soloDisplayIndex(n int) (int, bool) {
	g := &s.data.Display.V
	row, col, ok := g.SoloSpace(n)
	if !ok {
		return 0, false
	}
	i := 0
	for k := range row*DisplayColumns + col {
		if g[k/DisplayColumns][k%DisplayColumns] <= len(s.Seats) {
			i++
		}
	}
	return i, true
}

// lacerdaTakeTile takes the tile on display space i: he discards an Action
// tile, and a Multiplier goes to his area with a barrel on it [T].
func (s *walker) lacerdaTakeTile(i int) {
	id := s.Display[i]
	if !isActionTile(id) {
		s.takeDisplayTile(LacerdaSeat, i)
		return
	}
	s.Display[i] = NoTile
	s.Solo.Discarded.Tiles = append(slices.Clip(s.Solo.Discarded.Tiles), id) // shared between copies
	s.say(LacerdaSeat, func() string { return fmt.Sprintf("Lacerda takes and discards the %s.", s.tileName(id)) })
}

// --- Solitaire scoring -----------------------------------------------------

// soloScore counts the solo player's accolades and finds the title [T]
// (RB "Solitaire Scoring"). End-game Export VP are the column majorities.
func (s *walker) soloScore() *SoloScore {
	you, him := &s.Seats[SoloSeat], &s.Seats[LacerdaSeat]
	full, magnates := 0, 0
	for _, est := range you.Estates {
		full += estateCount(&est, MultEstates)
	}
	for _, m := range you.Magnates {
		magnates += int(m)
	}
	times := [numAccolades]int{
		AccoladeMoreVP:           b2i(you.VP > him.VP),
		AccoladeMoreMoney:        b2i(you.Money > him.Money),
		AccoladeFairTrophy:       s.Trophies(SoloSeat),
		AccoladeFullEstate:       full,
		AccoladeMoreExportVP:     b2i(s.Final.Export[SoloSeat] > s.Final.Export[LacerdaSeat]),
		AccoladeNoMagnateBarrels: b2i(magnates == 0),
	}
	sc := &SoloScore{}
	for a, n := range times {
		sc.Accolades[a] = Accolades[a].Each * min(n, Accolades[a].Times)
		sc.Total += sc.Accolades[a]
		if sc.Accolades[a] > 0 {
			s.say(SoloSeat, func() string {
				return fmt.Sprintf("%s: %s.", AccoladeTitle(Accolade(a)), plural(sc.Accolades[a], "accolade", "accolades"))
			})
		}
	}
	sc.Title = soloTitle(sc.Total)
	s.say(SoloSeat, func() string {
		return fmt.Sprintf("%s earns %s and the title %s.", you.Name, plural(sc.Total, "accolade", "accolades"), sc.Title)
	})
	return sc
}

// soloTitle is the title a number of accolades earns [T]: the best whose
// least it reaches, the last title needing none.
func soloTitle(total int) string {
	i := 0
	for i < len(SoloTitles)-1 && total < SoloTitles[i].MinAccolades {
		i++
	}
	return SoloTitles[i].Title
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
