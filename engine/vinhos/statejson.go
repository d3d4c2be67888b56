package vinhos

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/adega-bot/adega/engine"
)

// The state's JSON is the snapshot format and what exports show
// (docs/export.md). Enums read as names (names.go); what the engine keeps
// by index reads as what it is: regions by name, Sales and Export slots
// and Fair booths by the choice IDs players type, Wine Experts and Magnate
// tiles by deck, ability or kind. Each mirror type below embeds the type
// it stands for and replaces only the fields that need another shape, so
// a new field appears as tagged; TestEveryStateFieldIsReviewed makes sure
// somebody decided that it reads well.

// The ...Fields types are the state's types without their JSON methods.
type (
	stateFields     State
	playerFields    Player
	expertFields    HeldExpert
	tileFields      HeldTile
	regionFields    RegionState
	vineyardFields  VineyardTile
	soloFields      Solo
	discardsFields  LacerdaDiscards
	soloScoreFields SoloScore
)

type stateJSON struct {
	*stateFields
	Players []playerJSON            `json:"players"`
	Regions map[RegionID]regionJSON `json:"regions"`
	Sales   map[string]engine.Seat  `json:"sales"`  // by saleKey, filled slots only
	Export  map[string]engine.Seat  `json:"export"` // by exportKey, filled slots only
	Experts map[Feature][]string    `json:"experts"`
	Booths  map[string]engine.Seat  `json:"booths"`  // by boothKeys, taken booths only
	Display []*string               `json:"display"` // nil for an empty space
	Deck    []string                `json:"deck"`
	Retired []string                `json:"retired"`
	Solo    *soloJSON               `json:"solo,omitempty"`
	// The R10 board: Feature markers, Fair slots by fairSlotKeys and
	// Multiplier slots by multiplierSlotKeys, taken slots only.
	Features    map[Feature]int         `json:"features,omitempty"`
	FairSlots   map[string]fairSlotJSON `json:"fair_slots,omitempty"`
	Multipliers map[string]engine.Seat  `json:"multipliers,omitempty"`
}

type fairSlotJSON struct {
	Seat engine.Seat `json:"seat"`
	Tile int         `json:"tile"`
}

type playerJSON struct {
	playerFields
	Magnates map[Magnate]int8   `json:"magnates"`
	VPFrom   map[VPSource]int16 `json:"vp_from"`
	// OnActions counts barrels on R10 Additional Action spaces, by
	// additionalActionKeys, where there are some.
	OnActions map[string]int8 `json:"on_actions,omitempty"`
	// FairPicks names the Wine Experts chosen in secret for the R10 Fair.
	FairPicks []string     `json:"fair_picks,omitempty"`
	Experts   []expertJSON `json:"experts"`
	Tiles     []tileJSON   `json:"tiles"`
}

type expertJSON struct {
	ID string `json:"id"`
	expertFields
}

type tileJSON struct {
	ID string `json:"id"`
	tileFields
}

type regionJSON struct {
	regionFields
	Deck []vineyardJSON `json:"deck"`
}

// vineyardJSON is a Vineyard tile without the provenance of its cost,
// which is the component data's business, not the game's.
type vineyardJSON struct {
	vineyardFields
	Cost int `json:"cost"`
}

type soloJSON struct {
	soloFields
	Bribes    []Cell       `json:"bribes"` // the cells with a bribe
	Discarded discardsJSON `json:"discarded"`
}

type discardsJSON struct {
	discardsFields
	Tiles []string `json:"tiles"`
}

type soloScoreJSON struct {
	soloScoreFields
	Accolades map[Accolade]int `json:"accolades"`
}

// MarshalJSON writes the state as docs/export.md describes it.
func (s *State) MarshalJSON() ([]byte, error) { return json.Marshal(s.mirror()) }

// UnmarshalJSON reads what MarshalJSON wrote. A state read without the
// component data it was set up with uses the default data.
func (s *State) UnmarshalJSON(b []byte) error {
	if s.data == nil {
		s.data = DefaultData()
	}
	j := stateJSON{stateFields: (*stateFields)(s)}
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	return s.restore(&j)
}

// mirror is the state in its JSON shape.
func (s *State) mirror() *stateJSON {
	n := s.idNames()
	j := &stateJSON{stateFields: (*stateFields)(s),
		Regions: map[RegionID]regionJSON{}, Sales: map[string]engine.Seat{}, Export: map[string]engine.Seat{},
		Experts: map[Feature][]string{}, Booths: map[string]engine.Seat{},
		Deck: pick(n.tiles, s.Deck), Retired: pick(n.tiles, s.Retired)}
	for i := range s.Seats {
		j.Players = append(j.Players, n.player(&s.Seats[i]))
	}
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		j.Regions[r] = regionOut(s.Regions[r])
	}
	fillTaken(j.Sales, n.sales, s.Sales[:])
	fillTaken(j.Export, exportKeys[:], flatten(s.Export))
	fillTaken(j.Booths, boothKeys[:], s.Booths[:])
	for f, deck := range s.Experts {
		j.Experts[Feature(f)] = pick(n.experts, deck)
	}
	for _, id := range s.Display {
		j.Display = append(j.Display, n.displayTile(id))
	}
	if s.Solo != nil {
		j.Solo = n.solo(s.Solo)
	}
	if s.rules().featureMarkers {
		j.Features = byName[Feature](s.Features[:])
	}
	s.mirrorReserveSlots(j)
	return j
}

// mirrorReserveSlots writes the R10 Fair and Multiplier slots that hold
// something.
func (s *State) mirrorReserveSlots(j *stateJSON) {
	for i, slot := range s.FairSlots {
		if slot.Taken {
			if j.FairSlots == nil {
				j.FairSlots = map[string]fairSlotJSON{}
			}
			j.FairSlots[fairSlotKeys[i]] = fairSlotJSON{slot.Seat, slot.Tile}
		}
	}
	for i, spot := range flattenSpots(&s.Multipliers) {
		if spot.Taken {
			if j.Multipliers == nil {
				j.Multipliers = map[string]engine.Seat{}
			}
			j.Multipliers[multiplierSlotKeys[i]] = spot.Seat
		}
	}
}

// restoreReserveSlots reads what mirrorReserveSlots wrote.
func (s *State) restoreReserveSlots(j *stateJSON) error {
	s.FairSlots = [R10FairSlots]FairSlot{}
	for name, slot := range j.FairSlots {
		i, err := index(fairSlotKeys[:], name, "Fair slot")
		if err != nil {
			return err
		}
		s.FairSlots[i] = FairSlot{Spot{true, slot.Seat}, slot.Tile}
	}
	s.Multipliers = [NumMagnates][len(ManagerRow{}.Multipliers)][R10MultiplierSlots]Spot{}
	for name, seat := range j.Multipliers {
		i, err := index(multiplierSlotKeys[:], name, "Multiplier slot")
		if err != nil {
			return err
		}
		k := len(ManagerRow{}.Multipliers) * R10MultiplierSlots
		s.Multipliers[i/k][i%k/R10MultiplierSlots][i%R10MultiplierSlots] = Spot{true, seat}
	}
	return nil
}

// flattenSpots is the Multiplier slots in the order of multiplierSlotKeys.
func flattenSpots(m *[NumMagnates][len(ManagerRow{}.Multipliers)][R10MultiplierSlots]Spot) []Spot {
	out := make([]Spot, 0, len(multiplierSlotKeys))
	for i := range m {
		for k := range m[i] {
			out = append(out, m[i][k][:]...)
		}
	}
	return out
}

// restore sets the fields the mirror replaced.
func (s *State) restore(j *stateJSON) error {
	n := s.idNames()
	if err := s.restoreSeats(n, j); err != nil {
		return err
	}
	if err := s.restoreBoard(n, j); err != nil {
		return err
	}
	fromNames(j.Features, s.Features[:])
	if err := s.restoreReserveSlots(j); err != nil {
		return err
	}
	return s.restoreTiles(n, j)
}

// restoreSeats sets the players' boards and Lacerda's doings.
func (s *State) restoreSeats(n idNames, j *stateJSON) error {
	var err error
	s.Seats = make([]Player, len(j.Players))
	for i := range j.Players {
		if s.Seats[i], err = n.playerIn(&j.Players[i]); err != nil {
			return err
		}
	}
	s.Solo = nil
	if j.Solo != nil {
		s.Solo, err = n.soloIn(j.Solo)
	}
	return err
}

// restoreBoard sets the regions, the barrels in the markets and the
// discs on the Fair booths.
func (s *State) restoreBoard(n idNames, j *stateJSON) error {
	var err error
	s.Regions = [NumRegions + 1]RegionState{}
	for r, reg := range j.Regions {
		if s.Regions[r], err = s.regionIn(r, reg); err != nil {
			return err
		}
	}
	if err := readTaken(j.Sales, n.sales, s.Sales[:], "Sales slot"); err != nil {
		return err
	}
	export := flatten(s.Export)
	if err := readTaken(j.Export, exportKeys[:], export, "Export slot"); err != nil {
		return err
	}
	s.Export = unflatten(export)
	return readTaken(j.Booths, boothKeys[:], s.Booths[:], "Fair booth")
}

// restoreTiles sets the Wine Expert decks and the Magnate tiles outside
// the players' hands.
func (s *State) restoreTiles(n idNames, j *stateJSON) error {
	var err error
	s.Experts = [NumFeatures][]int{}
	for f, deck := range j.Experts {
		if s.Experts[f], err = ids(n.experts, deck, "Wine Expert"); err != nil {
			return err
		}
	}
	if s.Deck, err = ids(n.tiles, j.Deck, "Magnate tile"); err != nil {
		return err
	}
	if s.Retired, err = ids(n.tiles, j.Retired, "Magnate tile"); err != nil {
		return err
	}
	s.Display = make([]int, len(j.Display))
	for i, name := range j.Display {
		if s.Display[i], err = n.displayTileIn(name); err != nil {
			return err
		}
	}
	return nil
}

// idNames are the names the JSON gives to what the engine numbers, indexed
// by those numbers: Wine Experts by deck and ability (expertKey), Magnate
// tiles by kind as the display's choice IDs name them ("expert",
// "x-wines"), Sales slots by their choice IDs (saleKey). Where one name
// would stand for several things, each gets its copy number: the box holds
// three Expert Action tiles, "expert-1" to "expert-3".
type idNames struct {
	experts, tiles, sales []string
	// vpSources are the mode's sources of VP, which players[].vp_from lists.
	vpSources []VPSource
}

func (s *State) idNames() idNames {
	var n idNames
	for id := range NumFeatures * ExpertsPerDeck {
		n.experts = append(n.experts, s.expertKey(id))
	}
	for id := range NumMagnateActionTiles + NumMultiplierTiles {
		n.tiles = append(n.tiles, s.tileKindKey(id))
	}
	for _, slot := range s.data.Sales {
		n.sales = append(n.sales, saleKey(slot))
	}
	return idNames{numbered(n.experts), numbered(n.tiles), numbered(n.sales), s.rules().vpSources}
}

// numbered gives each name that several things share their copy numbers.
func numbered(names []string) []string {
	count := map[string]int{}
	for _, name := range names {
		count[name]++
	}
	copies := map[string]int{}
	out := make([]string, len(names))
	for i, name := range names {
		out[i] = name
		if count[name] > 1 {
			copies[name]++
			out[i] += "-" + strconv.Itoa(copies[name])
		}
	}
	return out
}

// fairSlotKeys name the R10 Fair slots by their two features.
var fairSlotKeys = func() (keys [R10FairSlots]string) {
	for i, fs := range R10FairSlotFeatures {
		keys[i] = fs[0].String() + "-" + fs[1].String()
	}
	return keys
}()

// multiplierSlotKeys name the R10 Multiplier slots by Magnate, kind and
// side: "anabela-cellars-left".
var multiplierSlotKeys = func() (keys []string) {
	for m, row := range ManagerRows {
		for _, k := range row.Multipliers {
			for _, side := range [R10MultiplierSlots]string{"left", "right"} {
				keys = append(keys, Magnate(m).String()+"-"+k.String()+"-"+side)
			}
		}
	}
	return keys
}()

// additionalActionKeys name the R10 Additional Action spaces by Magnate
// and action: "anabela-winery".
var additionalActionKeys = func() (keys [NumMagnates][]string) {
	for m, row := range ManagerRows {
		for _, a := range row.Actions {
			keys[m] = append(keys[m], Magnate(m).String()+"-"+a.String())
		}
	}
	return keys
}()

// exportKeys are the Export slots' choice IDs by row, then column, made
// once: every look-ahead at an Export action lists them.
var exportKeys = func() (keys [ExportRows * ExportColumns]string) {
	for i := range keys {
		r, c := i/ExportColumns, i%ExportColumns
		keys[i] = "country" + strconv.Itoa(c+1) + "-row" + strconv.Itoa(r+1)
	}
	return keys
}()

// boothKeys are the Fair booths' choice IDs, left to right, as a Press
// Release offers them.
var boothKeys = func() (keys [len(FairBooths)]string) {
	for b := range keys {
		keys[b] = "booth-" + strconv.Itoa(b+1)
	}
	return keys
}()

func flatten(g ExportGrid[engine.Seat]) []engine.Seat {
	var seats []engine.Seat
	for _, row := range g {
		seats = append(seats, row[:]...)
	}
	return seats
}

func unflatten(seats []engine.Seat) (g ExportGrid[engine.Seat]) {
	for i, seat := range seats {
		g[i/ExportColumns][i%ExportColumns] = seat
	}
	return g
}

// fillTaken maps the name of each slot a seat holds to the seat.
func fillTaken(m map[string]engine.Seat, names []string, slots []engine.Seat) {
	for i, seat := range slots {
		if seat != engine.NoSeat {
			m[names[i]] = seat
		}
	}
}

// readTaken sets slots from what fillTaken made; the others are empty.
func readTaken(m map[string]engine.Seat, names []string, slots []engine.Seat, what string) error {
	for i := range slots {
		slots[i] = engine.NoSeat
	}
	for name, seat := range m {
		i, err := index(names, name, what)
		if err != nil {
			return err
		}
		slots[i] = seat
	}
	return nil
}

func index(names []string, name, what string) (int, error) {
	if i := slices.Index(names, name); i >= 0 {
		return i, nil
	}
	return 0, fmt.Errorf("vinhos: no %s is named %q", what, name)
}

// pick names the things ids number.
func pick(names []string, ids []int) []string {
	if ids == nil {
		return nil
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = names[id]
	}
	return out
}

// ids reads back what pick wrote.
func ids(names, picked []string, what string) ([]int, error) {
	if picked == nil {
		return nil, nil
	}
	out := make([]int, len(picked))
	for i, name := range picked {
		var err error
		if out[i], err = index(names, name, what); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (n idNames) displayTile(id int) *string {
	if id == NoTile {
		return nil
	}
	return &n.tiles[id]
}

func (n idNames) displayTileIn(name *string) (int, error) {
	if name == nil {
		return NoTile, nil
	}
	return index(n.tiles, *name, "Magnate tile")
}

// byName turns a table indexed by an enum into a map keyed by its names.
func byName[E ~uint8, V any](table []V) map[E]V {
	m := make(map[E]V, len(table))
	for i, v := range table {
		m[E(i)] = v
	}
	return m
}

// fromNames fills a table indexed by an enum from what byName made.
func fromNames[E ~uint8, V any](m map[E]V, table []V) {
	for e, v := range m {
		table[e] = v
	}
}

func (n idNames) player(p *Player) playerJSON {
	j := playerJSON{playerFields: playerFields(*p), Magnates: byName[Magnate](p.Magnates[:]),
		VPFrom: map[VPSource]int16{}, FairPicks: pick(n.experts, p.FairPicks)}
	for _, src := range n.vpSources {
		j.VPFrom[src] = p.VPFrom[src]
	}
	for _, x := range p.Experts {
		j.Experts = append(j.Experts, expertJSON{n.experts[x.ID], expertFields(x)})
	}
	for _, t := range p.Tiles {
		j.Tiles = append(j.Tiles, tileJSON{n.tiles[t.ID], tileFields(t)})
	}
	for m := range p.OnActions {
		for a, count := range p.OnActions[m] {
			if count > 0 {
				if j.OnActions == nil {
					j.OnActions = map[string]int8{}
				}
				j.OnActions[additionalActionKeys[m][a]] = count
			}
		}
	}
	return j
}

// seatBoard is a seat's board as exports show it beside the state.
type seatBoard struct {
	s    *State
	seat int
}

// MarshalJSON is the seat's board as everyone sees it: without the Wine
// Experts it chose in secret for a Fair, as View hides them.
func (b seatBoard) MarshalJSON() ([]byte, error) {
	j := b.s.idNames().player(&b.s.Seats[b.seat])
	j.FairPicks = nil
	return json.Marshal(j)
}

func (n idNames) playerIn(j *playerJSON) (Player, error) {
	p := Player(j.playerFields)
	var err error
	if p.FairPicks, err = ids(n.experts, j.FairPicks, "Wine Expert"); err != nil {
		return p, err
	}
	fromNames(j.Magnates, p.Magnates[:])
	fromNames(j.VPFrom, p.VPFrom[:])
	p.OnActions = [NumMagnates][len(ManagerRow{}.Actions)]int8{}
	for name, count := range j.OnActions {
		i, err := index(slices.Concat(additionalActionKeys[:]...), name, "Additional Action space")
		if err != nil {
			return p, err
		}
		p.OnActions[i/len(ManagerRow{}.Actions)][i%len(ManagerRow{}.Actions)] = count
	}
	if p.Experts, err = heldIn(j.Experts, n.experts, "Wine Expert"); err != nil {
		return p, err
	}
	p.Tiles, err = heldIn(j.Tiles, n.tiles, "Magnate tile")
	return p, err
}

// heldMirror is the mirror of a tile in front of a player, named by what
// it is.
type heldMirror[T any] interface {
	name() string
	held(id int) T
}

func (x expertJSON) name() string { return x.ID }
func (t tileJSON) name() string   { return t.ID }

func (x expertJSON) held(id int) HeldExpert {
	x.expertFields.ID = id
	return HeldExpert(x.expertFields)
}

func (t tileJSON) held(id int) HeldTile {
	t.tileFields.ID = id
	return HeldTile(t.tileFields)
}

// heldIn reads back the tiles in front of a player.
func heldIn[T any, J heldMirror[T]](mirrors []J, names []string, what string) ([]T, error) {
	var out []T
	for _, j := range mirrors {
		id, err := index(names, j.name(), what)
		if err != nil {
			return nil, err
		}
		out = append(out, j.held(id))
	}
	return out, nil
}

func regionOut(reg RegionState) regionJSON {
	j := regionJSON{regionFields: regionFields(reg)}
	for _, t := range reg.Deck {
		j.Deck = append(j.Deck, vineyardOut(t))
	}
	return j
}

func vineyardOut(t VineyardTile) vineyardJSON { return vineyardJSON{vineyardFields(t), t.Cost.V} }

func (s *State) regionIn(r RegionID, j regionJSON) (RegionState, error) {
	reg := RegionState(j.regionFields)
	reg.Deck = nil
	for _, t := range j.Deck {
		tile, err := s.vineyardIn(r, t)
		if err != nil {
			return reg, err
		}
		reg.Deck = append(reg.Deck, tile)
	}
	return reg, nil
}

// vineyardIn takes the provenance of a deck tile's cost from the region's
// tile of that colour and cost in the component data.
func (s *State) vineyardIn(r RegionID, j vineyardJSON) (VineyardTile, error) {
	t := VineyardTile(j.vineyardFields)
	for _, printed := range s.data.Insets[r].Vineyards {
		if printed.Color == t.Color && printed.Cost.V == j.Cost {
			t.Cost = printed.Cost
			return t, nil
		}
	}
	return t, fmt.Errorf("vinhos: %s has no %s Vineyard of cost %d", Regions[r].Name, t.Color, j.Cost)
}

func (n idNames) solo(solo *Solo) *soloJSON {
	j := &soloJSON{soloFields: soloFields(*solo),
		Discarded: discardsJSON{discardsFields(solo.Discarded), pick(n.tiles, solo.Discarded.Tiles)}}
	for c, bribed := range solo.Bribes {
		if bribed {
			j.Bribes = append(j.Bribes, Cell(c))
		}
	}
	return j
}

func (n idNames) soloIn(j *soloJSON) (*Solo, error) {
	solo := Solo(j.soloFields)
	solo.Bribes = [NumCells]bool{}
	for _, c := range j.Bribes {
		if c == NoCell {
			return nil, fmt.Errorf("vinhos: a bribe lies off the Quadrel")
		}
		solo.Bribes[c] = true
	}
	solo.Discarded = LacerdaDiscards(j.Discarded.discardsFields)
	var err error
	solo.Discarded.Tiles, err = ids(n.tiles, j.Discarded.Tiles, "Magnate tile")
	return &solo, err
}

// MarshalJSON names the accolades.
func (sc SoloScore) MarshalJSON() ([]byte, error) {
	return json.Marshal(soloScoreJSON{soloScoreFields(sc), byName[Accolade](sc.Accolades[:])})
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (sc *SoloScore) UnmarshalJSON(b []byte) error {
	var j soloScoreJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*sc = SoloScore(j.soloScoreFields)
	sc.Accolades = [numAccolades]int{}
	fromNames(j.Accolades, sc.Accolades[:])
	return nil
}
