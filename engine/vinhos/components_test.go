package vinhos

import (
	"fmt"
	"github.com/adega-bot/adega/engine/component"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// ---------------------------------------------------------------------------
// Helpers

// costs lists the printed costs of a region's Vineyards of one colour.
func costs(d *Data, r RegionID, c Color) []int {
	var out []int
	for _, t := range d.Insets[r].Vineyards {
		if t.Color == c {
			out = append(out, t.Cost.V)
		}
	}
	return out
}

// saleValues lists the values of an establishment's slots of one colour.
func saleValues(d *Data, e Establishment, c Color) []int {
	var out []int
	for _, s := range d.Sales {
		if s.Establishment == e && s.Color == c {
			out = append(out, s.Value.V)
		}
	}
	return out
}

// saleSlotsAt lists the establishments with a slot of colour c and value v.
func saleSlotsAt(d *Data, c Color, v int) []Establishment {
	var out []Establishment
	for _, s := range d.Sales {
		if s.Color == c && s.Value.V == v {
			out = append(out, s.Establishment)
		}
	}
	return out
}

// cellOf finds the first cell of a mode's Quadrel that offers a.
func cellOf(t *testing.T, m Mode, a Action) Cell {
	t.Helper()
	i := slices.Index(Quadrel[m][:], a)
	if i < 0 {
		t.Fatalf("%v Quadrel has no %v space", m, a)
	}
	return Cell(i)
}

// moveFee is the movement cost of the rules (E42): distance, tax and one
// Bago per opponent already on the target; Pass is free.
func moveFee(d *Data, year int, from, to Cell, occupants int) int {
	if Quadrel[SpecialVintage2016][to] == ActPass {
		return 0
	}
	fee := occupants * FeePerOccupant
	if !from.Adjacent(to) {
		fee += FeeNonAdjacent
	}
	if d.TaxedCells[year].V == to {
		fee += FeeTaxation
	}
	return fee
}

// majorityShare is a column's majority VP split between tied players.
func majorityShare(column, tied int) int { return ExportMajorityVP[column] / tied }

func wineValue(quality int, r RegionID, cellarSlot, cubes int) int {
	v := quality + cubes*Regions[r].CubeValue + Regions[r].WineValueBonus
	if cellarSlot > 0 {
		v += CellarAgingBonus[cellarSlot-1]
	}
	return v
}

// ---------------------------------------------------------------------------
// (a) Worked examples: the constraints they put on the data

// SV Vineyards action: "She buys 1 Dão Red ... pays 4", "1 Ribatejo White ...
// pays 4" (E24).
func TestExampleVineyardsActionDaoRedAndRibatejoWhiteCost4(t *testing.T) {
	d := DefaultData()
	if !slices.Contains(costs(d, Dao, Red), 4) {
		t.Errorf("Dão red costs %v, want a 4", costs(d, Dao, Red))
	}
	if !slices.Contains(costs(d, Ribatejo, White), 4) {
		t.Errorf("Ribatejo white costs %v, want a 4", costs(d, Ribatejo, White))
	}
}

// V1 Vineyards example: Minho Red 3,000 and Algarve White 4,000 (E24).
func TestExampleFirstEditionVineyardsMinhoRed3AlgarveWhite4(t *testing.T) {
	d := DefaultData()
	if !slices.Contains(costs(d, Minho, Red), 3) {
		t.Errorf("Minho red costs %v, want a 3", costs(d, Minho, Red))
	}
	if !slices.Contains(costs(d, Algarve, White), 4) {
		t.Errorf("Algarve white costs %v, want a 4", costs(d, Algarve, White))
	}
}

// V1 "4 Renown cubes in Dão"; SV "Algarve has 3"; SV Press Release removes 2
// from Douro (E25).
func TestExampleRenownCubesDao4Algarve3Douro2(t *testing.T) {
	d := DefaultData()
	for r, least := range map[RegionID]int{Dao: 4, Algarve: 3, Douro: 2} {
		if got := d.Insets[r].CubeSpaces.V; got < least {
			t.Errorf("%v holds %d cubes, an example has %d there", r, got, least)
		}
	}
}

// SV Wine Value example: Purple's Algarve quality 4 in Cellar slot 3 with one
// cube is worth 4+3+1+1 = 9.
func TestExampleWineValuePurpleAlgarve(t *testing.T) {
	if got := wineValue(4, Algarve, 3, 1); got != 9 {
		t.Errorf("Wine Value = %d, want 9", got)
	}
}

// SV Production example: Blue's Lisboa (Vineyard, Farmer, 2 Wineries,
// Enologist, weather -2) makes 5; his Minho Vineyard alone makes 0, no wine.
func TestExampleProductionBlueLisboaAndMinho(t *testing.T) {
	const weather = -2
	lisboa := QualityPerVineyard + QualityPerFarmer + 2*QualityPerWinery + QualityPerEnologist + weather
	if lisboa != 5 {
		t.Errorf("Lisboa quality = %d, want 5", lisboa)
	}
	if minho := QualityPerVineyard + weather; minho != 0 {
		t.Errorf("Minho quality = %d, want 0", minho)
	}
}

// SV 4th year: weather -2 (E30), and Orange's Press Release: Taste x3 and
// Aroma x1, an arrowed Taste Expert gives 3+1+1 = 5 FP; her Douro red of
// quality 3 in Cellar slot 4 with 2 cubes is worth 10 and meets Bruno (8) and
// Carolina ("1, 4 (Douro), 7, 8", C01) but not Anabela (white) (E31).
func TestExamplePressReleaseOrangeDouroRed(t *testing.T) {
	d := DefaultData()
	tile := d.Vintage[1]
	if tile.Weather.V != -2 {
		t.Errorf("weather = %d, want -2", tile.Weather.V)
	}
	fp := tile.Features.V[Taste] + ExpertArrowFairPoints + tile.Features.V[Aroma]
	if fp != 5 {
		t.Errorf("Expert FP = %d, want 5", fp)
	}
	value := wineValue(3, Douro, 4, 2)
	if value != 10 {
		t.Errorf("Wine Value = %d, want 10", value)
	}
	if tile.Anabela.V == Red {
		t.Error("Anabela accepts the red wine; the example says she does not")
	}
	if value < tile.Bruno.V || tile.Bruno.V != 8 {
		t.Errorf("Bruno wants %d; the example's 10 meets his 8", tile.Bruno.V)
	}
	if want := NewRegionSet(TrasOsMontes, Douro, Setubal, Alentejo); tile.Carolina.V != want {
		t.Errorf("Carolina = %v, want %v", tile.Carolina.V, want)
	}
}

// R10/V1 4th year: weather -1, Appearance x3 and Taste x2 (E32); V1's
// Magnates: white, at least 9, {Minho, Dão, Douro, Setúbal} (E33, C08).
func TestExampleFirstEdition4thYearVintage(t *testing.T) {
	tile := DefaultData().Vintage[2]
	want := VintageTile{
		component.T(-1), component.T(FeatureSymbols{Appearance: 3, Taste: 2}), component.R(White), component.R(9),
		component.R(NewRegionSet(Minho, Dao, Douro, Setubal)),
	}
	if tile != want {
		t.Errorf("tile 2 = %+v, want %+v", tile, want)
	}
}

// SV Sales example: Yellow's Dão white of quality 5 in Cellar slot 3 is worth
// 8 (9 with Dão's cube) but white 8 and 9 are taken; he takes Hotel White 7
// and receives 7 Bagos (E43).
func TestExampleSalesYellowDaoWhite(t *testing.T) {
	d := DefaultData()
	if got := wineValue(5, Dao, 3, 0); got != 8 {
		t.Errorf("Wine Value = %d, want 8", got)
	}
	for _, v := range []int{8, 9} {
		if len(saleSlotsAt(d, White, v)) == 0 {
			t.Errorf("no white %d Sales slot", v)
		}
	}
	if !slices.Contains(saleSlotsAt(d, White, 7), Hotel) {
		t.Errorf("Hotel white slots %v, want a 7", saleValues(d, Hotel, White))
	}
}

// V1/R10 Sales examples: Hotel Red 7; a white of value 6 was sold to the
// Hotel; Casa de Fados Red 3 plus Enoteca White 10 pay 13 (E44).
func TestExampleFirstEditionSales(t *testing.T) {
	d := DefaultData()
	if !slices.Contains(saleSlotsAt(d, Red, 7), Hotel) {
		t.Errorf("Hotel red slots %v, want a 7", saleValues(d, Hotel, Red))
	}
	if slices.Min(saleValues(d, Hotel, White)) > 6 {
		t.Errorf("Hotel white slots %v: a white 6 could not be sold there", saleValues(d, Hotel, White))
	}
	if !slices.Contains(saleSlotsAt(d, Red, 3), CasaDeFados) || !slices.Contains(saleSlotsAt(d, White, 10), Enoteca) {
		t.Error("missing Casa de Fados red 3 or Enoteca white 10")
	}
}

// Lacerda's Sales: a Number card above 2 plus 0-2 cubes picks the slot of
// that value and colour, then the other colour: every value 3..11 has a red
// and a white slot, and no slot is below 3 (E45).
func TestExampleLacerdaSalesSlots(t *testing.T) {
	d := DefaultData()
	for v := LacerdaSalesMinCard; v <= len(NumberCards)+LacerdaRenownCubes; v++ {
		for _, c := range []Color{Red, White} {
			if len(saleSlotsAt(d, c, v)) == 0 {
				t.Errorf("no %v %d Sales slot", c, v)
			}
		}
	}
	for _, s := range d.Sales {
		if s.Value.V < LacerdaSalesMinCard {
			t.Errorf("%v %v slot %d is below Lacerda's lowest sale", s.Establishment, s.Color, s.Value.V)
		}
	}
}

// SV Export example: Purple's quality-7 wine (Warehouse, no bonus) could take
// a 6 or 7 slot without cubes, or an 8 or 9 with 1 or 2 Douro cubes; she
// takes the "9" slot of the 4th country and scores 9 VP (E47).
func TestExampleExportPurpleDouroNine(t *testing.T) {
	d := DefaultData()
	col4 := make([]int, ExportRows)
	for r := range ExportRows {
		col4[r] = d.Export.Values[r][3].V
	}
	for _, v := range []int{6, 7, 8, 9} {
		if !slices.Contains(col4, v) {
			t.Errorf("4th country has %v, the example needs a %d", col4, v)
		}
	}
	if wineValue(7, Douro, 0, 2) != 9 {
		t.Error("a quality-7 Douro wine with 2 cubes does not reach 9")
	}
}

// SV Scoring Exports: column 1 pays 14 and column 2 pays 12 to a sole
// winner; a 3-way tie in column 3 pays 3 each; 2-way ties pay 4 each in
// column 4 and 3 each in column 5 (E48). The majorities are evenly spaced
// (the derivation that picks 10/8/6 among the ties' ranges).
func TestExampleScoringExports(t *testing.T) {
	for c := 2; c < ExportColumns; c++ {
		if step := ExportMajorityVP[c-1] - ExportMajorityVP[c]; step != ExportMajorityVP[0]-ExportMajorityVP[1] {
			t.Errorf("majorities %v are not evenly spaced", ExportMajorityVP)
		}
	}
	for _, c := range []struct{ column, tied, each int }{
		{0, 1, 14}, {1, 1, 12}, {2, 3, 3}, {3, 2, 4}, {4, 2, 3},
	} {
		if got := majorityShare(c.column, c.tied); got != c.each {
			t.Errorf("column %d split %d ways pays %d each, want %d", c.column+1, c.tied, got, c.each)
		}
	}
}

// Solo setup: Lacerda's barrels on the top slot of each of the two leftmost
// columns of the 2-player frame score 19 VP (E49).
func TestExampleLacerdaSetupExports19VP(t *testing.T) {
	d := DefaultData()
	total := 0
	for c := range LacerdaInitialExports {
		for r := range ExportRows {
			if d.Export.TwoPlayer.V[r][c] {
				total += d.Export.Values[r][c].V
				break
			}
		}
	}
	if total != 19 {
		t.Errorf("Lacerda's initial exports score %d, want 19", total)
	}
}

// Lacerda's Export rule breaks ties for the highest value by the leftmost
// column, so the 2-player frame repeats values across columns (E49).
func TestExampleLacerdaExportTieBreak(t *testing.T) {
	d := DefaultData()
	columns := map[int]map[int]bool{}
	for r := range ExportRows {
		for c := range ExportColumns {
			if d.Export.TwoPlayer.V[r][c] {
				v := d.Export.Values[r][c].V
				if columns[v] == nil {
					columns[v] = map[int]bool{}
				}
				columns[v][c] = true
			}
		}
	}
	for _, cols := range columns {
		if len(cols) > 1 {
			return
		}
	}
	t.Error("no value appears in two columns of the 2-player frame")
}

// SV Scoring Money: 6 Bagos -> 3, 14 -> 7, 20 -> 18, 25 -> 18 (E53).
func TestExampleScoringMoney(t *testing.T) {
	d := DefaultData()
	for cash, want := range map[int]int{6: 3, 14: 7, 20: 18, 25: 18} {
		if got := d.MoneyVP.VP(cash); got != want {
			t.Errorf("%d Bagos score %d, want %d", cash, got, want)
		}
	}
}

// SV Scoring Multiplier tiles: 2x Wineries with 5 Wineries gives 10; 2x
// Wines with 10 wines gives 16, its maximum. In the Fair example Orange buys
// a tile worth 2 per Cellar (E61).
func TestExampleScoringMultipliers(t *testing.T) {
	d := DefaultData()
	find := func(k MultiplierKind, vp int) MultiplierTile {
		for _, m := range d.Multipliers {
			if m.Kind == k && m.VP == vp {
				return m
			}
		}
		t.Fatalf("no %dx %v tile", vp, k)
		return MultiplierTile{}
	}
	capped := func(m MultiplierTile, n int) int {
		if m.Cap.V > 0 {
			return min(m.VP*n, m.Cap.V)
		}
		return m.VP * n
	}
	if got := capped(find(MultWineries, 2), 5); got != 10 {
		t.Errorf("2x Wineries with 5 scores %d, want 10", got)
	}
	if got := capped(find(MultWines, 2), 10); got != 16 {
		t.Errorf("2x Wines with 10 scores %d, want 16", got)
	}
	find(MultCellars, 2)
}

// SV Fair results: at the 2nd Fair Purple takes 12, Orange 8, and Blue and
// Yellow, tied last, split (4+0)/2 = 2 each (C04: Blue and Yellow take the
// Experts).
func TestExampleFairResultsSecondFair(t *testing.T) {
	vp := FairVP[2]
	if vp[0] != 12 || vp[1] != 8 {
		t.Errorf("2nd Fair pays %v, want 12 and 8 first", vp)
	}
	if got := (vp[2] + 0) / 2; got != 2 {
		t.Errorf("tied last places get %d each, want 2", got)
	}
	if FairYears[2] != 5 {
		t.Errorf("2nd Fair in year %d, want 5", FairYears[2])
	}
}

// SV 5th-year Fair: Blue presents a Setúbal ("Terras do Sado", C13) white of
// value 5, takes the 4th booth (+3 FP) and plays 2 Experts for +3: 11 FP; the
// wine meets Carolina (E35). Some Vintage tile allows this.
func TestExampleFairBlueSetubalEleven(t *testing.T) {
	d := DefaultData()
	booth := FairBooths[3]
	if booth.Bonus != BoothFairPoints || 5+booth.Amount+3 != 11 {
		t.Fatalf("4th booth = %+v, want +3 Fair Points", booth)
	}
	for _, tile := range d.Vintage {
		var counts []int
		for _, n := range tile.Features.V {
			if n > 0 {
				counts = append(counts, n)
			}
		}
		if tile.Carolina.V.Has(Setubal) && len(counts) == 2 && counts[0]+counts[1] == 3 {
			return
		}
	}
	t.Error("no Vintage tile has two features worth 3 together and Setúbal for Carolina")
}

// R10 5th-year Fair: an Alentejo white meets Carolina (E36).
func TestExampleR10FairCarolinaAlentejo(t *testing.T) {
	for _, tile := range DefaultData().Vintage[1:] {
		if tile.Carolina.V.Has(Alentejo) {
			return
		}
	}
	t.Error("no Vintage tile lets Carolina accept Alentejo")
}

// SV Movement example 4, 4th year, 1st action, marker on Wine Experts:
// Orange Export -> Wine Experts pays 1; Yellow Cellars -> Pass pays nothing;
// Purple lower-right Vineyards -> Wine Experts pays 3 (E40).
func TestExampleMovement4thYear(t *testing.T) {
	d := DefaultData()
	sv := SpecialVintage2016
	experts := cellOf(t, sv, ActWineExperts)
	if d.TaxedCells[4].V != experts {
		t.Fatalf("year 4 taxes %v, want the Wine Experts cell %v", d.TaxedCells[4].V, experts)
	}
	if got := moveFee(d, 4, cellOf(t, sv, ActExport), experts, 0); got != 1 {
		t.Errorf("Orange pays %d, want 1", got)
	}
	if got := moveFee(d, 4, cellOf(t, sv, ActCellars), cellOf(t, sv, ActPass), 0); got != 0 {
		t.Errorf("Yellow pays %d, want 0", got)
	}
	if !cellOf(t, sv, ActCellars).Adjacent(cellOf(t, sv, ActPass)) {
		t.Error("Cellars is not adjacent to Pass")
	}
	if got := moveFee(d, 4, CellBR, experts, 1); got != 3 {
		t.Errorf("Purple pays %d, want 3", got)
	}
}

// Setup: the Year/Taxation marker starts on the top-left space of the Year
// track, the first year's (E16); Action markers start on the centre.
func TestExampleYearTrackStartsTopLeft(t *testing.T) {
	d := DefaultData()
	if d.TaxedCells[1].V != CellTL {
		t.Errorf("year 1 taxes %v, want TL", d.TaxedCells[1].V)
	}
	if Quadrel[SpecialVintage2016][StartCell] != ActPass {
		t.Errorf("Action markers start on %v", Quadrel[SpecialVintage2016][StartCell])
	}
}

// SV "lower-right Vineyards space"; FR-R10 "the bank at the bottom right";
// V1 prints the grid row by row (E37, E38).
func TestExampleQuadrelLowerRight(t *testing.T) {
	if Quadrel[SpecialVintage2016][CellBR] != ActVineyards {
		t.Errorf("SV16 lower right is %v", Quadrel[SpecialVintage2016][CellBR])
	}
	if Quadrel[Reserve2010][CellBR] != ActBank {
		t.Errorf("R10 lower right is %v", Quadrel[Reserve2010][CellBR])
	}
	if Quadrel[SpecialVintage2016][CellTL] != ActVineyards || Quadrel[Reserve2010][CellML] != ActWineExperts {
		t.Error("rows are not Vineyards, Cellars, Wineries / Wine Experts, Pass, Enologists")
	}
}

// Cellar examples: slot 2 gives +1 (V1 Setúbal), slot 3 +3 (SV Algarve, Dão),
// slot 4 +5 (SV Douro), and no slot lies beyond the +5 (E26).
func TestExampleCellarAging(t *testing.T) {
	if CellarAgingBonus != [4]int{0, 1, 3, 5} {
		t.Errorf("Cellar bonuses = %v", CellarAgingBonus)
	}
	for m, b := range PlayerBoards {
		if b.CellarSlots != len(CellarAgingBonus) {
			t.Errorf("%v Cellar has %d slots", Mode(m), b.CellarSlots)
		}
	}
}

// V1 Fair: 3 Taste Experts revealed show 2 arrows and 3 Aroma Experts show 1;
// SV: the Taste Expert from the booth has an arrow (E59).
func TestExampleExpertArrows(t *testing.T) {
	d := DefaultData()
	arrows := func(f Feature) (with, without int) {
		for _, e := range d.Experts[f] {
			if e.Arrow.V {
				with++
			} else {
				without++
			}
		}
		return with, without
	}
	if with, without := arrows(Taste); with < 2 || without < 1 {
		t.Errorf("Taste deck has %d arrows and %d plain tiles: 3 drawn cannot show exactly 2", with, without)
	}
	if with, without := arrows(Aroma); with < 1 || without < 2 {
		t.Errorf("Aroma deck has %d arrows and %d plain tiles: 3 drawn cannot show exactly 1", with, without)
	}
}

// R10 start order: before, Orange, Purple, Blue, Yellow; Orange took Minho,
// Purple Algarve, Blue and Yellow Alentejo; after, Orange, Blue, Yellow,
// Purple (E21, C01, C20).
func TestExampleR10StartOrder(t *testing.T) {
	chose := map[PlayerColor]RegionID{Orange: Minho, Purple: Algarve, Blue: Alentejo, Yellow: Alentejo}
	order := []PlayerColor{Orange, Purple, Blue, Yellow}
	slices.SortStableFunc(order, func(a, b PlayerColor) int { return int(chose[a]) - int(chose[b]) })
	if want := []PlayerColor{Orange, Blue, Yellow, Purple}; !slices.Equal(order, want) {
		t.Errorf("order = %v, want %v", order, want)
	}
}

// Rules text numbering: Douro inset (Region 3), Setúbal (region 7), Alentejo
// region 8, Algarve (region 9) (E11, E19).
func TestExampleRegionNumbers(t *testing.T) {
	for id, name := range map[RegionID]string{Douro: "Douro", Setubal: "Setúbal", Alentejo: "Alentejo", Algarve: "Algarve"} {
		if Regions[id].Name != name || Regions[id].ID != id || id.String() != name {
			t.Errorf("region %d is %q", id, Regions[id].Name)
		}
	}
	if Douro != 3 || Setubal != 7 || Alentejo != 8 || Algarve != 9 {
		t.Error("region numbers differ from the Reference Book")
	}
	if Regions[Douro].PortoTiles != 2 || Regions[Alentejo].CubeValue != 2 || Regions[Algarve].WineValueBonus != 1 {
		t.Error("region abilities differ from the Reference Book")
	}
}

// SV final scoring: wines of quality 3, 9, 1 and 7 score 1, 4, 0 and 3.
func TestExampleFinalScoringWines(t *testing.T) {
	for q, want := range map[int]int{3: 1, 9: 4, 1: 0, 7: 3} {
		if got := q / WineVPDivisor; got != want {
			t.Errorf("quality %d scores %d, want %d", q, got, want)
		}
	}
}

// SV action examples: Purple hires an Enologist and a Farmer for 5; Blue
// builds 2 Wineries for 6 and 2 Cellars for 6; Purple hires 2 Experts for 2.
func TestExampleActionCosts(t *testing.T) {
	for name, c := range map[string]struct{ got, want int }{
		"enologist+farmer": {PriceEnologist + PriceFarmer, 5},
		"2 wineries":       {MaxItemsPerAction * PriceWinery, 6},
		"2 cellars":        {MaxItemsPerAction * PriceCellar, 6},
		"2 experts":        {MaxItemsPerAction * PriceExpert, 2},
	} {
		if c.got != c.want {
			t.Errorf("%s costs %d, want %d", name, c.got, c.want)
		}
	}
}

// RB setup: the display fills 6 spaces with 2 players and 9 with 3. Deck
// arithmetic gives 12 with 4: the initial picks and the two post-Fair refills
// use up the 22 Multipliers exactly (§14.2).
func TestExampleMagnateDisplayDeckArithmetic(t *testing.T) {
	d := DefaultData()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		spaces := d.Display.V.Spaces(n)
		if spaces != DisplaySpacesUsed.For(n) {
			t.Errorf("%d players fill %d spaces, want %d", n, spaces, DisplaySpacesUsed.For(n))
		}
		actions, multipliers := 0, 0
		for _, tile := range d.MagnateTiles {
			if tile.MinPlayers.V <= n {
				actions++
			}
		}
		for _, m := range d.Multipliers {
			if m.TwoPlayer || n > MinPlayers {
				multipliers++
			}
		}
		// Setup fills the display and refills the n initial picks; the rest
		// of the Action tiles go on the Multipliers, and each of the two
		// refills after Fairs 1 and 2 draws a full display.
		left := actions - spaces - n
		if left < 0 {
			t.Errorf("%d players: %d Action tiles cannot fill the setup", n, actions)
		}
		if need := 2*spaces - left; need > multipliers || (n == MaxPlayers && need != multipliers) {
			t.Errorf("%d players draw %d Multipliers from %d", n, need, multipliers)
		}
	}
}

// Solo: Lacerda's Number cards 1-6 name the display's 2-player spaces, laid
// out as two columns of three (§14.2).
func TestExampleSoloMagnateGrid(t *testing.T) {
	d := DefaultData()
	want := [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}}
	for n := 1; n <= LacerdaDisplayNumbers; n++ {
		r, c, ok := d.Display.V.SoloSpace(n)
		if !ok || [2]int{r, c} != want[n-1] {
			t.Errorf("number %d -> (%d,%d,%v), want %v", n, r, c, ok, want[n-1])
		}
	}
	if _, _, ok := d.Display.V.SoloSpace(LacerdaDisplayNumbers + 1); ok {
		t.Error("a 7th 2-player space exists")
	}
}

// The reconstructed Vintage tiles meet COMPONENTS.md §7's design targets.
func TestVintageDesignTargets(t *testing.T) {
	d := DefaultData()
	weather := 0
	var symbols, tiles [NumFeatures]int
	colors := map[Color]int{}
	bruno := 0
	named := map[RegionID]int{}
	for _, tile := range d.Vintage[1:] {
		weather += tile.Weather.V
		for f, n := range tile.Features.V {
			symbols[f] += n
			if n > 0 {
				tiles[f]++
			}
		}
		colors[tile.Anabela.V]++
		bruno += tile.Bruno.V
		count := 0
		for r := RegionID(1); r.Valid(); r++ {
			if tile.Carolina.V.Has(r) {
				named[r]++
				count++
			}
		}
		if count != 4 {
			t.Errorf("Carolina names %d regions on %+v", count, tile)
		}
	}
	if weather != 0 {
		t.Errorf("weather sums to %d", weather)
	}
	if symbols != [NumFeatures]int{8, 8, 8, 8} || tiles != [NumFeatures]int{4, 4, 4, 4} {
		t.Errorf("features: %v symbols on %v tiles", symbols, tiles)
	}
	if colors[Red] != 4 || colors[White] != 4 {
		t.Errorf("Anabela colours %v", colors)
	}
	if bruno != 8*(NumVintageTiles-1) {
		t.Errorf("Bruno averages %d/8", bruno)
	}
	for r := RegionID(1); r.Valid(); r++ {
		if named[r] < 3 || named[r] > 4 {
			t.Errorf("Carolina names %v %d times", r, named[r])
		}
	}
	zero := d.Vintage[VintageZero]
	if zero.Weather.V != 0 || zero.Features.V != (FeatureSymbols{}) || zero.Anabela.V != NoColor || zero.Carolina.V != 0 {
		t.Errorf("tile 0 is not blank: %+v", zero)
	}
}

// ---------------------------------------------------------------------------
// (b) Totals and counts against the box

func TestBoxVineyardDecks(t *testing.T) {
	d := DefaultData()
	total := 0
	for r := RegionID(1); r.Valid(); r++ {
		if n := len(costs(d, r, Red)); n != 2 {
			t.Errorf("%v has %d red Vineyards", r, n)
		}
		if n := len(costs(d, r, White)); n != 2 {
			t.Errorf("%v has %d white Vineyards", r, n)
		}
		total += len(d.Insets[r].Vineyards)
	}
	if total != Box.VineyardTiles {
		t.Errorf("%d Vineyard tiles, box has %d", total, Box.VineyardTiles)
	}
	if d.Insets[0] != (Inset{}) || Regions[0] != (Region{}) {
		t.Error("index 0 of the region tables is used")
	}
}

func TestBoxRenownCubesAndPorto(t *testing.T) {
	d := DefaultData()
	spaces := 0
	for r := RegionID(1); r.Valid(); r++ {
		spaces += d.Insets[r].CubeSpaces.V
	}
	if spaces < Box.RenownCubes {
		t.Errorf("%d cube spaces for %d cubes", spaces, Box.RenownCubes)
	}
	if Box.PortoTiles%Regions[Douro].PortoTiles != 0 {
		t.Errorf("%d Porto tiles do not split into Douro pairs", Box.PortoTiles)
	}
}

func TestBoxWineTiles(t *testing.T) {
	d := DefaultData()
	total := 0
	for v, n := range d.WineTiles {
		if v == 0 && n != (component.Sourced[int]{}) {
			t.Error("a 0 Wine tile exists")
		}
		total += n.V
	}
	if total != Box.WineTiles {
		t.Errorf("%d Wine tiles, box has %d", total, Box.WineTiles)
	}
}

func TestBoxVintageTiles(t *testing.T) {
	if n := len(DefaultData().Vintage); n != Box.VintageTiles {
		t.Errorf("%d Vintage tiles, box has %d", n, Box.VintageTiles)
	}
}

func TestBoxWineExperts(t *testing.T) {
	d := DefaultData()
	if n := NumFeatures * ExpertsPerDeck; n != Box.WineExpertTiles {
		t.Errorf("%d Wine Experts, box has %d", n, Box.WineExpertTiles)
	}
	arrowed := make([]int, numExpertAbilities)
	for f, deck := range d.Experts {
		seen := map[ExpertAbility]bool{}
		arrows := 0
		for _, e := range deck {
			seen[e.Ability.V] = true
			if e.Arrow.V {
				arrows++
				arrowed[e.Ability.V]++
			}
		}
		if len(seen) != numExpertAbilities || arrows != ExpertsPerDeck/2 {
			t.Errorf("%v deck: %d abilities, %d arrows", Feature(f), len(seen), arrows)
		}
	}
	for a, n := range arrowed {
		if n != 2 {
			t.Errorf("%v is arrowed in %d decks", ExpertAbility(a), n)
		}
	}
}

func TestBoxMagnateActionTiles(t *testing.T) {
	d := DefaultData()
	copies := 0
	for k, info := range MagnateActions {
		copies += info.Copies
		n := 0
		for _, tile := range d.MagnateTiles {
			if tile.Kind == MagnateAction(k) {
				n++
			}
		}
		if n != info.Copies {
			t.Errorf("%d %v tiles, want %d", n, MagnateAction(k), info.Copies)
		}
	}
	if copies != Box.MagnateActionTiles || len(d.MagnateTiles) != Box.MagnateActionTiles {
		t.Errorf("%d copies in %d tiles, box has %d", copies, len(d.MagnateTiles), Box.MagnateActionTiles)
	}
	for n, want := range map[int]int{2: 9, 3: 15, 4: 18} {
		got := 0
		for _, tile := range d.MagnateTiles {
			if tile.MinPlayers.V <= n {
				got++
			}
		}
		if got != want {
			t.Errorf("%d players use %d Action tiles, want %d", n, got, want)
		}
	}
}

func TestBoxMultiplierTiles(t *testing.T) {
	d := DefaultData()
	if len(d.Multipliers) != Box.MagnateMultiplierTiles {
		t.Errorf("%d Multipliers, box has %d", len(d.Multipliers), Box.MagnateMultiplierTiles)
	}
	perKind := map[MultiplierKind][]MultiplierTile{}
	twoPlayer := 0
	for _, m := range d.Multipliers {
		perKind[m.Kind] = append(perKind[m.Kind], m)
		if m.TwoPlayer {
			twoPlayer++
		}
	}
	pairs, unique := 0, 0
	for k, tiles := range perKind {
		switch {
		case len(tiles) == 2 && tiles[0].TwoPlayer && !tiles[1].TwoPlayer && tiles[0].VP > tiles[1].VP:
			pairs++
		case len(tiles) == 1 && tiles[0].TwoPlayer:
			unique++
		default:
			t.Errorf("%v tiles are not a filigreed-first pair or a unique tile: %+v", k, tiles)
		}
	}
	if pairs != 10 || unique != 2 || twoPlayer != 12 {
		t.Errorf("%d pairs, %d unique, %d for 2 players; want 10, 2, 12", pairs, unique, twoPlayer)
	}
}

func TestBoxBanknotes(t *testing.T) {
	notes, bagos := 0, 0
	for _, b := range Banknotes {
		notes += b.Count
		bagos += b.Count * b.Bagos
	}
	if notes != Box.Banknotes || bagos != 171 {
		t.Errorf("%d notes worth %d, want %d worth 171", notes, bagos, Box.Banknotes)
	}
}

// The largest player count uses every Enologist, Farmer, Cellar and Winery in
// the SV16 box; no count needs more than the box holds.
func TestBoxSupplies(t *testing.T) {
	for m, s := range Supplies {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			for name, c := range map[string]struct{ need, box int }{
				"regions":    {s.Regions.For(n), NumRegions},
				"enologists": {s.Enologists.For(n), Box.Enologists},
				"farmers":    {s.Farmers.For(n), Box.Farmers},
				"cellars":    {s.Cellars.For(n), Box.CellarTiles},
				"wineries":   {s.Wineries.For(n), Box.WineryTiles},
			} {
				if c.need > c.box || (Mode(m) == SpecialVintage2016 && n == MaxPlayers && c.need != c.box) {
					t.Errorf("%v %dp: %d %s of %d", Mode(m), n, c.need, name, c.box)
				}
			}
		}
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		removed := 0
		for r := RegionID(1); r.Valid(); r++ {
			if FirstPlayRemovedRegions.For(n).Has(r) {
				removed++
			}
		}
		if NumRegions-removed != Supplies[SpecialVintage2016].Regions.For(n) {
			t.Errorf("%dp first play leaves %d regions", n, NumRegions-removed)
		}
	}
}

func TestBoxPlayerPieces(t *testing.T) {
	for m, b := range PlayerBoards {
		if barrels := b.Barrels + NumMagnates*b.BarrelsPerMagnate; barrels != Box.BarrelsPerColor {
			t.Errorf("%v uses %d barrels, box has %d per colour", Mode(m), barrels, Box.BarrelsPerColor)
		}
		if b.Discs >= Box.DiscsPerColor || b.FairTiles > Box.FairTilesPerColor {
			t.Errorf("%v uses %d discs and %d Fair tiles", Mode(m), b.Discs, b.FairTiles)
		}
	}
	if n := len(StartingCash); n != Box.PlayerBoards {
		t.Errorf("%d starting seats for %d boards", n, Box.PlayerBoards)
	}
}

func TestBoxSoloCards(t *testing.T) {
	if len(NumberCards) != Box.SoloNumberCards || len(ActionCards) != Box.SoloActionCards {
		t.Errorf("%d Number and %d Action cards", len(NumberCards), len(ActionCards))
	}
	for i, n := range NumberCards {
		if n != i+1 {
			t.Errorf("Number card %d reads %d", i+1, n)
		}
	}
	seen := map[Cell]bool{}
	for _, c := range ActionCards {
		seen[c] = true
	}
	if len(seen) != NumCells {
		t.Errorf("Action cards cover %d cells", len(seen))
	}
	best := 0
	for a, v := range Accolades {
		if a == int(AccoladeMoreVP) && v.Each != 4 {
			t.Errorf("more VP than Lacerda gives %d", v.Each)
		}
		best += v.Each * v.Times
	}
	if best < SoloTitles[0].MinAccolades {
		t.Errorf("at most %d accolades, the top title needs %d", best, SoloTitles[0].MinAccolades)
	}
}

func TestBoxSalesAndExportSlots(t *testing.T) {
	d := DefaultData()
	if len(d.Sales) != 18 {
		t.Errorf("%d Sales slots, want 18", len(d.Sales))
	}
	frame := 0
	for _, row := range d.Export.TwoPlayer.V {
		for _, in := range row {
			if in {
				frame++
			}
		}
	}
	if ExportRows*ExportColumns != 20 || frame != 10 {
		t.Errorf("%d Export slots, %d in the frame; want 20 and 10", ExportRows*ExportColumns, frame)
	}
}

// Every cell of the default data carries a COMPONENTS.md tag.
func TestProvenanceTagged(t *testing.T) {
	var walk func(path string, v reflect.Value)
	cells := 0
	walk = func(path string, v reflect.Value) {
		switch v.Kind() {
		case reflect.Array:
			for i := range v.Len() {
				walk(fmt.Sprintf("%s[%d]", path, i), v.Index(i))
			}
		case reflect.Struct:
			if src := v.FieldByName("Src"); src.IsValid() && src.Type() == reflect.TypeFor[component.Provenance]() {
				cells++
				if p := component.Provenance(src.Uint()); p < component.Text || p > component.Reconstructed {
					t.Errorf("%s has provenance %v", path, p)
				}
				return
			}
			for i := range v.NumField() {
				walk(path+"."+v.Type().Field(i).Name, v.Field(i))
			}
		}
	}
	d := DefaultData()
	v := reflect.ValueOf(d).Elem()
	for i := range v.NumField() {
		f := v.Type().Field(i).Name
		switch f {
		case "Insets", "WineTiles", "TaxedCells":
			// index 0 is unused and untagged
			for j := 1; j < v.Field(i).Len(); j++ {
				walk(f, v.Field(i).Index(j))
			}
		default:
			walk(f, v.Field(i))
		}
	}
	if cells < 200 {
		t.Errorf("only %d tagged cells found", cells)
	}
}

func TestEnumStrings(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{component.Text.String(), "text"}, {component.DataFile.String(), "data_file"}, {component.Provenance(0).String(), "component.Provenance(0)"},
		{Red.String(), "red"}, {Appearance.String(), "appearance"}, {Dao.String(), "Dão"},
		{RegionID(10).String(), "RegionID(10)"}, {CellMR.String(), "MR"}, {NoCell.String(), "none"},
		{ActEnologists.String(), "enologists"}, {Enoteca.String(), "enoteca"},
		{ExpertRetrieveBarrel.String(), "retrieve_barrel"}, {MagnateFairPoints.String(), "fair_points"},
		{MultExportMajorities.String(), "export_majorities"}, {Carolina.String(), "carolina"},
		{BoothBagos.String(), "bagos"}, {AccoladeFullEstate.String(), "full_estate"}, {SlotExpert.String(), "expert"},
		{Purple.String(), "purple"}, {Reserve2010.String(), "reserve_2010"},
		{NewRegionSet(Douro, TrasOsMontes, Algarve).String(), "{1,3,9}"},
	} {
		if c.got != c.want {
			t.Errorf("String() = %q, want %q", c.got, c.want)
		}
	}
}

func TestR10AccountScore(t *testing.T) {
	// C05: FR-R10 ends Yellow at 3 and still pays her 3 VP; V1 has her at 6.
	for balance, want := range map[int]int{0: 0, 3: 3, 6: 3, 7: 7, 12: 7, 18: 12, 24: 18} {
		if got := R10AccountScore(balance); got != want {
			t.Errorf("balance %d scores %d, want %d", balance, got, want)
		}
	}
}

// R10 Export area (§10.2): an "8" slot of the first country pays 7 VP
// (FR-R10) and a "7" slot 5 VP (V1), whatever the wine's value; the
// countries' majorities are 6, 8, 10 and 12, and the second's tie in the
// final-scoring example pays 4 each; the 2-player frame is smaller than
// the area.
func TestExampleR10ExportRowsPayTheirVP(t *testing.T) {
	e := DefaultData().Reserve.Export
	vpOf := func(col, value int) int {
		for row := range R10ExportRows {
			if e.Values[row][col].V == value {
				return e.RowVP[row].V
			}
		}
		t.Fatalf("country %d has no %d slot", col+1, value)
		return 0
	}
	if got := vpOf(0, 8); got != 7 {
		t.Errorf("the first country's 8 pays %d VP, want 7", got)
	}
	if got := vpOf(0, 7); got != 5 {
		t.Errorf("the first country's 7 pays %d VP, want 5", got)
	}
	if R10ExportMajorityVP != [R10ExportColumns]int{6, 8, 10, 12} || R10ExportMajorityVP[1]/2 != 4 || R10ExportMajorityVP[2]/3 != 3 {
		t.Errorf("majorities %v", R10ExportMajorityVP)
	}
	frame := 0
	for _, row := range e.TwoPlayer.V {
		for _, in := range row {
			if in {
				frame++
			}
		}
	}
	if frame == 0 || frame >= R10ExportRows*R10ExportColumns {
		t.Errorf("the 2-player frame holds %d of %d slots", frame, R10ExportRows*R10ExportColumns)
	}
}

// R10 Investment bar (§12, FR-R10's bank examples): investing −1→0 costs 3
// and 0→+1 costs 2; divesting four times from +3 to −1 yields 11, and the
// Cash multiplier's full liquidation from +2 yields 8; +1 earns 1, 0
// nothing, and −2 costs more than an account of 1 holds.
func TestExampleR10BankInvestAndDivest(t *testing.T) {
	b := DefaultData().Reserve.Investment
	if b.InvestCost(-1) != 3 || b.InvestCost(0) != 2 {
		t.Errorf("investing −1→0 costs %d and 0→+1 %d, want 3 and 2", b.InvestCost(-1), b.InvestCost(0))
	}
	yield := func(from, to int) int {
		n := 0
		for pos := from; pos > to; pos-- {
			n += b.DivestProceeds(pos)
		}
		return n
	}
	if yield(3, -1) != 11 || yield(2, -2) != 8 {
		t.Errorf("divesting +3→−1 yields %d, +2→−2 %d; want 11 and 8", yield(3, -1), yield(2, -2))
	}
	if b.InterestAt(1) != 1 || b.InterestAt(0) != 0 || b.InterestAt(-2) >= -1 {
		t.Errorf("interest at +1, 0, −2: %d %d %d", b.InterestAt(1), b.InterestAt(0), b.InterestAt(-2))
	}
}

// R10 Fair tiles (§17.3, E67): a wine of 4 lets its player play 1 Expert,
// of 10 or 12 the most, 4; a weaker wine none. The first two slots give 3
// Bagos and 2 FP, every bonus is on two slots, and the feature sections
// climb from 0 to 5 FP.
func TestExampleR10FairTilesAndSlots(t *testing.T) {
	r := DefaultData().Reserve
	for value, want := range map[int]int{3: 0, 4: 1, 5: 1, 9: 3, 10: 4, 12: 4} {
		if got := r.FairTile(value); got != want {
			t.Errorf("a wine of %d takes Fair tile %d, want %d", value, got, want)
		}
	}
	counts := map[FairSlotBonus]int{}
	for _, b := range r.SlotBonus {
		counts[b.V]++
	}
	if r.SlotBonus[0].V != SlotBagos || r.SlotBonus[1].V != SlotFairPoints || counts[SlotBagos] != 2 || counts[SlotExpert] != 2 || counts[SlotFairPoints] != 2 {
		t.Errorf("slot bonuses %v", r.SlotBonus)
	}
	if r.Sections[0].V != 0 || r.Sections[R10FeatureTrackSpaces-1].V != R10MaxSectionFairPoints {
		t.Errorf("sections run from %d to %d FP, want 0 to 5", r.Sections[0].V, r.Sections[R10FeatureTrackSpaces-1].V)
	}
}

// R10 Managers' rows (§16.2) and the final-scoring example (FR-R10): a
// barrel goes Anabela → Sales → Winery → Wine multiplier, and Bruno → Cash
// multiplier, each within its row; Blue's left Cash slot with 12 Bagos and
// 8 more from divesting scores the cap, 16; Purple's 5 Wineries from the
// left slot 10, Orange's from the right 5.
func TestExampleR10FinalScoringMultipliers(t *testing.T) {
	inRow := func(m Magnate, a AdditionalAction, k R10MultiplierKind) bool {
		return slices.Contains(ManagerRows[m].Actions[:], a) && slices.Contains(ManagerRows[m].Multipliers[:], k)
	}
	if !inRow(Anabela, AddSales, R10MultWine) || !inRow(Anabela, AddWinery, R10MultWine) || !slices.Contains(ManagerRows[Bruno].Multipliers[:], R10MultCash) {
		t.Errorf("rows %+v", ManagerRows)
	}
	for _, c := range []struct {
		kind              R10MultiplierKind
		slot, count, want int
	}{
		{R10MultCash, 0, 12 + 8, 16}, {R10MultWineries, 0, 5, 10}, {R10MultWineries, 1, 5, 5},
		{R10MultCash, 1, 9, 4}, {R10MultCellars, 0, 3, 12}, {R10MultCellars, 1, 3, 6},
	} {
		if got := R10MultiplierScore(c.kind, c.slot, c.count); got != c.want {
			t.Errorf("%s slot %d with %d scores %d, want %d", c.kind, c.slot, c.count, got, c.want)
		}
	}
}

// ---------------------------------------------------------------------------
// (c) The data file loader

func load(t *testing.T, src string) (*Data, error) {
	t.Helper()
	return LoadData(strings.NewReader(src))
}

func TestLoadDataEmptyIsDefault(t *testing.T) {
	d, err := load(t, "")
	if err != nil {
		t.Fatal(err)
	}
	if *d != *DefaultData() {
		t.Error("an empty file changed the data")
	}
}

func TestLoadDataExampleFile(t *testing.T) {
	f, err := os.Open("testdata/data-example.toml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := LoadData(f)
	if err != nil {
		t.Fatal(err)
	}
	dao := d.Insets[Dao]
	if dao.CubeSpaces != (component.Sourced[int]{V: 5, Src: component.DataFile}) {
		t.Errorf("Dão cube spaces = %+v", dao.CubeSpaces)
	}
	if dao.Vineyards[0].Cost != (component.Sourced[int]{V: 4, Src: component.Text}) || dao.Vineyards[1].Cost != (component.Sourced[int]{V: 6, Src: component.DataFile}) {
		t.Errorf("Dão red = %+v", dao.Vineyards[:2])
	}
	want := VintageTile{
		component.Sourced[int]{V: 1, Src: component.DataFile},
		component.Sourced[FeatureSymbols]{V: FeatureSymbols{Taste: 2, Aroma: 1}, Src: component.DataFile},
		component.Sourced[Color]{V: Red, Src: component.DataFile},
		component.Sourced[int]{V: 9, Src: component.DataFile},
		component.Sourced[RegionSet]{V: NewRegionSet(TrasOsMontes, Dao, Lisboa, Algarve), Src: component.DataFile},
	}
	if d.Vintage[5] != want {
		t.Errorf("tile 5 = %+v", d.Vintage[5])
	}
	if got := d.Classic.Vintage[6].Carolina; got != (component.Sourced[RegionSet]{V: NewRegionSet(Minho, Dao, Setubal, Algarve), Src: component.DataFile}) {
		t.Errorf("first-edition tile 6's Constantino = %+v", got)
	}
	if d.FinalActionCell.V != NoCell || saleValues(d, CasaDeFados, White)[0] != 2 {
		t.Error("year track or Sales override not applied")
	}
	if d.Multipliers[10].Cap.V != 14 || d.Multipliers[11].Cap.V != 7 {
		t.Errorf("Expert caps = %v, %v", d.Multipliers[10].Cap, d.Multipliers[11].Cap)
	}
	// Untouched values and the defaults themselves stay as they were.
	def := DefaultData()
	if d.Vintage[4] != def.Vintage[4] || d.Export != def.Export {
		t.Error("values outside the file changed")
	}
	if def.Insets[Dao].CubeSpaces.V != 4 || defaultData.Insets[Dao].CubeSpaces.Src != component.Reconstructed {
		t.Error("loading changed the defaults")
	}
}

// Restating a text value, or a reconstructed value unchanged, is accepted.
func TestLoadDataRestatedValues(t *testing.T) {
	d, err := load(t, "[insets.4]\nred = [4, 5]\n[vintage.1]\nweather = -2\n")
	if err != nil {
		t.Fatal(err)
	}
	if d.Vintage[1].Weather.Src != component.Text || d.Insets[Dao].Vineyards[1].Cost != (component.Sourced[int]{V: 5, Src: component.DataFile}) {
		t.Errorf("provenance after restating: %+v, %+v", d.Vintage[1].Weather, d.Insets[Dao].Vineyards[1].Cost)
	}
}

// loadErr loads src and checks the error names every given key.
func loadErr(t *testing.T, src string, keys ...string) {
	t.Helper()
	d, err := load(t, src)
	if err == nil {
		t.Fatalf("loaded %q without error", src)
	}
	if d != nil {
		t.Error("a failed load returned data")
	}
	for _, k := range keys {
		if !strings.Contains(err.Error(), k+":") {
			t.Errorf("error does not name %s:\n%v", k, err)
		}
	}
}

func TestLoadDataUnknownKeys(t *testing.T) {
	for name, c := range map[string]struct{ src, key string }{
		"top level":     {"wine_tile = [1]\n", "wine_tile"},
		"inset field":   {"[insets.4]\ncube_spacez = 3\n", "insets.4.cube_spacez"},
		"vintage field": {"[vintage.3]\nwether = 1\n", "vintage.3.wether"},
		"feature":       {"[vintage.3]\nfeatures = { tast = 1 }\n", "vintage.3.features.tast"},
		"establishment": {"[sales.hotell]\nred = [6, 7, 8]\n", "sales.hotell"},
		"sales colour":  {"[sales.hotel]\nrose = [6, 7, 8]\n", "sales.hotel.rose"},
		"expert deck":   {"[experts.smell]\narrows = [true]\n", "experts.smell"},
		"magnate kind":  {"[magnate_tiles]\nexpret = [2, 3, 4]\n", "magnate_tiles.expret"},
		"multiplier":    {"[multiplier_caps]\nwine = [16, 8]\n", "multiplier_caps.wine"},
		"nested table":  {"[exports]\nvalues = 1\n", "exports"},
	} {
		t.Run(name, func(t *testing.T) { loadErr(t, c.src, c.key) })
	}
	// Keys inside an unknown table are not reported again.
	_, err := load(t, "[exports]\nvalues = 1\n")
	if strings.Contains(err.Error(), "exports.values") {
		t.Errorf("nested key reported: %v", err)
	}
}

func TestLoadDataWrongCounts(t *testing.T) {
	for name, c := range map[string]struct{ src, key string }{
		"vineyard deck":    {"[insets.4]\nred = [4, 5, 6]\n", "insets.4.red"},
		"empty deck":       {"[insets.2]\nwhite = []\n", "insets.2.white"},
		"wine tile values": {"wine_tiles = [8, 12, 12]\n", "wine_tiles"},
		"wine tile total":  {"wine_tiles = [8, 12, 12, 12, 12, 10, 10, 8, 8, 6, 4, 3]\n", "wine_tiles"},
		"taxed years":      {"[year_track]\ntaxed_cells = [\"TL\", \"TM\"]\n", "year_track.taxed_cells"},
		"sales slots":      {"[sales.enoteca]\nred = [9, 10]\n", "sales.enoteca.red"},
		"export rows":      {"[export]\nvalues = [[1, 2, 3, 4, 5]]\n", "export.values"},
		"export row":       {"[export]\ntwo_player = [[true], [true], [true], [true]]\n", "export.two_player[0]"},
		"money brackets":   {"[money]\nboard = [0, 3, 7, 12]\n", "money.board"},
		"expert deck":      {"[experts.taste]\narrows = [true, false]\n", "experts.taste.arrows"},
		"magnate copies":   {"[magnate_tiles]\nsales = [2, 3, 4]\n", "magnate_tiles.sales"},
		"display":          {"magnate_display = [[2, 2, 2, 2], [2, 2, 3, 4], [2, 2, 3, 4]]\n", "magnate_display"},
		"multiplier tiles": {"[multiplier_caps]\nmoney = [0, 0]\n", "multiplier_caps.money"},
	} {
		t.Run(name, func(t *testing.T) { loadErr(t, c.src, c.key) })
	}
}

func TestLoadDataNoSuchEntry(t *testing.T) {
	for name, c := range map[string]struct{ src, key string }{
		"region 10":       {"[insets.10]\ncube_spaces = 4\n", "insets.10"},
		"region 0":        {"[insets.0]\ncube_spaces = 4\n", "insets.0"},
		"region name":     {"[insets.douro]\ncube_spaces = 4\n", "insets.douro"},
		"vintage 9":       {"[vintage.9]\nweather = 0\n", "vintage.9"},
		"carolina region": {"[vintage.3]\ncarolina = [1, 12]\n", "vintage.3.carolina[1]"},
		"carolina twice":  {"[vintage.3]\ncarolina = [1, 1]\n", "vintage.3.carolina"},
		"cell":            {"[year_track]\nfinal_action = \"XX\"\n", "year_track.final_action"},
		"colour":          {"[vintage.3]\nanabela = \"rose\"\n", "vintage.3.anabela"},
		"ability":         {"[experts.aroma]\nabilities = [\"cash\", \"cash\", \"cash\", \"cash\", \"cash\", \"fly\"]\n", "experts.aroma.abilities[5]"},
	} {
		t.Run(name, func(t *testing.T) { loadErr(t, c.src, c.key) })
	}
}

func TestLoadDataOutOfRange(t *testing.T) {
	for name, c := range map[string]struct{ src, key string }{
		"weather":     {"[vintage.3]\nweather = 3\n", "vintage.3.weather"},
		"symbols":     {"[vintage.3]\nfeatures = { taste = 4 }\n", "vintage.3.features.taste"},
		"cost":        {"[insets.1]\nred = [3, -1]\n", "insets.1.red[1]"},
		"min players": {"[magnate_tiles]\nfarmer = [5]\n", "magnate_tiles.farmer[0]"},
	} {
		t.Run(name, func(t *testing.T) { loadErr(t, c.src, c.key) })
	}
}

// component.Text and derived values cannot be changed, only restated.
func TestLoadDataFixedValues(t *testing.T) {
	for name, c := range map[string]struct{ src, key string }{
		"Dão red 4 [T]":        {"[insets.4]\nred = [5, 5]\n", "insets.4.red[0]"},
		"tile 1 weather [T]":   {"[vintage.1]\nweather = 1\n", "vintage.1.weather"},
		"tile 1 Carolina [D]":  {"[vintage.1]\ncarolina = [1, 4, 7, 8]\n", "vintage.1.carolina"},
		"year 4 cell [T]":      {"[year_track]\ntaxed_cells = [\"TL\", \"TM\", \"TR\", \"MR\", \"MR\", \"BL\"]\n", "year_track.taxed_cells[3]"},
		"Hotel white 7 [T]":    {"[sales.hotel]\nwhite = [6, 8, 8]\n", "sales.hotel.white[1]"},
		"money 20+ [D]":        {"[money]\nboard = [0, 3, 7, 12, 20]\n", "money.board[4]"},
		"wines cap 16 [T]":     {"[multiplier_caps]\nwines = [20, 8]\n", "multiplier_caps.wines[0]"},
		"R10 row VP 7 [T]":     {"[reserve.export]\nrow_vp = [9, 8, 5, 3]\n", "reserve.export.row_vp[1]"},
		"R10 invest 0→+1 [T]":  {"[reserve.investment]\ninvest_cost = [3, 3, 3, 3, 4]\n", "reserve.investment.invest_cost[2]"},
		"R10 tile 4 at 10 [D]": {"[reserve.fair]\nexperts_from = [4, 6, 8, 11]\n", "reserve.fair.experts_from[3]"},
		"R10 slot 1 bagos [T]": {"[reserve.fair]\nslot_bonus = [\"expert\", \"fair_points\", \"expert\", \"fair_points\", \"bagos\", \"bagos\"]\n", "reserve.fair.slot_bonus[0]"},
	} {
		t.Run(name, func(t *testing.T) { loadErr(t, c.src, c.key) })
	}
}

// A Reserve table may change its reconstructed values only as far as the
// texts allow: the example sums of the Investment bar, rows that pay more
// asking more, a bank that cannot mint cash, tiles and sections in order.
func TestLoadDataReserveConstraints(t *testing.T) {
	for name, c := range map[string]struct{ src, key string }{
		"divest sum":     {"[reserve.investment]\ndivest_proceeds = [1, 2, 2, 3, 5]\n", "reserve.investment.divest_proceeds"},
		"minting cash":   {"[reserve.investment]\ninvest_cost = [3, 3, 2, 2, 4]\n", "reserve.investment.divest_proceeds"},
		"cheap interest": {"[reserve.investment]\ninterest = [-1, -1, 0, 1, 2, 3]\n", "reserve.investment.interest"},
		"row order":      {"[reserve.export]\nvalues = [[9, 10, 11, 12], [8, 9, 10, 11], [7, 8, 9, 10], [6, 7, 8, 11]]\n", "reserve.export.values"},
		"tiles order":    {"[reserve.fair]\nexperts_from = [4, 8, 6, 10]\n", "reserve.fair.experts_from"},
		"sections order": {"[reserve.fair]\nsections = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 4]\n", "reserve.fair.sections"},
		"slot bonus":     {"[reserve.fair]\nslot_bonus = [\"bagos\", \"fair_points\", \"wine\", \"fair_points\", \"expert\", \"bagos\"]\n", "reserve.fair.slot_bonus[2]"},
	} {
		t.Run(name, func(t *testing.T) { loadErr(t, c.src, c.key) })
	}
	d, err := load(t, "[reserve.investment]\ndivest_proceeds = [1, 3, 1, 3, 4]\n[reserve.fair]\nsections = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5]\n")
	if err != nil {
		t.Fatal(err)
	}
	if d.Reserve.Investment.Proceeds[1] != (component.Sourced[int]{V: 3, Src: component.DataFile}) || d.Reserve.Sections[1] != (component.Sourced[int]{V: 1, Src: component.DataFile}) {
		t.Errorf("the reconstructed Reserve values were not replaced: %+v %+v", d.Reserve.Investment.Proceeds, d.Reserve.Sections)
	}
}

// All problems are reported together.
func TestLoadDataReportsEveryProblem(t *testing.T) {
	loadErr(t, "wine_tiles = [1]\n[insets.12]\nred = [1]\n[vintage.2]\nbrunoo = 3\n",
		"wine_tiles", "insets.12", "vintage.2.brunoo")
}

func TestLoadDataSyntaxError(t *testing.T) {
	if _, err := load(t, "[insets.4\n"); err == nil {
		t.Error("a malformed file loaded")
	}
	if _, err := load(t, "[insets.4]\nred = \"4, 5\"\n"); err == nil {
		t.Error("a string loaded as a list")
	}
}
