package lavina

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/component"
)

// Every component value carries its provenance (LA-VINA.md §0): the
// capacities of the starting baskets are text, the large one's found,
// prices, wineries and the deck's make-up reconstructed.
func TestEveryValueHasItsProvenance(t *testing.T) {
	d := DefaultData()
	if d.Baskets[Small].Capacity.Src != component.Text || d.Baskets[Medium].Capacity.Src != component.Text || d.Baskets[Large].Capacity.Src != component.Found {
		t.Errorf("capacities: %+v", d.Baskets)
	}
	for z, b := range d.Baskets {
		if b.Price.Src != component.Reconstructed {
			t.Errorf("%s price %v", Size(z), b.Price.Src)
		}
	}
	for _, w := range d.Wineries {
		if w.Src != component.Reconstructed || w.V.ID == "" {
			t.Errorf("winery %+v", w)
		}
	}
	for v := 1; v <= 5; v++ {
		if d.ValueCounts[v].Src != component.Reconstructed {
			t.Errorf("value %d: %v", v, d.ValueCounts[v].Src)
		}
	}
	for _, tool := range Tools {
		if d.ToolValues[tool].Src == 0 || d.EmptyVines[tool].Src == 0 {
			t.Errorf("%s has no provenance", tool)
		}
	}
	for _, c := range d.CoopSlots {
		if c.Src != component.Reconstructed {
			t.Errorf("cooperative %+v", c)
		}
	}
}

// Slot capacity covers the barrels in play for every legal winery draw, so
// the game cannot stall with every slot full (§2.11): 11, 14, 17 and 20
// winery slots at the least, plus the cooperative's 5 or 8.
func TestSlotsCoverTheBarrels(t *testing.T) {
	d := DefaultData()
	for players, want := range map[int]int{2: 11, 3: 14, 4: 17, 5: 20} {
		c := Counts[players]
		if got := d.fewestSlots(c.Wineries); got != want {
			t.Errorf("%d players: fewest slots %d, want %d", players, got, want)
		}
		if d.fewestSlots(c.Wineries)+d.CoopSlots[c.CoopFace].V < players*c.Barrels {
			t.Errorf("%d players: slots do not cover the barrels", players)
		}
	}
}

// The example data file restates the defaults and loads.
func TestDataFileExampleLoads(t *testing.T) {
	example, err := os.ReadFile("testdata/data-example.toml")
	if err != nil {
		t.Fatal(err)
	}
	d, err := LoadData(bytes.NewReader(example))
	if err != nil {
		t.Fatal(err)
	}
	if d.Baskets[Large].Price != (component.Sourced[int]{V: 9, Src: component.DataFile}) || d.Baskets[Large].Capacity != (component.Sourced[int]{V: 4, Src: component.Found}) || d.ValueCounts[2] != (component.Sourced[int]{V: 4, Src: component.DataFile}) {
		t.Errorf("large basket %+v, value 2 %+v", d.Baskets[Large], d.ValueCounts[2])
	}
}

// A data file changes the game set up with it.
func TestDataFileChangesTheGame(t *testing.T) {
	d, err := LoadData(strings.NewReader("cooperative_slots = [6, 9]\n[baskets.large]\nprice = 12\n"))
	if err != nil {
		t.Fatal(err)
	}
	st, _, err := Game{Data: d}.New(engine.Setup{Seed: 1, Players: names[:3]})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if len(s.Wineries[len(s.Wineries)-1].Card.Slots) != 6 || s.upgradeCost(Small, Large) != 10 {
		t.Fatalf("cooperative %d slots, upgrade cost %d", len(s.Wineries[len(s.Wineries)-1].Card.Slots), s.upgradeCost(Small, Large))
	}
	back, err := Game{Data: d}.Decode(mustEncode(t, s))
	if err != nil || back.(*State).upgradeCost(Small, Large) != 10 {
		t.Fatalf("decoded with the data file: %v", err)
	}
}

// Every problem of a data file is reported with its key.
func TestDataFileErrors(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"colour = 1", "colour: unknown key"},
		{"[baskets.small]\ncapacity = 3", "baskets.small.capacity: 3 contradicts the text value 2"},
		{"[deck]\nvalue_counts = [3, 4, 3, 3, 3]", "76 cards, the text has 72"},
		{"[deck]\ntool_values = { spade = 1 }", "not a tool"},
		{"[baskets.huge]\nprice = 3", "not a basket size"},
		{"[baskets.medium]\nprice = 1", "cost more"},
		{"[[wineries]]\nid = \"W01\"", "1 cards, want 16"},
		{"cooperative_slots = [1, 1]", "could stall"},
		{"cooperative_slots = [0, 8]", "out of range"},
	} {
		_, err := LoadData(strings.NewReader(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.file, err, c.want)
		}
	}
}

// Winery cards from a data file: each checked, multipliers in halves.
func TestDataFileWineries(t *testing.T) {
	var b strings.Builder
	for i := range 16 {
		b.WriteString("[[wineries]]\n")
		b.WriteString("id = \"B" + string(rune('A'+i)) + "\"\nvariety = \"" + varietyCodes[Varieties[i%4]] + "\"\nkind = \"mono\"\nmin = 6\nslots = [\"9\", \"x1.5\", \"x0.5\"]\n")
	}
	d, err := LoadData(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if w := d.Wineries[3]; w.Src != component.DataFile || w.V.Slots[1] != (Reward{Halves: 3}) || w.V.Slots[1].Pays(7) != 10 || w.V.Variety != Cabernet {
		t.Fatalf("winery %+v", w)
	}
	bad := strings.Replace(b.String(), "\"x0.5\"", "\"x0.3\"", 1)
	if _, err := LoadData(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "wineries[0].slots[2]") {
		t.Fatalf("bad multiplier: %v", err)
	}
}
