package vinhos

import (
	"fmt"
	"strconv"

	"github.com/adega-bot/adega/engine"
)

// wineRef names a wine on a player board by estate and slot.
type wineRef struct{ estate, slot int }

func wineKey(w wineRef) string { return wineKeys[w.estate][w.slot] }

// wines lists seat's wines, estate by estate, left to right.
func (s *State) wines(seat engine.Seat) []wineRef {
	var out []wineRef
	for e, est := range s.Seats[seat].Estates {
		for i, w := range est.Wines {
			if w.Quality > 0 {
				out = append(out, wineRef{e, i})
			}
		}
	}
	return out
}

func (s *State) wine(seat engine.Seat, w wineRef) (Wine, RegionID) {
	est := &s.Seats[seat].Estates[w.estate]
	return est.Wines[w.slot], est.Region
}

// baseValue is a wine's value without Renown cubes [T] (SV p. 8): quality,
// the Cellar's aging bonus for its slot, and the region's own bonus.
func (s *State) baseValue(seat engine.Seat, w wineRef) int {
	est := &s.Seats[seat].Estates[w.estate]
	v := est.Wines[w.slot].Quality + Regions[est.Region].WineValueBonus
	if est.Cellar {
		v += CellarAgingBonus[w.slot]
	}
	return v
}

// cubesFor is how many of the wine's region cubes reaching target takes.
// Sales and Export may use cubes only when needed [T], so this is exact.
func (s *State) cubesFor(seat engine.Seat, w wineRef, target int) (int, bool) {
	need := target - s.baseValue(seat, w)
	if need <= 0 {
		return 0, true
	}
	_, r := s.wine(seat, w)
	per := Regions[r].CubeValue
	n := (need + per - 1) / per
	return n, n <= min(MaxRenownCubesPerWine, s.Regions[r].Cubes)
}

func (s *State) wineLabel(seat engine.Seat, w wineRef) string {
	if s.nolabels && s.quiet {
		return ""
	}
	est := &s.Seats[seat].Estates[w.estate]
	place := "warehouse"
	if est.Cellar {
		place = "cellar"
	}
	return fmt.Sprintf("%s %d from %s (%s slot %d, value %d)", est.Wines[w.slot].Color, est.Wines[w.slot].Quality,
		Regions[est.Region].Name, place, w.slot+1, s.baseValue(seat, w))
}

// spendWine removes the wine tile and n of its region's cubes.
func (s *State) spendWine(seat engine.Seat, w wineRef, cubes int) {
	_, r := s.wine(seat, w)
	s.Regions[r].Cubes -= cubes
	s.Supply.Cubes += cubes
	s.Seats[seat].Estates[w.estate].Wines[w.slot] = Wine{}
}

func cubeText(n int, r RegionID) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", using %s from %s", plural(n, "Renown cube", "Renown cubes"), Regions[r].Name)
}

// A market is where a wine is placed with a barrel: the Sales area or the
// Export area. Both take 1 or 2 wines, each at least as valuable as its
// slot, with cubes only if needed [T] (SV p. 10).
type market struct {
	name, verb string
	slots      func(s *State, seat engine.Seat, w wineRef) []marketSlot
}

type marketSlot struct {
	id, label string
	value     int
	cubes     int
	take      func(s *State, seat engine.Seat) // places the barrel and pays
}

func (s *State) saleStep() step   { return s.marketStep(salesMarket) }
func (s *State) exportStep() step { return s.marketStep(exportMarket) }

func (s *State) marketStep(m market) step {
	seat := s.work.seat
	run := &s.work.run
	p := &s.Seats[seat]
	if !run.hasWine {
		st := step{name: "wine", prompt: fmt.Sprintf("Which wine do you %s?", m.verb), opts: s.moreOptions()}
		if p.Barrels == 0 {
			if s.explaining {
				s.refuseWines(seat, "You have no barrel left to "+m.verb+" it with.")
			}
			return st
		}
		for _, w := range s.wines(seat) {
			if len(m.slots(s, seat, w)) == 0 {
				if s.explaining {
					s.refuse(wineKey(w), "No free %s slot takes your %s, even with its region's cubes.", m.name, s.wineLabel(seat, w))
				}
				continue
			}
			st.opts = append(st.opts, option{
				Choice: engine.Choice{ID: wineKey(w), Label: s.wineLabel(seat, w)},
				do:     func(s *State) { s.work.run.wine, s.work.run.hasWine = w, true },
			})
		}
		return st
	}
	w := run.wine
	_, r := s.wine(seat, w)
	st := step{name: "slot", prompt: fmt.Sprintf("%s it in which slot?", capitalize(m.verb))}
	for _, slot := range m.slots(s, seat, w) {
		st.opts = append(st.opts, option{
			Choice: engine.Choice{ID: slot.id, Label: slot.label + cubeText(slot.cubes, r)},
			do: func(s *State) {
				p := &s.Seats[seat]
				label := s.wineLabel(seat, w)
				s.spendWine(seat, w, slot.cubes)
				p.Barrels--
				slot.take(s, seat)
				s.say(seat, "%s %ss the %s in %s%s.", p.Name, m.verb, label, slot.label, cubeText(slot.cubes, r))
				s.work.run.hasWine = false
				s.item()
			},
		})
	}
	return st
}

// narratedLabel formats a label that the answer's narration repeats:
// only a copy that neither lists labels nor narrates skips it.
func (s *State) narratedLabel(format string, args ...any) string {
	if s.nolabels && s.quiet {
		return ""
	}
	return fmt.Sprintf(format, args...)
}

var salesMarket = market{name: "Sales", verb: "sell", slots: (*State).saleSlots}

var exportMarket = market{name: "Export", verb: "export", slots: (*State).exportSlots}

func establishmentTitle(e Establishment) string {
	return [...]string{"Casa de Fados", "Hotel", "Enoteca"}[e]
}

func saleKey(slot SaleSlot) string {
	return establishmentKeys[slot.Establishment] + "-" + slot.Color.String() + "-" + strconv.Itoa(slot.Value.V)
}

var establishmentKeys = [...]string{CasaDeFados: "casa-de-fados", Hotel: "hotel", Enoteca: "enoteca"}

// saleSlots: empty slots of the wine's color it can reach.
func (s *State) saleSlots(seat engine.Seat, w wineRef) []marketSlot {
	wine, _ := s.wine(seat, w)
	out := make([]marketSlot, 0, SaleSlotsPerColor*numEstablishments)
	for i, slot := range s.data.Sales {
		if s.Sales[i] != engine.NoSeat || slot.Color != wine.Color {
			if s.explaining && s.Sales[i] != engine.NoSeat {
				s.refuse(saleKey(slot), "That slot holds %s's barrel.", s.Seats[s.Sales[i]].Name)
			} else if s.explaining {
				s.refuse(saleKey(slot), "Your wine is %s; that slot takes %s wine.", wine.Color, slot.Color)
			}
			continue
		}
		cubes, ok := s.cubesFor(seat, w, slot.Value.V)
		if !ok {
			if s.explaining {
				s.refuse(saleKey(slot), "%s", s.reachRefusal(seat, w, slot.Value.V))
			}
			continue
		}
		value := slot.Value.V
		out = append(out, marketSlot{
			id:    saleKey(slot),
			label: s.narratedLabel("%s %s %d (+%s)", establishmentTitle(slot.Establishment), slot.Color, value, bagos(value)),
			value: value, cubes: cubes,
			take: func(s *State, seat engine.Seat) {
				s.Sales[i] = seat
				s.Seats[seat].Money += value
			},
		})
	}
	return out
}

func exportKey(r, c int) string { return exportKeys[r*ExportColumns+c] }

// exportSlots: empty Export slots it can reach; with 2 players only those in
// the 2-player frame [T]. The slot's value is the VP it scores at once.
func (s *State) exportSlots(seat engine.Seat, w wineRef) []marketSlot {
	out := make([]marketSlot, 0, ExportRows*ExportColumns)
	for r := range s.Export {
		for c := range s.Export[r] {
			if s.Export[r][c] != engine.NoSeat || (len(s.Seats) == 2 && !s.data.Export.TwoPlayer.V[r][c]) {
				if s.explaining && s.Export[r][c] != engine.NoSeat {
					s.refuse(exportKey(r, c), "That slot holds %s's barrel.", s.Seats[s.Export[r][c]].Name)
				} else if s.explaining {
					s.refuse(exportKey(r, c), "With 2 players only the framed Export slots are used.")
				}
				continue
			}
			value := s.data.Export.Values[r][c].V
			cubes, ok := s.cubesFor(seat, w, value)
			if !ok {
				if s.explaining {
					s.refuse(exportKey(r, c), "%s", s.reachRefusal(seat, w, value))
				}
				continue
			}
			out = append(out, marketSlot{
				id:    exportKey(r, c),
				label: s.narratedLabel("country %d slot %d (+%d VP)", c+1, value, value),
				value: value, cubes: cubes,
				take: func(s *State, seat engine.Seat) {
					s.Export[r][c] = seat
					s.score(seat, SourceExports, value)
				},
			})
		}
	}
	return out
}
