package vinhos

import (
	"fmt"
	"slices"
	"sort"

	"github.com/adega-bot/adega/engine"
)

// scoreFinal scores the end of the game [T] (SV p. 16): money by the board's
// table (or the Money Multiplier's), half of each wine's quality rounded
// down, Export column majorities with ties split, and each Multiplier that
// holds a barrel. Ties go to more Export barrels, then more money. In solo,
// Lacerda scores the same way, except that each of his Multipliers is worth
// a flat LacerdaMultiplierVP [T]; he has no wine. (Reading: the 2-player
// rules all apply to him, so his money scores by the board's table too.)
// Then the solo player's accolades are counted.
func (s *walker) scoreFinal() {
	n := len(s.Seats)
	f := &FinalScore{Export: make([]int, n), Multipliers: make([]int, n)}
	won, tied := s.exportMajorities()
	if s.rules().bank {
		s.scoreReserveEnd(f, won)
	} else {
		s.score2016End(f, won, tied)
	}
	f.Ranking = slices.Clone(s.Order)
	sort.SliceStable(f.Ranking, func(i, j int) bool {
		return slices.Compare(s.rankKeys(f.Ranking[i]), s.rankKeys(f.Ranking[j])) > 0
	})
	s.Final = f
	s.At = PhaseOver
	s.say(f.Ranking[0], func() string { return s.winText(f.Ranking) })
	if s.Solo != nil {
		f.Solo = s.soloScore()
	}
}

// TieBreak is what put the first of a ranking ahead of the second when
// they tied on VP [T] (SV p. 16): more Export barrels, then more money,
// then the order of play.
type TieBreak int

const (
	NotTied TieBreak = iota
	ByExportBarrels
	ByMoney
	ByOrderOfPlay
)

// String names what broke the tie, briefly ("" when there was none).
func (t TieBreak) String() string {
	return [...]string{"", "Export barrels", "money", "order of play"}[t]
}

// WinTieBreak is what decided the winner of a finished game over the
// runner-up; NotTied when the winner had more VP or the game is not over.
func (s *State) WinTieBreak() TieBreak {
	if s.Final == nil {
		return NotTied
	}
	return s.tieBreak(s.Final.Ranking)
}

// rankKeys are what ranks seat at the end, most first: VP, then Export
// barrels, then money; the order of play breaks a tie on all three.
func (s *State) rankKeys(seat engine.Seat) []int {
	return []int{s.Seats[seat].VP, s.exportBarrels(seat), s.tieMoney(seat)}
}

// tieBreak is what put ranking's first ahead of its second: the first of
// their rankKeys that differs, past VP.
func (s *State) tieBreak(ranking []engine.Seat) TieBreak {
	if len(ranking) < 2 {
		return NotTied
	}
	a, b := s.rankKeys(ranking[0]), s.rankKeys(ranking[1])
	for key := range a {
		if a[key] != b[key] {
			return TieBreak(key) // the keys are in TieBreak's order
		}
	}
	return ByOrderOfPlay
}

// winText announces the winner of ranking, and how a tie on VP was
// broken.
func (s *State) winText(ranking []engine.Seat) string {
	win := &s.Seats[ranking[0]]
	text := fmt.Sprintf("%s wins with %d VP", win.Name, win.VP)
	tie := s.tieBreak(ranking)
	if tie == NotTied {
		return text + "."
	}
	next := &s.Seats[ranking[1]]
	a, b := s.exportBarrels(ranking[0]), s.exportBarrels(ranking[1])
	money := "money"
	if s.rules().bank {
		money = "cash and bank account after divesting"
	}
	switch tie {
	case ByExportBarrels:
		return fmt.Sprintf("%s, tied with %s on VP: the tie goes to more Export barrels, %d to %d.", text, next.Name, a, b)
	case ByMoney:
		return fmt.Sprintf("%s, tied with %s on VP and Export barrels (%d): the tie goes to more %s, %s to %s.", text, next.Name, a, money, bagos(s.tieMoney(ranking[0])), bagos(s.tieMoney(ranking[1])))
	}
	return fmt.Sprintf("%s, tied with %s on VP, Export barrels and %s: first in the order of play.", text, next.Name, money)
}

// tieMoney is the money that breaks a tie after Export barrels: cash in
// SV16; in R10 cash and the account, after divesting (§14.2).
func (s *State) tieMoney(seat engine.Seat) int {
	p := &s.Seats[seat]
	if !s.rules().bank {
		return p.Money
	}
	return s.cashAfterDivesting(seat) + p.Bank.Account
}

// score2016End scores the SV16 end: money, wines, majorities, Multiplier
// tiles.
func (s *walker) score2016End(f *FinalScore, won [ExportColumns][]engine.Seat, tied [ExportColumns]bool) {
	n := len(s.Seats)
	f.Money, f.Wines = make([]int, n), make([]int, n)
	for seat := range s.Seats {
		p := &s.Seats[seat]
		table := &s.data.MoneyVP
		if s.scoringTile(engine.Seat(seat), MultMoney) != nil && !s.isLacerda(engine.Seat(seat)) {
			table = &s.data.MoneyTileVP
		}
		f.Money[seat] = table.VP(p.Money)
		for _, w := range s.wines(engine.Seat(seat)) {
			wine, _ := s.wine(engine.Seat(seat), w)
			f.Wines[seat] += int(wine.Quality) / WineVPDivisor
		}
		f.Export[seat] = s.majorities(engine.Seat(seat), won)
		for _, t := range p.Tiles {
			if t.Barrel {
				f.Multipliers[seat] += s.multiplierVP(engine.Seat(seat), s.multiplier(t.ID), won, tied)
			}
		}
		total := f.Money[seat] + f.Wines[seat] + f.Export[seat] + f.Multipliers[seat]
		scored := [NumVPSources]int{SourceMoney: f.Money[seat], SourceWines: f.Wines[seat],
			SourceMajorities: f.Export[seat], SourceMultipliers: f.Multipliers[seat]}
		for source, vp := range scored {
			s.score(engine.Seat(seat), VPSource(source), vp)
		}
		s.say(engine.Seat(seat), func() string {
			return fmt.Sprintf("%s scores %d VP: %d for %s, %d for wines, %d for Export majorities, %d for Multipliers; %d VP in all.", p.Name, total, f.Money[seat], bagos(p.Money), f.Wines[seat], f.Export[seat], f.Multipliers[seat], p.VP)
		})
	}
}

// exportMajorities returns, per Export column, the seats with the most
// barrels there (none if the column is empty), and which columns are tied.
func (s *State) exportMajorities() (won [ExportColumns][]engine.Seat, tied [ExportColumns]bool) {
	for c := range ExportColumns {
		count := make([]int, len(s.Seats))
		best := 0
		for r := range ExportRows {
			if seat := s.Export[r][c]; seat != engine.NoSeat {
				count[seat]++
				best = max(best, count[seat])
			}
		}
		if best == 0 {
			continue
		}
		for seat, k := range count {
			if k == best {
				won[c] = append(won[c], engine.Seat(seat))
			}
		}
		tied[c] = len(won[c]) > 1
	}
	return won, tied
}

// majorities is what seat's Export majorities score, ties split and
// rounded down; the R10 area has 4 countries of its own values.
func (s *State) majorities(seat engine.Seat, won [ExportColumns][]engine.Seat) int {
	vp := 0
	for c, holders := range won {
		if !slices.Contains(holders, seat) {
			continue
		}
		if s.rules().exportByRow {
			vp += R10ExportMajorityVP[c] / len(holders) // only the area's 4 countries hold barrels
		} else {
			vp += ExportMajorityVP[c] / len(holders)
		}
	}
	return vp
}

func (s *State) exportBarrels(seat engine.Seat) int {
	n := 0
	for r := range s.Export {
		for _, occ := range s.Export[r] {
			if occ == seat {
				n++
			}
		}
	}
	return n
}

// scoringTile returns seat's Multiplier of kind k if a barrel is on it.
func (s *State) scoringTile(seat engine.Seat, k MultiplierKind) *MultiplierTile {
	for _, t := range s.Seats[seat].Tiles {
		if !isActionTile(t.ID) && t.Barrel && s.multiplier(t.ID).Kind == k {
			m := s.multiplier(t.ID)
			return &m
		}
	}
	return nil
}

// multiplierVP is what one Multiplier with a barrel scores, within its cap.
func (s *State) multiplierVP(seat engine.Seat, m MultiplierTile, won [ExportColumns][]engine.Seat, tied [ExportColumns]bool) int {
	if s.isLacerda(seat) {
		return LacerdaMultiplierVP
	}
	p := &s.Seats[seat]
	count := 0
	switch m.Kind {
	case MultMoney:
		return 0 // scored through the money table
	case MultExportMajorities:
		vp := 0
		for c := range ExportColumns {
			if slices.Contains(won[c], seat) {
				if tied[c] {
					vp += m.TieVP
				} else {
					vp += m.VP
				}
			}
		}
		return vp
	case MultWines:
		count = len(s.wines(seat))
	case MultMagnateTiles:
		count = len(p.Tiles)
	case MultExperts:
		count = len(p.Experts)
	case MultBarrels:
		count = p.FromMagnates
	default:
		for _, est := range p.Estates {
			count += estateCount(&est, m.Kind)
		}
	}
	vp := count * m.VP
	if m.Cap.V > 0 {
		vp = min(vp, m.Cap.V)
	}
	return vp
}

// estateCount counts what a Multiplier of kind k counts in one estate.
// Multiplier tiles are the Special Vintage 2016's, on its board.
func estateCount(est *Estate, k MultiplierKind) int {
	switch k {
	case MultEstates:
		if est.used() == PlayerBoards[SpecialVintage2016].EstateSlots {
			return 1
		}
	case MultCellars:
		if est.Cellar {
			return 1
		}
	case MultVineyards:
		return int(est.Vineyards)
	case MultEnologists:
		return int(est.Enologists)
	case MultWineries:
		return int(est.Wineries)
	case MultFarmers:
		return int(est.Farmers)
	}
	return 0
}

// ScoreKey is engine.Scored's: the seats race for VP.
func (s *State) ScoreKey() string { return "vp" }

// Players summarizes each seat: the counters players ask about most, and
// the whole board as its public part.
func (s *State) Players() []engine.PlayerSummary {
	out := make([]engine.PlayerSummary, len(s.Seats))
	for i := range s.Seats {
		p := &s.Seats[i]
		out[i] = engine.PlayerSummary{Seat: engine.Seat(i), Name: p.Name, Public: seatBoard{s, i}, Stats: []engine.Stat{
			{Key: "money", Label: "Bagos", Value: p.Money},
			{Key: "vp", Label: "VP", Value: p.VP},
			{Key: "fair_points", Label: "Fair points", Value: p.FairPoints},
			{Key: "barrels_in_supply", Label: "Barrels", Value: p.Barrels},
		}}
		if s.rules().bank {
			out[i].Stats = append(out[i].Stats, engine.Stat{Key: "bank", Label: "Bank", Value: p.Bank.Account},
				engine.Stat{Key: "investment", Label: "Investment", Value: p.Bank.Invest})
		}
		if s.Solo != nil {
			out[i].Stats = append(out[i].Stats, engine.Stat{Key: "trophies", Label: "Trophies", Value: s.Trophies(engine.Seat(i))})
		}
		if sc := s.SoloScore(); sc != nil && engine.Seat(i) == SoloSeat {
			out[i].Stats = append(out[i].Stats, engine.Stat{Key: "accolades", Label: "Accolades", Value: sc.Total})
		}
	}
	return out
}

func (p *Player) String() string { return fmt.Sprintf("%s (%s)", p.Name, p.Color) }
