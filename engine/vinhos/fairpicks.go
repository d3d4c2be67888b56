package vinhos

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// The R10 Wine Fair (RESERVE-2010.md §13): after the last-minute Press
// Releases every player chooses in secret which face-up Wine Experts to
// play, at most their Fair tile's number and only of their slot's two
// features; all are revealed together, their arrows move the Feature
// markers, and each played Expert scores its feature's section.

// startPicks opens the secret choice for every player who has one to make.
func (s *walker) startPicks() {
	s.At = PhaseFairPicks
	s.Done = make([]bool, len(s.Seats))
	for seat := range s.Seats {
		s.Done[seat] = len(s.playable(engine.Seat(seat))) == 0
	}
	if slices.Contains(s.Done, false) {
		s.say(engine.NoSeat, func() string { return "Each player now chooses in secret which Wine Experts to play at the Fair." })
	}
}

// fairSlot is the Fair slot holding seat's tile, or -1.
func (s *State) fairSlot(seat engine.Seat) int {
	return slices.IndexFunc(s.FairSlots[:], func(f FairSlot) bool { return f.Taken && f.Seat == seat })
}

// playable lists seat's face-up Experts of its Fair slot's features, by
// index, if its tile lets it play any.
func (s *State) playable(seat engine.Seat) []int {
	i := s.fairSlot(seat)
	if i < 0 || s.FairSlots[i].Tile == 0 {
		return nil
	}
	var out []int
	for k, x := range s.Seats[seat].Experts {
		if f, _ := s.expertTile(x.ID); x.FaceUp && slices.Contains(R10FairSlotFeatures[i][:], f) {
			out = append(out, k)
		}
	}
	return out
}

// picksStep: one Expert after another, up to the Fair tile's number, then
// done. Identical Experts are offered once.
func (s *walker) picksStep() step {
	seat := s.work.seat
	p := &s.Seats[seat]
	most := s.FairSlots[s.fairSlot(seat)].Tile
	st := step{Name: "play", Prompt: fmt.Sprintf("In secret: which Wine Expert do you play at the Fair? (%d chosen, at most %d)", len(s.work.picks), most),
		Opts: append(s.EmptyOptions(), doneOption(s.picksDoneLabel(), func(s *walker) { s.keepPicks() }))}
	if len(s.work.picks) >= most {
		return st
	}
	seen := map[string]bool{}
	for _, k := range s.playable(seat) {
		key := s.expertKey(p.Experts[k].ID)
		if slices.Contains(s.work.picks, k) || seen[key] {
			continue
		}
		seen[key] = true
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: key, Label: s.label(func() string { return "Play your " + s.expertName(p.Experts[k].ID) })},
			Do:     func(s *walker) { s.work.picks = append(slices.Clip(s.work.picks), k) },
		})
	}
	return st
}

func (s *walker) picksDoneLabel() string {
	if len(s.work.picks) == 0 {
		return "Play no Wine Expert"
	}
	return "Play " + plural(len(s.work.picks), "Wine Expert", "Wine Experts")
}

// keepPicks hides the choice until everyone has made theirs.
func (s *walker) keepPicks() {
	seat := s.work.seat
	p := &s.Seats[seat]
	p.FairPicks = nil
	for _, k := range s.work.picks {
		p.FairPicks = append(p.FairPicks, p.Experts[k].ID)
	}
	s.say(seat, func() string { return fmt.Sprintf("%s has chosen, in secret.", p.Name) })
	s.work.stage = stDone
}

// revealPicks shows every choice at once, moves the Feature markers by the
// arrows, then scores each played Expert's section (§13.3) and discards
// it face up under its deck (§13.5).
func (s *walker) revealPicks() {
	for _, seat := range s.Order {
		p := &s.Seats[seat]
		if len(p.FairPicks) == 0 {
			continue
		}
		var names []string
		for _, id := range p.FairPicks {
			names = append(names, s.expertName(id))
		}
		s.say(seat, func() string { return fmt.Sprintf("%s plays %s.", p.Name, strings.Join(names, ", ")) })
		for _, id := range p.FairPicks {
			if f, t := s.expertTile(id); t.Arrow.V && s.Features[f] < R10FeatureTrackSpaces-1 {
				s.Features[f]++
				s.say(engine.NoSeat, func() string {
					return fmt.Sprintf("An arrow moves the %s marker up to space %d.", s.featureTitle(f), s.Features[f])
				})
			}
		}
	}
	for _, seat := range s.Order {
		p := &s.Seats[seat]
		fp := 0
		for _, id := range p.FairPicks {
			f, _ := s.expertTile(id)
			fp += s.sectionFP(f)
			s.discardExpert(seat, slices.IndexFunc(p.Experts, func(x HeldExpert) bool { return x.ID == id }))
		}
		if len(p.FairPicks) > 0 {
			p.FairPoints += fp
			s.say(seat, func() string {
				return fmt.Sprintf("%s's Experts score %s (%d).", p.Name, plural(fp, "Fair Point", "Fair Points"), p.FairPoints)
			})
		}
		p.FairPicks = nil
	}
}

// endFairByRank takes the Fair tiles back and sets the new order: the last
// on the Fair Points track first, ties keeping their order (§13.5).
func (s *walker) endFairByRank() {
	order := slices.Clone(s.Order)
	sort.SliceStable(order, func(i, j int) bool {
		return s.Seats[order[i]].FairPoints < s.Seats[order[j]].FairPoints
	})
	s.Order = order
	s.say(engine.NoSeat, func() string { return fmt.Sprintf("Player order is now %s.", s.names(s.Order)) })
	s.FairSlots = [R10FairSlots]FairSlot{}
	for i := range s.Seats {
		s.Seats[i].Pressed = false
	}
	s.FairOrder = nil
	if s.Fair == NumFairs {
		s.startBenefitRounds()
		return
	}
	s.startYear(s.Year + 1)
}
