package vinhos

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// helpModes are the modes a game can be played in, and "" for no game in
// view.
var helpModes = []string{ModeSpecial2016, ModeSolo, ModeReserve2010, ModeClassic2010, ""}

// TestRulesHelpGivesEachModesOwnRules: a rules topic says what the game's
// own mode plays (issue 31, point 10): the Reserve's Enologist costs 1
// Bago and a salary, the first edition scores the cash Multiplier without
// a cap and pays the 1st and 2nd places of a 2-player Fair, the Reserve's
// order after a Fair runs from the last on the Fair Points track.
func TestRulesHelpGivesEachModesOwnRules(t *testing.T) {
	for _, tc := range []struct {
		rule, topic   string
		modes         []string
		says, notSays []string
	}{
		{"an Enologist costs 3 Bagos, a Farmer 2", "workers", []string{ModeSpecial2016, ModeSolo, ""},
			[]string{"enologist (3 Bagos", "farmer (2 Bagos"}, []string{"salary"}},
		{"an Enologist costs 1 Bago and a salary", "workers", []string{ModeReserve2010, ModeClassic2010},
			[]string{"enologists (1 Bago each", "salary of 1 Bago"}, []string{"3 Bagos", "farmer (2"}},
		{"no Farmers in the first edition", "workers", []string{ModeClassic2010}, []string{"no farmers"}, []string{"Ribatejo"}},
		{"the Reserve's Farmers come with Ribatejo", "workers", []string{ModeReserve2010}, []string{"Ribatejo"}, nil},
		{"no Farmers in the first edition's wine", "wine", []string{ModeClassic2010}, []string{"+ 1 for Algarve, always"}, []string{"farmer"}},
		{"the Reserve's Algarve +1 in sales, exports and Press Releases", "wine", []string{ModeReserve2010},
			[]string{"Algarve (in sales, exports and Press Releases)"}, nil},
		{"a Cellar: 1 or 2 for 3 Bagos", "cellars", []string{ModeSpecial2016, ModeSolo}, []string{"1 or 2 cellars (3 Bagos each)"}, nil},
		{"a Cellar: exactly 1 for 2 Bagos", "cellars", []string{ModeReserve2010, ModeClassic2010}, []string{"exactly 1 cellar (2 Bagos)"}, nil},
		{"a sale pays cash", "sales", []string{ModeSpecial2016, ModeSolo}, []string{"Sell 1 or 2 wines", "take that many Bagos"}, []string{"bank account"}},
		{"a sale pays into the bank account", "sales", []string{ModeReserve2010, ModeClassic2010},
			[]string{"Sell 1 or more wines", "bank account (not your cash)", "up to 24"}, nil},
		{"an export scores its slot", "export", []string{ModeSpecial2016, ModeSolo}, []string{"for its number in VP"}, []string{"row"}},
		{"an export scores its row", "export", []string{ModeReserve2010, ModeClassic2010}, []string{"the VP of its row"}, nil},
		{"one Wine Expert a turn", "experts", []string{ModeSpecial2016, ModeSolo}, []string{"Once per turn"}, []string{"at most 6"}},
		{"any number of Wine Experts a turn, 6 at most, discard first", "experts", []string{ModeReserve2010},
			[]string{"any number", "at most 6: to take a 7th, first discard one"}, nil},
		{"the first edition buys past 6, then discards", "experts", []string{ModeClassic2010},
			[]string{"any number", "at most 6: buying past 6, you then discard the excess"}, nil},
		{"a Press Release scores the whole value", "press release", []string{ModeSpecial2016, ModeSolo}, []string{"Fair Points equal to its value"}, []string{"above 9"}},
		{"a Press Release scores the value above 9", "press release", []string{ModeReserve2010, ModeClassic2010},
			[]string{"Fair Points for its value above 9", "Fair tile"}, []string{"barrels back"}},
		{"the booths set the order after a Fair", "fair", []string{ModeSpecial2016, ModeSolo}, []string{"The booths set the new order", "1st and 3rd with 2 players"}, nil},
		{"the last on the Fair Points track plays first after a Fair", "fair", []string{ModeReserve2010, ModeClassic2010},
			[]string{"the last on the Fair Points track plays first", "in secret"}, []string{"booth"}},
		{"the Reserve's 2-player Fair pays the 1st and 3rd", "fair", []string{ModeReserve2010}, []string{"1st and 3rd with 2 players"}, nil},
		{"the first edition's 2-player Fair pays the 1st and 2nd", "fair", []string{ModeClassic2010}, []string{"1st and 2nd with 2 players"}, nil},
		{"2016 scores money by the table and half the wines' quality", "scoring", []string{ModeSpecial2016, ModeSolo},
			[]string{"money by the table", "half of each wine's quality"}, []string{"bank account"}},
		{"the Reserve's cash Multiplier pays 1 VP a Bago on its left slot, at most 16", "scoring", []string{ModeReserve2010},
			[]string{"bank account's section", "1 VP a Bago on the left slot", "at most 16 VP"}, []string{"no cap"}},
		{"the first edition's cash Multiplier has no cap", "scoring", []string{ModeClassic2010},
			[]string{"1 VP a Bago on the left slot", "with no cap"}, []string{"at most 16"}},
		{"the maintenance variant's pair comes before interest and salaries", "pairs", []string{ModeReserve2010},
			[]string{"maintenance variant", "before interest and salaries"}, nil},
		{"the first edition has no variants", "pairs", []string{ModeClassic2010}, nil, []string{"variant"}},
	} {
		for _, mode := range tc.modes {
			text, ok := (Game{}).RulesTopics(mode)[tc.topic]
			if !ok {
				t.Errorf("%s (%q): no topic %q", tc.rule, mode, tc.topic)
				continue
			}
			for _, want := range tc.says {
				if !strings.Contains(text, want) {
					t.Errorf("%s: %q's %q lacks %q:\n%s", tc.rule, mode, tc.topic, want, text)
				}
			}
			for _, wrong := range tc.notSays {
				if strings.Contains(text, wrong) {
					t.Errorf("%s: %q's %q says %q:\n%s", tc.rule, mode, tc.topic, wrong, text)
				}
			}
		}
	}
}

// TestEachModeHasItsOwnTopics: a game's topics are those of its mode, the
// solo game's with an overview of solo and Lacerda, and no other mode's
// overview; with no game in view, every mode's own topics are there.
func TestEachModeHasItsOwnTopics(t *testing.T) {
	for mode, want := range map[string]struct{ has, lacks []string }{
		ModeSpecial2016: {[]string{"magnate tiles"}, []string{"solo", "reserve", "first edition", "bank", "pairs", "benefits"}},
		ModeSolo:        {[]string{"solo", "magnate tiles"}, []string{"reserve", "first edition", "bank", "pairs", "benefits"}},
		ModeReserve2010: {[]string{"reserve", "bank", "pairs", "benefits"}, []string{"solo", "first edition", "magnate tiles"}},
		ModeClassic2010: {[]string{"first edition", "bank", "pairs", "benefits"}, []string{"solo", "reserve", "magnate tiles"}},
		"":              {[]string{"solo", "reserve", "first edition", "bank", "pairs", "benefits", "magnate tiles"}, nil},
	} {
		topics := (Game{}).RulesTopics(mode)
		for _, name := range want.has {
			if _, ok := topics[name]; !ok {
				t.Errorf("%q lacks the topic %q", mode, name)
			}
		}
		for _, name := range want.lacks {
			if _, ok := topics[name]; ok {
				t.Errorf("%q has the topic %q", mode, name)
			}
		}
	}
	if solo := (Game{}).RulesTopics(ModeSolo)["solo"]; !strings.Contains(solo, "Lacerda") || !strings.Contains(solo, "accolades") {
		t.Errorf("the solo overview: %s", solo)
	}
}

// TestFirstEditionTopicsUseItsWords: the first edition's help names its
// Managers and Bonus Actions, as its rulebook and its games' messages do,
// and no topic of any mode is empty or too long to answer with.
func TestFirstEditionTopicsUseItsWords(t *testing.T) {
	for name, text := range (Game{}).RulesTopics(ModeClassic2010) {
		if strings.Contains(text, "Magnate") || strings.Contains(text, "Additional Action") || strings.Contains(text, "an Bonus") {
			t.Errorf("the first edition's %q: %s", name, text)
		}
	}
	for _, mode := range helpModes {
		for name, text := range (Game{}).RulesTopics(mode) {
			if n := utf8.RuneCountInString(text); n == 0 || n > 1800 {
				t.Errorf("%q's %q: %d characters", mode, name, n)
			}
		}
	}
}
