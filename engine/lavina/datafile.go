package lavina

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/adega-bot/adega/engine/component"
)

// LoadData reads a TOML data file and returns the default data set with the
// file's values in place of the reconstructed ones (LA-VINA.md §5 lists
// what an owner of the game should check). Replaced values get the
// DataFile provenance; a text value may be restated but not changed.
// testdata/data-example.toml shows the format.
//
// Every problem is reported, each naming its key: an unknown key, a value
// out of range, a deck that is not 72 cards, winery cards that could not
// be drawn at 5 players or could run out of slots before the barrels.
func LoadData(r io.Reader) (*Data, error) {
	var f dataFile
	l := dataLoader{d: DefaultData()}
	if err := l.Decode(r, &f); err != nil {
		return nil, fmt.Errorf("lavina data file: %w", err)
	}
	l.deck(f.Deck)
	l.baskets(f.Baskets)
	l.wineries(f.Wineries)
	if f.Cooperative != nil {
		for face, n := range *f.Cooperative {
			l.setInt(&l.d.CoopSlots[face], n, fmt.Sprintf("cooperative[%d]", face), 1, 20)
		}
	}
	l.check()
	if err := l.Err(); err != nil {
		return nil, fmt.Errorf("lavina data file: %w", err)
	}
	return l.d, nil
}

// dataFile is the TOML schema. Pointer fields are nil when the key is absent.
type dataFile struct {
	Deck        deckFile              `toml:"deck"`
	Baskets     map[string]basketFile `toml:"baskets"`
	Wineries    *[]wineryFile         `toml:"wineries"`
	Cooperative *[2]int               `toml:"cooperative_slots"`
}

type deckFile struct {
	ValueCounts *[5]int        `toml:"value_counts"`
	ToolValues  map[string]int `toml:"tool_values"`
	EmptyVines  map[string]int `toml:"empty_vines"`
}

type basketFile struct {
	Capacity *int `toml:"capacity"`
	Price    *int `toml:"price"`
}

type wineryFile struct {
	ID      string   `toml:"id"`
	Variety string   `toml:"variety"`
	Kind    string   `toml:"kind"`
	Min     int      `toml:"min"`
	Slots   []string `toml:"slots"`
}

type dataLoader struct {
	component.Loader
	d *Data
}

// setInt replaces a value within [lo, hi]: a reconstructed one is
// replaced, a text or found one may only be restated.
func (l *dataLoader) setInt(v *component.Sourced[int], n int, key string, lo, hi int) {
	if l.IntIn(key, n, lo, hi) {
		component.Set(&l.Loader, key, v, n)
	}
}

func toolByName(name string) (Tool, bool) {
	i := slices.IndexFunc(Tools[:], func(t Tool) bool { return t.String() == name })
	if i < 0 {
		return NoTool, false
	}
	return Tools[i], true
}

func (l *dataLoader) deck(f deckFile) {
	if f.ValueCounts != nil {
		for i, n := range f.ValueCounts {
			l.setInt(&l.d.ValueCounts[i+1], n, fmt.Sprintf("deck.value_counts[%d]", i), 0, 30)
		}
	}
	for _, table := range []struct {
		name   string
		values map[string]int
		into   *[4]component.Sourced[int]
		lo, hi int
	}{{"tool_values", f.ToolValues, &l.d.ToolValues, 1, 5}, {"empty_vines", f.EmptyVines, &l.d.EmptyVines, 0, 12}} {
		for name, n := range table.values {
			t, ok := toolByName(name)
			if !ok {
				l.Fail("deck."+table.name+"."+name, "not a tool (billhook, boots, shears)")
				continue
			}
			l.setInt(&table.into[t], n, "deck."+table.name+"."+name, table.lo, table.hi)
		}
	}
}

func (l *dataLoader) baskets(f map[string]basketFile) {
	for name, b := range f {
		z := slices.Index(sizeNames[:], name)
		if z < 0 {
			l.Fail("baskets."+name, "not a basket size (small, medium, large)")
			continue
		}
		if b.Capacity != nil {
			l.setInt(&l.d.Baskets[z].Capacity, *b.Capacity, "baskets."+name+".capacity", 1, 10)
		}
		if b.Price != nil {
			l.setInt(&l.d.Baskets[z].Price, *b.Price, "baskets."+name+".price", 0, 50)
		}
	}
}

func (l *dataLoader) wineries(f *[]wineryFile) {
	if f == nil {
		return
	}
	if len(*f) != WineryCards {
		l.Fail("wineries", "%d cards, want %d (text l.86)", len(*f), WineryCards)
		return
	}
	for i, w := range *f {
		key := fmt.Sprintf("wineries[%d]", i)
		v, ok := varietyByCode(w.Variety)
		if !ok {
			l.Fail(key+".variety", "%q is not PN, GA, CH or CS", w.Variety)
		}
		if w.Kind != "mono" && w.Kind != "coupage" {
			l.Fail(key+".kind", "%q is not mono or coupage", w.Kind)
		}
		if w.Min < 1 || w.Min > 40 || w.ID == "" {
			l.Fail(key, "needs an id and a minimum from 1 to 40")
		}
		card := WineryCard{ID: w.ID, Variety: v, Coupage: w.Kind == "coupage", Min: w.Min}
		for k, slot := range w.Slots {
			r, err := parseReward(slot)
			if err != nil {
				l.Fail(fmt.Sprintf("%s.slots[%d]", key, k), "%v", err)
			}
			card.Slots = append(card.Slots, r)
		}
		if len(card.Slots) == 0 || len(card.Slots) > 6 {
			l.Fail(key+".slots", "%d slots, want 1 to 6", len(card.Slots))
		}
		l.d.Wineries[i] = component.Sourced[WineryCard]{V: card, Src: component.DataFile}
	}
}

// parseReward reads a slot: a prestige amount ("10") or a multiplier
// ("x2", "x0.5").
func parseReward(s string) (Reward, error) {
	if m, ok := strings.CutPrefix(s, "x"); ok {
		f, err := strconv.ParseFloat(m, 64)
		if err != nil || f <= 0 || f > 5 || f*2 != float64(int(f*2)) {
			return Reward{}, fmt.Errorf("%q is not a multiplier in halves up to x5", s)
		}
		return Reward{Halves: int(f * 2)}, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 50 {
		return Reward{}, fmt.Errorf("%q is not a prestige amount 0..50 or a multiplier like x2", s)
	}
	return Reward{Fixed: n}, nil
}

// check validates the whole data set against the text's constraints
// (LA-VINA.md §2.11).
func (l *dataLoader) check() {
	d := l.d
	if n := len(d.Deck()); n != GrapeCards {
		l.Fail("deck", "%d cards, the text has %d (text l.44)", n, GrapeCards)
	}
	for _, t := range Tools {
		if d.ValueCounts[d.ToolValues[t].V].V == 0 {
			l.Fail("deck.tool_values."+t.String(), "no card has value %d", d.ToolValues[t].V)
		}
	}
	if !(d.Baskets[Small].Price.V < d.Baskets[Medium].Price.V && d.Baskets[Medium].Price.V < d.Baskets[Large].Price.V) ||
		d.Baskets[Large].Capacity.V <= d.Baskets[Medium].Capacity.V {
		l.Fail("baskets", "a bigger basket must hold more and cost more")
	}
	ids := map[string]bool{}
	per := map[Variety]int{}
	for _, w := range d.Wineries {
		if ids[w.V.ID] {
			l.Fail("wineries", "two cards are %s", w.V.ID)
		}
		ids[w.V.ID] = true
		per[w.V.Variety]++
	}
	for _, v := range Varieties {
		if per[v] < MaxWineriesPerVariety {
			l.Fail("wineries", "%d cards want %s; 5 players draw 2 of each (text l.163)", per[v], v)
		}
	}
	for players, c := range Counts {
		if slots := d.fewestSlots(c.Wineries) + d.CoopSlots[c.CoopFace].V; slots < players*c.Barrels {
			l.Fail("wineries", "at %d players a draw can have %d slots for %d barrels, and the game could stall (§2.11)", players, slots, players*c.Barrels)
		}
	}
}

// fewestSlots is the fewest delivery slots any legal draw of n winery cards
// has: the smallest cards first, at most two per variety.
func (d *Data) fewestSlots(n int) int {
	cards := slices.Clone(d.Wineries[:])
	sort.SliceStable(cards, func(i, j int) bool { return len(cards[i].V.Slots) < len(cards[j].V.Slots) })
	per := map[Variety]int{}
	total := 0
	for _, w := range cards {
		if n == 0 {
			break
		}
		if per[w.V.Variety] < MaxWineriesPerVariety {
			per[w.V.Variety]++
			total += len(w.V.Slots)
			n--
		}
	}
	return total
}
