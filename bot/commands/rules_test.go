package commands

import (
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

func TestRulingsIndexListsEverySection(t *testing.T) {
	text := askRules(t, newHandler(t), "rulings")
	page := docs.Rulings()
	if !strings.Contains(text, "Type a word of a title in `topic:`") || strings.HasSuffix(text, "…") {
		t.Errorf("the index does not say how to read a ruling, or is cut:\n%s", text)
	}
	for _, s := range page.Sections {
		if !strings.Contains(text, s.Title) || !strings.Contains(text, "**"+s.Group+"**") {
			t.Errorf("the index lacks %q (%s):\n%s", s.Title, s.Group, text)
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
	topics := vinhos.Game{}.RulesTopics()
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
	for _, name := range topicNames(vinhos.Game{}) {
		if !strings.Contains(text, "`"+name+"`") {
			t.Errorf("the list lacks %q:\n%s", name, text)
		}
	}
}
