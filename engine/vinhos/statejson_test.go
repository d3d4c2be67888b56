package vinhos

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/adega-bot/adega/engine"
)

// A state read back from its JSON is the state that was written, at every
// moment of games of every size, paused turns and final scores included.
func TestStateJSONRoundTripsExactly(t *testing.T) {
	for players := 1; players <= 4; players++ {
		final := playRandom(t, uint64(40+players), players, func(s *State, move int) {
			if move%7 == 0 || s.Paused != nil {
				roundTrip(t, s)
			}
		})
		roundTrip(t, final)
	}
}

func roundTrip(t *testing.T, s *State) {
	t.Helper()
	b := mustEncode(t, s)
	st, err := Game{}.Decode(b)
	if err != nil {
		t.Fatalf("%s: %v", s.Phase(), err)
	}
	back := st.(*State)
	if again := mustEncode(t, back); !bytes.Equal(again, b) {
		t.Fatalf("%s: the state reads back as another:\n%s\n%s", s.Phase(), b, again)
	}
	if diff := exportedDiff(reflect.ValueOf(*s), reflect.ValueOf(*back), "State"); diff != "" {
		t.Fatalf("%s: %s", s.Phase(), diff)
	}
	if _, err := json.Marshal(s.View(engine.NoSeat)); err != nil {
		t.Fatalf("%s: the public view: %v", s.Phase(), err)
	}
}

// exportedDiff names the first exported field where a and b differ; an
// empty list equals a missing one, as JSON cannot tell them apart.
func exportedDiff(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path + ": one is nil"
			}
			return ""
		}
		return exportedDiff(a.Elem(), b.Elem(), path)
	case reflect.Struct:
		for i := range a.NumField() {
			if f := a.Type().Field(i); f.IsExported() {
				if d := exportedDiff(a.Field(i), b.Field(i), path+"."+f.Name); d != "" {
					return d
				}
			}
		}
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d elements, then %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := exportedDiff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
	default:
		if a.Interface() != b.Interface() {
			return fmt.Sprintf("%s: %v, then %v", path, a, b)
		}
	}
	return ""
}

// The JSON names things as players do: regions, Sales and Export slots,
// booths, cells, Wine Experts and Magnate tiles by the IDs they type, and
// enums by name.
func TestStateJSONReadsAsNames(t *testing.T) {
	x := newExample(t, 2, 1, orange, yellow, blue, purple)
	x.s.Sales[slices.IndexFunc(x.s.data.Sales[:], func(s SaleSlot) bool { return saleKey(s) == "hotel-white-7" })] = blue
	x.s.Export[0][2] = yellow
	x.s.Booths[1] = purple
	x.give(orange, x.expertID(Taste, ExpertCash))
	x.p(orange).Tiles = []HeldTile{{ID: NumMagnateActionTiles, FaceUp: true, Barrel: true}}
	var got struct {
		Mode    string                    `json:"mode"`
		Phase   string                    `json:"phase"`
		Regions map[string]map[string]any `json:"regions"`
		Sales   map[string]int            `json:"sales"`
		Export  map[string]int            `json:"export"`
		Booths  map[string]int            `json:"booths"`
		Display []*string                 `json:"display"`
		Players []struct {
			Color    string         `json:"color"`
			Cell     string         `json:"cell"`
			Magnates map[string]int `json:"magnates"`
			Experts  []struct {
				ID string `json:"id"`
			} `json:"experts"`
			Tiles []struct {
				ID string `json:"id"`
			} `json:"tiles"`
		} `json:"players"`
	}
	if err := json.Unmarshal(mustEncode(t, x.s), &got); err != nil {
		t.Fatal(err)
	}
	orangeBoard := got.Players[orange]
	eq(t, "mode", got.Mode, "special_vintage_2016")
	eq(t, "phase", got.Phase, "actions")
	eq(t, "sales", got.Sales, map[string]int{"hotel-white-7": int(blue)})
	eq(t, "export", got.Export, map[string]int{"country3-row1": int(yellow)})
	eq(t, "booths", got.Booths, map[string]int{"booth-2": int(purple)})
	eq(t, "colour", orangeBoard.Color, "orange")
	eq(t, "cell", orangeBoard.Cell, "pass@c")
	eq(t, "magnates", orangeBoard.Magnates, map[string]int{"anabela": 2, "bruno": 2, "carolina": 2})
	eq(t, "expert", orangeBoard.Experts[0].ID, "expert-taste-cash")
	eq(t, "tile", orangeBoard.Tiles[0].ID, "x-estates-1")
	if _, ok := got.Regions["tras-os-montes"]; !ok || len(got.Regions) != NumRegions {
		t.Errorf("regions are keyed %v", slices.Sorted(maps.Keys(got.Regions)))
	}
	for i, name := range got.Display {
		kind, _, _ := strings.Cut(x.s.tileKey(x.s.Display[i], i), "@")
		if name == nil || !strings.HasPrefix(*name, kind) {
			t.Errorf("display space %d holds %v, whose choice ID is %s@%d", i+1, name, kind, i+1)
		}
	}
}

// A state reads back only from names it gives: neither an unknown name nor
// the numbers older snapshots held.
func TestJSONRefusesWhatItDoesNotName(t *testing.T) {
	s := newExample(t, 2, 1, orange, yellow, blue, purple).s
	for _, tc := range []struct {
		name, says string
		change     func(j map[string]any)
	}{
		{"unknown Sales slot", `"hotel-white-99"`, func(j map[string]any) { j["sales"] = map[string]any{"hotel-white-99": 0} }},
		{"unknown Export slot", `"country9-row1"`, func(j map[string]any) { j["export"] = map[string]any{"country9-row1": 0} }},
		{"unknown booth", `"booth-5"`, func(j map[string]any) { j["booths"] = map[string]any{"booth-5": 0} }},
		{"unknown region", `"madeira"`, func(j map[string]any) { j["regions"] = map[string]any{"madeira": map[string]any{}} }},
		{"unknown Magnate tile", `"x-wine"`, func(j map[string]any) { j["deck"] = []any{"x-wine"} }},
		{"unknown Wine Expert", `"expert-taste-nap"`, func(j map[string]any) { j["experts"] = map[string]any{"taste": []any{"expert-taste-nap"}} }},
		{"unknown phase", `"siesta"`, func(j map[string]any) { j["phase"] = "siesta" }},
		{"a number for an enum", "number", func(j map[string]any) { j["phase"] = 2 }},
		{"a Vineyard the region lacks", "no red Vineyard of cost 9", func(j map[string]any) {
			j["regions"] = map[string]any{"douro": map[string]any{"deck": []any{map[string]any{"color": "red", "cost": 9}}}}
		}},
	} {
		var j map[string]any
		if err := json.Unmarshal(mustEncode(t, s), &j); err != nil {
			t.Fatal(err)
		}
		tc.change(j)
		b, _ := json.Marshal(j)
		if _, err := (Game{}).Decode(b); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v, want a refusal saying %s", tc.name, err, tc.says)
		}
	}
}

// asIs lists, for each struct type the state's JSON holds, the fields that
// read well as they are: counts, flags, seats, lists by seat and enums
// (which read as names). The type's mirror in statejson.go gives every
// other field its shape. A new field fails this test until it is listed
// here or given a shape there; either way, docs/export.md must describe
// it (storage's TestExportDocumentsEveryField checks).
var asIs = map[string]string{
	"State":           "Mode Variants Rules At Year Round Order Bottom Turn Supply VintageDeck Vintage Fair DraftPassed Done FairOrder LastPlace Final RNG Paused",
	"Player":          "Name Color Money VP FairPoints Barrels FromMagnates Estates Porto Cell Pressed Bank Penalty",
	"Penalty":         "Building Fire",
	"Bank":            "Account Invest",
	"Estate":          "Region Color Vineyards Wineries Farmers Enologists Cellar Waiting Wines Porto",
	"Wine":            "Color Quality",
	"HeldExpert":      "FaceUp",
	"HeldTile":        "FaceUp Barrel",
	"RegionState":     "InPlay Cubes Porto",
	"VineyardTile":    "Color",
	"SupplyState":     "Enologists Farmers Cellars Wineries Cubes VineyardsOut",
	"FinalScore":      "Money Wines Export Multipliers Bank Ranking Solo",
	"SoloScore":       "Total Title",
	"Solo":            "Actions Played Numbers Drawn Trophies",
	"LacerdaDiscards": "Vineyards Cellars Wineries Enologists Farmers",
}

// mirrors are the JSON shapes of the types whose fields need one.
var mirrors = map[reflect.Type]reflect.Type{
	reflect.TypeFor[State]():           reflect.TypeFor[stateJSON](),
	reflect.TypeFor[Player]():          reflect.TypeFor[playerJSON](),
	reflect.TypeFor[HeldExpert]():      reflect.TypeFor[expertJSON](),
	reflect.TypeFor[HeldTile]():        reflect.TypeFor[tileJSON](),
	reflect.TypeFor[RegionState]():     reflect.TypeFor[regionJSON](),
	reflect.TypeFor[VineyardTile]():    reflect.TypeFor[vineyardJSON](),
	reflect.TypeFor[Solo]():            reflect.TypeFor[soloJSON](),
	reflect.TypeFor[LacerdaDiscards](): reflect.TypeFor[discardsJSON](),
	reflect.TypeFor[SoloScore]():       reflect.TypeFor[soloScoreJSON](),
}

// Nobody adds a field to the state without deciding how it reads in
// snapshots and exports.
func TestEveryStateFieldIsReviewed(t *testing.T) {
	visited := map[string]bool{}
	var visit func(reflect.Type)
	visit = func(typ reflect.Type) {
		typ = element(typ)
		if typ.Kind() != reflect.Struct || typ.PkgPath() != reflect.TypeFor[State]().PkgPath() || visited[typ.Name()] {
			return
		}
		visited[typ.Name()] = true
		plain := strings.Fields(asIs[typ.Name()])
		for _, f := range reflect.VisibleFields(typ) {
			if !f.IsExported() {
				continue
			}
			shape, mirrored := mirrorField(mirrors[typ], jsonName(f))
			switch {
			case mirrored:
				if of := mirrorOf(element(shape)); of != nil {
					visit(of)
				}
			case slices.Contains(plain, f.Name):
				visit(f.Type)
			default:
				t.Errorf("%s.%s is new to the state's JSON: list it in asIs if it reads well as it is, "+
					"or give it a shape in the mirror of %[1]s (statejson.go); then describe it in docs/export.md", typ.Name(), f.Name)
			}
		}
		for _, name := range plain {
			if _, ok := typ.FieldByName(name); !ok {
				t.Errorf("asIs lists %s.%s, which is gone", typ.Name(), name)
			}
		}
	}
	visit(reflect.TypeFor[State]())
	for name := range asIs {
		if !visited[name] {
			t.Errorf("asIs lists %s, which the state's JSON no longer holds", name)
		}
	}
}

// element is the type a field holds, past pointers, slices, arrays and maps.
func element(typ reflect.Type) reflect.Type {
	for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Array || typ.Kind() == reflect.Map {
		typ = typ.Elem()
	}
	return typ
}

// mirrorField finds the field of a mirror (not of the type it embeds)
// that writes the JSON name.
func mirrorField(mirror reflect.Type, name string) (reflect.Type, bool) {
	if mirror == nil {
		return nil, false
	}
	for i := range mirror.NumField() {
		if f := mirror.Field(i); !f.Anonymous && jsonName(f) == name {
			return f.Type, true
		}
	}
	return nil, false
}

func mirrorOf(shape reflect.Type) reflect.Type {
	for typ, mirror := range mirrors {
		if mirror == shape {
			return typ
		}
	}
	return nil
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" {
		return f.Name
	}
	return name
}

// The board's counts are kept in small integers: a snapshot or an import
// with a count beyond their range is refused, never read as another
// number.
func TestJSONRefusesCountsBeyondTheirRange(t *testing.T) {
	s := newExample(t, 2, 1, orange, yellow, blue, purple).s
	for name, change := range map[string]func(p map[string]any){
		"an estate's Vineyards": func(p map[string]any) { p["estates"].([]any)[0].(map[string]any)["vineyards"] = 300 },
		"a wine's quality": func(p map[string]any) {
			p["estates"].([]any)[0].(map[string]any)["wines"].([]any)[0].(map[string]any)["quality"] = 300
		},
		"barrels beside a Magnate": func(p map[string]any) { p["magnates"].(map[string]any)["anabela"] = 300 },
		"VP by source":             func(p map[string]any) { p["vp_from"].(map[string]any)["money"] = 40000 },
	} {
		var j map[string]any
		if err := json.Unmarshal(mustEncode(t, s), &j); err != nil {
			t.Fatal(err)
		}
		change(j["players"].([]any)[0].(map[string]any))
		b, _ := json.Marshal(j)
		if _, err := (Game{}).Decode(b); err == nil {
			t.Errorf("%s out of range: read, want a refusal", name)
		}
	}
}
