package commands

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/docs"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
)

// askRules answers /vinhos rules topic:<topic> and checks that the answer
// is private and fits in a Discord message.
func askRules(t *testing.T, h *Handler, topic string) string {
	t.Helper()
	r := h.Handle(slash(u9, "rules", &discordgo.ApplicationCommandInteractionDataOption{
		Name: "topic", Type: discordgo.ApplicationCommandOptionString, Value: topic}))
	if !ephemeral(r) {
		t.Fatalf("topic %q is answered in public: %+v", topic, r.Ack)
	}
	text := r.Ack.Data.Content
	if n := utf8.RuneCountInString(text); n > contentLimit {
		t.Errorf("topic %q: %d characters", topic, n)
	}
	return text
}

// rulesChoices is what autocomplete offers while typing a rules topic; it
// checks Discord's limits on the answer.
func rulesChoices(t *testing.T, h *Handler, typed string) []*discordgo.ApplicationCommandOptionChoice {
	t.Helper()
	r := h.Handle(typing(u9, "rules", "topic", typed))
	if r.Ack == nil || r.Ack.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		t.Fatalf("typing %q: %+v", typed, r.Ack)
	}
	choices := r.Ack.Data.Choices
	if len(choices) > choicesLimit {
		t.Errorf("typing %q offers %d choices", typed, len(choices))
	}
	for _, c := range choices {
		v, _ := c.Value.(string)
		if utf8.RuneCountInString(c.Name) > choiceNameLimit || utf8.RuneCountInString(v) > choiceValueLimit || v == "" {
			t.Errorf("typing %q offers %q = %q", typed, c.Name, v)
		}
	}
	return choices
}

// helpModes are Vinhos's modes, and "" for no game in the channel.
var helpModes = []string{"", vinhos.ModeSpecial2016, vinhos.ModeSolo, vinhos.ModeReserve2010, vinhos.ModeClassic2010}

// handlerInMode is a handler whose test thread holds a Vinhos game of the
// named mode ("": no game).
func handlerInMode(t *testing.T, mode string) *Handler {
	h := newHandler(t)
	switch mode {
	case "":
	case vinhos.ModeSolo:
		startMode(t, h, "vinhos", mode, 1)
	default:
		startMode(t, h, "vinhos", mode, 2)
	}
	return h
}

// TestRulingsIndexListsEverySection: outside a game and in a game of each
// mode, the index fits one message and reaches every ruling: the groups
// that hold for the game's mode by their titles (outside a game, all but
// the groups of one mode), the others by their name, which lists them.
func TestRulingsIndexListsEverySection(t *testing.T) {
	page := docs.Rulings()
	groupModes := vinhos.Game{}.RulingsGroupModes()
	for _, mode := range helpModes {
		h := handlerInMode(t, mode)
		text := askRules(t, h, "rulings")
		if !strings.Contains(text, "Type a word of a title in `topic:`") || strings.HasSuffix(text, "…") {
			t.Errorf("%q: the index does not say how to read a ruling, or is cut:\n%s", mode, text)
		}
		for _, s := range page.Sections {
			if modes, some := groupModes[s.Group]; !some || slices.Contains(modes, mode) {
				if !strings.Contains(text, s.Title) || !strings.Contains(text, "**"+s.Group+"**") {
					t.Errorf("%q: the index lacks %q (%s):\n%s", mode, s.Title, s.Group, text)
				}
				continue
			}
			if strings.Contains(text, "**"+s.Group+"**") || !strings.Contains(text, s.Group) {
				t.Errorf("%q: the index does not name the group %q, for another mode, by its name alone:\n%s", mode, s.Group, text)
			}
			if group := askRules(t, h, s.Group); !strings.HasPrefix(group, "### "+s.Group+"\n") || !strings.Contains(group, s.Title) {
				t.Errorf("%q: the group %q does not list %q:\n%s", mode, s.Group, s.Title, group)
			}
			if !slices.ContainsFunc(rulesChoices(t, h, s.Group), func(c *discordgo.ApplicationCommandOptionChoice) bool { return c.Value == s.Group }) {
				t.Errorf("%q: typing %q does not offer the group", mode, s.Group)
			}
		}
	}
}

// Each group of rulings a game declares for some modes is a group of its
// page, for modes it has.
func TestRulingsGroupsForOneModeExist(t *testing.T) {
	groups := map[string]bool{}
	for _, s := range docs.Rulings().Sections {
		groups[s.Group] = true
	}
	for group, modes := range (vinhos.Game{}).RulingsGroupModes() {
		if !groups[group] {
			t.Errorf("RULINGS.md has no group %q", group)
		}
		for _, mode := range modes {
			if _, err := engine.ModeOf(vinhos.Game{}, mode); err != nil || mode == "" {
				t.Errorf("%q: %q is no mode: %v", group, mode, err)
			}
		}
	}
}

// TestRulesAnswerByTheModeOfTheGameInView: in a game's channel, /vinhos
// rules answers by the rules of that game's mode, and says which; outside
// a game, by the default mode's (issue 31, point 10).
func TestRulesAnswerByTheModeOfTheGameInView(t *testing.T) {
	for _, tc := range []struct{ mode, topic, says, notSays string }{
		{"", "workers", "**workers**: Hire 1 or 2 workers: an enologist (3 Bagos", "2010 Reserve"},
		{vinhos.ModeReserve2010, "workers", "**workers** — 2010 Reserve: Hire 1 or 2 enologists (1 Bago each", "3 Bagos"},
		{vinhos.ModeClassic2010, "scoring", "with no cap", "at most 16"},
		{vinhos.ModeClassic2010, "fair", "the last on the Fair Points track plays first", "booths"},
		{vinhos.ModeSolo, "solo", "**solo** — Solo against Lacerda: ", ""},
	} {
		text := askRules(t, handlerInMode(t, tc.mode), tc.topic)
		if !strings.Contains(text, tc.says) || tc.notSays != "" && strings.Contains(text, tc.notSays) {
			t.Errorf("%q in a game of %q answers:\n%s", tc.topic, tc.mode, text)
		}
	}
	h := handlerInMode(t, vinhos.ModeSolo)
	list := askRules(t, h, "")
	if !strings.HasPrefix(list, "**Vinhos Deluxe, Solo against Lacerda**: the rules help's topics for this game are") ||
		!strings.Contains(list, "`solo`") || strings.Contains(list, "`reserve`") || strings.Contains(list, "`first edition`") {
		t.Errorf("the solo game's topics:\n%s", list)
	}
	for _, c := range rulesChoices(t, h, "") {
		if c.Value == "reserve" || c.Value == "bank" {
			t.Errorf("a solo game offers %q", c.Value)
		}
	}
}

// TestEveryTopicOfEveryModeFitsAMessage: every topic of every mode answers
// within one message, headed by its name.
func TestEveryTopicOfEveryModeFitsAMessage(t *testing.T) {
	for _, mode := range helpModes {
		h := handlerInMode(t, mode)
		for _, name := range topicNames(vinhos.Game{}, mode) {
			if text := askRules(t, h, name); !strings.HasPrefix(text, "**"+name+"**") {
				t.Errorf("%q in a game of %q answers:\n%s", name, mode, text)
			}
		}
	}
}

// TestEveryRulingIsReachable: each section of the page is offered while its
// title is typed, and answers whole, by its title, within one message.
func TestEveryRulingIsReachable(t *testing.T) {
	h := newHandler(t)
	for _, s := range docs.Rulings().Sections {
		text := askRules(t, h, s.Title)
		if !strings.HasPrefix(text, "### "+s.Title+"\n") || strings.Contains(text, "the rest is on the rulings page") {
			t.Errorf("%q answers:\n%s", s.Title, text)
		}
		if want := docs.Unwrap(s.Body); !strings.Contains(text, want) {
			t.Errorf("%q does not answer its whole text:\n%s", s.Title, text)
		}
		if lower := askRules(t, h, strings.ToLower(s.Title)); lower != text {
			t.Errorf("%q in lower case answers differently", s.Title)
		}
		found := false
		for _, c := range rulesChoices(t, h, s.Title) {
			found = found || c.Value == s.Title
		}
		if !found {
			t.Errorf("typing %q does not offer it", s.Title)
		}
	}
}

func TestRulesAutocompleteStaysWithinDiscordsLimits(t *testing.T) {
	h := newHandler(t)
	typed := []string{"", " ", "the", "lacerda", "wine", "expert", "solo", "messages"}
	for c := 'a'; c <= 'z'; c++ {
		typed = append(typed, string(c))
	}
	for _, s := range docs.Rulings().Sections {
		typed = append(typed, s.Group)
	}
	for _, text := range typed {
		rulesChoices(t, h, text)
	}
	topics := vinhos.Game{}.RulesTopics("")
	if got := rulesChoices(t, h, ""); len(got) != len(topics)+1 {
		t.Errorf("with nothing typed: %d choices, want the %d topics and rulings", len(got), len(topics)+1)
	}
	if got := rulesChoices(t, h, "zzz"); len(got) != 0 {
		t.Errorf("typing zzz offers %+v", got)
	}
}

func TestRulesTopicAnswersPartialNames(t *testing.T) {
	h := newHandler(t)
	if text := askRules(t, h, "second sale"); !strings.HasPrefix(text, "### Lacerda's second sale\n") {
		t.Errorf("a word of one title: %s", text)
	}
	if text := askRules(t, h, "lacerda"); !strings.HasPrefix(text, "Several rulings match:") || !strings.Contains(text, "Lacerda's bribe") {
		t.Errorf("a word of several titles: %s", text)
	}
	if text := askRules(t, h, "nothing like it"); !strings.Contains(text, "rulings") || !strings.Contains(text, "movement") {
		t.Errorf("an unknown topic: %s", text)
	}
}

// Each game that declares a rulings page (engine.Rulings) has it among
// the pages docs holds; a game without one has none.
func TestDeclaredRulingsPagesExist(t *testing.T) {
	for _, tc := range []struct {
		game engine.Game
		file string
	}{{vinhos.Game{}, "RULINGS.md"}, {lavina.Game{}, "RULINGS-LAVINA.md"}, {nim.Game{}, ""}} {
		page, file, ok := rulingsOf(tc.game)
		if file != tc.file || ok != (tc.file != "") || ok && len(page.Sections) == 0 {
			t.Errorf("%s: rulings %q (%v, %d sections), want %q", tc.game.Name(), file, ok, len(page.Sections), tc.file)
		}
	}
}

// "/GAME rules" with no topic lists the topics, as an answer, not a
// refusal (issue 31, point 10).
func TestRulesWithoutATopicListsTheTopics(t *testing.T) {
	text := askRules(t, newHandler(t), "")
	if strings.HasPrefix(text, "Refused") || !strings.Contains(text, "`"+rulingsTopic+"`") || !strings.Contains(text, "Type one in `topic:`") {
		t.Errorf("rules without a topic answers:\n%s", text)
	}
	for _, name := range topicNames(vinhos.Game{}, "") {
		if !strings.Contains(text, "`"+name+"`") {
			t.Errorf("the list lacks %q:\n%s", name, text)
		}
	}
}

// TestRulingsSayWhichModeTheyHoldFor: a ruling for the 2016 rules alone
// says so in its title; the Cash Multiplier's says what each slot pays;
// the Reserve's variants have their rulings (issue 31, point 10).
func TestRulingsSayWhichModeTheyHoldFor(t *testing.T) {
	h := handlerInMode(t, vinhos.ModeReserve2010)
	for typed, says := range map[string]string{
		"maintenance takes back":   "### Maintenance takes back one barrel (2016)\n",
		"player order after":       "### Player order after the Fair (2016)\n",
		"one wine expert per":      "### One Wine Expert per turn (2016)\n",
		"taking back a barrel":     "### Taking back a barrel (2016)\n",
		"the last action":          "### The last action of the game (2016)\n",
		"cash multiplier":          "Its left slot pays 1 VP a Bago, its right slot 1 VP for 2 Bagos",
		"maintenance variant":      "Only then does each bank pay the interest and the salaries.",
		"the five-estates variant": "5 Estates",
	} {
		if text := askRules(t, h, typed); !strings.Contains(text, says) {
			t.Errorf("%q answers:\n%s", typed, text)
		}
	}
	if index := askRules(t, h, "rulings"); !strings.Contains(index, "Maintenance takes back one barrel (2016)") {
		t.Errorf("the index does not mark the 2016 rulings:\n%s", index)
	}
}
