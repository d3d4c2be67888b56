package vinhos

import (
	"fmt"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// Refusals say why an answer is not legal, in the rule's own terms: "A
// second Winery costs 3 more Bagos; you have 1." The step builders note
// each candidate they leave out with the rule that leaves it out, when
// the walker explains (steps.Modes.Explaining).

// refuse notes that the answer id is not legal, and why.
func (s *walker) refuse(id, format string, args ...any) {
	s.Note(id, s.term(fmt.Sprintf(format, args...)))
}

// refuseAll notes one reason for every answer in ids.
func (s *walker) refuseAll(ids []string, reason string) {
	for _, id := range ids {
		s.refuse(id, "%s", reason)
	}
}

// afford says that something costs more than the player has: "A second
// Winery costs 3 more Bagos; you have 1."
func (s *walker) afford(what string, price int) string {
	if s.work.run.done > 0 {
		what = "A second " + what + " costs " + strings.Replace(bagos(price), " ", " more ", 1)
	} else {
		what = capitalize(article(what)) + " " + what + " costs " + bagos(price)
	}
	return fmt.Sprintf("%s; you have %s.", what, bagos(s.Seats[s.work.seat].Money))
}

// vineyardRefusal says why region r's top Vineyard cannot be bought now.
func (s *walker) vineyardRefusal(r RegionID) string {
	reg := &s.Regions[r]
	name := Regions[r].Name
	switch {
	case !reg.InPlay:
		return name + " is not in play."
	case len(reg.Deck) == 0:
		return name + " has no vineyard left."
	case s.work.run.regions.Has(r):
		return "You bought from " + name + " already in this action; a second vineyard comes from another region."
	}
	top := reg.Deck[0]
	if price := s.vineyardPrice(s.work.seat, top, s.work.run.discount); !price.Affordable {
		return fmt.Sprintf("The %s %s vineyard costs %s; you have %s.", name, top.Color, bagos(price.Bagos), bagos(s.Seats[s.work.seat].Money))
	}
	return fmt.Sprintf("None of your estates can take the %s %s vineyard: an estate holds vineyards of one region and color, at most %d, in %d slots shared with Wineries.",
		name, top.Color, s.board().MaxVineyardsPerEstate, s.board().EstateSlots)
}

// refuseEstates notes why each estate that cannot take a Vineyard of
// region r and color c cannot.
func (s *walker) refuseEstates(seat engine.Seat, r RegionID, c Color) {
	board := s.board()
	for e := range s.board().Estates {
		est := &s.Seats[seat].Estates[e]
		switch {
		case est.used() >= board.EstateSlots:
			s.refuse(estateKeys[e], "Estate %d has no free slot.", e+1)
		case est.Vineyards > 0 && (est.Region != r || est.Color != c):
			s.refuse(estateKeys[e], "Estate %d holds %s %s vineyards; an estate holds one region and color.", e+1, Regions[est.Region].Name, est.Color)
		case int(est.Vineyards) >= board.MaxVineyardsPerEstate:
			s.refuse(estateKeys[e], "Estate %d has %d vineyards already, the most an estate holds.", e+1, est.Vineyards)
		case r == Minho && est.Cellar && est.Vineyards == 0:
			s.refuse(estateKeys[e], "Estate %d has a Cellar, and Minho has no Cellar (RB p. 12).", e+1)
		}
	}
}

// buildingRefusal says why no Winery or Cellar can be built: none left,
// or too dear.
func (s *walker) buildingRefusal(one, many string, supply, price int) string {
	if supply == 0 {
		return "No " + one + " is left in the supply."
	}
	return s.afford(one, price)
}

// wineryRefusal says why estate e of p takes no Winery.
func (s *State) wineryRefusal(p *Player, e int) string {
	if int(p.Estates[e].Wineries) >= s.board().MaxWineriesPerEstate {
		return fmt.Sprintf("Estate %d has %d Wineries already, the most an estate holds.", e+1, p.Estates[e].Wineries)
	}
	return fmt.Sprintf("Estate %d has no free slot.", e+1)
}

// workerRefusal says why estate e of p takes no Enologist (or Farmer) now:
// the action hires none, the estate has no Winery (Vineyard) without one,
// none is left, or it is too dear.
func (s *walker) workerRefusal(p *Player, e int, who string, hires, room bool, supply, price int) string {
	place := map[string]string{"Enologist": "Winery", "Farmer": "Vineyard"}[who]
	switch {
	case !hires:
		return "This action hires no " + who + "."
	case !room:
		return fmt.Sprintf("Estate %d has no %s without %s %s.", e+1, place, article(who), who)
	case supply == 0:
		return "No " + who + " is left in the supply."
	}
	return s.afford(who, price)
}

// refuseWines notes one reason for each of seat's wines.
func (s *walker) refuseWines(seat engine.Seat, reason string) {
	for _, w := range s.wines(seat) {
		s.refuse(wineKey(w), "%s", reason)
	}
}

// reachRefusal says that wine w cannot reach a slot of the given value.
func (s *State) reachRefusal(seat engine.Seat, w wineRef, value int) string {
	_, r := s.wine(seat, w)
	cubes := min(MaxRenownCubesPerWine, s.Regions[r].Cubes)
	return fmt.Sprintf("Your wine's value is %d, and %d more with %s of %s; that slot needs %d.",
		s.baseValue(seat, w), cubes*Regions[r].CubeValue, plural(cubes, "cube", "cubes"), Regions[r].Name, value)
}

// magnateRefusal says why seat takes no barrel back from Magnate m.
func (s *walker) magnateRefusal(seat engine.Seat, m Magnate) string {
	vin := s.VintageTile()
	switch {
	case s.work.run.press.taken[m] && s.rules().fairTiles:
		return "You placed a barrel beside " + s.magnateTitle(m) + " already."
	case s.work.run.press.taken[m]:
		return "You took a barrel back from " + s.magnateTitle(m) + " already."
	case s.Seats[seat].Magnates[m] == 0 && !s.rules().fairTiles:
		return "You have no barrel with " + s.magnateTitle(m) + "."
	case m == Anabela:
		return fmt.Sprintf("%s wants a %s wine.", capitalize(s.magnateTitle(m)), vin.Anabela.V)
	case m == Bruno:
		return fmt.Sprintf("%s wants a value of at least %d; yours is %d.", capitalize(s.magnateTitle(m)), vin.Bruno.V, s.work.run.press.value)
	}
	return capitalize(s.magnateTitle(m)) + " wants a wine from another region."
}
