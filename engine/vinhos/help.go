package vinhos

import (
	"fmt"
	"strings"
)

// The short rules help (engine.RulesHelp), written for the bot: what each
// part of a turn does and costs, in the words the choices use, as the
// game's own mode plays it. Each mode's topics are its entry's topics in
// the mode table (ruleset.topics, modes.go); solo plays the 2016 rules
// and adds its own. A text right for several modes is written once here.

// RulesTopics is the help of a game of the named mode; with no game in
// view, the default mode's with every other mode's own topics
// (engine.RulesHelp).
func (Game) RulesTopics(mode string) map[string]string { return topicsByMode[mode] }

// topicsByMode are the topics by mode name, "" for no game in view.
var topicsByMode = map[string]map[string]string{
	ModeSpecial2016: rulesets[SpecialVintage2016].topics,
	ModeSolo:        soloTopics,
	ModeReserve2010: rulesets[Reserve2010].topics,
	ModeClassic2010: rulesets[Classic2010].topics,
	"": withTopics(rulesets[SpecialVintage2016].topics, soloTopics, rulesets[Reserve2010].topics,
		rulesets[Classic2010].topics),
}

// withTopics joins sets of topics; a topic in several takes the first
// one's text.
func withTopics(sets ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, set := range sets {
		for name, text := range set {
			if _, ok := out[name]; !ok {
				out[name] = text
			}
		}
	}
	return out
}

// Topics every mode plays alike.
const (
	movementHelp = "Each action moves your marker to another space of the 3×3 grid. A neighbouring space (diagonals count) is free; any other costs 1 Bago. Add 1 Bago to each player already there and 1 to the supply where the Year marker stands. Pass / Press Release is always free. You cannot move where you cannot pay for the move and the action."
	wineriesHelp = "Build 1 or 2 wineries (3 Bagos each) in free estate slots, at most 2 per estate. Each adds 1 to the estate's wine, hosts one enologist and brings a Renown cube (it waits on the winery until the estate has a vineyard)."
)

// topics16 are the Special Vintage 2016's topics.
var topics16 = map[string]string{
	"overview":      "Six years, two actions each per year. Build estates (vineyards, wineries, cellars), hire enologists and farmers, make wine every year and sell it for Bagos or export it for VP. Three Fairs (years 3, 5 and 6) score Fair Points. Most VP after the final scoring wins.",
	"movement":      movementHelp,
	"vineyards":     "Buy 1 or 2 vineyards from different regions at the price shown. An estate holds vineyards of one region and one color, at most 2. The first vineyard of an estate brings its region's bonus and each purchase adds a Renown cube to the region. Trás-os-Montes has no such bonus: its wine earns +2 Fair Points when presented at a Fair.",
	"wineries":      wineriesHelp,
	"workers":       fmt.Sprintf("Hire 1 or 2 workers: an enologist (%d Bagos, +2 quality) needs a winery without one; a farmer (%d Bagos, +1) needs a vineyard without one. Before production you may move them between your estates.", PriceEnologist, PriceFarmer),
	"cellars":       fmt.Sprintf("Build 1 or 2 cellars (%d Bagos each), never in Minho. A cellar keeps wine for 4 years instead of 2 and adds 1, 3 or 5 to its value in slots 2, 3 and 4.", PriceCellar),
	"wine":          wineHelp(" + 1 per farmer", ""),
	"sales":         "Sell 1 or 2 wines: put a barrel on an empty slot of the wine's color whose number your wine's value reaches, and take that many Bagos. Renown cubes can be spent only when they are needed to reach the slot.",
	"export":        "Export 1 or 2 wines like a sale, but to a country's slot, for its number in VP at once. At the end, the player with most barrels in a country scores its majority VP (ties split). With 2 players only the framed slots count.",
	"experts":       "Hire 1 or 2 Wine Experts (1 Bago each) from the top of a deck. Once per turn you may flip one face down for its ability. At a Fair, a face-up Expert of a feature on the Vintage tile scores its symbols in Fair Points (+1 with an arrow).",
	"press release": "Pass / Press Release: move your order marker to the bottom row (next round's order), then pass or, once per Fair, present a wine: Fair Points equal to its value, a booth bonus, Experts for the Vintage's features, and up to 2 barrels back from Magnates whose wishes the wine meets.",
	"fair":          "In years 3, 5 and 6 everyone without a booth presents a wine, then Fair Points rank the players for VP (9/6/3, 12/8/4, 15/10/5; 1st and 3rd with 2 players; ties split). The booths set the new order, then players discard wines for Magnate tiles.",
	"magnate tiles": "Action tiles give a bonus action once (flip it before moving or after your action, one per turn); they flip back up before years 4 and 6. Multiplier tiles need a barrel on them and score at the end. You may not hold two alike.",
	"scoring":       "At the end: money by the table (5, 10, 15, 20 Bagos give 3, 7, 12, 18 VP), half of each wine's quality, Export majorities and Multipliers with a barrel. Ties go to more Export barrels, then more money.",
}

// soloTopics are solo's: the 2016 rules against Lacerda.
var soloTopics = withTopics(map[string]string{
	"solo": "Solo: the 2016 rules with the 2-player setup, against Lacerda. You take both your actions in a row, then he takes both of his: an Action card picks his space, Number cards his regions. He starts with 19 VP on the Export area and never spends money: the bank pays his fees, and each space he leaves (but Pass) gets a Bago, his bribe, that you pay the bank to enter it. He takes Renown cubes from your region with the most, and presents at the 3 FP booth (else the 3 Bagos one). A Fair's winner takes a trophy. At the end his Multiplier tiles score 10 VP each, and you count accolades: 4 for more VP than him, 2 for more money, 1 a trophy, 1 a complete Estate, 1 for more Export majority VP, 1 for no barrel left on the Magnates. 15 or more make you a Wine Magnate.",
}, topics16)

// wineHelp is the wine's quality and value, with the farmers' share of
// quality and when Algarve's +1 counts.
func wineHelp(farmers, algarve string) string {
	return "Quality = 2 per vineyard" + farmers + " + 1 per winery + 2 per enologist + 3 for a Porto tile + the year's weather. Value = quality + cellar bonus + Renown cubes you spend (1 each, 2 in Alentejo) + 1 for Algarve" + algarve + "."
}

// reserveTopics are the 2010 Reserve's, which the first edition changes
// where it plays otherwise (firstEditionTopics).
var reserveTopics = withTopics(map[string]string{
	"workers": reserveWorkers(" No farmers can be hired: a Ribatejo estate brings one (+1 quality on a vineyard)."),
	"wine":    wineHelp(" + 1 per farmer", " (in sales, exports and Press Releases)"),
	"experts": reserveExperts("to take a 7th, first discard one under its deck"),
	"fair":    reserveFair("1st and 3rd"),
	"scoring": reserveScoring(fmt.Sprintf("at most %d VP", R10CashMultiplierCap)),
	"pairs":   pairsHelp + " With the maintenance variant, one pair is compulsory at Maintenance when you have one, before interest and salaries.",
	"reserve": "The 2010 Reserve differs from 2016: 4 estates, 10 Bagos and a bank account, the initial vineyard paid for and the order sorted by its region. Vineyards from any number of regions, exactly 1 cellar (2 Bagos), enologists only (1 Bago, paid 1 a year from the bank), any number of sales (paid into the bank) and exports (VP by row). No Magnate tiles: barrels on the Magnates buy benefits. Variants: maintenance (a pair of barrels at each Maintenance, before interest and salaries), five-estates (the 2016 player boards).",
}, reserveFamilyTopics)

// firstEditionTopics are the first edition's (2010): the Reserve's where
// it plays alike.
var firstEditionTopics = withTopics(map[string]string{
	"workers":       reserveWorkers(" The first edition has no farmers."),
	"wine":          wineHelp("", ", always"),
	"experts":       reserveExperts("buying past 6, you then discard the excess under its deck"),
	"fair":          reserveFair("1st and 2nd"),
	"scoring":       reserveScoring("with no cap"),
	"pairs":         pairsHelp,
	"first edition": "Vinhos (first edition, 2010) plays as the 2010 Reserve with these differences: 8 regions (no Ribatejo, so no Farmers; 6, 7 or 8 in play for 2, 3 or 4 players), 8 Enologists, 15 Renown cubes; 11, 11, 12 and 12 Bagos to start (11 and 12 with 2 players) in the drawn order, not sorted by region; the Managers Alexandre, Beatriz and Constantino, whose Multiplier slots take a barrel whether or not you meet them (no VP if not) and keep it; no cap on the cash Multiplier; Algarve's +1 in every Wine Value; with 2 players the Fair pays the 1st and 2nd places.",
}, reserveFamilyTopics)

// reserveFamilyTopics are the topics the 2010 Reserve and the first
// edition play alike.
var reserveFamilyTopics = map[string]string{
	"overview":      "Six years, two actions each per year, on a 3×3 grid with a Bank space. Build estates, hire enologists, make wine every year, sell it into your bank account or export it for VP, and at your Press Releases place barrels beside the Magnates, whose benefits you then buy with wines. Three Fairs (years 3, 5 and 6) score Fair Points. At the end your bank account, Export majorities and Multipliers score; most VP wins.",
	"movement":      movementHelp,
	"vineyards":     "Buy vineyards, at least 1 and at most 1 per region, from as many regions as you like, at the price shown. An estate holds vineyards of one region and one color, at most 2. The first vineyard of an estate brings its region's bonus and each purchase adds a Renown cube to the region. Trás-os-Montes has no such bonus: its wine earns +2 Fair Points when presented at a Fair.",
	"wineries":      wineriesHelp,
	"cellars":       fmt.Sprintf("Build exactly 1 cellar (%d Bagos), never in Minho. A cellar keeps wine for 4 years instead of 2 and adds 1, 3 or 5 to its value in slots 2, 3 and 4.", R10PriceCellar),
	"sales":         fmt.Sprintf("Sell 1 or more wines: for each, put a barrel on an empty slot of the wine's color whose number your wine's value reaches; your bank account (not your cash) gains that number, up to %d. Renown cubes can be spent only when they are needed to reach the slot. Barrels come back from Sales only in pairs (see pairs) or by a Wine Expert.", R10AccountMax),
	"export":        "Export 1 or more wines like a sale, but to a country's slot, for the VP of its row at once. At the end, the player with most barrels in a country scores the VP at the top of its column (ties split). With 2 players only the framed slots count.",
	"press release": "Pass / Press Release: move your order marker to the bottom row (next round's order), then pass or, once per Fair, present a wine: Fair Points for its value above 9, a Fair tile by value (0-4: the Experts you may play) on a free Fair slot, which pays its two features' sections in Fair Points and a bonus (3 Bagos, an Expert or 2 Fair Points), and, from year 2, up to 2 barrels placed beside Magnates whose wishes the wine meets.",
	"bank":          fmt.Sprintf("Bank space: withdraw, deposit or invest, as often as you like, at least once. The account holds 0 to %d; emptying it costs 2 VP. Investing moves the marker right for Bagos from the account; divesting, at any time, moves it left for cash. At Maintenance the bank pays the investment's interest (or charges it), then 1 per enologist; what it cannot pay costs a winery (or vineyard) and enologists. At the end the account scores 0, 3, 7, 12 or 18 VP.", R10AccountMax),
	"benefits":      "Once a turn, before your move or after your action, discard a wine to move one of your barrels on a Magnate's row (on the Magnate's space or one of its Additional Actions) to another of its Additional Actions, done at once, or to a free Multiplier slot, for VP at once or at the end. Barrels reach the Magnates by Press Release. After the last Fair, benefit rounds run until everyone passes.",
}

// pairsHelp is taking back pairs of barrels, as the Reserve and the first
// edition play it.
const pairsHelp = "Before your action, or at the start of a Fair, take back pairs of your barrels from one establishment of the Sales area (never a lone barrel): each pair puts 2 Renown cubes in 2 different regions."

// inWords is topics put in a mode's words (terms.words).
func inWords(topics map[string]string, words *strings.Replacer) map[string]string {
	out := make(map[string]string, len(topics))
	for name, text := range topics {
		out[name] = words.Replace(text)
	}
	return out
}

// reserveWorkers is the Enologists action, and what the mode says of
// farmers.
func reserveWorkers(farmers string) string {
	return fmt.Sprintf("Hire 1 or 2 enologists (%d Bago each, +2 quality), each on a winery without one. At every Maintenance your bank account pays each its salary of 1 Bago; an enologist it cannot pay leaves. Before production you may move them between your estates.", R10PriceEnologist) + farmers
}

// reserveExperts is the Wine Experts action, and how the mode keeps to
// its limit of 6.
func reserveExperts(limit string) string {
	return fmt.Sprintf("Hire 1 or 2 Wine Experts (%d Bago each) from the top of a deck. You hold at most %d: %s. During your turn you may flip any number face down for their abilities; they flip back up before years 4 and 6. At a Fair you play face-up Experts of your Fair slot's two features (see fair).", PriceExpert, R10ExpertLimit, limit)
}

// reserveFair is the Fair, with the places that score with 2 players.
func reserveFair(twoPlayerPlaces string) string {
	return "In years 3, 5 and 6 everyone without a Fair tile presents a wine (pairs of barrels may be taken back first). Each chooses in secret which face-up Experts of their Fair slot's two features to play, at most their Fair tile's number; all are revealed together, arrows move the Feature markers, and each Expert scores its feature's section in Fair Points. Fair Points rank the players for VP (9/6/3, 12/8/4, 15/10/5; " + twoPlayerPlaces + " with 2 players; ties split); with 4, the last takes an Expert. Then the last on the Fair Points track plays first, the next-to-last second, and so on."
}

// reserveScoring is the final scoring, with the cash Multiplier's cap.
func reserveScoring(cashCap string) string {
	return "At the end: the bank account's section, Export majorities, and the end-game Multipliers your barrels hold (cash counts what divesting would add: 1 VP a Bago on the left slot, 1 for 2 on the right, " + cashCap + "). No VP for cash or wines. Ties go to more Export barrels, then cash and account after divesting."
}
