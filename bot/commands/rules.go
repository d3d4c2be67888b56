package commands

import (
	"sort"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/docs"
	"github.com/adega-bot/adega/engine"
)

// topics is short rules help, written for this bot: what each part of a
// turn does and costs, in the words the buttons use.
var topics = map[string]string{
	"overview":      "Six years, two actions each per year. Build estates (vineyards, wineries, cellars), hire enologists and farmers, make wine every year and sell it for Bagos or export it for VP. Three Fairs (years 3, 5 and 6) score Fair Points. Most VP after the final scoring wins.",
	"movement":      "Each action moves your marker to another space of the 3×3 grid. A neighbouring space (diagonals count) is free; any other costs 1 Bago. Add 1 Bago to each player already there and 1 to the bank where the Year marker stands. Pass / Press Release is always free. You cannot move where you cannot pay for the move and the action.",
	"vineyards":     "Buy 1 or 2 vineyards from different regions at the price shown. An estate holds vineyards of one region and one color, at most 2. The first vineyard of an estate brings its region's bonus and each purchase adds a Renown cube to the region.",
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
}

// The rulings page, docs/RULINGS.md, answers too: the topic "rulings" lists
// its sections, and each section is a topic named by its title. The page is
// the only copy of their text.
const rulingsTopic = "rulings"

var rulingsPage = docs.Rulings()

// choicesLimit is the most choices Discord takes in an autocomplete answer.
const choicesLimit = 25

func (h *Handler) rules(sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	topic := ""
	for _, o := range sub.Options {
		if o.Name == "topic" {
			topic = o.StringValue()
		}
	}
	text, err := RulesText(topic)
	if err != nil {
		return private(err.Error())
	}
	return private(text)
}

// RulesText is the help on a topic, in any case: a short rules topic, the
// rulings' index, or a ruling named by a word of its title; or a refusal
// that says what to ask for. The local table shows it too.
func RulesText(topic string) (string, error) {
	topic = strings.ToLower(strings.TrimSpace(topic))
	if text, ok := topics[topic]; ok {
		return "**" + topic + "**: " + text, nil
	}
	if topic == rulingsTopic {
		return rulingsIndex(), nil
	}
	found := matchRulings(topic)
	switch {
	case topic == "" || len(found) == 0:
		return "", engine.Errorf(engine.CodeUnknownChoice, "Pick a topic from the list: %s, or %s for the rulings adega plays by.", strings.Join(topicNames(), ", "), rulingsTopic)
	case len(found) == 1:
		return rulingText(found[0]), nil
	}
	titles := make([]string, len(found))
	for i, s := range found {
		titles[i] = s.Title
	}
	return "", engine.Errorf(engine.CodeUnknownChoice, "Several rulings match: %s. Pick one from the list.", strings.Join(titles, " · "))
}

// matchRulings finds the rulings a typed topic names: the one whose title it
// is, or else those whose title or group holds it.
func matchRulings(typed string) []docs.Section {
	var out []docs.Section
	for _, s := range rulingsPage.Sections {
		if strings.ToLower(s.Title) == typed {
			return []docs.Section{s}
		}
		if strings.Contains(strings.ToLower(s.Title), typed) || strings.Contains(strings.ToLower(s.Group), typed) {
			out = append(out, s)
		}
	}
	return out
}

// rulingText is one ruling as Discord shows it. A section too long for one
// message ends at its last paragraph that fits, with a pointer to the page;
// the tests keep every section short enough not to need it.
func rulingText(s docs.Section) string {
	const more = "… (the rest is on the rulings page, docs/RULINGS.md)"
	head := "### " + s.Title + "\n"
	tail := "\n-# One of adega's rulings (" + s.Group + "); `/vinhos rules topic:rulings` lists them all."
	blocks := strings.Split(docs.Unwrap(s.Body), "\n\n")
	for n := len(blocks); n > 0; n-- {
		body := strings.Join(blocks[:n], "\n\n")
		if n < len(blocks) {
			body += "\n\n" + more
		}
		if text := head + body + tail; len(text) <= contentLimit {
			return text
		}
	}
	return fit(head + blocks[0])
}

// rulingsIndex lists the rulings' titles by group.
func rulingsIndex() string {
	var b strings.Builder
	b.WriteString("### " + rulingsPage.Title + "\n")
	intro, _, _ := strings.Cut(docs.Unwrap(rulingsPage.Intro), "\n\n")
	b.WriteString(intro + "\n")
	group := ""
	for _, s := range rulingsPage.Sections {
		if s.Group != group {
			group = s.Group
			b.WriteString("\n**" + group + "**: ")
		} else {
			b.WriteString(" · ")
		}
		b.WriteString(s.Title)
	}
	b.WriteString("\n\nType a word of a title in `topic:` to read that ruling.")
	return fit(b.String())
}

func topicNames() []string {
	names := make([]string, 0, len(topics))
	for name := range topics {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// topicChoices offers the topics, "rulings" and the rulings whose title or
// group holds what is typed; with nothing typed, the topics and "rulings".
// Discord takes at most choicesLimit choices.
func topicChoices(sub *discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandOptionChoice {
	typed := ""
	for _, o := range sub.Options {
		if o.Focused {
			typed = strings.ToLower(strings.TrimSpace(o.StringValue()))
		}
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	add := func(name, value string) {
		if len(out) < choicesLimit {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value})
		}
	}
	for _, name := range append(topicNames(), rulingsTopic) {
		if strings.Contains(name, typed) {
			add(name, name)
		}
	}
	if typed == "" {
		return out
	}
	for _, s := range matchRulings(typed) {
		add("Ruling: "+s.Title, s.Title)
	}
	return out
}
