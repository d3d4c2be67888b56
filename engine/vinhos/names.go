package vinhos

import (
	"fmt"
	"strings"
)

// Enums read as names in JSON (snapshots and exports), so that the
// exported state reads as documented data: "red", "douro", "pass@c". Each
// enum's name table is the one its String method uses, except regions and
// cells, which use the choice IDs players type. A name read back must be
// exactly one of the table's; anything else is refused.

// nameText is the JSON text of an enum value: its entry in names, which
// are indexed by value. A value without a name is refused rather than
// written as a number nobody could read back.
func nameText[E ~uint8](names []string, e E) ([]byte, error) {
	if int(e) < len(names) && names[e] != "" {
		return []byte(names[e]), nil
	}
	return nil, fmt.Errorf("vinhos: %T(%d) has no name", e, uint8(e))
}

// parseName sets *e to the value named text.
func parseName[E ~uint8](names []string, text []byte, e *E) error {
	var valid []string
	for i, name := range names {
		if name == "" {
			continue
		}
		if name == string(text) {
			*e = E(i)
			return nil
		}
		valid = append(valid, name)
	}
	return fmt.Errorf("vinhos: %q is not a %T name (want one of %s)", text, *e, strings.Join(valid, ", "))
}

func (m Mode) MarshalText() ([]byte, error)  { return nameText(modeNames[:], m) }
func (m *Mode) UnmarshalText(b []byte) error { return parseName(modeNames[:], b, m) }

func (p Phase) MarshalText() ([]byte, error)  { return nameText(phaseNames[:], p) }
func (p *Phase) UnmarshalText(b []byte) error { return parseName(phaseNames[:], b, p) }

func (c PlayerColor) MarshalText() ([]byte, error)  { return nameText(playerColorNames[:], c) }
func (c *PlayerColor) UnmarshalText(b []byte) error { return parseName(playerColorNames[:], b, c) }

func (c Color) MarshalText() ([]byte, error)  { return nameText(colorNames[:], c) }
func (c *Color) UnmarshalText(b []byte) error { return parseName(colorNames[:], b, c) }

func (f Feature) MarshalText() ([]byte, error)  { return nameText(featureNames[:], f) }
func (f *Feature) UnmarshalText(b []byte) error { return parseName(featureNames[:], b, f) }

func (r RegionID) MarshalText() ([]byte, error)  { return nameText(regionKeys[:], r) }
func (r *RegionID) UnmarshalText(b []byte) error { return parseName(regionKeys[:], b, r) }

// A Cell is named by its place: the SV16 choice ID, in every mode, so that
// snapshots keep one name for each place ("vineyards@br" is the R10 Bank's
// place); the choices name R10's cells by its own actions.
func (c Cell) MarshalText() ([]byte, error)  { return nameText(cellKeys[SpecialVintage2016][:], c) }
func (c *Cell) UnmarshalText(b []byte) error { return parseName(cellKeys[SpecialVintage2016][:], b, c) }

func (a Action) MarshalText() ([]byte, error)  { return nameText(actionNames[:], a) }
func (a *Action) UnmarshalText(b []byte) error { return parseName(actionNames[:], b, a) }

func (e Establishment) MarshalText() ([]byte, error) { return nameText(establishmentNames[:], e) }
func (e *Establishment) UnmarshalText(b []byte) error {
	return parseName(establishmentNames[:], b, e)
}

func (a ExpertAbility) MarshalText() ([]byte, error) { return nameText(expertAbilityNames[:], a) }
func (a *ExpertAbility) UnmarshalText(b []byte) error {
	return parseName(expertAbilityNames[:], b, a)
}

func (m Magnate) MarshalText() ([]byte, error)  { return nameText(magnateNames[:], m) }
func (m *Magnate) UnmarshalText(b []byte) error { return parseName(magnateNames[:], b, m) }

func (v VPSource) MarshalText() ([]byte, error)  { return nameText(vpSourceNames[:], v) }
func (v *VPSource) UnmarshalText(b []byte) error { return parseName(vpSourceNames[:], b, v) }

func (a MagnateAction) MarshalText() ([]byte, error) { return nameText(magnateActionNames[:], a) }
func (a *MagnateAction) UnmarshalText(b []byte) error {
	return parseName(magnateActionNames[:], b, a)
}

func (k MultiplierKind) MarshalText() ([]byte, error) { return nameText(multiplierKindNames[:], k) }
func (k *MultiplierKind) UnmarshalText(b []byte) error {
	return parseName(multiplierKindNames[:], b, k)
}

func (x BoothBonus) MarshalText() ([]byte, error)  { return nameText(boothBonusNames[:], x) }
func (x *BoothBonus) UnmarshalText(b []byte) error { return parseName(boothBonusNames[:], b, x) }

func (a Accolade) MarshalText() ([]byte, error)  { return nameText(accoladeNames[:], a) }
func (a *Accolade) UnmarshalText(b []byte) error { return parseName(accoladeNames[:], b, a) }
