package vinhos

import (
	"encoding"
	"encoding/json"
	"github.com/adega-bot/adega/engine/component"
	"regexp"
	"strings"
	"testing"
)

// Every value of every enum has a name of lower-case words, which reads
// back as that value; a value past the last has none.
func TestEveryEnumValueHasAName(t *testing.T) {
	checkNames[component.Provenance](t, component.Text, component.DataFile)
	checkNames[Mode](t, 0, Classic2010)
	checkNames[Phase](t, 0, PhaseFairOpening)
	checkNames[PlayerColor](t, 0, Purple)
	checkNames[Color](t, 0, White)
	checkNames[Feature](t, 0, Alcohol)
	checkNames[RegionID](t, TrasOsMontes, Algarve)
	checkNames[Cell](t, 0, NoCell)
	checkNames[Action](t, 0, ActBank)
	checkNames[Establishment](t, 0, Enoteca)
	checkNames[ExpertAbility](t, 0, ExpertVineyardDiscount)
	checkNames[Magnate](t, 0, Carolina)
	checkNames[MagnateAction](t, 0, MagnateFarmer)
	checkNames[MultiplierKind](t, 0, MultMoney)
	checkNames[BoothBonus](t, 0, BoothFairPoints)
	checkNames[Accolade](t, 0, AccoladeNoMagnateBarrels)
	checkNames[VPSource](t, 0, SourceBenefits)
}

// A name is lower-case words joined by "_", or by "-" and "@" in the
// choice IDs that name regions and cells.
var nameForm = regexp.MustCompile(`^[a-z]+([_@-][a-z0-9]+)*$`)

func checkNames[E interface {
	~uint8
	encoding.TextMarshaler
}, P interface {
	*E
	encoding.TextUnmarshaler
}](t *testing.T, first, last E) {
	t.Helper()
	for e := first; e <= last; e++ {
		text, err := e.MarshalText()
		var back E
		if err == nil {
			err = P(&back).UnmarshalText(text)
		}
		if err != nil || back != e || !nameForm.Match(text) {
			t.Errorf("%T(%d) is named %q and reads back as %d (%v)", e, e, text, back, err)
		}
	}
	if text, err := (last + 1).MarshalText(); err == nil {
		t.Errorf("%T(%d), past the last value, is named %q", last+1, last+1, text)
	}
}

// An unknown name is refused, and the refusal says what the names are.
func TestUnknownNamesAreRefused(t *testing.T) {
	var c Color
	if err := c.UnmarshalText([]byte("rose")); err == nil || !strings.Contains(err.Error(), `"rose"`) || !strings.Contains(err.Error(), "red, white") {
		t.Errorf("rose: %v, want a refusal naming the colours", err)
	}
}

// Component values read with their provenance, by name.
func TestSourcedValuesReadWithTheirSource(t *testing.T) {
	b, err := json.Marshal(DefaultData().Insets[Dao].Vineyards[0])
	eq(t, "Dão's first Vineyard", string(b), `{"color":"red","cost":{"value":4,"source":"text"}}`)
	eq(t, "error", err, nil)
	var back VineyardTile
	err = json.Unmarshal([]byte(`{"color":"white","cost":{"value":6,"source":"data_file"}}`), &back)
	eq(t, "read back", back, VineyardTile{White, component.Sourced[int]{V: 6, Src: component.DataFile}})
	eq(t, "error", err, nil)
}
