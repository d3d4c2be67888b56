package vinhos

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/adega-bot/adega/engine/component"
)

// LoadData reads a TOML data file and returns the default data set with the
// file's values in place of the reconstructed ones. Replaced values get the
// DataFile provenance. A text or derived value may be restated but not
// changed. testdata/data-example.toml shows the format.
//
// Every problem is reported, each naming its key: an unknown key, a region,
// tile or kind that does not exist, a list of the wrong length, a value out
// of range, or a change to a value the rulebooks fix.
func LoadData(r io.Reader) (*Data, error) {
	var f dataFile
	l := dataLoader{d: DefaultData()}
	if err := l.Decode(r, &f); err != nil {
		return nil, fmt.Errorf("vinhos data file: %w", err)
	}
	l.insets(f.Insets)
	l.wineTiles(f.WineTiles)
	l.vintage("vintage", SpecialVintage2016, &l.d.Vintage, f.Vintage)
	l.yearTrack(f.YearTrack)
	l.sales(f.Sales)
	l.export(f.Export)
	l.money(f.Money)
	l.experts(f.Experts)
	l.magnateTiles(f.MagnateTiles)
	l.display(f.MagnateDisplay)
	l.multiplierCaps(f.MultiplierCaps)
	l.reserve(f.Reserve)
	l.classic(f.Classic)
	if err := l.Err(); err != nil {
		return nil, fmt.Errorf("vinhos data file: %w", err)
	}
	return l.d, nil
}

// dataFile is the TOML schema. Pointer fields are nil when the key is absent.
type dataFile struct {
	Insets         map[string]insetFile      `toml:"insets"`
	WineTiles      *[]int                    `toml:"wine_tiles"`
	Vintage        map[string]vintageFile    `toml:"vintage"`
	YearTrack      yearTrackFile             `toml:"year_track"`
	Sales          map[string]colorLists     `toml:"sales"`
	Export         exportFile                `toml:"export"`
	Money          moneyFile                 `toml:"money"`
	Experts        map[string]expertDeckFile `toml:"experts"`
	MagnateTiles   map[string][]int          `toml:"magnate_tiles"`
	MagnateDisplay *[][]int                  `toml:"magnate_display"`
	MultiplierCaps map[string][]int          `toml:"multiplier_caps"`
	Reserve        reserveFile               `toml:"reserve"`
	Classic        classicFile               `toml:"classic"`
}

// classicFile holds the first edition's own tables.
type classicFile struct {
	Export struct {
		TwoPlayer *[][]bool `toml:"two_player"`
	} `toml:"export"`
	Vintage map[string]classicVintageFile `toml:"vintage"`
}

// reserveFile holds the 2010 Reserve's tables.
type reserveFile struct {
	Export struct {
		Values    *[][]int  `toml:"values"`
		RowVP     *[]int    `toml:"row_vp"`
		TwoPlayer *[][]bool `toml:"two_player"`
	} `toml:"export"`
	Investment struct {
		Interest *[]int `toml:"interest"`
		Cost     *[]int `toml:"invest_cost"`
		Proceeds *[]int `toml:"divest_proceeds"`
	} `toml:"investment"`
	Fair struct {
		ExpertsFrom *[]int    `toml:"experts_from"`
		SlotBonus   *[]string `toml:"slot_bonus"`
		Sections    *[]int    `toml:"sections"`
	} `toml:"fair"`
}

type insetFile struct {
	CubeSpaces *int `toml:"cube_spaces"`
	colorLists
}

type colorLists struct {
	Red   *[]int `toml:"red"`
	White *[]int `toml:"white"`
}

// vintageFile is a Vintage tile: its year and what the Magnates A, B and
// C want, a colour, a least value and regions by their numbers.
type vintageFile struct {
	vintageYear
	Anabela  *string `toml:"anabela"`
	Bruno    *int    `toml:"bruno"`
	Carolina *[]int  `toml:"carolina"`
}

// vintageYear is a Vintage tile's weather and Fair features.
type vintageYear struct {
	Weather  *int           `toml:"weather"`
	Features map[string]int `toml:"features"`
}

// classicVintageFile is a first-edition Vintage tile, in its own words:
// its Managers A, B and C, and its region numbers.
type classicVintageFile struct {
	vintageYear
	Alexandre   *string `toml:"alexandre"`
	Beatriz     *int    `toml:"beatriz"`
	Constantino *[]int  `toml:"constantino"`
}

// vintageFiles reads first-edition tiles as Vintage tiles.
func vintageFiles(m map[string]classicVintageFile) map[string]vintageFile {
	tiles := make(map[string]vintageFile, len(m))
	for k, f := range m {
		tiles[k] = vintageFile{f.vintageYear, f.Alexandre, f.Beatriz, f.Constantino}
	}
	return tiles
}

type yearTrackFile struct {
	TaxedCells  *[]string `toml:"taxed_cells"`
	FinalAction *string   `toml:"final_action"`
}

type exportFile struct {
	Values    *[][]int  `toml:"values"`
	TwoPlayer *[][]bool `toml:"two_player"`
}

type moneyFile struct {
	Board          *[]int `toml:"board"`
	MultiplierTile *[]int `toml:"multiplier_tile"`
}

type expertDeckFile struct {
	Abilities *[]string `toml:"abilities"`
	Arrows    *[]bool   `toml:"arrows"`
}

// dataLoader applies a decoded file to a fresh data set.
type dataLoader struct {
	component.Loader
	d *Data
}

// setCells sets cells[i] to vals[i], after checking the count.
func setCells[T comparable](l *dataLoader, key string, cells []*component.Sourced[T], vals []T) {
	if !l.count(key, len(vals), len(cells)) {
		return
	}
	for i, v := range vals {
		component.Set(&l.Loader, fmt.Sprintf("%s[%d]", key, i), cells[i], v)
	}
}

func (l *dataLoader) count(key string, got, want int) bool {
	if got != want {
		l.Fail(key, "want %d entries, got %d", want, got)
	}
	return got == want
}

// ints checks that every value lies in [lo, hi].
func (l *dataLoader) ints(key string, vals []int, lo, hi int) bool {
	ok := true
	for i, v := range vals {
		ok = l.IntIn(fmt.Sprintf("%s[%d]", key, i), v, lo, hi) && ok
	}
	return ok
}

// pickCells collects, in order, the cells that sel returns for items; sel returns
// nil to skip an item.
func pickCells[E any, T comparable](items []E, sel func(*E) *component.Sourced[T]) []*component.Sourced[T] {
	var cells []*component.Sourced[T]
	for i := range items {
		if c := sel(&items[i]); c != nil {
			cells = append(cells, c)
		}
	}
	return cells
}

func sameCell[T comparable](c *component.Sourced[T]) *component.Sourced[T] { return c }

// colors applies a red and a white list of values, each at least lo, to the
// cells that cells selects for the colour.
func (l *dataLoader) colors(key string, f colorLists, lo int, cells func(Color) []*component.Sourced[int]) {
	for c, vals := range [numColors]*[]int{Red: f.Red, White: f.White} {
		ckey := key + "." + Color(c).String()
		if vals != nil && l.ints(ckey, *vals, lo, math.MaxInt) {
			setCells(l, ckey, cells(Color(c)), *vals)
		}
	}
}

// flattenGrid checks a table's dimensions and flattens it row by row.
func flattenGrid[T any](l *dataLoader, key string, rows [][]T, nrows, ncols int) ([]T, bool) {
	if !l.count(key, len(rows), nrows) {
		return nil, false
	}
	var flat []T
	ok := true
	for i, row := range rows {
		ok = l.count(fmt.Sprintf("%s[%d]", key, i), len(row), ncols) && ok
		flat = append(flat, row...)
	}
	return flat, ok
}

// id parses a table key that numbers a region or tile, lo..hi.
func (l *dataLoader) id(key, k, noun string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(k)
	if err != nil || strconv.Itoa(n) != k || n < lo || n > hi {
		l.Fail(key, "no %s %q: they are numbered %d..%d", noun, k, lo, hi)
		return 0, false
	}
	return n, true
}

type enumType interface {
	~uint8
	String() string
}

// parseEnum finds the value among the first n whose String is s.
func parseEnum[E enumType](s string, n int) (E, bool) {
	for e := E(0); int(e) < n; e++ {
		if e.String() == s {
			return e, true
		}
	}
	return 0, false
}

// enumKey parses a table key naming an enum value.
func enumKey[E enumType](l *dataLoader, key, k string, n int) (E, bool) {
	e, ok := parseEnum[E](k, n)
	if !ok {
		l.Fail(key, "unknown key")
	}
	return e, ok
}

// enumValue parses a string value naming one of the first n enum values.
func enumValue[E enumType](l *dataLoader, key, s string, n int) (E, bool) {
	e, ok := parseEnum[E](s, n)
	if !ok {
		l.Fail(key, "unknown value %q", s)
	}
	return e, ok
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

func (l *dataLoader) insets(m map[string]insetFile) {
	for _, k := range sortedKeys(m) {
		key := "insets." + k
		r, ok := l.id(key, k, "region", 1, NumRegions)
		if !ok {
			continue
		}
		in, f := &l.d.Insets[r], m[k]
		if f.CubeSpaces != nil && l.IntIn(key+".cube_spaces", *f.CubeSpaces, 0, math.MaxInt) {
			component.Set(&l.Loader, key+".cube_spaces", &in.CubeSpaces, *f.CubeSpaces)
		}
		l.colors(key, f.colorLists, 0, func(c Color) []*component.Sourced[int] {
			return pickCells(in.Vineyards[:], func(t *VineyardTile) *component.Sourced[int] {
				if t.Color != c {
					return nil
				}
				return &t.Cost
			})
		})
	}
}

func (l *dataLoader) wineTiles(counts *[]int) {
	const key = "wine_tiles"
	if counts == nil || !l.count(key, len(*counts), MaxWineTile) || !l.ints(key, *counts, 0, math.MaxInt) {
		return
	}
	if total := sumInts(*counts); total != Box.WineTiles {
		l.Fail(key, "the box holds %d Wine tiles, got %d", Box.WineTiles, total)
		return
	}
	setCells(l, key, pickCells(l.d.WineTiles[1:], sameCell), *counts)
}

func sumInts(vals []int) int {
	total := 0
	for _, v := range vals {
		total += v
	}
	return total
}

// vintage applies the tiles of table (vintage, classic.vintage) to
// tiles, read in mode's words: its Magnates' names and region numbers.
func (l *dataLoader) vintage(table string, mode Mode, tiles *[NumVintageTiles]VintageTile, m map[string]vintageFile) {
	for _, k := range sortedKeys(m) {
		key := table + "." + k
		n, ok := l.id(key, k, "vintage tile", 0, NumVintageTiles-1)
		if !ok {
			continue
		}
		t, f := &tiles[n], m[k]
		magnate := func(who Magnate) string { return key + "." + strings.ToLower(rulesets[mode].terms.magnates[who]) }
		if f.Weather != nil && l.IntIn(key+".weather", *f.Weather, MinWeather, MaxWeather) {
			component.Set(&l.Loader, key+".weather", &t.Weather, *f.Weather)
		}
		if f.Features != nil {
			l.features(key+".features", &t.Features, f.Features)
		}
		if f.Anabela != nil {
			if c, ok := enumValue[Color](l, magnate(Anabela), *f.Anabela, numColors); ok {
				component.Set(&l.Loader, magnate(Anabela), &t.Anabela, c)
			}
		}
		if f.Bruno != nil && l.IntIn(magnate(Bruno), *f.Bruno, 0, math.MaxInt) {
			component.Set(&l.Loader, magnate(Bruno), &t.Bruno, *f.Bruno)
		}
		if f.Carolina != nil {
			l.regions(magnate(Carolina), mode, &t.Carolina, *f.Carolina)
		}
	}
}

// features replaces a tile's whole symbol vector; absent features get 0.
func (l *dataLoader) features(key string, cell *component.Sourced[FeatureSymbols], m map[string]int) {
	var fs FeatureSymbols
	ok := true
	for _, k := range sortedKeys(m) {
		f, fok := enumKey[Feature](l, key+"."+k, k, NumFeatures)
		if fok && l.IntIn(key+"."+k, m[k], 0, MaxFeatureSymbols) {
			fs[f] = m[k]
		} else {
			ok = false
		}
	}
	if ok {
		component.Set(&l.Loader, key, cell, fs)
	}
}

// regions reads a set of regions by their numbers in mode's box.
func (l *dataLoader) regions(key string, mode Mode, cell *component.Sourced[RegionSet], numbers []int) {
	if !l.ints(key, numbers, 1, len(regionsInOrder(mode, allRegions))) {
		return
	}
	var s RegionSet
	for _, n := range numbers {
		r, _ := regionByKey(mode, strconv.Itoa(n))
		if s.Has(r) {
			l.Fail(key, "region %d is listed twice", n)
			return
		}
		s |= NewRegionSet(r)
	}
	component.Set(&l.Loader, key, cell, s)
}

func (l *dataLoader) yearTrack(f yearTrackFile) {
	if f.TaxedCells != nil && l.count("year_track.taxed_cells", len(*f.TaxedCells), NumYears) {
		for i, name := range *f.TaxedCells {
			key := fmt.Sprintf("year_track.taxed_cells[%d]", i)
			if c, ok := enumValue[Cell](l, key, name, NumCells); ok {
				component.Set(&l.Loader, key, &l.d.TaxedCells[i+1], c)
			}
		}
	}
	if f.FinalAction != nil {
		const key = "year_track.final_action"
		if c, ok := enumValue[Cell](l, key, *f.FinalAction, NumCells+1); ok {
			component.Set(&l.Loader, key, &l.d.FinalActionCell, c)
		}
	}
}

func (l *dataLoader) sales(m map[string]colorLists) {
	for _, k := range sortedKeys(m) {
		key := "sales." + k
		e, ok := enumKey[Establishment](l, key, k, numEstablishments)
		if !ok {
			continue
		}
		l.colors(key, m[k], 1, func(c Color) []*component.Sourced[int] {
			return pickCells(l.d.Sales[:], func(s *SaleSlot) *component.Sourced[int] {
				if s.Establishment != e || s.Color != c {
					return nil
				}
				return &s.Value
			})
		})
	}
}

func (l *dataLoader) export(f exportFile) {
	if f.Values != nil {
		const key = "export.values"
		if vals, ok := flattenGrid(l, key, *f.Values, ExportRows, ExportColumns); ok && l.ints(key, vals, 1, math.MaxInt) {
			var cells []*component.Sourced[int]
			for r := range l.d.Export.Values {
				cells = append(cells, pickCells(l.d.Export.Values[r][:], sameCell)...)
			}
			setCells(l, key, cells, vals)
		}
	}
	if f.TwoPlayer != nil {
		const key = "export.two_player"
		if flags, ok := flattenGrid(l, key, *f.TwoPlayer, ExportRows, ExportColumns); ok {
			var g ExportGrid[bool]
			for i, in := range flags {
				g[i/ExportColumns][i%ExportColumns] = in
			}
			component.Set(&l.Loader, key, &l.d.Export.TwoPlayer, g)
		}
	}
}

func (l *dataLoader) money(f moneyFile) {
	for _, t := range [...]struct {
		key   string
		vals  *[]int
		table *MoneyTable
	}{
		{"money.board", f.Board, &l.d.MoneyVP},
		{"money.multiplier_tile", f.MultiplierTile, &l.d.MoneyTileVP},
	} {
		if t.vals != nil && l.ints(t.key, *t.vals, 0, math.MaxInt) {
			setCells(l, t.key, pickCells(t.table[:], sameCell), *t.vals)
		}
	}
}

func (l *dataLoader) experts(m map[string]expertDeckFile) {
	for _, k := range sortedKeys(m) {
		key := "experts." + k
		feature, ok := enumKey[Feature](l, key, k, NumFeatures)
		if !ok {
			continue
		}
		deck, f := &l.d.Experts[feature], m[k]
		if f.Abilities != nil && l.count(key+".abilities", len(*f.Abilities), ExpertsPerDeck) {
			for i, name := range *f.Abilities {
				akey := fmt.Sprintf("%s.abilities[%d]", key, i)
				if a, ok := enumValue[ExpertAbility](l, akey, name, numExpertAbilities); ok {
					component.Set(&l.Loader, akey, &deck[i].Ability, a)
				}
			}
		}
		if f.Arrows != nil {
			setCells(l, key+".arrows", pickCells(deck[:], func(t *ExpertTile) *component.Sourced[bool] { return &t.Arrow }), *f.Arrows)
		}
	}
}

func (l *dataLoader) magnateTiles(m map[string][]int) {
	for _, k := range sortedKeys(m) {
		key := "magnate_tiles." + k
		kind, ok := enumKey[MagnateAction](l, key, k, numMagnateActions)
		if !ok || !l.ints(key, m[k], MinPlayers, MaxPlayers) {
			continue
		}
		setCells(l, key, pickCells(l.d.MagnateTiles[:], func(t *MagnateActionTile) *component.Sourced[int] {
			if t.Kind != kind {
				return nil
			}
			return &t.MinPlayers
		}), m[k])
	}
}

// display replaces the display grid; each player count must still fill
// DisplaySpacesUsed spaces.
func (l *dataLoader) display(rows *[][]int) {
	const key = "magnate_display"
	if rows == nil {
		return
	}
	vals, ok := flattenGrid(l, key, *rows, DisplayRows, DisplayColumns)
	if !ok || !l.ints(key, vals, MinPlayers, MaxPlayers) {
		return
	}
	var g DisplayGrid
	for i, v := range vals {
		g[i/DisplayColumns][i%DisplayColumns] = v
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		if got, want := g.Spaces(n), DisplaySpacesUsed.For(n); got != want {
			l.Fail(key, "%d players use %d spaces, got %d", n, want, got)
			return
		}
	}
	component.Set(&l.Loader, key, &l.d.Display, g)
}

func (l *dataLoader) multiplierCaps(m map[string][]int) {
	for _, k := range sortedKeys(m) {
		key := "multiplier_caps." + k
		kind, ok := enumKey[MultiplierKind](l, key, k, numMultiplierKinds)
		if !ok || !l.ints(key, m[k], 0, math.MaxInt) {
			continue
		}
		setCells(l, key, pickCells(l.d.Multipliers[:], func(t *MultiplierTile) *component.Sourced[int] {
			if t.Kind != kind {
				return nil
			}
			return &t.Cap
		}), m[k])
	}
}

// reserve applies the 2010 Reserve's tables, then checks that they still
// meet what the texts say of them (R10 in COMPONENTS.md §10.2, §12, §17.3).
func (l *dataLoader) reserve(f reserveFile) {
	r := &l.d.Reserve
	if f.Export.Values != nil {
		const key = "reserve.export.values"
		if vals, ok := flattenGrid(l, key, *f.Export.Values, R10ExportRows, R10ExportColumns); ok && l.ints(key, vals, 1, math.MaxInt) {
			var cells []*component.Sourced[int]
			for row := range r.Export.Values {
				cells = append(cells, pickCells(r.Export.Values[row][:], sameCell)...)
			}
			setCells(l, key, cells, vals)
		}
	}
	if f.Export.RowVP != nil && l.ints("reserve.export.row_vp", *f.Export.RowVP, 0, math.MaxInt) {
		setCells(l, "reserve.export.row_vp", pickCells(r.Export.RowVP[:], sameCell), *f.Export.RowVP)
	}
	l.frame("reserve.export.two_player", f.Export.TwoPlayer, &r.Export.TwoPlayer)
	for _, t := range [...]struct {
		key    string
		vals   *[]int
		cells  []component.Sourced[int]
		lo, hi int
	}{
		{"reserve.investment.interest", f.Investment.Interest, r.Investment.Interest[:], -R10AccountMax, R10AccountMax},
		{"reserve.investment.invest_cost", f.Investment.Cost, r.Investment.Cost[:], 0, R10AccountMax},
		{"reserve.investment.divest_proceeds", f.Investment.Proceeds, r.Investment.Proceeds[:], 0, R10AccountMax},
		{"reserve.fair.experts_from", f.Fair.ExpertsFrom, r.ExpertsFrom[:], 1, math.MaxInt},
		{"reserve.fair.sections", f.Fair.Sections, r.Sections[:], 0, R10MaxSectionFairPoints},
	} {
		if t.vals != nil && l.ints(t.key, *t.vals, t.lo, t.hi) {
			setCells(l, t.key, pickCells(t.cells, sameCell), *t.vals)
		}
	}
	if f.Fair.SlotBonus != nil {
		const key = "reserve.fair.slot_bonus"
		var bonuses []FairSlotBonus
		for i, name := range *f.Fair.SlotBonus {
			if b, ok := enumValue[FairSlotBonus](l, fmt.Sprintf("%s[%d]", key, i), name, len(fairSlotBonusNames)); ok {
				bonuses = append(bonuses, b)
			}
		}
		if len(bonuses) == len(*f.Fair.SlotBonus) {
			setCells(l, key, pickCells(r.SlotBonus[:], sameCell), bonuses)
		}
	}
	l.reserveConstraints()
}

// reserveConstraints checks the Reserve's tables against the texts: a
// higher row pays more and asks more of a wine in every country; divesting
// from +3 to −1 yields 11 and from +2 to −2 yields 8, no step yields more
// than it costs, and a Bank account of 1 cannot pay the interest at −2;
// a wine of 4 takes tile 1 and of 10 tile 4, higher tiles asking more; the
// feature tracks' sections never fall as a marker climbs.
func (l *dataLoader) reserveConstraints() {
	r := &l.d.Reserve
	for row := 1; row < R10ExportRows; row++ {
		if r.Export.RowVP[row].V >= r.Export.RowVP[row-1].V {
			l.Fail("reserve.export.row_vp", "row %d pays %d VP, not less than the row above it", row+1, r.Export.RowVP[row].V)
		}
		for col := range R10ExportColumns {
			if r.Export.Values[row][col].V >= r.Export.Values[row-1][col].V {
				l.Fail("reserve.export.values", "country %d asks %d in row %d, not less than in the row above it", col+1, r.Export.Values[row][col].V, row+1)
			}
		}
	}
	inv := &r.Investment
	sum := func(from, to int) int { // proceeds of divesting from position from down to to
		n := 0
		for pos := from; pos > to; pos-- {
			n += inv.DivestProceeds(pos)
		}
		return n
	}
	if got := sum(3, -1); got != 11 {
		l.Fail("reserve.investment.divest_proceeds", "divesting from +3 to −1 yields %d, but the text's example yields 11", got)
	}
	if got := sum(2, -2); got != 8 {
		l.Fail("reserve.investment.divest_proceeds", "divesting from +2 to −2 yields %d, but the text's example yields 8", got)
	}
	for k := range inv.Cost {
		if inv.Proceeds[k].V > inv.Cost[k].V {
			l.Fail("reserve.investment.divest_proceeds", "the step from %+d yields %d but costs %d: the bank would mint cash", k+R10InvestMin+1, inv.Proceeds[k].V, inv.Cost[k].V)
		}
	}
	if inv.InterestAt(R10InvestMin) > -2 {
		l.Fail("reserve.investment.interest", "the interest at −2 is %d, but an account of 1 cannot pay it in the text's example", inv.InterestAt(R10InvestMin))
	}
	for t := 1; t < len(r.ExpertsFrom); t++ {
		if r.ExpertsFrom[t].V <= r.ExpertsFrom[t-1].V {
			l.Fail("reserve.fair.experts_from", "tile %d needs %d, not more than tile %d", t+1, r.ExpertsFrom[t].V, t)
		}
	}
	for k := 1; k < len(r.Sections); k++ {
		if r.Sections[k].V < r.Sections[k-1].V {
			l.Fail("reserve.fair.sections", "space %d pays %d FP, less than the space below it", k, r.Sections[k].V)
		}
	}
}

// frame sets a 2-player frame of the R10 Export area from the file's grid.
func (l *dataLoader) frame(key string, grid *[][]bool, dst *component.Sourced[[R10ExportRows][R10ExportColumns]bool]) {
	if grid == nil {
		return
	}
	if flags, ok := flattenGrid(l, key, *grid, R10ExportRows, R10ExportColumns); ok {
		var g [R10ExportRows][R10ExportColumns]bool
		for i, in := range flags {
			g[i/R10ExportColumns][i%R10ExportColumns] = in
		}
		component.Set(&l.Loader, key, dst, g)
	}
}

// classic applies the first edition's tables: its 2-player Export frame
// holds more slots than the Reserve's, which "was reduced" (E52), and its
// Vintage tiles keep what its examples show.
func (l *dataLoader) classic(f classicFile) {
	l.vintage("classic.vintage", Classic2010, &l.d.Classic.Vintage, vintageFiles(f.Vintage))
	l.classicVintage()
	l.frame("classic.export.two_player", f.Export.TwoPlayer, &l.d.Classic.TwoPlayerExport)
	count := func(g [R10ExportRows][R10ExportColumns]bool) int {
		n := 0
		for _, row := range g {
			for _, in := range row {
				if in {
					n++
				}
			}
		}
		return n
	}
	if count(l.d.Classic.TwoPlayerExport.V) <= count(l.d.Reserve.Export.TwoPlayer.V) {
		l.Fail("classic.export.two_player", "the first edition's 2-player frame must hold more slots than the Reserve's, which was reduced")
	}
}

// classicVintage checks the first edition's Vintage tiles against its
// examples besides the 4th year's tile, which is text: a tile of weather
// −2 (the Production example), and another naming Setúbal (the 5th
// year's Fair, a Setúbal wine meeting Constantino's request).
func (l *dataLoader) classicVintage() {
	const key = "classic.vintage"
	tiles := &l.d.Classic.Vintage
	if !slices.ContainsFunc(tiles[:], func(t VintageTile) bool { return t.Weather.V == MinWeather }) {
		l.Fail(key, "no tile has the weather −2 of the first edition's Production example")
	}
	setubal := false
	for n, t := range tiles {
		setubal = setubal || n != C10FourthYearTile && t.Carolina.V.Has(Setubal)
	}
	if !setubal {
		l.Fail(key, "no tile but the 4th year's names Setúbal, as the first edition's 5th-year Fair needs")
	}
}
