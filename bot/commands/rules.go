package commands

import (
	"sort"
	"strings"

	"github.com/bwmarrin/discordgo"

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

func (h *Handler) rules(game engine.Game, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	topic := ""
	for _, o := range sub.Options {
		if o.Name == "topic" {
			topic = o.StringValue()
		}
	}
	text, err := RulesText(game, topic)
	if err != nil {
		return private(err.Error())
	}
	return private(text)
}

// RulesText is the help on a topic, in any case: a short rules topic, the
// rulings' index, or a ruling named by a word of its title; or a refusal
// that says what to ask for. The local table shows it too.
func RulesText(game engine.Game, topic string) (string, error) {
	topic = strings.ToLower(strings.TrimSpace(topic))
	if text, ok := topicsOf(game)[topic]; ok {
		return "**" + topic + "**: " + text, nil
	}
	page, file, hasRulings := rulingsOf(game)
	if topic == "" {
		return topicList(game, hasRulings), nil
	}
	if topic == rulingsTopic && hasRulings {
		return rulingsIndex(page), nil
	}
	found := matchRulings(page, topic)
	switch {
	case (topic == "" || len(found) == 0) && hasRulings:
		return "", engine.Errorf(engine.CodeUnknownChoice, "Pick a topic from the list: %s, or %s for the rulings adega plays by.", strings.Join(topicNames(game), ", "), rulingsTopic)
	case topic == "" || len(found) == 0:
		return "", engine.Errorf(engine.CodeUnknownChoice, "Pick a topic from the list: %s.", strings.Join(topicNames(game), ", "))
	case len(found) == 1:
		return rulingText(game, file, found[0]), nil
	}
	titles := make([]string, len(found))
	for i, s := range found {
		titles[i] = s.Title
	}
	return "", engine.Errorf(engine.CodeUnknownChoice, "Several rulings match: %s. Pick one from the list.", strings.Join(titles, " · "))
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

// rulingsIndex lists the rulings' titles by group.
func rulingsIndex(page docs.Page) string {
	var b strings.Builder
	// The way in, and no more: the index must fit one message, and each
	// ruling says why it reads as it does.
	b.WriteString("### " + page.Title + "\nType a word of a title in `topic:` to read that ruling.\n")
	group := ""
	for _, s := range page.Sections {
		if s.Group != group {
			group = s.Group
			b.WriteString("\n**" + group + "**: ")
		} else {
			b.WriteString(" · ")
		}
		b.WriteString(s.Title)
	}
	return fit(b.String())
}

// topicList answers a rules command without a topic: the topics there
// are, and how to ask for one.
func topicList(game engine.Game, hasRulings bool) string {
	topics := "`" + strings.Join(topicNames(game), "`, `") + "`"
	if hasRulings {
		topics += ", and `" + rulingsTopic + "` for the readings adega plays by"
	}
	return fit("**" + game.Title() + "**: the rules help's topics are " + topics + ". Type one in `topic:`.")
}

// topicsOf is a game's short rules help, by topic.
func topicsOf(game engine.Game) map[string]string {
	if h, ok := game.(engine.RulesHelp); ok {
		return h.RulesTopics()
	}
	return nil
}

func topicNames(game engine.Game) []string {
	topics := topicsOf(game)
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
func topicChoices(game engine.Game, sub *discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandOptionChoice {
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
	names := topicNames(game)
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
	for _, s := range matchRulings(page, typed) {
		add("Ruling: "+s.Title, s.Title)
	}
	return out
}
