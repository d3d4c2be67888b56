package vinhos

import (
	"strings"

	"github.com/adega-bot/adega/engine"
)

// What Vinhos declares for its commands (engine/declare.go): the action
// shortcuts, the setup's regions option, the short rules help, its rulings
// page and the moves to confirm.

// RulingsPage is the page of Vinhos's rulings (engine.Rulings).
func (Game) RulingsPage() string { return "RULINGS.md" }

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

// RulesTopics is the short rules help (engine.RulesHelp).
func (Game) RulesTopics() map[string]string { return rulesTopics }

// rulesTopics is short rules help, written for the bot: what each part of
// a turn does and costs, in the words the choices use.
var rulesTopics = map[string]string{
	"overview":      "Six years, two actions each per year. Build estates (vineyards, wineries, cellars), hire enologists and farmers, make wine every year and sell it for Bagos or export it for VP. Three Fairs (years 3, 5 and 6) score Fair Points. Most VP after the final scoring wins.",
	"movement":      "Each action moves your marker to another space of the 3×3 grid. A neighbouring space (diagonals count) is free; any other costs 1 Bago. Add 1 Bago to each player already there and 1 to the bank where the Year marker stands. Pass / Press Release is always free. You cannot move where you cannot pay for the move and the action.",
	"vineyards":     "Buy 1 or 2 vineyards from different regions at the price shown. An estate holds vineyards of one region and one color, at most 2. The first vineyard of an estate brings its region's bonus and each purchase adds a Renown cube to the region. Trás-os-Montes has no such bonus: its wine earns +2 Fair Points when presented at a Fair.",
	"wineries":      "Build 1 or 2 wineries (3 Bagos each) in free estate slots, at most 2 per estate. Each adds 1 to the estate's wine, hosts one enologist and brings a Renown cube (it waits on the winery until the estate has a vineyard).",
	"workers":       "Hire 1 or 2 workers: an enologist (3 Bagos, +2 quality) needs a winery without one; a farmer (2 Bagos, +1) needs a vineyard without one. Before production you may move them between your estates.",
	"cellars":       "Build 1 or 2 cellars (3 Bagos each), never in Minho. A cellar keeps wine for 4 years instead of 2 and adds 1, 3 or 5 to its value in slots 2, 3 and 4.",
	"wine":          "Quality = 2 per vineyard + 1 per farmer + 1 per winery + 2 per enologist + 3 for a Porto tile + the year's weather. Value = quality + cellar bonus + Renown cubes you spend (1 each, 2 in Alentejo) + 1 for Algarve.",
	"sales":         "Sell 1 or 2 wines: put a barrel on an empty slot of the wine's color whose number your wine's value reaches, and take that many Bagos. Renown cubes can be spent only when they are needed to reach the slot.",
	"export":        "Export 1 or 2 wines like a sale, but to a country's slot, for its number in VP at once. At the end, the player with most barrels in a country scores its majority VP (ties split). With 2 players only the framed slots count.",
	"experts":       "Hire 1 or 2 Wine Experts (1 Bago each) from the top of a deck. Once per turn you may flip one face down for its ability. At a Fair, a face-up Expert of a feature on the Vintage tile scores its symbols in Fair Points (+1 with an arrow).",
	"press release": "Pass / Press Release: move your order marker to the bottom row (next round's order), then pass or, once per Fair, present a wine: Fair Points equal to its value, a booth bonus, Experts for the Vintage's features, and up to 2 barrels back from Magnates whose wishes the wine meets.",
	"fair":          "In years 3, 5 and 6 everyone without a booth presents a wine, then Fair Points rank the players for VP (9/6/3, 12/8/4, 15/10/5; 1st and 3rd with 2 players; ties split). The booths set the new order, then players discard wines for Magnate tiles.",
	"magnate tiles": "Action tiles give a bonus action once (flip it before moving or after your action, one per turn); they flip back up before years 4 and 6. Multiplier tiles need a barrel on them and score at the end. You may not hold two alike.",
	"scoring":       "At the end: money by the table (5, 10, 15, 20 Bagos give 3, 7, 12, 18 VP), half of each wine's quality, Export majorities and Multipliers with a barrel. Ties go to more Export barrels, then more money.",

	// The 2010 Reserve's own topics.
	"reserve":         "The 2010 Reserve differs from 2016: 4 estates, 10 Bagos and a bank account, the initial vineyard paid for and the order sorted by its region. Vineyards from any number of regions, exactly 1 cellar (2 Bagos), enologists only (1 Bago, paid 1 a year from the bank), any number of sales (paid into the bank) and exports (VP by row). No Magnate tiles: barrels on the Magnates buy benefits. Variants: maintenance, five-estates.",
	"bank":            "Bank space: withdraw, deposit or invest, as often as you like, at least once. The account holds 0 to 24; emptying it costs 2 VP. Investing moves the marker right for Bagos from the account; divesting, at any time, moves it left for cash. At Maintenance the bank pays the investment's interest (or charges it), then 1 per enologist; what it cannot pay costs a winery (or vineyard) and enologists. At the end the account scores 0, 3, 7, 12 or 18 VP.",
	"pairs":           "Before your action, or at the start of a Fair, take back pairs of your barrels from one establishment of the Sales area (never a lone barrel): each pair puts 2 Renown cubes in 2 different regions. With the maintenance variant one pair is compulsory at Maintenance when you have one.",
	"benefits":        "Once a turn, before your move or after your action, discard a wine to move one of your barrels on a Magnate's row (from the Magnate or an Additional Action) to an Additional Action, done at once, or to a free Multiplier slot, for VP at once or at the end. Barrels reach the Magnates by Press Release. After the last Fair, benefit rounds run until everyone passes.",
	"secret experts":  "At a 2010 Reserve Fair each player chooses in secret which face-up Wine Experts to play: at most their Fair tile's number, of their slot's two features only. All are revealed together; arrows move the Feature markers up, then each Expert scores its feature's section in Fair Points. Nobody sees another's choice before all have chosen.",
	"reserve fair":    "2010 Reserve Press Release: Fair Points for the value above 9, a Fair tile by value (0-4: the Experts you may play) on a Fair slot that pays its two features' sections and a bonus (3 Bagos, an Expert or 2 Fair Points), and up to 2 barrels placed beside Magnates your wine pleases (not in year 1). After the Fair the last on Fair Points plays first.",
	"first edition":   "Vinhos (first edition, 2010) plays as the 2010 Reserve with these differences: 8 regions (no Ribatejo, so no Farmers; 6, 7 or 8 in play for 2, 3 or 4 players), 8 Enologists, 15 Renown cubes; 11, 11, 12 and 12 Bagos to start (11 and 12 with 2 players) in the drawn order, not sorted by region; the Managers Alexandre, Beatriz and Constantino, whose Multiplier slots take a barrel whether or not you meet them (no VP if not) and keep it; no cap on the cash Multiplier; Algarve's +1 in every Wine Value; with 2 players the Fair pays the 1st and 2nd places.",
	"reserve scoring": "2010 Reserve end: the bank account's section, Export majorities, and the end-game Multipliers your barrels hold (cash counts what divesting would add, at most 16 VP; the first edition sets no cap). No VP for cash or wines. Ties go to more Export barrels, then cash and account after divesting.",
}

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
