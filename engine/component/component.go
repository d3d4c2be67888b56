// Package component is what the games' component data is made of: each
// value with where it comes from (Provenance), and the loader of a data
// file in which a group that owns the physical game replaces the values
// reconstructed where the rulebooks are silent.
package component

import (
	"fmt"
	"slices"
	"strings"
)

// Provenance tells where a component value comes from, in the tags of the
// games' rules notes: [T], [D], [F], [R].
type Provenance uint8

const (
	// Text is [T]: stated in a rulebook.
	Text Provenance = iota + 1
	// Derived is [D]: follows from the rulebooks by arithmetic or
	// structure, or from their worked examples.
	Derived
	// Found is [F]: stated by a public third-party source.
	Found
	// Reconstructed is [R]: a plausible choice that fits what the
	// rulebooks say, where only the printed components have it.
	Reconstructed
	// DataFile marks a reconstructed value replaced by a data file.
	DataFile
)

var provenanceNames = [...]string{Text: "text", Derived: "derived", Found: "found", Reconstructed: "reconstructed", DataFile: "data_file"}

func (p Provenance) String() string {
	if int(p) < len(provenanceNames) && provenanceNames[p] != "" {
		return provenanceNames[p]
	}
	return fmt.Sprintf("%T(%d)", p, uint8(p))
}

// A Provenance reads as its name in JSON ("text"); a value without one is
// refused rather than written as a number nobody could read back.
func (p Provenance) MarshalText() ([]byte, error) {
	if int(p) < len(provenanceNames) && provenanceNames[p] != "" {
		return []byte(provenanceNames[p]), nil
	}
	return nil, fmt.Errorf("component: %v has no name", p)
}

func (p *Provenance) UnmarshalText(b []byte) error {
	i := slices.Index(provenanceNames[:], string(b))
	if i <= 0 {
		return fmt.Errorf("component: %q is not a provenance (want one of %s)", b, strings.Join(provenanceNames[1:], ", "))
	}
	*p = Provenance(i)
	return nil
}

// Sourced is a component value together with its provenance.
type Sourced[T any] struct {
	V   T          `json:"value"`
	Src Provenance `json:"source"`
}

// T, D, F and R tag a value with its provenance: Text, Derived, Found,
// Reconstructed.
func T[V any](v V) Sourced[V] { return Sourced[V]{v, Text} }
func D[V any](v V) Sourced[V] { return Sourced[V]{v, Derived} }
func F[V any](v V) Sourced[V] { return Sourced[V]{v, Found} }
func R[V any](v V) Sourced[V] { return Sourced[V]{v, Reconstructed} }
