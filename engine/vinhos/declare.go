package vinhos

import (
	"strings"

	"github.com/adega-bot/adega/engine"
)

// What Vinhos declares for its commands (engine/declare.go): the action
// shortcuts, the setup's regions option, its rulings page and the moves
// to confirm; the short rules help is help.go's.

// RulingsPage is the page of Vinhos's rulings (engine.Rulings).
func (Game) RulingsPage() string { return "RULINGS.md" }

// RulingsGroupModes are the rulings page's groups for some modes only
// (engine.ModeRulings); the first edition plays as the Reserve where its
// own rulings say nothing else.
func (Game) RulingsGroupModes() map[string][]string {
	return map[string][]string{
		"Solo: Lacerda":        {ModeSolo},
		"2010 Reserve":         {ModeReserve2010, ModeClassic2010},
		"First edition (2010)": {ModeClassic2010},
	}
}

// NeedsConfirmation: a Press Release, or two wines at once, is worth a
// second look before it is played (engine.Confirmations).
func (Game) NeedsConfirmation(action engine.Action) bool {
	wines := 0
	for _, id := range action {
		if id == "press" {
			return true
		}
		if isWineID(id) {
			wines++
		}
	}
	return wines > 1
}

// isWineID reports whether a choice ID names a wine: "w1-2", the second
// wine of the first estate.
func isWineID(id string) bool { return len(id) > 1 && id[0] == 'w' && id[1] >= '1' && id[1] <= '9' }

// SetupOptions are the options of /vinhos new (engine.SetupOptions).
func (Game) SetupOptions() []engine.SetupOption {
	return []engine.SetupOption{{Name: OptionRegions,
		Description: "random, first-play, or a list of region numbers such as 1,2,3,4,5,6,8"},
		{Name: OptionVariants, Description: "2010 Reserve only: its variants", Choices: []engine.OptionChoice{
			{Value: "none", Label: "None"},
			{Value: VariantMaintenance.String(), Label: "Maintenance: pairs of barrels at Maintenance"},
			{Value: VariantFiveEstates.String(), Label: "Five estates: the 2016 player boards"},
			{Value: (VariantMaintenance | VariantFiveEstates).String(), Label: "Maintenance and five estates"},
		}}}
}

// shortcuts name the actions a player may type as a subcommand, and the
// action whose space each moves to.
var shortcuts = []struct {
	name   string
	action Action
}{
	{"vineyards", ActVineyards}, {"cellars", ActCellars}, {"wineries", ActWineries},
	{"experts", ActWineExperts}, {"hire", ActEnologists}, {"export", ActExport},
	{"sell", ActSales}, {"pass", ActPass}, {"bank", ActBank},
}

// Shortcuts are /vinhos sell and the like (engine.Shortcuts): each moves
// to its action's space (the cheaper one, for Vineyards) and takes it.
func (Game) Shortcuts() []engine.Shortcut {
	out := make([]engine.Shortcut, len(shortcuts))
	for i, sc := range shortcuts {
		out[i] = engine.Shortcut{Name: sc.name, Description: "Move to the " + sc.name + " space and take that action",
			Start: func(s engine.State, seat engine.Seat) (engine.Action, error) {
				return startAction(s, seat, sc.name, sc.action)
			}}
	}
	return out
}

// startAction is the cheapest move offered now to a space of action a.
func startAction(s engine.State, seat engine.Seat, name string, a Action) (engine.Action, error) {
	step, err := s.Choices(seat, nil)
	if err != nil {
		return nil, err
	}
	st := s.(*State)
	best, bestCost := "", -1
	for _, c := range step.Choices {
		cell, ok := st.cellOf(c.ID) // not a Magnate tile, a Wine Expert
		if !ok || Quadrel[st.Mode][cell] != a {
			continue
		}
		if fee, bribe := st.moveCost(seat, cell); bestCost < 0 || fee+bribe < bestCost {
			best, bestCost = c.ID, fee+bribe
		}
	}
	if best == "" {
		var ids []string
		for _, c := range step.Choices {
			ids = append(ids, c.ID)
		}
		return nil, engine.Errorf(engine.CodeIllegal, "You cannot take the %s action now. %s%s", name, st.actionRefusal(seat, step, a),
			engine.Shorten("Legal now: "+strings.Join(ids, ", ")+".", 500))
	}
	return engine.Action{best}, nil
}

// actionRefusal says why no space of action a is a legal answer to step,
// as a sentence and a space, or nothing when no rule says: the rule that
// leaves the first such space out, or the question to answer first.
func (s *State) actionRefusal(seat engine.Seat, step engine.Step, a Action) string {
	for c := range Cell(NumCells) {
		if Quadrel[s.Mode][c] != a {
			continue
		}
		if why := s.Refusal(seat, nil, s.cellKey(c)); why != "" {
			return why + " "
		}
	}
	if step.Name != "action" {
		return "First answer " + engine.Quote(step.Prompt) + ". "
	}
	return ""
}
