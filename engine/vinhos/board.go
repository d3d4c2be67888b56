package vinhos

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/adega-bot/adega/engine"
)

// placeCube puts a Renown cube from the supply on region r, if the supply
// has one and the inset has room [T] (SV "Skip this step if ...").
func (s *walker) placeCube(seat engine.Seat, r RegionID) bool {
	reg := &s.Regions[r]
	if s.Supply.Cubes == 0 || reg.Cubes >= s.data.Insets[r].CubeSpaces.V {
		return false
	}
	s.Supply.Cubes--
	reg.Cubes++
	s.say(seat, func() string { return fmt.Sprintf("A Renown cube goes to %s (%d there).", Regions[r].Name, reg.Cubes) })
	return true
}

// buildCube is the Renown cube a new Winery or Cellar brings: to the
// estate's region, or onto the building until the estate has a Vineyard.
func (s *walker) buildCube(seat engine.Seat, e int) {
	est := &s.Seats[seat].Estates[e]
	if est.Region != 0 {
		s.placeCube(seat, est.Region)
		return
	}
	if s.Supply.Cubes > 0 {
		s.Supply.Cubes--
		est.Waiting++
		s.say(seat, func() string { return fmt.Sprintf("A Renown cube waits on estate %d until it has a vineyard.", e+1) })
	}
}

// takeVineyard moves region r's top Vineyard into estate e for cost Bagos
// and applies what an estate's first Vineyard brings.
func (s *walker) takeVineyard(seat engine.Seat, r RegionID, e int, cost int) {
	p := &s.Seats[seat]
	reg := &s.Regions[r]
	tile := reg.Deck[0]
	reg.Deck = reg.Deck[1:]
	p.Money -= cost
	est := &p.Estates[e]
	first := est.Vineyards == 0
	est.Vineyards++
	est.Region, est.Color = r, tile.Color
	price := "for " + bagos(cost)
	if cost == 0 {
		price = "for free"
	}
	s.say(seat, func() string {
		return fmt.Sprintf("%s takes %s %s %s vineyard %s into estate %d.", p.Name, article(Regions[r].Name), Regions[r].Name, tile.Color, price, e+1)
	})
	s.revealVineyard(r)
	if !first {
		return
	}
	for ; est.Waiting > 0; est.Waiting-- {
		// A cube waiting on a building joins the region, or goes back to
		// the supply if the inset is full.
		s.Supply.Cubes++
		s.placeCube(seat, r)
	}
	s.firstVineyardBonus(seat, r, e)
}

// revealVineyard shows region r's new top Vineyard, if any.
func (s *walker) revealVineyard(r RegionID) {
	if deck := s.Regions[r].Deck; len(deck) > 0 {
		s.reveal(engine.NoSeat, func() string {
			return fmt.Sprintf("The next %s vineyard is %s, cost %d.", Regions[r].Name, deck[0].Color, deck[0].Cost.V)
		})
		s.exposed()
	}
}

// firstVineyardBonus is the region characteristic an estate gets with its
// first Vineyard (Reference Book p. 12). A second Vineyard never repeats it.
func (s *walker) firstVineyardBonus(seat engine.Seat, r RegionID, e int) {
	p := &s.Seats[seat]
	est := &p.Estates[e]
	reg := Regions[r]
	if reg.PortoTiles > 0 {
		n := min(reg.PortoTiles, s.Regions[Douro].Porto)
		s.Regions[Douro].Porto -= n
		p.Porto += n
		if n > 0 {
			s.say(seat, func() string { return fmt.Sprintf("%s receives %s.", p.Name, plural(n, "Porto tile", "Porto tiles")) })
		}
	}
	if reg.FreeCellar && !est.Cellar && s.Supply.Cellars > 0 {
		s.Supply.Cellars--
		est.Cellar = true
		s.say(seat, func() string { return fmt.Sprintf("%s builds a free Cellar in the Dão estate.", p.Name) })
	}
	if reg.FreeFarmer && s.Supply.Farmers > 0 && est.Farmers < est.Vineyards {
		s.Supply.Farmers--
		est.Farmers++
		s.say(seat, func() string { return fmt.Sprintf("%s places a free Farmer in the Ribatejo estate.", p.Name) })
	}
	if reg.FreeWinery && s.Supply.Wineries > 0 && est.used() < s.board().EstateSlots && int(est.Wineries) < s.board().MaxWineriesPerEstate {
		s.Supply.Wineries--
		est.Wineries++
		s.say(seat, func() string { return fmt.Sprintf("%s builds a free Winery in the Lisboa estate.", p.Name) })
	}
	s.work.experts += reg.FreeExperts
}

// addWine puts a new wine of quality q in estate e's leftmost slot. Quality
// 0 or less makes no wine (there is no "0" Wine tile).
func (s *walker) addWine(seat engine.Seat, e, q int) {
	p := &s.Seats[seat]
	est := &p.Estates[e]
	if q <= 0 {
		s.say(seat, func() string { return fmt.Sprintf("%s's %s makes no wine this year.", p.Name, s.estateName(p, e)) })
		return
	}
	est.Wines[0] = Wine{Color: est.Color, Quality: int8(q)}
	s.say(seat, func() string {
		return fmt.Sprintf("%s's %s makes a %s wine of quality %d.", p.Name, s.estateName(p, e), est.Color, q)
	})
}

// Wine Experts.

// expertTile returns an Expert's feature and tile.
func (s *State) expertTile(id int) (Feature, ExpertTile) {
	f := id / ExpertsPerDeck
	return Feature(f), s.data.Experts[f][id%ExpertsPerDeck]
}

func (s *walker) expertName(id int) string {
	if s.NoLabels && s.Quiet {
		return ""
	}
	return s.State.expertName(id)
}

// expertName names Wine Expert id for players; a walker's skips it where
// nobody reads it.
func (s *State) expertName(id int) string {
	f, t := s.expertTile(id)
	arrow := ""
	if t.Arrow.V {
		arrow = " (arrow)"
	}
	return s.featureTitle(f) + " Expert: " + abilityText[t.Ability.V] + arrow
}

var abilityText = [...]string{
	ExpertCash:             "take 2 Bagos",
	ExpertFreeMove:         "move for free",
	ExpertAddRenown:        "add a Renown cube",
	ExpertRetrieveBarrel:   "take back a barrel",
	ExpertRearrangeDeck:    "rearrange a vineyard deck",
	ExpertVineyardDiscount: "1 Bago off each vineyard",
}

// takeExpert gives seat the top Expert of deck f, face up.
func (s *walker) takeExpert(seat engine.Seat, f Feature) { s.hireExpert(seat, f, 0) }

// hireExpert gives seat the top Wine Expert of deck f for price, which
// the narration names.
func (s *walker) hireExpert(seat engine.Seat, f Feature, price int) {
	id := s.Experts[f][0]
	s.Experts[f] = s.Experts[f][1:]
	p := &s.Seats[seat]
	p.Experts = append(p.Experts, HeldExpert{ID: id, FaceUp: true})
	s.say(seat, func() string {
		if price > 0 {
			return fmt.Sprintf("%s hires the %s, for %s.", p.Name, s.expertName(id), bagos(price))
		}
		return fmt.Sprintf("%s takes the %s.", p.Name, s.expertName(id))
	})
	if len(s.Experts[f]) > 0 {
		s.reveal(engine.NoSeat, func() string {
			return fmt.Sprintf("The %s deck now shows the %s.", s.featureTitle(f), s.expertName(s.Experts[f][0]))
		})
		s.exposed()
	}
}

// discardExpert returns a held Expert face up to the bottom of its deck.
func (s *State) discardExpert(seat engine.Seat, i int) {
	p := &s.Seats[seat]
	id := p.Experts[i].ID
	p.Experts = append(p.Experts[:i], p.Experts[i+1:]...)
	f, _ := s.expertTile(id)
	s.Experts[f] = append(slices.Clip(s.Experts[f]), id) // decks are shared between copies
}

// deckOptions offers the top Expert of each non-empty deck, for price.
// They are appended to opts. A player at the mode's Expert limit is first
// offered the discards that make room (see limitOptions).
func (s *walker) deckOptions(opts []option, seat engine.Seat, price int, then func(*walker)) []option {
	if s.atExpertLimit(seat) {
		return s.limitOptions(opts, seat, price)
	}
	return s.topOptions(opts, seat, price, then)
}

// topOptions offers the top Expert of each non-empty deck, for price,
// whatever seat holds.
func (s *walker) topOptions(opts []option, seat engine.Seat, price int, then func(*walker)) []option {
	for f := range s.Experts {
		if len(s.Experts[f]) == 0 || !s.pay(seat, price).Affordable {
			if s.Explaining && len(s.Experts[f]) == 0 {
				s.refuse(featureKey(Feature(f)), "The %s deck is empty.", s.featureTitle(Feature(f)))
			} else if s.Explaining {
				s.refuse(featureKey(Feature(f)), "%s", s.afford("Wine Expert", price))
			}
			continue
		}
		c := engine.Choice{ID: featureKey(Feature(f))}
		if price > 0 {
			c.Cost = bagos(price)
		}
		if !s.NoLabels { // a look-ahead lists these, unread, at every hire
			c.Label = s.expertName(s.Experts[f][0])
			if price > 0 {
				c.Label += "; hire it for " + c.Cost
			}
		}
		opts = append(opts, option{Choice: c, Do: func(s *walker) {
			s.Seats[seat].Money -= price
			s.hireExpert(seat, Feature(f), price)
			then(s)
		}})
	}
	return opts
}

func featureKey(f Feature) string { return f.String() }

// atExpertLimit reports whether seat holds as many Wine Experts as the
// mode allows (R10: 6, face up and face down).
func (s *State) atExpertLimit(seat engine.Seat) bool {
	limit := s.rules().expertLimit
	return limit > 0 && len(s.Seats[seat].Experts) >= limit
}

// overExpertLimit reports whether seat holds more Wine Experts than the
// mode allows, as a first edition purchase may leave them.
func (s *State) overExpertLimit(seat engine.Seat) bool {
	limit := s.rules().expertLimit
	return limit > 0 && len(s.Seats[seat].Experts) > limit
}

// buysBeforeDiscarding: the Wine Experts action buys past the limit and
// discards the excess after (the first edition, from rules revision 2).
func (s *State) buysBeforeDiscarding() bool {
	return s.rules().discardAfterBuying && s.fixed().discardAfterBuying
}

// excessExpertStep: a first edition player who bought past the limit
// discards the excess, any held Expert face up or down, under its deck
// (000: "If a Player has already 6 Tiles, and purchases others, he must
// discard excess Tiles of his choice").
func (s *walker) excessExpertStep() step {
	seat := s.work.seat
	limit := s.rules().expertLimit
	st := step{Name: "discard", Prompt: fmt.Sprintf("You hold %d Wine Experts, more than %d: discard which?", len(s.Seats[seat].Experts), limit), Opts: s.EmptyOptions()}
	for i, x := range s.Seats[seat].Experts {
		id := x.ID
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: "discard-" + s.expertKey(id), Label: s.label(func() string { return fmt.Sprintf("Discard your %s (%s)", s.expertName(id), faceSide(x.FaceUp)) })},
			Do: func(s *walker) {
				s.discardExpert(seat, i)
				s.say(seat, func() string {
					return fmt.Sprintf("%s discards the %s under its deck, holding %d Wine Experts at most.", s.Seats[seat].Name, s.expertName(id), limit)
				})
				if !s.overExpertLimit(seat) {
					s.endRun()
				}
			},
		})
	}
	return st
}

// faceSide names the side a held Expert lies on.
func faceSide(up bool) string {
	if up {
		return "face up"
	}
	return "face down"
}

// limitOptions: to gain an Expert beyond the limit, a player first
// discards one of theirs, face up or down, under its deck (§9; AMB-23:
// for every gain, hired or free). The decks are offered once there is
// room; a discard is offered only when a deck can then be taken.
func (s *walker) limitOptions(opts []option, seat engine.Seat, price int) []option {
	if !s.pay(seat, price).Affordable || !s.anyExperts() {
		if s.Explaining {
			s.refuseAll(featureKeys[:], fmt.Sprintf("You hold %d Wine Experts, the most, and could take none after discarding one.", s.rules().expertLimit))
		}
		return opts
	}
	if s.Explaining {
		s.refuseAll(featureKeys[:], fmt.Sprintf("You hold %d Wine Experts, the most: discard one first.", s.rules().expertLimit))
	}
	for i, x := range s.Seats[seat].Experts {
		id, side := x.ID, faceSide(x.FaceUp)
		opts = append(opts, option{
			Choice: engine.Choice{ID: "discard-" + s.expertKey(id), Label: s.label(func() string { return fmt.Sprintf("Discard your %s (%s) to make room", s.expertName(id), side) })},
			Do: func(s *walker) {
				s.discardExpert(seat, i)
				s.say(seat, func() string {
					return fmt.Sprintf("%s discards the %s under its deck to make room for another Wine Expert.", s.Seats[seat].Name, s.expertName(id))
				})
			},
		})
	}
	return opts
}

// featureKeys are the decks' choice IDs.
var featureKeys = func() (keys [NumFeatures]string) {
	for f := range keys {
		keys[f] = featureKey(Feature(f))
	}
	return keys
}()

// freeExpertStep takes the free Experts a region or a bonus owes, as long
// as any deck has one left (components are limited).
func (s *walker) freeExpertStep() step {
	seat := s.work.seat
	st := step{Name: "deck", Prompt: "Take the top Wine Expert of which deck?",
		Opts: s.deckOptions(s.EmptyOptions(), seat, 0, func(s *walker) { s.work.experts-- })}
	if len(st.Opts) == 0 {
		st.Opts = []option{doneOption("No Wine Expert is left to take", func(s *walker) { s.work.experts = 0 })}
	} else if s.atExpertLimit(seat) && !(s.rules().freeExpertsTaken && s.fixed().firstEditionReadings) {
		// AMB-19, AMB-23: Setúbal's and the other free Experts respect
		// the limit, and may be declined rather than make room (in the
		// first edition, only the last place's, fairExpertStep).
		st.Opts = append(st.Opts, s.declineExpertOption(func(s *walker) { s.work.experts-- }))
	}
	return st
}

// declineExpertOption declines a free Wine Expert a player at the limit
// would have to discard one for (AMB-23).
func (s *walker) declineExpertOption(then func(*walker)) option {
	seat := s.work.seat
	return option{Choice: engine.Choice{ID: "decline", Label: "Decline the Wine Expert"}, Do: func(s *walker) {
		s.say(seat, func() string { return fmt.Sprintf("%s declines the Wine Expert.", s.Seats[seat].Name) })
		then(s)
	}}
}

// Magnate tiles. IDs below NumMagnateActionTiles are Action tiles (index
// into Data.MagnateTiles); the rest are Multipliers.

func isActionTile(id int) bool { return id < NumMagnateActionTiles }

func (s *State) multiplier(id int) MultiplierTile {
	return s.data.Multipliers[id-NumMagnateActionTiles]
}

// tileKind identifies tiles that count as identical: nobody may hold two.
func (s *State) tileKind(id int) string {
	if isActionTile(id) {
		return "action:" + s.data.MagnateTiles[id].Kind.String()
	}
	return "multiplier:" + s.multiplier(id).Kind.String()
}

func (s *State) holdsKind(seat engine.Seat, id int) bool {
	for _, t := range s.Seats[seat].Tiles {
		if s.sameKind(t.ID, id) {
			return true
		}
	}
	return false
}

// sameKind reports whether tiles a and b are of one kind (see tileKind),
// without making their names: the draft asks it of every tile held.
func (s *State) sameKind(a, b int) bool {
	switch {
	case isActionTile(a) != isActionTile(b):
		return false
	case isActionTile(a):
		return s.data.MagnateTiles[a].Kind == s.data.MagnateTiles[b].Kind
	}
	return s.multiplier(a).Kind == s.multiplier(b).Kind
}

// tileKey is a display tile's choice ID: its kind and display space.
func (s *State) tileKey(id, space int) string {
	if isActionTile(id) {
		return actionTileKeys[s.data.MagnateTiles[id].Kind][space]
	}
	return multiplierTileKeys[s.multiplier(id).Kind][space]
}

// tileKindKey is a Magnate tile's kind as choice IDs name it: "expert" for
// an Action tile, "x-wines" for a Multiplier.
func (s *State) tileKindKey(id int) string {
	if isActionTile(id) {
		return s.data.MagnateTiles[id].Kind.String()
	}
	return multiplierKindKey(s.multiplier(id).Kind)
}

func multiplierKindKey(k MultiplierKind) string { return "x-" + k.String() }

// actionTileKeys and multiplierTileKeys are the display tiles' choice IDs
// by kind and space, made once: the draft lists them all the time.
var (
	actionTileKeys = func() (keys [numMagnateActions][DisplayRows * DisplayColumns]string) {
		for k := range keys {
			keys[k] = displayKeys(MagnateAction(k).String())
		}
		return keys
	}()
	multiplierTileKeys = func() (keys [numMultiplierKinds][DisplayRows * DisplayColumns]string) {
		for k := range keys {
			keys[k] = displayKeys(multiplierKindKey(MultiplierKind(k)))
		}
		return keys
	}()
)

// displayKeys are the choice IDs of a tile of one kind in each display
// space: "expert@1", "expert@2"...
func displayKeys(kind string) (keys [DisplayRows * DisplayColumns]string) {
	for space := range keys {
		keys[space] = kind + "@" + strconv.Itoa(space+1)
	}
	return keys
}

var actionTileText = [...]string{
	MagnateExpert:     "hire 1 Wine Expert for free",
	MagnateSales:      "perform a Sales action",
	MagnateCellar:     "buy 1 Cellar for 1 Bago",
	MagnateVineyard:   "buy 1 Vineyard for 1 Bago less",
	MagnateExport:     "perform an Export action",
	MagnateEnologist:  "hire 1 Enologist for 2 Bagos",
	MagnateFairPoints: "advance 2 Fair Points",
	MagnateWinery:     "buy 1 Winery for 2 Bagos",
	MagnateFarmer:     "hire 1 Farmer for 1 Bago",
}

var multiplierText = [...]string{
	MultEstates:          "full estate",
	MultWines:            "wine",
	MultCellars:          "Cellar",
	MultMagnateTiles:     "Magnate tile",
	MultVineyards:        "Vineyard",
	MultExperts:          "Wine Expert",
	MultBarrels:          "barrel taken from the Magnates",
	MultEnologists:       "Enologist",
	MultWineries:         "Winery",
	MultFarmers:          "Farmer",
	MultExportMajorities: "Export majority (tie",
	MultMoney:            "money",
}

// tileName describes a Magnate tile for players.
func (s *walker) tileName(id int) string {
	if s.NoLabels && s.Quiet {
		return ""
	}
	return s.State.tileName(id)
}

// tileName describes a Magnate tile for players; a walker's skips it
// where nobody reads it.
func (s *State) tileName(id int) string {
	if isActionTile(id) {
		return "Action tile: " + actionTileText[s.data.MagnateTiles[id].Kind]
	}
	m := s.multiplier(id)
	switch m.Kind {
	case MultMoney:
		return "Multiplier: score money with the tile's own table"
	case MultExportMajorities:
		return "Multiplier: " + strconv.Itoa(m.VP) + " VP per Export majority, " + strconv.Itoa(m.TieVP) + " per tied one"
	}
	// Built by concatenation: labels name tiles in every draft and turn.
	text := "Multiplier: " + strconv.Itoa(m.VP) + " VP per " + multiplierText[m.Kind]
	if m.Cap.V > 0 {
		text += " (at most " + strconv.Itoa(m.Cap.V) + ")"
	}
	return text
}

// takeDisplayTile moves the tile in display space i to seat, face up; a
// Multiplier takes a barrel from the supply.
func (s *walker) takeDisplayTile(seat engine.Seat, i int) {
	id := s.Display[i]
	s.Display[i] = NoTile
	p := &s.Seats[seat]
	t := HeldTile{ID: id, FaceUp: true}
	p.Tiles = append(p.Tiles, t)
	if isActionTile(id) {
		s.say(seat, func() string { return fmt.Sprintf("%s takes the %s.", p.Name, s.tileName(id)) })
		return
	}
	p.Barrels--
	p.Tiles[len(p.Tiles)-1].Barrel = true
	s.say(seat, func() string {
		return fmt.Sprintf("%s takes the %s and puts a barrel from their supply on it.", p.Name, s.tileName(id))
	})
}
