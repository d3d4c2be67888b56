package vinhos

import (
	"fmt"
	"slices"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// runKind is the kind of action being carried out.
type runKind uint8

const (
	runNone runKind = iota
	runVineyards
	runWineries
	runWorkers
	runCellars
	runExperts
	runSales
	runExport
	runPass
	runPress
	runAddCube
	runRetrieve
	runBank
	runBenefit
)

// actionRun is an action in progress: a full action from the Quadrel, or the
// smaller one a Magnate Action tile or Wine Expert gives.
type actionRun struct {
	kind        runKind
	bonus       bool // from a Magnate tile: Vineyard Experts cannot be used
	max, done   int  // items allowed and bought
	price       int  // per Winery, Cellar, Expert or Enologist
	farmerPrice int
	discount    int // Bagos off each Vineyard
	enologists  bool
	farmers     bool
	regions     RegionSet // regions bought from in this action
	region      RegionID  // a Vineyard region chosen, awaiting its estate
	rearrange   bool      // a Wine Expert is rearranging a deck
	deck        RegionID  // the region whose deck it rearranges, once chosen
	wine        wineRef   // the wine chosen for a sale, export or Press Release
	hasWine     bool
	discarding  bool // a first edition hire discards past the Expert limit
	press       pressRun
	op          bankOp // the Bank operation whose amount is asked
	benefit     benefitRun
}

// begun reports whether any part of the action is chosen: an item, a
// wine, a Vineyard's region, a deck to rearrange, an Expert to discard.
func (r *actionRun) begun() bool {
	return r.done > 0 || r.hasWine || r.region != 0 || r.rearrange || r.discarding
}

// beginRun starts an action; when it ends the decision goes on at back.
func (s *walker) beginRun(r actionRun, back stage) {
	s.work.run, s.work.back, s.work.stage = r, back, stRun
}

func (s *walker) endRun() {
	s.work.stage = s.work.back
	s.work.run = actionRun{}
}

// item counts one more item of the action, ending it at its maximum.
func (s *walker) item() {
	s.work.run.done++
	if s.work.run.done >= s.work.run.max {
		s.endRun()
	}
}

// moreOptions starts a step of a multi-item action: after the first item,
// stopping is allowed.
func (s *walker) moreOptions() []option {
	if s.work.run.done == 0 {
		return s.EmptyOptions()
	}
	return append(s.EmptyOptions(), doneOption("Done", func(s *walker) { s.endRun() }))
}

// runStep lists the next step of the action in progress, with the Wine
// Experts that may be used at that point of it.
func (s *walker) runStep() step {
	st := s.actionStep()
	if s.fixed().expertsWhereAllowed {
		now := s.abilitiesNow()
		st.Opts = s.expertUses(st.Opts, s.work.seat, now...)
		// Divesting is allowed at any time; it matters where cash does.
		if slices.Contains(now, ExpertCash) {
			st.Opts = s.divestOptions(st.Opts, s.work.seat)
		}
	}
	return st
}

// abilitiesNow lists the Wine Expert abilities usable at this point of the
// action in progress (see expertUses). Where the mode flips the cube and
// barrel Experts only before an action (ruleset.expertsBeforeActions),
// they come as an action or Additional Action begins, never once it is
// under way.
func (s *walker) abilitiesNow() []ExpertAbility {
	now := s.abilitiesInAction()
	if !s.expertsOnlyBefore() {
		return now
	}
	now = slices.DeleteFunc(now, onlyBeforeActions)
	// The Fair's Press Releases come in the Fair Step: its opening
	// offered them before (fairOpeningStep).
	if run := &s.work.run; s.At != PhaseFairPress && run.kind != runBenefit && !run.begun() {
		now = append(now, ExpertAddRenown, ExpertRetrieveBarrel)
	}
	return now
}

// abilitiesInAction lists the Wine Expert abilities usable at this point
// of the action in progress where the mode lets them in: +2 Bagos where
// Bagos are spent; before each wine of a Sales or Export action a Renown
// cube or a barrel back, and once the wine is chosen a cube to raise it
// before its slot; before the wine of a Press Release, any of the three.
// A Magnate tile's bonus action allows the same as the full action.
func (s *walker) abilitiesInAction() []ExpertAbility {
	run := &s.work.run
	switch run.kind {
	case runVineyards:
		if !run.rearrange && run.region == 0 {
			return []ExpertAbility{ExpertCash}
		}
	case runExperts:
		if !run.discarding {
			return []ExpertAbility{ExpertCash}
		}
	case runWineries, runWorkers, runCellars, runBank:
		return []ExpertAbility{ExpertCash}
	case runSales, runExport:
		if run.hasWine {
			return []ExpertAbility{ExpertAddRenown}
		}
		return []ExpertAbility{ExpertAddRenown, ExpertRetrieveBarrel}
	case runPress:
		if !run.hasWine {
			return []ExpertAbility{ExpertCash, ExpertAddRenown, ExpertRetrieveBarrel}
		}
	}
	return nil
}

// actionStep lists the next step of the action in progress.
func (s *walker) actionStep() step {
	switch s.work.run.kind {
	case runVineyards:
		return s.vineyardStep()
	case runWineries:
		return s.wineryStep()
	case runWorkers:
		return s.workerStep()
	case runCellars:
		return s.cellarStep()
	case runExperts:
		return s.expertHireStep()
	case runSales:
		return s.saleStep()
	case runExport:
		return s.exportStep()
	case runPass:
		return s.passStep()
	case runPress:
		return s.pressStep()
	case runBank:
		return s.bankStep()
	case runBenefit:
		return s.benefitStep()
	}
	panic("vinhos: unknown action")
}

// Vineyards [T] (SV p. 6): 1 or 2, each from a different region, each into
// an empty slot of an estate whose Vineyards are of the same region and
// color, at most 2 per estate.
func (s *walker) vineyardStep() step {
	run := &s.work.run
	if run.rearrange {
		return s.rearrangeStep()
	}
	if run.region != 0 {
		return s.vineyardEstateStep()
	}
	seat := s.work.seat
	p := &s.Seats[seat]
	st := step{Name: "region", Prompt: "Buy a vineyard from which region?", Opts: s.moreOptions()}
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if !s.mayBuyFrom(r) || !s.buyable(r, s.Regions[r].Deck[0], run.discount) {
			if s.Explaining {
				s.refuse(regionKey(r), "%s", s.vineyardRefusal(r))
			}
			continue
		}
		top := s.Regions[r].Deck[0]
		cost := s.vineyardPrice(seat, top, run.discount).Bagos
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: regionKey(r), Label: s.label(func() string { return Regions[r].Name + " " + top.Color.String() + " vineyard, " + bagos(cost) }), Cost: bagos(cost)},
			Do:     chooseRegion[r],
		})
	}
	// Vineyard Experts work during the Vineyards action only, not a bonus
	// Vineyard from a Magnate tile [T] (RB p. 9). Each is offered only if a
	// purchase can follow it.
	if run.bonus || s.expertSpent() {
		return st
	}
	for i, x := range p.Experts {
		_, t := s.expertTile(x.ID)
		if !x.FaceUp {
			continue
		}
		var then func(*walker)
		switch {
		case t.Ability.V == ExpertRearrangeDeck && s.rearrangeHelps():
			then = func(s *walker) { s.work.run.rearrange = true }
		case t.Ability.V == ExpertVineyardDiscount && run.done == 0 && s.anyBuyable(0, run.discount+ExpertDiscountBagos):
			then = func(s *walker) { s.work.run.discount += ExpertDiscountBagos }
		default:
			continue
		}
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: s.expertKey(x.ID), Label: s.label(func() string { return "Flip your " + s.expertName(x.ID) })},
			Do: func(s *walker) {
				s.flipExpert(seat, i)
				then(s)
			}})
	}
	return st
}

var chooseRegion = answers(NumRegions+1, func(s *walker, r int) { s.work.run.region = RegionID(r) })

// mayBuyFrom: region r is in play, has a Vineyard left, and was not bought
// from earlier in this action.
func (s *walker) mayBuyFrom(r RegionID) bool {
	reg := &s.Regions[r]
	return reg.InPlay && len(reg.Deck) > 0 && !s.work.run.regions.Has(r)
}

// buyable reports whether tile t of region r fits an estate and is
// affordable with the discount.
func (s *walker) buyable(r RegionID, t VineyardTile, discount int) bool {
	seat := s.work.seat
	var estates [len(estateKeys)]int // on the stack: every look-ahead at Vineyards asks
	return s.vineyardPrice(seat, t, discount).Affordable && len(s.vineyardEstates(estates[:0], seat, r, t.Color)) > 0
}

// anyBuyable reports whether some region other than except offers a
// buyable top Vineyard.
func (s *walker) anyBuyable(except RegionID, discount int) bool {
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if r != except && s.mayBuyFrom(r) && s.buyable(r, s.Regions[r].Deck[0], discount) {
			return true
		}
	}
	return false
}

// canFinishWithTop reports whether the action can still end well if region
// r's deck is reordered to put top first.
func (s *walker) canFinishWithTop(r RegionID, top VineyardTile) bool {
	run := &s.work.run
	return run.done > 0 || s.anyBuyable(r, run.discount) || (s.mayBuyFrom(r) && s.buyable(r, top, run.discount))
}

// rearrangeHelps: some region has tiles to reorder into an order after
// which the action can end.
func (s *walker) rearrangeHelps() bool {
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if s.rearrangeable(r) {
			return true
		}
	}
	return false
}

// rearrangeable: region r's deck has tiles to reorder into an order after
// which the action can end. It depends on which tiles the deck holds, not
// on their order: every region starts with the same four tiles and every
// tile that leaves a deck is seen, so that much is known to all.
func (s *walker) rearrangeable(r RegionID) bool {
	reg := &s.Regions[r]
	if !reg.InPlay || len(reg.Deck) < 2 {
		return false
	}
	return slices.ContainsFunc(reg.Deck, func(t VineyardTile) bool { return s.canFinishWithTop(r, t) })
}

// vineyardEstates appends to out the estates that can take a Vineyard of
// region r and color c.
func (s *State) vineyardEstates(out []int, seat engine.Seat, r RegionID, c Color) []int {
	board := s.board()
	for e := range s.board().Estates {
		est := &s.Seats[seat].Estates[e]
		if est.used() >= board.EstateSlots {
			continue
		}
		if est.Vineyards > 0 {
			if est.Region == r && est.Color == c && int(est.Vineyards) < board.MaxVineyardsPerEstate {
				out = append(out, e)
			}
			continue
		}
		// Resolution: a Cellar built before an estate's first Vineyard may
		// not make it a Minho estate, since Minho has no Cellar (RB p. 12).
		if r == Minho && est.Cellar {
			continue
		}
		out = append(out, e)
	}
	return out
}

func (s *walker) vineyardEstateStep() step {
	seat := s.work.seat
	run := &s.work.run
	r := run.region
	top := s.Regions[r].Deck[0]
	cost := s.vineyardPrice(seat, top, run.discount).Bagos
	p := &s.Seats[seat]
	st := step{Name: "estate", Prompt: s.shown(func() string {
		return fmt.Sprintf("Which estate takes the %s %s vineyard?", Regions[r].Name, top.Color)
	}), Opts: s.EmptyOptions()}
	if s.Explaining {
		s.refuseEstates(seat, r, top.Color)
	}
	for _, e := range s.vineyardEstates(nil, seat, r, top.Color) {
		label := fmt.Sprintf("Estate %d", e+1)
		if p.Estates[e].Vineyards == 0 {
			label += " (new " + Regions[r].Name + " estate)"
		} else {
			label += " (second vineyard)"
		}
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: estateKeys[e], Label: s.label(func() string { return fmt.Sprintf("%s, %s", label, bagos(cost)) }), Cost: bagos(cost)},
			Do: func(s *walker) {
				s.takeVineyard(seat, r, e, cost)
				s.placeCube(seat, r)
				s.work.run.regions |= NewRegionSet(r)
				s.work.run.region = 0
				s.item()
			},
		})
	}
	return st
}

// rearrangeStep: a Wine Expert lets the player rearrange one region's
// Vineyard deck before buying [T] (RB p. 9). The player first picks the
// region, seeing no deck, then an order of that deck's tiles only. The
// orders are listed by colour and cost, never starting from the deck's
// current order, so the list shows which tiles the deck holds (known to
// all, see rearrangeable) but not the order they lie in. The table sees
// only the new top.
func (s *walker) rearrangeStep() step {
	run := &s.work.run
	if run.deck == 0 {
		st := step{Name: "rearrange", Prompt: "Rearrange which region's vineyard deck?", Opts: s.EmptyOptions()}
		for r := RegionID(1); int(r) <= NumRegions; r++ {
			if s.rearrangeable(r) {
				st.Opts = append(st.Opts, option{
					Choice: engine.Choice{ID: regionKey(r), Label: s.label(func() string { return fmt.Sprintf("%s (%d tiles)", Regions[r].Name, len(s.Regions[r].Deck)) })},
					Do:     func(s *walker) { s.work.run.deck = r },
				})
			}
		}
		return st
	}
	r := run.deck
	tiles := slices.Clone(s.Regions[r].Deck)
	slices.SortFunc(tiles, func(a, b VineyardTile) int {
		if a.Color != b.Color {
			return int(a.Color) - int(b.Color)
		}
		return a.Cost.V - b.Cost.V
	})
	st := step{Name: "tiles", Prompt: s.shown(func() string { return fmt.Sprintf("Put the %s vineyards in which order (top first)?", Regions[r].Name) }), Opts: s.EmptyOptions()}
	for _, order := range distinctOrders(tiles) {
		if !s.canFinishWithTop(r, order[0]) {
			continue
		}
		var ids, labels []string
		for _, t := range order {
			labels = append(labels, fmt.Sprintf("%s %d", t.Color, t.Cost.V))
			ids = append(ids, fmt.Sprintf("%c%d", t.Color.String()[0], t.Cost.V))
		}
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: strings.Join(ids, "-"), Label: s.label(func() string { return strings.Join(labels, ", ") })},
			Do: func(s *walker) {
				s.Regions[r].Deck = slices.Clone(order)
				s.work.run.rearrange, s.work.run.deck = false, 0
				seat := s.work.seat
				s.reveal(seat, func() string {
					return fmt.Sprintf("%s rearranges the %s vineyards; the top is now %s, cost %d.", s.Seats[seat].Name, Regions[r].Name, order[0].Color, order[0].Cost.V)
				})
			},
		})
	}
	return st
}

// distinctOrders lists every order of the tiles, without repeats when two
// tiles are alike.
func distinctOrders(tiles []VineyardTile) [][]VineyardTile {
	if len(tiles) <= 1 {
		return [][]VineyardTile{slices.Clone(tiles)}
	}
	var out [][]VineyardTile
	for i, t := range tiles {
		if slices.Index(tiles, t) != i {
			continue // the same tile already led an order
		}
		rest := slices.Delete(slices.Clone(tiles), i, i+1)
		for _, tail := range distinctOrders(rest) {
			out = append(out, append([]VineyardTile{t}, tail...))
		}
	}
	return out
}

// Wineries [T] (SV p. 6): 1 or 2 at 3 Bagos, each in an empty estate slot,
// at most 2 per estate; each brings a Renown cube.
func (s *walker) wineryStep() step {
	seat := s.work.seat
	p := &s.Seats[seat]
	price := s.work.run.price
	board := s.board()
	st := step{Name: "estate", Prompt: s.shown(func() string { return fmt.Sprintf("Build a Winery (%s) in which estate?", bagos(price)) }), Opts: s.moreOptions()}
	if s.Supply.Wineries == 0 || !s.pay(seat, price).Affordable {
		if s.Explaining {
			s.refuseAll(estateKeys[:], s.buildingRefusal("Winery", "Wineries", s.Supply.Wineries, price))
		}
		return st
	}
	for e := range s.board().Estates {
		est := &p.Estates[e]
		if est.used() >= board.EstateSlots || int(est.Wineries) >= board.MaxWineriesPerEstate {
			if s.Explaining {
				s.refuse(estateKeys[e], "%s", s.wineryRefusal(p, e))
			}
			continue
		}
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: estateKeys[e], Label: s.label(func() string { return "Winery in " + s.estateName(p, e) + ", " + bagos(price) }), Cost: bagos(price)},
			Do: func(s *walker) {
				p := &s.Seats[seat]
				p.Money -= price
				s.Supply.Wineries--
				p.Estates[e].Wineries++
				s.say(seat, func() string {
					return fmt.Sprintf("%s builds a Winery in %s for %s.", p.Name, s.estateName(p, e), bagos(price))
				})
				s.buildCube(seat, e)
				s.item()
			},
		})
	}
	return st
}

// Enologists and Farmers [T] (SV p. 7): 1 or 2 in any mix; an Enologist
// (3 Bagos) needs a Winery without one, a Farmer (2) a Vineyard without one.
func (s *walker) workerStep() step {
	seat := s.work.seat
	p := &s.Seats[seat]
	run := s.work.run
	st := step{Name: "hire", Prompt: "Hire whom, for which estate?", Opts: s.moreOptions()}
	for e := range s.board().Estates {
		est := &p.Estates[e]
		if run.enologists && est.Enologists < est.Wineries && s.Supply.Enologists > 0 && s.pay(seat, run.price).Affordable {
			st.Opts = append(st.Opts, s.hireOption(seat, e, enologist, run.price))
		} else if s.Explaining {
			s.refuse("enologist-"+estateKeys[e], "%s", s.workerRefusal(p, e, "Enologist", run.enologists, est.Enologists < est.Wineries, s.Supply.Enologists, run.price))
		}
		if run.farmers && est.Farmers < est.Vineyards && s.Supply.Farmers > 0 && s.pay(seat, run.farmerPrice).Affordable {
			st.Opts = append(st.Opts, s.hireOption(seat, e, farmer, run.farmerPrice))
		} else if s.Explaining {
			s.refuse("farmer-"+estateKeys[e], "%s", s.workerRefusal(p, e, "Farmer", run.farmers, est.Farmers < est.Vineyards, s.Supply.Farmers, run.farmerPrice))
		}
	}
	return st
}

func (s *walker) hireOption(seat engine.Seat, e int, who worker, price int) option {
	p := &s.Seats[seat]
	return option{
		Choice: engine.Choice{ID: hireKeys[who][e], Label: s.label(func() string {
			return fmt.Sprintf("%s for %s, %s", capitalize(who.String()), s.estateName(p, e), bagos(price))
		}), Cost: bagos(price)},
		Do: func(s *walker) {
			p := &s.Seats[seat]
			p.Money -= price
			if who == enologist {
				s.Supply.Enologists--
				p.Estates[e].Enologists++
			} else {
				s.Supply.Farmers--
				p.Estates[e].Farmers++
			}
			s.say(seat, func() string {
				return fmt.Sprintf("%s hires %s %s for %s for %s.", p.Name, article(who.String()), capitalize(who.String()), s.estateName(p, e), bagos(price))
			})
			s.item()
		},
	}
}

func capitalize(w string) string { return string(w[0]-'a'+'A') + w[1:] }

// Cellars [T] (SV p. 9): 1 or 2 at 3 Bagos, each covering a Warehouse
// (never in Minho); its wines keep their slots; each brings a Renown cube.
func (s *walker) cellarStep() step {
	seat := s.work.seat
	p := &s.Seats[seat]
	price := s.work.run.price
	st := step{Name: "estate", Prompt: s.shown(func() string { return fmt.Sprintf("Build a Cellar (%s) in which estate?", bagos(price)) }), Opts: s.moreOptions()}
	if s.Supply.Cellars == 0 || !s.pay(seat, price).Affordable {
		if s.Explaining {
			s.refuseAll(estateKeys[:], s.buildingRefusal("Cellar", "Cellars", s.Supply.Cellars, price))
		}
		return st
	}
	for e := range s.board().Estates {
		est := &p.Estates[e]
		if est.Cellar || Regions[est.Region].NoCellar {
			if s.Explaining && est.Cellar {
				s.refuse(estateKeys[e], "Estate %d has a Cellar already.", e+1)
			} else if s.Explaining {
				s.refuse(estateKeys[e], "%s has no Cellar (RB p. 12).", Regions[est.Region].Name)
			}
			continue
		}
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: estateKeys[e], Label: s.label(func() string { return "Cellar in " + s.estateName(p, e) + ", " + bagos(price) }), Cost: bagos(price)},
			Do: func(s *walker) {
				p := &s.Seats[seat]
				p.Money -= price
				s.Supply.Cellars--
				p.Estates[e].Cellar = true
				s.say(seat, func() string {
					return fmt.Sprintf("%s builds a Cellar in %s for %s.", p.Name, s.estateName(p, e), bagos(price))
				})
				s.buildCube(seat, e)
				s.item()
			},
		})
	}
	return st
}

// Wine Experts [T] (SV p. 11): 1 or 2, the top of any deck, 1 Bago each.
func (s *walker) expertHireStep() step {
	seat := s.work.seat
	if s.work.run.price > 0 && s.buysBeforeDiscarding() {
		return s.hireThenDiscardStep()
	}
	st := step{Name: "deck", Prompt: "Hire the top Wine Expert of which deck?", Opts: s.moreOptions()}
	st.Opts = s.deckOptions(st.Opts, seat, s.work.run.price, func(s *walker) { s.item() })
	return st
}

// hireThenDiscardStep: in the first edition a player at the Expert limit
// buys first and discards the excess once done (000: "If a Player has
// already 6 Tiles, and purchases others, he must discard excess Tiles";
// its example buys 2, then discards 1), so no discarded Expert can be
// bought back in the same action.
func (s *walker) hireThenDiscardStep() step {
	run := &s.work.run
	if run.discarding {
		return s.excessExpertStep()
	}
	st := step{Name: "deck", Prompt: "Hire the top Wine Expert of which deck?", Opts: s.EmptyOptions()}
	if run.done > 0 {
		st.Opts = append(st.Opts, doneOption("Done", (*walker).endHiring))
	}
	st.Opts = s.topOptions(st.Opts, s.work.seat, run.price, func(s *walker) {
		s.work.run.done++
		if s.work.run.done >= s.work.run.max {
			s.endHiring()
		}
	})
	return st
}

// endHiring ends a first edition hire, with the discards it owes.
func (s *walker) endHiring() {
	if s.overExpertLimit(s.work.seat) {
		s.work.run.discarding = true
		return
	}
	s.endRun()
}

// addCubeStep: a Wine Expert adds a Renown cube to any region with room.
func (s *walker) addCubeStep() step {
	st := step{Name: "cube", Prompt: "Add a Renown cube to which region?", Opts: s.EmptyOptions()}
	if s.Supply.Cubes == 0 {
		if s.Explaining {
			s.refuseAll(regionKeys[1:], "No Renown cube is left in the supply.")
		}
		return st
	}
	for r := RegionID(1); int(r) <= NumRegions; r++ {
		if !s.Regions[r].InPlay || s.Regions[r].Cubes >= s.data.Insets[r].CubeSpaces.V {
			if s.Explaining && !s.Regions[r].InPlay {
				s.refuse(regionKey(r), "%s is not in play.", Regions[r].Name)
			} else if s.Explaining {
				s.refuse(regionKey(r), "%s's inset is full of Renown cubes.", Regions[r].Name)
			}
			continue
		}
		// Risky: the step it interrupts may have nothing left to offer
		// after it.
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: regionKey(r), Label: s.label(func() string {
				return fmt.Sprintf("%s (%s now)", Regions[r].Name, plural(s.Regions[r].Cubes, "cube", "cubes"))
			})},
			Risky: true,
			Do:    addCube[r],
		})
	}
	return st
}

// addCube are the answers that add a Renown cube to each region, made
// once: every look-ahead at a Wine Expert that adds one lists them.
var addCube = answers(NumRegions+1, func(s *walker, r int) {
	s.placeCube(s.work.seat, RegionID(r))
	s.work.use = runNone
})

// retrieveStep: a Wine Expert takes back one of your barrels from anywhere
// but the Magnates Area [T] (RB p. 9); in R10 from the Magnates area too
// (ruleset.retrieveAnywhere). C14: a barrel on a Multiplier tile
// is not in the Magnates Area, so it may come back. Every answer is
// risky, as for a cube.
func (s *walker) retrieveStep() step {
	seat := s.work.seat
	p := &s.Seats[seat]
	st := step{Name: "retrieve", Prompt: "Take back which barrel?", Opts: s.EmptyOptions()}
	back := func(text string) func(*walker) {
		return func(s *walker) {
			s.Seats[seat].Barrels++
			s.say(seat, func() string { return fmt.Sprintf("%s takes back the barrel %s.", s.Seats[seat].Name, text) })
			s.work.use = runNone
		}
	}
	// text names where a barrel comes back from, for its label and the
	// narration; a look-ahead, which reads neither, leaves it empty.
	label := func(prefix, text string) string {
		if text == "" {
			return ""
		}
		return prefix + strings.TrimPrefix(text, "from ")
	}
	for i, occ := range s.Sales {
		if occ == seat {
			slot := s.data.Sales[i]
			text := s.shown(func() string {
				return fmt.Sprintf("from the %s %s %d slot", establishmentTitle(slot.Establishment), slot.Color, slot.Value.V)
			})
			st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: saleKey(slot), Label: label("Sales: ", text)}, Risky: true,
				Do: func(s *walker) { s.Sales[i] = engine.NoSeat; back(text)(s) }})
		}
	}
	for r := range s.Export {
		for c, occ := range s.Export[r] {
			if occ == seat {
				text := s.shown(func() string {
					return fmt.Sprintf("from the Export slot %d of country %d", s.data.Export.Values[r][c].V, c+1)
				})
				st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: exportKey(r, c), Label: label("Export: ", text)}, Risky: true,
					Do: func(s *walker) { s.Export[r][c] = engine.NoSeat; back(text)(s) }})
			}
		}
	}
	for i, t := range p.Tiles {
		if t.Barrel {
			text := s.shown(func() string { return "from the " + s.tileName(t.ID) })
			st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: "tile-" + s.tileKind(t.ID), Label: label("", text)}, Risky: true,
				Do: func(s *walker) { s.Seats[seat].Tiles[i].Barrel = false; back(text)(s) }})
		}
	}
	if s.rules().retrieveAnywhere {
		st.Opts = s.retrieveFromRows(st.Opts, seat, back)
	}
	return st
}

// retrieveFromRows appends the R10 barrels the Expert may take back from
// the Magnates area: a Magnate's space, an Additional Action space, a
// Multiplier slot, which empties (AMB-10, AMB-27: the player's own barrel;
// VP an immediate Multiplier scored stay, an end-game one scores nothing
// without it).
func (s *State) retrieveFromRows(opts []option, seat engine.Seat, back func(string) func(*walker)) []option {
	p := &s.Seats[seat]
	for m := range NumMagnates {
		// The label is under "Magnates:"; the narration names the
		// Magnate as one, apart from a player of the same name.
		name, title := s.magnateName(Magnate(m)), s.magnateTitle(Magnate(m))
		if p.Magnates[m] > 0 {
			opts = append(opts, option{Choice: engine.Choice{ID: Magnate(m).String(), Label: "Magnates: " + name + "'s space"}, Risky: true,
				Do: func(s *walker) { s.Seats[seat].Magnates[m]--; back("from " + title + "'s space")(s) }})
		}
		for a, kind := range ManagerRows[m].Actions {
			if p.OnActions[m][a] > 0 {
				text := fmt.Sprintf("'s Additional Action space (%s)", additionalActionText[kind])
				opts = append(opts, option{Choice: engine.Choice{ID: additionalActionKeys[m][a], Label: "Magnates: " + name + text}, Risky: true,
					Do: func(s *walker) { s.Seats[seat].OnActions[m][a]--; back("from " + title + text)(s) }})
			}
		}
		for i, kind := range ManagerRows[m].Multipliers {
			for slot, spot := range s.Multipliers[m][i] {
				if spot.Taken && spot.Seat == seat && s.rules().retrieveFromMultipliers {
					text := fmt.Sprintf("'s %s Multiplier", kind)
					opts = append(opts, option{Choice: engine.Choice{ID: multiplierSlotKey(Magnate(m), i, slot), Label: "Magnates: " + name + text}, Risky: true,
						Do: func(s *walker) { s.Multipliers[m][i][slot] = Spot{}; back("from " + title + text)(s) }})
				}
			}
		}
	}
	return opts
}
