package vinhos

import (
	"fmt"
	"strconv"
	"strings"
)

// regionKeys are the regions' choice IDs: their names in lower-case ASCII.
var regionKeys = func() (keys [NumRegions + 1]string) {
	ascii := strings.NewReplacer("á", "a", "ã", "a", "ú", "u", " ", "-")
	for r := 1; r <= NumRegions; r++ {
		keys[r] = ascii.Replace(strings.ToLower(Regions[r].Name))
	}
	return keys
}()

func regionKey(r RegionID) string { return regionKeys[r] }

// regionByKey finds a region by its key, name or number in mode.
func regionByKey(mode Mode, k string) (RegionID, bool) {
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if n := RegionNumber(mode, r); strings.EqualFold(k, regionKey(r)) || strings.EqualFold(k, Regions[r].Name) || (n > 0 && k == fmt.Sprint(n)) {
			return r, true
		}
	}
	return 0, false
}

// regionsInOrder lists the regions of set that mode's box holds, in the order
// of its numbers (the first edition has no Ribatejo, which the Deluxe
// Vintage tiles name in its games begun before firstEditionVintageRules).
func regionsInOrder(mode Mode, set RegionSet) []RegionID {
	var in []RegionID
	for n := 1; n <= NumRegions; n++ {
		if r, ok := regionByKey(mode, strconv.Itoa(n)); ok && set.Has(r) {
			in = append(in, r)
		}
	}
	return in
}

// cellNames for players: the action and where it sits, by mode.
var cellLabels = [numModes][NumCells]string{
	SpecialVintage2016: {
		"Vineyards (top left)", "Cellars", "Wineries",
		"Wine Experts", "Pass / Press Release", "Enologists / Farmers",
		"Export", "Sales", "Vineyards (bottom right)",
	},
	Reserve2010: {
		"Vineyards", "Cellars", "Wineries",
		"Wine Experts", "Pass / Press Release", "Enologists",
		"Export", "Sales", "Bank",
	},
	Classic2010: {
		"Vineyards", "Cellars", "Wineries",
		"Wine Experts", "Pass / Press Release", "Enologists",
		"Export", "Sales", "Bank",
	},
}

// cellKeys are the Quadrel cells' choice IDs by mode, their action, then
// where they are ("pass@c"), and "none" for NoCell. Snapshots and exports
// name cells by them too.
var cellKeys = func() (keys [numModes][NumCells + 1]string) {
	for m := range keys {
		for c := range Cell(NumCells) {
			keys[m][c] = Quadrel[m][c].String() + "@" + strings.ToLower(c.String())
		}
		keys[m][NoCell] = NoCell.String()
	}
	return keys
}()

func (s *State) cellKey(c Cell) string   { return cellKeys[s.Mode][c] }
func (s *State) cellLabel(c Cell) string { return cellLabels[s.Mode][c] }

// bagos says an amount of money: "1 Bago", "4 Bagos".
func bagos(n int) string {
	if n >= 0 && n < len(bagoTexts) {
		return bagoTexts[n]
	}
	return strconv.Itoa(n) + " Bagos"
}

// bagoTexts are the amounts choices show most, made once.
var bagoTexts = func() (texts [32]string) {
	for n := range texts {
		texts[n] = strconv.Itoa(n) + " Bagos"
	}
	texts[1] = "1 Bago"
	return texts
}()

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func (s *State) featureTitle(f Feature) string { return s.rules().terms.features[f] }

// vintageText describes the current Vintage tile.
func (s *State) vintageText() string {
	v := s.VintageTile()
	var feats []string
	for f, n := range v.Features.V {
		if n > 0 {
			feats = append(feats, fmt.Sprintf("%s %d", s.featureTitle(Feature(f)), n))
		}
	}
	var regions []string
	for _, r := range regionsInOrder(s.Mode, v.Carolina.V) {
		regions = append(regions, Regions[r].Name)
	}
	if len(feats) == 0 && len(regions) == 0 {
		// The "0" tile, R10's year 1: no feature and no Magnate's wish.
		return fmt.Sprintf("the \"0\" tile: weather %+d, no feature, and the %ss want nothing yet", v.Weather.V, s.rules().terms.magnate)
	}
	return fmt.Sprintf("weather %+d; features %s; %s wants %s, %s a value of %d+, %s %s",
		v.Weather.V, strings.Join(feats, ", "), s.magnateName(Anabela), v.Anabela.V, s.magnateName(Bruno), v.Bruno.V,
		s.magnateName(Carolina), strings.Join(regions, "/"))
}

// estateName names an estate for players: "estate 2 (Douro red)".
func (s *walker) estateName(p *Player, e int) string {
	if s.NoLabels && s.Quiet {
		return ""
	}
	est := &p.Estates[e]
	if int(est.Color) < numColors {
		return estateNames[e][est.Region][est.Color]
	}
	return fmt.Sprintf("estate %d (%s %s)", e+1, Regions[est.Region].Name, est.Color)
}

// estateNames are the estates' names by estate, region and colour, made
// once: labels and narration name estates all the time.
var estateNames = func() (names [5][NumRegions + 1][numColors]string) {
	for e := range names {
		for r := range names[e] {
			for c := range names[e][r] {
				names[e][r][c] = "estate " + strconv.Itoa(e+1)
				if r > 0 {
					names[e][r][c] += " (" + Regions[r].Name + " " + Color(c).String() + ")"
				}
			}
		}
	}
	return names
}()

// article is "a" or "an" for the word that follows it.
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// Choice IDs used in every game, made once.
var (
	estateKeys = [5]string{"e1", "e2", "e3", "e4", "e5"}
	wineKeys   = func() (keys [5][4]string) {
		for e := range keys {
			for i := range keys[e] {
				keys[e][i] = "w" + strconv.Itoa(e+1) + "-" + strconv.Itoa(i+1)
			}
		}
		return keys
	}()
)

// orderKey is the choice ID of slot k of the Pass row: "order-1".
func orderKey(k int) string { return orderKeys[k] }

// More choice IDs made once: "order-1"..., "cubes-0"..., "porto-e1"...,
// "enologist-e1" for hiring a worker and "enologist-e1-e2" for moving one.
var (
	orderKeys   = countedKeys("order-", 1, MaxPlayers)
	cubeKeys    = countedKeys("cubes-", 0, MaxRenownCubesPerWine+1)
	portoKeys   = countedKeys("porto-e", 1, len(estateKeys))
	hireKeys    [numWorkers][len(estateKeys)]string
	workerMoves [numWorkers][len(estateKeys)][len(estateKeys)]string
)

func init() {
	for w := range worker(numWorkers) {
		for from, e := range estateKeys {
			hireKeys[w][from] = w.String() + "-" + e
			for to, e2 := range estateKeys {
				workerMoves[w][from][to] = w.String() + "-" + e + "-" + e2
			}
		}
	}
}

// worker is a kind of worker, as choice IDs and narration name it.
type worker uint8

const (
	enologist worker = iota
	farmer
	numWorkers
)

func (w worker) String() string { return [...]string{"enologist", "farmer"}[w] }

// countedKeys is prefix followed by first, first+1... n keys in all.
func countedKeys(prefix string, first, n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = prefix + strconv.Itoa(first+i)
	}
	return keys
}

// term puts text in the words of the mode's rulebook: the first edition's
// Managers and Bonus Actions for the Deluxe Magnates and Additional
// Actions. Labels, narration, prompts and refusals all pass through it.
func (s *State) term(text string) string {
	if r := s.rules().terms.words; r != nil {
		return r.Replace(text)
	}
	return text
}
