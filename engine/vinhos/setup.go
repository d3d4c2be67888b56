package vinhos

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/steps"
)

// Game is Vinhos Deluxe on the engine contract. Data is the component data
// games are set up with; nil means DefaultData.
type Game struct {
	Data *Data
}

// Mode names, as stored in setups.
const (
	ModeSpecial2016 = "special2016"
	// ModeSolo is one player against the Lacerda automa, on the Special
	// Vintage 2016 rules: the player sits at SoloSeat, Lacerda at
	// LacerdaSeat.
	ModeSolo = "solo"
	// ModeReserve2010 is the 2010 Reserve for 2 to 4 players, with the
	// variants of OptionVariants.
	ModeReserve2010 = "reserve2010"
	// ModeClassic2010 is the first edition's rules (2010), for 2 to 4
	// players.
	ModeClassic2010 = "classic2010"
)

func (Game) Name() string  { return "vinhos" }
func (Game) Title() string { return "Vinhos Deluxe" }
func (Game) Modes() []engine.Mode {
	return []engine.Mode{
		{Name: ModeSpecial2016, Title: "Special Vintage 2016", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers},
		{Name: ModeSolo, Title: "Solo against Lacerda", MinPlayers: 1, MaxPlayers: 1},
		{Name: ModeReserve2010, Title: "2010 Reserve", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers},
		{Name: ModeClassic2010, Title: "Vinhos (first edition, 2010)", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers, WholeTitle: true},
	}
}

func (g Game) data() *Data {
	if g.Data != nil {
		return g.Data
	}
	return DefaultData()
}

// Decode rebuilds a state from its snapshot.
func (g Game) Decode(b []byte) (engine.State, error) {
	s := &State{data: g.data()}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, fmt.Errorf("vinhos: decode state: %w", err)
	}
	s.memo = &steps.Memo[*walker]{}
	return s, nil
}

// OptionRegions chooses the regions in play: "random" (the default),
// "first-play" (the rulebook's suggestion) or a list of region numbers or
// names separated by commas.
const OptionRegions = "regions"

// OptionVariants chooses the 2010 Reserve's variants: "maintenance",
// "five-estates", both separated by a comma, or none.
const OptionVariants = "variant"

// New sets up a game as the Reference Book describes, up to the choice of
// initial vineyards.
func (g Game) New(setup engine.Setup) (engine.State, []engine.Event, error) {
	mode, err := engine.SetupMode(g, setup)
	if err != nil {
		return nil, nil, err
	}
	if err := engine.CheckRules(Game{}, setup.Rules); err != nil {
		return nil, nil, err
	}
	names := setup.Players
	solo := mode.Name == ModeSolo
	if solo {
		// Solo is a 2-player game with Lacerda in the second seat [T].
		names = []string{names[0], LacerdaName}
	}
	n := len(names)
	s := &walker{State: State{Mode: SpecialVintage2016, Rules: setup.Rules, data: g.data(), RNG: engine.NewRNG(setup.Seed), Year: 1}}
	switch {
	case mode.Name == ModeReserve2010:
		s.Mode = Reserve2010
		if s.Variants, err = parseVariants(setup.Options[OptionVariants]); err != nil {
			return nil, nil, err
		}
	case mode.Name == ModeClassic2010:
		s.Mode = Classic2010
	}
	if v := setup.Options[OptionVariants]; s.Mode != Reserve2010 && v != "" && v != "none" {
		return nil, nil, engine.Errorf(engine.CodeBadSetup, "Variants belong to the 2010 Reserve; %s has none.", mode.Title)
	}
	regions, err := s.chooseRegions(setup.Options[OptionRegions], n)
	if err != nil {
		return nil, nil, err
	}
	s.setupPlayers(names)
	s.setupBoard(regions, n)
	s.say(engine.NoSeat, func() string { return fmt.Sprintf("Player order: %s. Colors: %s.", s.names(s.Order), s.colorList()) })
	var inPlay []string
	for _, r := range regionsInOrder(s.Mode, regions) {
		inPlay = append(inPlay, fmt.Sprintf("%d %s", RegionNumber(s.Mode, r), Regions[r].Name))
	}
	s.reveal(engine.NoSeat, func() string {
		return fmt.Sprintf("Regions in play: %s. The first Vintage tile is %s.", strings.Join(inPlay, ", "), s.vintageText())
	})
	if solo {
		s.setupLacerda()
	}
	s.Advance()
	events := s.Events
	return s.publish(), events, nil
}

func (s *State) colorList() string {
	var parts []string
	for _, p := range s.Seats {
		parts = append(parts, fmt.Sprintf("%s %s", p.Name, p.Color))
	}
	return strings.Join(parts, ", ")
}

// chooseRegions picks the regions in play for n players.
func (s *State) chooseRegions(option string, n int) (RegionSet, error) {
	want := s.rules().supply.Regions.For(n)
	all := make([]RegionID, 0, NumRegions)
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if s.rules().boxRegions.Has(r) {
			all = append(all, r)
		}
	}
	switch strings.TrimSpace(strings.ToLower(option)) {
	case "", "random":
		engine.Shuffle(&s.RNG, all)
		return NewRegionSet(all[:want]...), nil
	case "first-play":
		removed := s.rules().firstPlayRemoved.For(n)
		return NewRegionSet(slices.DeleteFunc(all, removed.Has)...), nil
	}
	var set RegionSet
	for _, part := range strings.Split(option, ",") {
		r, ok := regionByKey(s.Mode, strings.TrimSpace(part))
		if !ok {
			return 0, engine.Errorf(engine.CodeBadSetup, "There is no region %s; use numbers 1-9 or names.", engine.Quote(strings.TrimSpace(part)))
		}
		if set.Has(r) {
			return 0, engine.Errorf(engine.CodeBadSetup, "Region %s is listed twice.", Regions[r].Name)
		}
		if !s.rules().boxRegions.Has(r) {
			return 0, engine.Errorf(engine.CodeBadSetup, "%s is not a region of these rules.", Regions[r].Name)
		}
		set |= NewRegionSet(r)
	}
	if got := setSize(set); got != want {
		return 0, engine.Errorf(engine.CodeBadSetup, "A %d-player game uses %d regions, not %d.", n, want, got)
	}
	return set, nil
}

func setSize(set RegionSet) int {
	n := 0
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if set.Has(r) {
			n++
		}
	}
	return n
}

// setupPlayers seats the players in join order with the colors in that
// order, draws a random player order and pays the starting money by it.
func (s *State) setupPlayers(names []string) {
	board := s.board()
	for i, name := range names {
		p := Player{Name: name, Color: PlayerColor(i), Barrels: board.Barrels, Cell: StartCell}
		for m := range p.Magnates {
			p.Magnates[m] = int8(board.BarrelsPerMagnate)
		}
		s.Seats = append(s.Seats, p)
		s.Order = append(s.Order, engine.Seat(i))
		s.Bottom = append(s.Bottom, engine.NoSeat)
	}
	engine.Shuffle(&s.RNG, s.Order)
	for pos, seat := range s.Order {
		s.Seats[seat].Money = s.rules().startingCash.For(len(names))[pos]
		if s.rules().bank {
			s.Seats[seat].Bank = NewBank()
		}
	}
}

// setupBoard lays out the decks, supplies and tracks.
func (s *walker) setupBoard(regions RegionSet, n int) {
	sup := s.rules().supply
	s.Supply = SupplyState{
		Enologists: sup.Enologists.For(n), Farmers: sup.Farmers.For(n),
		Cellars: sup.Cellars.For(n), Wineries: sup.Wineries.For(n), Cubes: s.rules().renownCubes,
	}
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if !regions.Has(r) {
			continue
		}
		deck := slices.Clone(s.data.Insets[r].Vineyards[:])
		engine.Shuffle(&s.RNG, deck)
		s.Regions[r] = RegionState{InPlay: true, Deck: deck}
	}
	s.Regions[Douro].Porto = Box.PortoTiles

	// The "0" Vintage tile is year 1's in R10; SV16 leaves it in the box
	// and flips the top of the rest.
	for t := VintageZero + 1; t < NumVintageTiles; t++ {
		s.VintageDeck = append(s.VintageDeck, t)
	}
	engine.Shuffle(&s.RNG, s.VintageDeck)
	if s.rules().vintageZeroFirst {
		s.Vintage = VintageZero
	} else {
		s.Vintage, s.VintageDeck = s.VintageDeck[0], s.VintageDeck[1:]
	}

	for f := range s.Experts {
		for i := range ExpertsPerDeck {
			s.Experts[f] = append(s.Experts[f], f*ExpertsPerDeck+i)
		}
		engine.Shuffle(&s.RNG, s.Experts[f])
	}

	if s.rules().magnateTiles {
		s.setupMagnateTiles(n)
	}

	for i := range s.Sales {
		s.Sales[i] = engine.NoSeat
	}
	for r := range s.Export {
		for c := range s.Export[r] {
			s.Export[r][c] = engine.NoSeat
		}
	}
	for i := range s.Booths {
		s.Booths[i] = engine.NoSeat
	}
}

// setupMagnateTiles shuffles the SV16 Magnate decks and fills the display.
func (s *walker) setupMagnateTiles(n int) {
	var actions, multipliers []int
	for id, t := range s.data.MagnateTiles {
		if t.MinPlayers.V <= n {
			actions = append(actions, id)
		}
	}
	for i, t := range s.data.Multipliers {
		if n > 2 || t.TwoPlayer {
			multipliers = append(multipliers, NumMagnateActionTiles+i)
		}
	}
	engine.Shuffle(&s.RNG, actions)
	engine.Shuffle(&s.RNG, multipliers)
	// The Action deck lies on top of the Multiplier deck once the initial
	// tiles are chosen; keeping them as one deck from the start is the same.
	s.Deck = append(actions, multipliers...)
	s.Display = make([]int, s.data.Display.V.Spaces(n))
	for i := range s.Display {
		s.Display[i] = NoTile
	}
	s.refillDisplay()
}

// refillDisplay fills the empty display spaces from the top of the deck.
func (s *walker) refillDisplay() {
	var shown []string
	for i := range s.Display {
		if s.Display[i] == NoTile && len(s.Deck) > 0 {
			s.Display[i], s.Deck = s.Deck[0], s.Deck[1:]
			shown = append(shown, s.tileName(s.Display[i]))
		}
	}
	if len(shown) > 0 {
		s.reveal(engine.NoSeat, func() string { return fmt.Sprintf("The Magnate display shows %s.", strings.Join(shown, ", ")) })
	}
}

// initRegionStep: the initial vineyard, chosen in turn order from any region.
func (s *walker) initRegionStep() step {
	prompt := "Which region is your first estate in? Its vineyard is free."
	if s.rules().initialVineyardPaid {
		prompt = "Which region is your first estate in? You pay its vineyard's cost."
	}
	st := step{Name: "region", Prompt: prompt, Opts: s.EmptyOptions()}
	seat := s.work.seat
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if !s.Regions[r].InPlay || len(s.Regions[r].Deck) == 0 {
			continue
		}
		top := s.Regions[r].Deck[0]
		cost := s.initialVineyardPrice(seat, top).Bagos
		ch := engine.Choice{ID: regionKey(r), Label: s.label(func() string {
			return fmt.Sprintf("%d %s: %s vineyard, %s", RegionNumber(s.Mode, r), Regions[r].Name, top.Color, initialBenefit(r))
		})}
		if cost > 0 {
			ch.Cost = bagos(cost)
			ch.Label += ", " + ch.Cost
		}
		st.Opts = append(st.Opts, option{
			Choice: ch,
			Do: func(s *walker) {
				e := 0
				s.takeVineyard(seat, r, e, cost)
				s.placeCube(seat, r)
				s.initialWine(seat, r, e)
			},
		})
	}
	return st
}

// endInitialVineyards closes the setup's Vineyards: R10 sorts the player
// order by initial region, lower numbers first and ties in the order they
// chose (§2.13g), and pays each position its bonus (§2.13h).
func (s *walker) endInitialVineyards() {
	rules := s.rules()
	if rules.orderByRegion {
		slices.SortStableFunc(s.Order, func(a, b engine.Seat) int {
			return cmp.Compare(s.Seats[a].Estates[0].Region, s.Seats[b].Estates[0].Region)
		})
		s.say(engine.NoSeat, func() string { return fmt.Sprintf("By initial region, the player order is %s.", s.names(s.Order)) })
	}
	for pos, seat := range s.Order {
		if bonus := rules.seatBonus.For(len(s.Seats))[pos]; bonus > 0 {
			p := &s.Seats[seat]
			p.Money += bonus
			s.say(seat, func() string { return fmt.Sprintf("%s receives %s as player %d.", p.Name, bagos(bonus), pos+1) })
		}
	}
	if rules.magnateTiles {
		s.At, s.Turn = PhaseInitialMagnate, 0
		return
	}
	s.startYear(1)
}

// initialBenefit describes what an initial vineyard in r brings.
func initialBenefit(r RegionID) string {
	reg := Regions[r]
	switch {
	case reg.InitialPortoWine > 0:
		return fmt.Sprintf("2 Porto tiles and a wine of %d, or %d as Porto", reg.InitialWine, reg.InitialPortoWine)
	case reg.FreeCellar:
		return fmt.Sprintf("a free Cellar and a wine of %d", reg.InitialWine)
	case reg.FreeFarmer:
		return fmt.Sprintf("a free Farmer and a wine of %d", reg.InitialWine)
	case reg.FreeWinery:
		return fmt.Sprintf("a free Winery and a wine of %d", reg.InitialWine)
	case reg.FreeExperts > 0:
		return fmt.Sprintf("%d free Wine Experts and a wine of %d", reg.FreeExperts, reg.InitialWine)
	}
	return fmt.Sprintf("a wine of %d", reg.InitialWine)
}

// initialWine gives the wine made before the game starts. Douro asks
// whether it is Porto first.
func (s *walker) initialWine(seat engine.Seat, r RegionID, e int) {
	if Regions[r].InitialPortoWine > 0 && s.Seats[seat].Porto > 0 {
		s.work.stage = stInitPorto
		return
	}
	s.addWine(seat, e, Regions[r].InitialWine)
	s.work.stage = stDone
}

// initPortoStep: a Douro start makes a wine of 2, or of 5 by spending one
// of the two Porto tiles (C07, as in the first edition).
func (s *walker) initPortoStep() step {
	seat := s.work.seat
	reg := Regions[Douro]
	wine := func(q int, porto bool) func(*walker) {
		return func(s *walker) {
			if porto {
				s.Seats[seat].Porto--
				s.Regions[Douro].Porto++
				s.say(seat, func() string {
					return fmt.Sprintf("%s spends a Porto tile on the first Douro wine.", s.Seats[seat].Name)
				})
			}
			s.addWine(seat, 0, q)
			s.work.stage = stDone
		}
	}
	return step{Name: "wine", Prompt: "Is your first Douro wine table wine or Porto?", Opts: []option{
		{Choice: engine.Choice{ID: "table", Label: s.label(func() string { return fmt.Sprintf("Table wine of %d, keep both Porto tiles", reg.InitialWine) })}, Do: wine(reg.InitialWine, false)},
		{Choice: engine.Choice{ID: "porto", Label: s.label(func() string { return fmt.Sprintf("Porto of %d, spend one Porto tile", reg.InitialPortoWine) })}, Do: wine(reg.InitialPortoWine, true)},
	}}
}

// initMagnateStep: one Magnate Action tile each, in reverse turn order.
func (s *walker) initMagnateStep() step {
	seat := s.work.seat
	st := step{Name: "tile", Prompt: "Which Magnate Action tile do you start with?", Opts: s.EmptyOptions()}
	for i, id := range s.Display {
		if id == NoTile || s.holdsKind(seat, id) {
			continue
		}
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: s.tileKey(id, i), Label: s.tileName(id)},
			Do: func(s *walker) {
				s.takeDisplayTile(seat, i)
				s.work.stage = stDone
			},
		})
	}
	return st
}
