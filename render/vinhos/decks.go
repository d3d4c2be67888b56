package vinhos

import (
	"fmt"
	"strings"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/render"
)

// The Wine Expert decks, with the top tile of each face up, and what is
// left in the common supply.

func deckRow(r rect, f vinhos.Feature) float64 { return r.Y + render.PanelTitle + 26 + float64(f)*44 }

func decksStatic(c *render.Canvas, r rect, mode vinhos.Mode) {
	c.Panel(r, "Wine Experts")
	for f := range vinhos.Feature(vinhos.NumFeatures) {
		y := deckRow(r, f)
		featureChip(c, mode, r.X+26, y, f)
		// The deck's top tile starts at r.X+150; the first edition's
		// "Alcohol Content" goes on two lines to stop short of it.
		title := vinhos.FeatureTitle(mode, f)
		if first, second, two := strings.Cut(title, " "); two && c.Measure(title, bold) > 96 {
			c.Text(c.Fit(first, 96, smallB), r.X+48, y-8, 0, 0.5, smallB)
			c.Text(c.Fit(second, 96, smallB), r.X+48, y+8, 0, 0.5, smallB)
			continue
		}
		c.Text(c.Fit(title, 96, bold), r.X+48, y, 0, 0.5, bold)
	}
}

// decksNote is the note of the decks' panel on a board.
const decksNote = "top of each deck"

// hireNote is the decks' note in seat's focused view: with what an
// Expert costs seat at its decision, struck out if it cannot pay.
func (v *view) hireNote(c *render.Canvas, r rect, seat engine.Seat) {
	y := r.Y + render.PanelTitle/2 + 1
	price := v.s.ExpertPrice(seat)
	w := priceTag(c, price, r.Right()-12, y, 1)
	note := decksNote + " · "
	if price.Bagos > 0 {
		note += "hire at "
	}
	c.Text(note, r.Right()-12-w, y, 1, 0.5, small)
}

func (v *view) decks(c *render.Canvas, r rect) {
	for f := range vinhos.Feature(vinhos.NumFeatures) {
		y := deckRow(r, f)
		deck := v.s.Experts[f]
		c.Text(fmt.Sprintf("%d left", len(deck)), r.Right()-12, y, 1, 0.5, small)
		if len(deck) > 0 {
			v.expertChip(c, rect{X: r.X + 150, Y: y - 15, W: 150, H: 30}, deck[0], true)
		}
	}
}

// supplyItem is a row of the supply: an icon, a name and the count left.
type supplyItem struct {
	name string
	icon func(c *render.Canvas, x, y float64)
	left func(s *vinhos.State) int
}

// farmersItem names the Farmers' row, which a box without Farmers leaves
// out.
const farmersItem = "Farmers"

// supplyItems are the supply's rows.
var supplyItems = [...]supplyItem{
	{"Enologists", func(c *render.Canvas, x, y float64) { c.Person(x, y, 20, enologistColor) },
		func(s *vinhos.State) int { return s.Supply.Enologists }},
	{farmersItem, func(c *render.Canvas, x, y float64) { c.Person(x, y, 20, farmerColor) },
		func(s *vinhos.State) int { return s.Supply.Farmers }},
	{"Wineries", func(c *render.Canvas, x, y float64) { c.House(x, y, 20, 18, wineryColor) },
		func(s *vinhos.State) int { return s.Supply.Wineries }},
	{"Cellars", func(c *render.Canvas, x, y float64) { c.Arch(x, y, 20, 18, cellarColor) },
		func(s *vinhos.State) int { return s.Supply.Cellars }},
	{"Renown cubes", func(c *render.Canvas, x, y float64) { c.Cube(x, y, 16, cubeColor) },
		func(s *vinhos.State) int { return s.Supply.Cubes }},
	{"Porto tiles (Douro)", func(c *render.Canvas, x, y float64) { portoIcon(c, x, y) },
		func(s *vinhos.State) int { return s.Regions[vinhos.Douro].Porto }},
}

func supplyRow(r rect, i int) float64 { return r.Y + render.PanelTitle + 18 + float64(i)*30 }

func supplyStatic(c *render.Canvas, r rect) {
	c.Panel(r, "Supply")
	for i, it := range supplyItems {
		y := supplyRow(r, i)
		it.icon(c, r.X+24, y)
		c.Text(it.name, r.X+44, y, 0, 0.5, normal)
	}
}

func (v *view) supply(c *render.Canvas, r rect) {
	for i, it := range supplyItems {
		c.Text(fmt.Sprint(it.left(v.s)), r.Right()-14, supplyRow(r, i), 1, 0.5, heading)
	}
}
