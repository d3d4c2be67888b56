package vinhos

import (
	"fmt"
	"strconv"

	"github.com/adega-bot/adega/engine"
)

// wineRef names a wine on a player board by estate and slot.
type wineRef struct{ estate, slot int }

func wineKey(w wineRef) string { return wineKeys[w.estate][w.slot] }

// wines lists seat's wines, estate by estate, left to right. Inlined,
// the list is on the caller's stack: every look-ahead at a wine step
// lists them.
func (s *State) wines(seat engine.Seat) []wineRef {
	out := make([]wineRef, 0, len(Player{}.Estates)*len(Estate{}.Wines))
	for e, est := range s.Seats[seat].Estates {
		for i, w := range est.Wines {
			if w.Quality > 0 {
				out = append(out, wineRef{e, i})
			}
		}
	}
	return out
}

// hasWine reports whether seat has a wine, without listing them: Pending
// asks it at every Fair.
func (s *State) hasWine(seat engine.Seat) bool {
	for _, est := range s.Seats[seat].Estates {
		for _, w := range est.Wines {
			if w.Quality > 0 {
				return true
			}
		}
	}
	return false
}

// chooseWine are the answers that choose a wine for the action, by estate
// and slot.
var chooseWine = func() (do [len(wineKeys)][len(wineKeys[0])]func(*walker)) {
	for e := range do {
		for slot := range do[e] {
			w := wineRef{e, slot}
			do[e][slot] = func(s *walker) { s.work.run.wine, s.work.run.hasWine = w, true }
		}
	}
	return do
}()

func (s *State) wine(seat engine.Seat, w wineRef) (Wine, RegionID) {
	est := &s.Seats[seat].Estates[w.estate]
	return est.Wines[w.slot], est.Region
}

// baseValue is a wine's value without Renown cubes [T] (SV p. 8): quality,
// the Cellar's aging bonus for its slot, and the region's own bonus.
func (s *State) baseValue(seat engine.Seat, w wineRef) int {
	est := &s.Seats[seat].Estates[w.estate]
	v := int(est.Wines[w.slot].Quality) + Regions[est.Region].WineValueBonus
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
	if per == 0 {
		return 0, false // an R10 estate that lost its last Vineyard has no region (upkeep.go)
	}
	n := (need + per - 1) / per
	return n, n <= min(MaxRenownCubesPerWine, s.Regions[r].Cubes)
}

func (s *walker) wineLabel(seat engine.Seat, w wineRef) string {
	if s.NoLabels && s.Quiet {
		return ""
	}
	est := &s.Seats[seat].Estates[w.estate]
	place := "warehouse"
	if est.Cellar {
		place = "cellar"
	}
	// Built by concatenation: the labels of every wine step name wines.
	wine := est.Wines[w.slot].Color.String() + " " + strconv.Itoa(int(est.Wines[w.slot].Quality))
	where := place + " slot " + strconv.Itoa(w.slot+1) + ", value " + strconv.Itoa(s.baseValue(seat, w)) + ")"
	if est.Region == 0 {
		// An R10 estate that lost its last Vineyard has no region
		// (upkeep.go): its wines are named by the estate.
		return wine + " from estate " + strconv.Itoa(w.estate+1) + " (no Vineyard left; " + where
	}
	return wine + " from " + Regions[est.Region].Name + " (" + where
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
	return ", using " + plural(n, "Renown cube", "Renown cubes") + " from " + Regions[r].Name
}

// A market is where a wine is placed with a barrel: the Sales area or the
// Export area. Both take 1 or 2 wines, each at least as valuable as its
// slot, with cubes only if needed [T] (SV p. 10).
type market struct {
	name, verb string
	export     bool
	// The questions of its two steps, made once.
	whichWine, whichSlot string
}

// marketSlot is an empty slot a wine can reach, and what placing it there
// takes and pays.
type marketSlot struct {
	at    int // the slot: its index in Data.Sales, or in exportKeys
	value int
	pays  int // Bagos for a sale, VP for an export
	cubes int
}

// maxMarketSlots is room for every slot of either market.
const maxMarketSlots = max(NumSaleSlots, ExportRows*ExportColumns)

func (s *walker) saleStep() step   { return s.marketStep(salesMarket) }
func (s *walker) exportStep() step { return s.marketStep(exportMarket) }

func (s *walker) marketStep(m market) step {
	seat := s.work.seat
	run := &s.work.run
	p := &s.Seats[seat]
	// The slots are listed in an array of the caller's: this step lists
	// them for each wine, in every look-ahead at a Sales or Export action.
	var buf [maxMarketSlots]marketSlot
	if !run.hasWine {
		st := step{Name: "wine", Prompt: m.whichWine, Opts: s.moreOptions()}
		if p.Barrels == 0 {
			if s.Explaining {
				s.refuseWines(seat, "You have no barrel left to "+m.verb+" it with.")
			}
			return st
		}
		if s.Explaining && len(s.wines(seat)) == 0 {
			s.refuse("wine", "You have no wine to %s.", m.verb)
		}
		for _, w := range s.wines(seat) {
			if len(s.reachable(m, seat, w, buf[:0])) == 0 {
				if s.Explaining {
					s.refuse(wineKey(w), "No free %s slot takes your %s, even with its region's cubes.", m.name, s.wineLabel(seat, w))
				}
				continue
			}
			st.Opts = append(st.Opts, option{
				Choice: engine.Choice{ID: wineKey(w), Label: s.wineLabel(seat, w)},
				Do:     chooseWine[w.estate][w.slot],
			})
		}
		return st
	}
	w := run.wine
	_, r := s.wine(seat, w)
	st := step{Name: "slot", Prompt: m.whichSlot, Opts: s.EmptyOptions()}
	for _, slot := range s.slots(m, seat, w, buf[:0]) {
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: s.slotKey(m, slot.at), Label: s.label(func() string { return s.slotLabel(m, slot, "your") + cubeText(slot.cubes, r) })},
			Do: func(s *walker) {
				p := &s.Seats[seat]
				label := s.wineLabel(seat, w)
				s.spendWine(seat, w, slot.cubes)
				p.Barrels--
				s.takeSlot(m, seat, slot)
				s.say(seat, func() string {
					return fmt.Sprintf("%s %ss the %s in %s%s.", p.Name, m.verb, label, s.slotLabel(m, slot, p.Name+"'s"), cubeText(slot.cubes, r))
				})
				s.work.run.hasWine = false
				s.item()
			},
		})
	}
	return st
}

// shown formats text that only players read, a prompt or a label that
// the narration repeats: only a copy that neither lists labels nor
// narrates skips it. It takes a function for the reason label does.
func (s *walker) shown(text func() string) string {
	if s.NoLabels && s.Quiet {
		return ""
	}
	return text()
}

var salesMarket = market{name: "Sales", verb: "sell", whichWine: "Which wine do you sell?", whichSlot: "Sell it in which slot?"}

var exportMarket = market{name: "Export", verb: "export", export: true, whichWine: "Which wine do you export?", whichSlot: "Export it in which slot?"}

// reachable is slots, without the slots' own refusals: at the wine
// step, the reason is the wine's.
func (s *walker) reachable(m market, seat engine.Seat, w wineRef, buf []marketSlot) []marketSlot {
	explaining := s.Explaining
	s.Explaining = false
	buf = s.slots(m, seat, w, buf)
	s.Explaining = explaining
	return buf
}

// slots appends to buf the empty slots of m that seat's wine w can reach.
func (s *walker) slots(m market, seat engine.Seat, w wineRef, buf []marketSlot) []marketSlot {
	if m.export {
		return s.exportSlots(seat, w, buf)
	}
	return s.saleSlots(seat, w, buf)
}

// slotKey is the choice ID of slot at of m.
func (s *State) slotKey(m market, at int) string {
	if m.export {
		return exportKeys[at]
	}
	return saleKey(s.data.Sales[at])
}

// slotLabel names a slot for players, and says what it pays.
// A sale's pay goes to whose bank account: "your" in a choice's label,
// "Ana's" in the narration.
func (s *walker) slotLabel(m market, slot marketSlot, whose string) string {
	if m.export {
		return s.shown(func() string {
			return "country " + strconv.Itoa(slot.at%ExportColumns+1) + " slot " + strconv.Itoa(slot.value) + " (+" + strconv.Itoa(slot.pays) + " VP)"
		})
	}
	sale := s.data.Sales[slot.at]
	return s.shown(func() string {
		if s.rules().salesToAccount {
			return fmt.Sprintf("%s %s %d (+%s to %s bank account)", establishmentTitle(sale.Establishment), sale.Color, slot.value, bagos(slot.pays), whose)
		}
		return establishmentTitle(sale.Establishment) + " " + sale.Color.String() + " " + strconv.Itoa(slot.value) + " (+" + bagos(slot.pays) + ")"
	})
}

// takeSlot places seat's barrel on the slot, and pays it.
func (s *State) takeSlot(m market, seat engine.Seat, slot marketSlot) {
	if m.export {
		s.Export[slot.at/ExportColumns][slot.at%ExportColumns] = seat
		s.score(seat, SourceExports, slot.pays)
		return
	}
	s.Sales[slot.at] = seat
	if s.rules().salesToAccount {
		s.Seats[seat].Bank.Receive(slot.pays) // the surplus over the account's top is lost
		return
	}
	s.Seats[seat].Money += slot.pays
}

func establishmentTitle(e Establishment) string {
	return [...]string{"Casa de Fados", "Hotel", "Enoteca"}[e]
}

func saleKey(slot SaleSlot) string {
	return establishmentKeys[slot.Establishment] + "-" + slot.Color.String() + "-" + strconv.Itoa(slot.Value.V)
}

var establishmentKeys = [...]string{CasaDeFados: "casa-de-fados", Hotel: "hotel", Enoteca: "enoteca"}

// saleSlots: empty slots of the wine's color it can reach.
func (s *walker) saleSlots(seat engine.Seat, w wineRef, out []marketSlot) []marketSlot {
	wine, _ := s.wine(seat, w)
	for i, slot := range s.data.Sales {
		if s.Sales[i] != engine.NoSeat || slot.Color != wine.Color {
			if s.Explaining && s.Sales[i] != engine.NoSeat {
				s.refuse(saleKey(slot), "That slot holds %s's barrel.", s.Seats[s.Sales[i]].Name)
			} else if s.Explaining {
				s.refuse(saleKey(slot), "Your wine is %s; that slot takes %s wine.", wine.Color, slot.Color)
			}
			continue
		}
		cubes, ok := s.cubesFor(seat, w, slot.Value.V)
		if !ok {
			if s.Explaining {
				s.refuse(saleKey(slot), "%s", s.reachRefusal(seat, w, slot.Value.V))
			}
			continue
		}
		out = append(out, marketSlot{at: i, value: slot.Value.V, pays: slot.Value.V, cubes: cubes})
	}
	return out
}

func exportKey(r, c int) string { return exportKeys[r*ExportColumns+c] }

// exportSlots: empty Export slots it can reach; with 2 players only those in
// the 2-player frame [T]. The slot's value is the VP it scores at once.
func (s *walker) exportSlots(seat engine.Seat, w wineRef, out []marketSlot) []marketSlot {
	for r := range s.Export {
		for c := range s.Export[r] {
			x, ok := s.exportSlot(r, c)
			if !ok {
				continue
			}
			if s.Export[r][c] != engine.NoSeat || (len(s.Seats) == 2 && !x.twoPlayer) {
				if s.Explaining && s.Export[r][c] != engine.NoSeat {
					s.refuse(exportKey(r, c), "That slot holds %s's barrel.", s.Seats[s.Export[r][c]].Name)
				} else if s.Explaining {
					s.refuse(exportKey(r, c), "With 2 players only the framed Export slots are used.")
				}
				continue
			}
			cubes, ok := s.cubesFor(seat, w, x.value)
			if !ok {
				if s.Explaining {
					s.refuse(exportKey(r, c), "%s", s.reachRefusal(seat, w, x.value))
				}
				continue
			}
			out = append(out, marketSlot{at: r*ExportColumns + c, value: x.value, pays: x.vp, cubes: cubes})
		}
	}
	return out
}

// exportSlotSpec is what an Export slot asks and pays.
type exportSlotSpec struct {
	value, vp int
	twoPlayer bool // inside the 2-player frame
}

// exportSlot is Export slot (r, c) of the game's mode, if the mode's area
// has it: the R10 area has 4 countries whose rows pay the VP, the SV16
// area 5 whose slots pay their value.
func (s *State) exportSlot(r, c int) (exportSlotSpec, bool) {
	if s.rules().exportByRow {
		if c >= R10ExportColumns {
			return exportSlotSpec{}, false
		}
		x := &s.data.Reserve.Export
		return exportSlotSpec{x.Values[r][c].V, x.RowVP[r].V, s.rules().twoPlayerExport(s.data)[r][c]}, true
	}
	v := s.data.Export.Values[r][c].V
	return exportSlotSpec{v, v, s.data.Export.TwoPlayer.V[r][c]}, true
}
