package vinhos

import (
	"fmt"

	"github.com/adega-bot/adega/engine"
)

// The R10 final scoring (RESERVE-2010.md §14.2): the bank account by its
// section, Export majorities, and the end-game Multipliers holding a
// barrel. Nothing else scores: not cash, wines, Fair tiles or barrels.
func (s *walker) scoreReserveEnd(f *FinalScore, won [ExportColumns][]engine.Seat) {
	f.Bank = make([]int, len(s.Seats))
	for i := range s.Seats {
		seat := engine.Seat(i)
		p := &s.Seats[seat]
		f.Bank[seat] = R10AccountScore(p.Bank.Account)
		f.Export[seat] = s.majorities(seat, won)
		f.Multipliers[seat] = s.endMultipliers(seat)
		s.score(seat, SourceBank, f.Bank[seat])
		s.score(seat, SourceMajorities, f.Export[seat])
		s.score(seat, SourceMultipliers, f.Multipliers[seat])
		s.say(seat, func() string {
			return fmt.Sprintf("%s scores %d for the bank account (%d), %d for Export majorities, %d for Multipliers; %d VP in all.",
				p.Name, f.Bank[seat], p.Bank.Account, f.Export[seat], f.Multipliers[seat], p.VP)
		})
	}
}

// endMultipliers is what seat's barrels on the end-game Multipliers score.
func (s *State) endMultipliers(seat engine.Seat) int {
	vp := 0
	for m, row := range ManagerRows {
		for k, kind := range row.Multipliers {
			for slot, spot := range s.Multipliers[m][k] {
				if spot.Taken && spot.Seat == seat && endGameMultiplier(kind) {
					vp += multiplierScore(kind, slot, s.multiplierCount(seat, kind), s.rules().cashMultiplierCap)
				}
			}
		}
	}
	return vp
}

// endGameMultiplier reports whether a Multiplier scores at the end; the
// others score as the barrel is placed (§10.4).
func endGameMultiplier(k R10MultiplierKind) bool {
	return k != R10MultWine && k != R10MultExperts && k != R10MultRenown
}

// multiplierCount is what an end-game Multiplier counts for seat. Cash
// counts what divesting all the way would add (the player may divest
// first, and investment scores nothing; example 26).
func (s *State) multiplierCount(seat engine.Seat, k R10MultiplierKind) int {
	if k == R10MultCash {
		return s.cashAfterDivesting(seat)
	}
	n := 0
	p := &s.Seats[seat]
	for e := range s.board().Estates {
		est := &p.Estates[e]
		switch k {
		case R10MultCellars:
			if est.Cellar {
				n++
			}
		case R10MultEnologists:
			n += int(est.Enologists)
		case R10MultEstates:
			if est.used() == s.board().EstateSlots {
				n++
			}
		case R10MultVineyards:
			n += int(est.Vineyards)
		case R10MultWineries:
			n += int(est.Wineries)
		}
	}
	return n
}

// cashAfterDivesting is seat's cash with all it could divest.
func (s *State) cashAfterDivesting(seat engine.Seat) int {
	p := &s.Seats[seat]
	cash := p.Money
	bar := &s.data.Reserve.Investment
	for pos := p.Bank.Invest; pos > R10InvestMin; pos-- {
		cash += bar.DivestProceeds(pos)
	}
	return cash
}
