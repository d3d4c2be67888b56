package lavina

import (
	"fmt"
	"slices"
	"strings"
)

// Names of the enums for players and for the JSON encoding.

var varietyCodes = [...]string{EmptyVine: "EV", PinotNoir: "PN", Garnacha: "GA", Chardonnay: "CH", Cabernet: "CS"}
var varietyNames = [...]string{EmptyVine: "empty vine", PinotNoir: "Pinot Noir", Garnacha: "Garnacha", Chardonnay: "Chardonnay", Cabernet: "Cabernet Sauvignon"}
var toolNames = [...]string{NoTool: "none", Billhook: "billhook", Boots: "boots", Shears: "shears"}
var sizeNames = [...]string{Small: "small", Medium: "medium", Large: "large"}

func (v Variety) String() string { return varietyNames[v] }
func (t Tool) String() string    { return toolNames[t] }
func (z Size) String() string    { return sizeNames[z] }

func (v Variety) MarshalText() ([]byte, error) { return []byte(varietyCodes[v]), nil }
func (t Tool) MarshalText() ([]byte, error)    { return []byte(toolNames[t]), nil }
func (z Size) MarshalText() ([]byte, error)    { return []byte(sizeNames[z]), nil }

func (v *Variety) UnmarshalText(b []byte) error {
	return unmarshalName(varietyCodes[:], b, v, "variety")
}
func (t *Tool) UnmarshalText(b []byte) error { return unmarshalName(toolNames[:], b, t, "tool") }
func (z *Size) UnmarshalText(b []byte) error { return unmarshalName(sizeNames[:], b, z, "basket size") }

func unmarshalName[E ~uint8](names []string, b []byte, e *E, what string) error {
	i := slices.Index(names, string(b))
	if i < 0 {
		return fmt.Errorf("lavina: unknown %s %q", what, b)
	}
	*e = E(i)
	return nil
}

// varietyByCode reads a variety code ("GA") of a data file.
func varietyByCode(code string) (Variety, bool) {
	i := slices.Index(varietyCodes[:], strings.ToUpper(code))
	return Variety(max(i, 0)), i > 0
}

// Text returns a card as players read it: "Garnacha 3 with boots".
func (c Card) Text() string {
	if c.Variety == EmptyVine {
		if c.Tool == NoTool {
			return "an empty vine"
		}
		return "an empty vine with " + c.Tool.article()
	}
	s := fmt.Sprintf("%s %d", c.Variety, c.Value)
	if c.Tool != NoTool {
		s += " with " + c.Tool.article()
	}
	return s
}

// hiddenText is a lower card as players see it: its variety and value, not
// its tool (text l.151, A-14).
func (c Card) hiddenText() string {
	if c.Variety == EmptyVine {
		return "an empty vine, tool hidden"
	}
	return fmt.Sprintf("%s %d, tool hidden", c.Variety, c.Value)
}

func (t Tool) article() string {
	if t == Boots || t == Shears {
		return "the " + t.String()
	}
	return "a " + t.String()
}

// cardsText lists cards: "Garnacha 3, Pinot Noir 2".
func cardsText(cards []Card) string {
	if len(cards) == 0 {
		return "nothing"
	}
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = c.Text()
	}
	return strings.Join(parts, ", ")
}

// Text describes a slot's reward: "10 prestige" or "x0.5".
func (r Reward) Text() string {
	if r.Halves == 0 {
		return fmt.Sprintf("%d prestige", r.Fixed)
	}
	if r.Halves%2 == 1 {
		return fmt.Sprintf("x%d.5", r.Halves/2)
	}
	return fmt.Sprintf("x%d", r.Halves/2)
}

// Text describes a winery card: "W05 (8+ Garnacha)".
func (w WineryCard) Text() string {
	switch {
	case w.Cooperative:
		return "the cooperative"
	case w.Coupage:
		return fmt.Sprintf("%s (%d+ coupage, mostly %s)", w.ID, w.Min, w.Variety)
	}
	return fmt.Sprintf("%s (%d+ %s)", w.ID, w.Min, w.Variety)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

var sideNames = [Sides]string{"left", "right"}
