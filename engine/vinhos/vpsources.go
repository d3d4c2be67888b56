package vinhos

import "github.com/adega-bot/adega/engine"

// VPSource is where VP come from. Every VP a player scores is counted
// under its source too (see score), so that the end of a game can show
// what won it.
type VPSource uint8

const (
	SourceExports     VPSource = iota // Export slots, scored as the barrel is placed
	SourceFairs                       // places at the Fairs
	SourceMajorities                  // Export majorities, at the end
	SourceMultipliers                 // Multiplier tiles, at the end
	SourceWines                       // wines held at the end
	SourceMoney                       // money left at the end
	SourceBank                        // R10: the bank account at the end, less 2 a time it emptied
	SourceBenefits                    // R10: immediate Multipliers, scored as the barrel is placed
	NumVPSources
)

// vpSourceNames are the sources' JSON names; vpSourceTitles, the names
// players read, in the order a chart shows them: during play, then at the
// end.
var (
	vpSourceNames = [NumVPSources]string{SourceExports: "exports", SourceFairs: "fairs",
		SourceMajorities: "export_majorities", SourceMultipliers: "multipliers", SourceWines: "wines", SourceMoney: "money",
		SourceBank: "bank", SourceBenefits: "benefits"}
	vpSourceTitles = [NumVPSources]string{SourceExports: "Exports", SourceFairs: "Fairs",
		SourceMajorities: "Export majorities", SourceMultipliers: "Multipliers", SourceWines: "Wines", SourceMoney: "Money",
		SourceBank: "Bank", SourceBenefits: "Magnate benefits"}
)

func (v VPSource) String() string { return enumName(vpSourceTitles[:], v) }

// score gives seat vp VP from source. All VP go through here, so that a
// player's VP by source always add up to the player's VP.
func (s *State) score(seat engine.Seat, source VPSource, vp int) {
	p := &s.Seats[seat]
	p.VP += vp
	p.VPFrom[source] += int16(vp)
}

// VPFrom is seat's VP so far by source.
func (s *State) VPFrom(seat engine.Seat) (vp [NumVPSources]int) {
	for src, n := range s.Seats[seat].VPFrom {
		vp[src] = int(n)
	}
	return vp
}

// VPSources gives every seat's VP by the mode's sources, in the order of
// the sources' names (engine.VPSources).
func (s *State) VPSources() ([]string, [][]int) {
	sources := s.rules().vpSources
	vp := make([][]int, len(s.Seats))
	for seat := range s.Seats {
		for _, src := range sources {
			vp[seat] = append(vp[seat], int(s.Seats[seat].VPFrom[src]))
		}
	}
	titles := make([]string, len(sources))
	for i, src := range sources {
		titles[i] = s.term(vpSourceTitles[src])
	}
	return titles, vp
}
