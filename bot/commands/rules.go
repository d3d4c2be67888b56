package commands

import (
	"slices"
	"sort"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/docs"
	"github.com/adega-bot/adega/engine"
)

// A game's rulings page answers too: the topic "rulings" lists its
// sections, and each section is a topic named by its title. The page is
// the only copy of their text.
const rulingsTopic = "rulings"

// rulingsOf is the page of game's rulings and its file name, if the game
// declares one (engine.Rulings).
func rulingsOf(game engine.Game) (docs.Page, string, bool) {
	r, ok := game.(engine.Rulings)
	if !ok {
		return docs.Page{}, "", false
	}
	page, ok := docs.RulingsNamed(r.RulingsPage())
	return page, r.RulingsPage(), ok
}

func (h *Handler) rules(i *discordgo.Interaction, game engine.Game, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	topic := ""
	for _, o := range sub.Options {
		if o.Name == "topic" {
			topic = o.StringValue()
		}
	}
	text, err := RulesText(game, h.gameInView(i, game), topic)
	if err != nil {
		return private(err.Error())
	}
	return private(text)
}

// gameInView is the channel's game, if it is one of the command's game:
// the rules help answers by its mode. With none, or one that cannot be
// read, the help answers for no game in particular. A game of one mode
// answers the same either way, so its help (and every keystroke of its
// autocomplete) reads nothing from the store.
func (h *Handler) gameInView(i *discordgo.Interaction, game engine.Game) *adega.Game {
	if len(game.Modes()) < 2 {
		return nil
	}
	g, err := h.channelGame(i)
	if err != nil {
		return nil
	}
	return g
}

// modeInView is the mode of the game in view, here; the zero Mode if there
// is none.
func modeInView(game engine.Game, here *adega.Game) engine.Mode {
	if here == nil {
		return engine.Mode{}
	}
	mode, err := engine.ModeOf(game, here.Setup.Mode)
	if err != nil {
		return engine.Mode{}
	}
	return mode
}

// RulesText is the help on a topic, in any case, as the game in view
// (here, nil for none) plays it: a short rules topic, the rulings' index,
// a group of rulings or a ruling named by a word of its title; or a
// refusal that says what to ask for. The local table shows it too.
func RulesText(game engine.Game, here *adega.Game, topic string) (string, error) {
	mode := modeInView(game, here)
	topic = strings.ToLower(strings.TrimSpace(topic))
	if text, ok := topicsOf(game, mode.Name)[topic]; ok {
		return "**" + topic + "**" + modeNote(game, mode) + ": " + text, nil
	}
	page, file, hasRulings := rulingsOf(game)
	if topic == "" {
		return topicList(game, mode, hasRulings), nil
	}
	if topic == rulingsTopic && hasRulings {
		return rulingsIndex(game, page, mode.Name), nil
	}
	for _, g := range groupsOf(page) {
		if strings.ToLower(g.name) == topic {
			return fit("### " + g.name + "\n" + strings.Join(g.titles, " · ") + "\n-# " + readARuling), nil
		}
	}
	found := matchRulings(page, topic)
	switch {
	case len(found) == 0 && hasRulings:
		return "", engine.Errorf(engine.CodeUnknownChoice, "Pick a topic from the list: %s, or %s for the rulings adega plays by.", strings.Join(topicNames(game, mode.Name), ", "), rulingsTopic)
	case len(found) == 0:
		return "", engine.Errorf(engine.CodeUnknownChoice, "Pick a topic from the list: %s.", strings.Join(topicNames(game, mode.Name), ", "))
	case len(found) == 1:
		return rulingText(game, file, found[0]), nil
	}
	titles := make([]string, len(found))
	for i, s := range found {
		titles[i] = s.Title
	}
	return "", engine.Errorf(engine.CodeUnknownChoice, "Several rulings match: %s. Pick one from the list.", strings.Join(titles, " · "))
}

// modeNote names the mode a topic's text is for, in a game of a game with
// several modes.
func modeNote(game engine.Game, mode engine.Mode) string {
	if mode.Name == "" || len(game.Modes()) < 2 {
		return ""
	}
	return " — " + mode.Title
}

// matchRulings finds the rulings a typed topic names: the one whose title it
// is, or else those whose title or group holds it.
func matchRulings(page docs.Page, typed string) []docs.Section {
	var out []docs.Section
	for _, s := range page.Sections {
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
func rulingText(game engine.Game, file string, s docs.Section) string {
	more := "… (the rest is on the rulings page, docs/" + file + ")"
	head := "### " + s.Title + "\n"
	tail := "\n-# One of adega's rulings (" + s.Group + "); `/" + game.Name() + " rules topic:rulings` lists them all."
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

// readARuling says how to read a ruling of a list.
const readARuling = "Type a word of a title in `topic:` to read that ruling."

// rulingGroup is a group of a rulings page: its heading and its sections'
// titles, in the page's order.
type rulingGroup struct {
	name   string
	titles []string
}

// groupsOf are page's groups.
func groupsOf(page docs.Page) []rulingGroup {
	var out []rulingGroup
	for _, s := range page.Sections {
		if len(out) == 0 || out[len(out)-1].name != s.Group {
			out = append(out, rulingGroup{name: s.Group})
		}
		last := &out[len(out)-1]
		last.titles = append(last.titles, s.Title)
	}
	return out
}

// rulingsIndex lists the rulings' titles by group. A group that holds
// for other modes than the game in view's (engine.ModeRulings) is listed
// by its name only, which lists its rulings when typed: so the index
// fits one message, and shows a game's players what holds for them.
func rulingsIndex(game engine.Game, page docs.Page, mode string) string {
	var b strings.Builder
	// The way in, and no more: each ruling says why it reads as it does.
	b.WriteString("### " + page.Title + "\n" + readARuling + " Type a group's name to list its rulings.\n")
	var others []string
	for _, g := range groupsOf(page) {
		if !holdsFor(game, g.name, mode) {
			others = append(others, g.name)
			continue
		}
		b.WriteString("\n**" + g.name + "**: " + strings.Join(g.titles, " · "))
	}
	if len(others) > 0 {
		b.WriteString("\n**" + otherModesGroups + "**: " + strings.Join(others, " · "))
	}
	return fit(b.String())
}

// otherModesGroups heads, in the rulings' index, the groups of rulings
// for other modes than the game in view's.
const otherModesGroups = "Groups for one mode"

// holdsFor reports whether game's rulings group holds for the named mode
// ("": no game in view): every group does but those a game declares for
// some modes only.
func holdsFor(game engine.Game, group, mode string) bool {
	r, ok := game.(engine.ModeRulings)
	if !ok {
		return true
	}
	modes, some := r.RulingsGroupModes()[group]
	return !some || slices.Contains(modes, mode)
}

// topicList answers a rules command without a topic: the topics there
// are for the game in view (mode), and how to ask for one.
func topicList(game engine.Game, mode engine.Mode, hasRulings bool) string {
	topics := "`" + strings.Join(topicNames(game, mode.Name), "`, `") + "`"
	if hasRulings {
		topics += ", and `" + rulingsTopic + "` for the readings adega plays by"
	}
	text := "**" + game.Title() + "**: the rules help's topics are " + topics + ". Type one in `topic:`."
	switch modes := game.Modes(); {
	case mode.Name != "":
		text = "**" + mode.FullTitle(game) + "**: the rules help's topics for this game are " + topics + ". Type one in `topic:`."
	case len(modes) > 1:
		text += " Outside a game they give the " + modes[0].Title + " rules, and each other mode's own topics; in a game's channel, that game's rules."
	}
	return fit(text)
}

// topicsOf is a game's short rules help, by topic, for the named mode
// ("": no game in view).
func topicsOf(game engine.Game, mode string) map[string]string {
	if h, ok := game.(engine.RulesHelp); ok {
		return h.RulesTopics(mode)
	}
	return nil
}

func topicNames(game engine.Game, mode string) []string {
	topics := topicsOf(game, mode)
	names := make([]string, 0, len(topics))
	for name := range topics {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// topicChoices offers the topics of the game in view (here), "rulings",
// and the groups of rulings and the rulings whose title or group holds
// what is typed; with nothing typed, the topics and "rulings". Discord takes at most choicesLimit
// choices.
func topicChoices(game engine.Game, here *adega.Game, sub *discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandOptionChoice {
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
	page, _, hasRulings := rulingsOf(game)
	names := topicNames(game, modeInView(game, here).Name)
	if hasRulings {
		names = append(names, rulingsTopic)
	}
	for _, name := range names {
		if strings.Contains(name, typed) {
			add(name, name)
		}
	}
	if typed == "" {
		return out
	}
	for _, g := range groupsOf(page) {
		if strings.Contains(strings.ToLower(g.name), typed) {
			add("Rulings on "+g.name, g.name)
		}
	}
	for _, s := range matchRulings(page, typed) {
		add("Ruling: "+s.Title, s.Title)
	}
	return out
}
