package vinhos

import (
	"encoding/json"
	"slices"

	"github.com/adega-bot/adega/engine"
)

// A decision ends where one of its steps turns up a hidden tile: the tile
// under a Vineyard deck's top once the top is bought, the next Wine Expert
// once one is hired. The player sees what came up only once the step is
// played, exactly as at the table, where a tile taken cannot be put back.
// So Choices never lists what follows such a step (its look-ahead stops
// there too, so no offered choice depends on a tile still hidden), and
// Apply plays the decision up to it. The rest of the turn is a new
// decision of the same seat, kept in State.Paused until it is made.

// exposed marks the decision in progress as having turned up a hidden
// tile. Outside a decision (setup, Lacerda's turns, the end of a phase) a
// tile comes up with nothing to pause.
func (s *walker) exposed() {
	if s.work.active {
		s.Drew = true
	}
}

// Pause keeps the decision in progress for the seat's next decision, with
// the names of its steps so far: the rest goes on naming from there.
func (s *walker) Pause() {
	w := s.work
	w.names = s.Names
	s.Paused = &w
	s.work = work{}
}

// Begin begins seat's decision: the rest of its paused turn, or a new one.
func (s *walker) Begin(seat engine.Seat) {
	if s.Paused != nil && s.Paused.seat == seat {
		s.work = *s.Paused
		s.work.occupants = slices.Clone(s.work.occupants)
		// Capped, the paused names are copied by the first name added.
		s.Names = slices.Clip(s.work.names)
		s.work.names = nil
		s.Paused = nil
		return
	}
	s.start(seat)
}

// pausedPrompt is what a paused seat is asked.
const pausedPrompt = "finish the turn"

// pausedJSON is a paused decision as snapshots hold it.
type pausedJSON struct {
	Seat       engine.Seat `json:"seat"`
	Stage      stage       `json:"stage"`
	TileUsed   bool        `json:"tile_used,omitempty"`
	ExpertUsed bool        `json:"expert_used,omitempty"`
	// BenefitUsed: the turn's R10 Magnate benefit is used.
	BenefitUsed bool          `json:"benefit_used,omitempty"`
	Cell        Cell          `json:"cell"`
	Fee         int           `json:"fee,omitempty"`
	Occupants   []engine.Seat `json:"occupants,omitempty"`
	Run         runJSON       `json:"run"`
	Back        stage         `json:"back"`
	Tile        int           `json:"tile,omitempty"`
	Experts     int           `json:"experts,omitempty"`
	Use         runKind       `json:"use,omitempty"`
	Names       []string      `json:"names,omitempty"`
}

type runJSON struct {
	Kind        runKind   `json:"kind"`
	Bonus       bool      `json:"bonus,omitempty"`
	Max         int       `json:"max,omitempty"`
	Done        int       `json:"done,omitempty"`
	Price       int       `json:"price,omitempty"`
	FarmerPrice int       `json:"farmer_price,omitempty"`
	Discount    int       `json:"discount,omitempty"`
	Enologists  bool      `json:"enologists,omitempty"`
	Farmers     bool      `json:"farmers,omitempty"`
	Regions     RegionSet `json:"regions,omitempty"`
	Region      RegionID  `json:"region,omitempty"`
	Rearrange   bool      `json:"rearrange,omitempty"`
	Deck        RegionID  `json:"deck,omitempty"`
	WineEstate  int       `json:"wine_estate,omitempty"`
	WineSlot    int       `json:"wine_slot,omitempty"`
	HasWine     bool      `json:"has_wine,omitempty"`
	Press       pressJSON `json:"press"`
}

type pressJSON struct {
	Ordered   bool              `json:"ordered,omitempty"`
	CubesDone bool              `json:"cubes_done,omitempty"`
	Cubes     int               `json:"cubes,omitempty"`
	Value     int               `json:"value,omitempty"`
	Booth     int               `json:"booth"`
	Feature   int               `json:"feature,omitempty"`
	Barrels   int               `json:"barrels,omitempty"`
	Taken     [NumMagnates]bool `json:"taken"`
}

// MarshalJSON writes a paused decision.
func (w work) MarshalJSON() ([]byte, error) {
	r, p := w.run, w.run.press
	return json.Marshal(pausedJSON{Seat: w.seat, Stage: w.stage, TileUsed: w.tileUsed, ExpertUsed: w.expertUsed, BenefitUsed: w.benefitUsed, Cell: w.cell,
		Fee: w.fee, Occupants: w.occupants, Back: w.back, Tile: w.tile, Experts: w.experts, Use: w.use, Names: w.names,
		Run: runJSON{Kind: r.kind, Bonus: r.bonus, Max: r.max, Done: r.done, Price: r.price, FarmerPrice: r.farmerPrice,
			Discount: r.discount, Enologists: r.enologists, Farmers: r.farmers, Regions: r.regions, Region: r.region,
			Rearrange: r.rearrange, Deck: r.deck, WineEstate: r.wine.estate, WineSlot: r.wine.slot, HasWine: r.hasWine,
			Press: pressJSON{Ordered: p.ordered, CubesDone: p.cubesDone, Cubes: p.cubes, Value: p.value, Booth: p.booth,
				Feature: p.feature, Barrels: p.barrels, Taken: p.taken}}})
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (w *work) UnmarshalJSON(data []byte) error {
	var j pausedJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	r, p := j.Run, j.Run.Press
	*w = work{active: true, seat: j.Seat, stage: j.Stage, tileUsed: j.TileUsed, expertUsed: j.ExpertUsed, benefitUsed: j.BenefitUsed, cell: j.Cell,
		fee: j.Fee, occupants: j.Occupants, back: j.Back, tile: j.Tile, experts: j.Experts, use: j.Use, names: j.Names,
		run: actionRun{kind: r.Kind, bonus: r.Bonus, max: r.Max, done: r.Done, price: r.Price, farmerPrice: r.FarmerPrice,
			discount: r.Discount, enologists: r.Enologists, farmers: r.Farmers, regions: r.Regions, region: r.Region,
			rearrange: r.Rearrange, deck: r.Deck, wine: wineRef{r.WineEstate, r.WineSlot}, hasWine: r.HasWine,
			press: pressRun{ordered: p.Ordered, cubesDone: p.CubesDone, cubes: p.Cubes, value: p.Value, booth: p.Booth,
				feature: p.Feature, barrels: p.Barrels, taken: p.Taken}}}
	return nil
}
