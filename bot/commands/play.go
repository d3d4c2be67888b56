package commands

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/referee"
)

// Every decision can be typed as a slash command: /vinhos play with its
// steps in order, or a subcommand named after a Quadrel action, which
// fills in the move to that action's space. Each step option autocompletes
// from the engine's legal choices, given the steps already filled in.

// stepOptions is how many step options a command offers.
const stepOptions = 8

func stepName(k int) string { return "step" + strconv.Itoa(k+1) }

// stepValues reads step1, step2, ... in order, stopping at the first gap or
// at the focused (autocompleting) option.
func stepValues(opts []*discordgo.ApplicationCommandInteractionDataOption) (values []string, focused *discordgo.ApplicationCommandInteractionDataOption) {
	byName := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range opts {
		byName[o.Name] = o
	}
	for k := range stepOptions {
		o, ok := byName[stepName(k)]
		if !ok {
			break
		}
		if o.Focused {
			return values, o
		}
		values = append(values, o.StringValue())
	}
	return values, nil
}

// checkStepOrder refuses a command with a step after a gap (step3 without
// step2), which would otherwise be left unread.
func checkStepOrder(opts []*discordgo.ApplicationCommandInteractionDataOption) error {
	given := map[string]bool{}
	for _, o := range opts {
		given[o.Name] = true
	}
	for k := stepOptions - 1; k > 0; k-- {
		if given[stepName(k)] && !given[stepName(k-1)] {
			return engine.Errorf(engine.CodeUnknownChoice, "%s is given without %s: give the steps in order, from step1.", stepName(k), stepName(k-1))
		}
	}
	return nil
}

// commandPrefix is the first steps a shortcut subcommand stands for: none
// for /GAME play.
func (h *Handler) commandPrefix(g *adega.Game, seat engine.Seat, sub string) (engine.Action, error) {
	game, err := h.Games.Lookup(g.Meta.Game)
	if err != nil {
		return nil, err
	}
	if sc, ok := Shortcut(game, sub); ok {
		return sc.Start(g.State, seat)
	}
	return nil, nil
}

// play applies a typed decision. A typed command acts on the game as its
// sender saw it: sent again before the sender could know it was played (a
// double Enter, a retry after "The application did not respond"), it is
// answered "already played", whatever the game allows now. A command may
// hold a whole turn that the game plays in parts, where a step turns up a
// hidden tile; each part is a move of its own.
func (h *Handler) play(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	g, seat, err := h.playerGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	typed := typedKey(sub)
	if err := h.referee().AlreadyPlayed(g, referee.Play{Seat: seat, Interaction: i.ID, Typed: typed}, h.acked); err != nil {
		return h.fail(i, err)
	}
	prefix, err := h.commandPrefix(g, seat, sub.Name)
	if err != nil {
		return h.fail(i, err)
	}
	if err := checkStepOrder(sub.Options); err != nil {
		return h.fail(i, err)
	}
	values, _ := stepValues(sub.Options)
	part, err := engine.BuildPart(g.State, seat, append(prefix, values...), nil)
	if err != nil {
		return h.fail(i, err)
	}
	action, rest, declined := part.Action, part.Rest, part.Declined
	path, labels, err := pathOf(g.State, seat, action)
	if err != nil {
		return h.fail(i, err)
	}
	if h.needsConfirmation(g, action) && len(rest) == 0 && fitsGuided(g, path) {
		return private(fit(confirmText(labels)+declinedNote(declined)), confirmButtons(g, path)...)
	}
	var all []string
	interaction := i.ID
	for part := 1; ; part++ {
		res, err := h.move(i, g, g.Stamp, action, interaction, typed)
		if err != nil {
			return h.failAfter(i, all, err)
		}
		g, all = res.Game, append(all, labels...)
		if !engine.Continues(g.State, seat) {
			if len(rest) > 0 {
				return h.failAfter(i, all, engine.Errorf(engine.CodeIllegal, "%s was not played: your turn had ended.", engine.Quote(strings.Join(rest, " "))))
			}
			break
		}
		// The rest goes on from what the first part turned up. It is the
		// same command, not a copy of it: a fingerprint of its own, and no
		// interaction, which the first part recorded. Steps left out are
		// declined where they may be, as in any command; where they may
		// not, the player goes on with the menu.
		interaction, typed = "", PartTyped(typedKey(sub), part+1)
		next, err := engine.BuildPart(g.State, seat, rest, nil)
		if err != nil && len(rest) == 0 {
			break
		}
		if err != nil {
			return h.failAfter(i, all, err)
		}
		if _, labels, err = pathOf(g.State, seat, next.Action); err != nil {
			return h.failAfter(i, all, err)
		}
		action, rest, declined = next.Action, next.Rest, append(declined, next.Declined...)
	}
	return withNote(h.played(i, g, seat, all), declinedNote(declined))
}

// PartTyped is the fingerprint of part n (from 2) of a typed command
// played in parts: the same command, marked, so that a copy of it sent
// again is known (referee.AlreadyPlayed) and an undo takes back all its
// parts together (laterPart).
func PartTyped(typed string, n int) string { return fmt.Sprintf("%s (part %d)", typed, n) }

// laterPart matches the mark PartTyped puts on a command's later parts.
var laterPart = regexp.MustCompile(` \(part [0-9]+\)$`)

// declinedNote says which steps a command left out and so declined, so
// that nothing of value is given up in silence.
func declinedNote(declined []engine.Declined) string {
	if len(declined) == 0 {
		return ""
	}
	var lines []string
	for _, d := range declined {
		lines = append(lines, "• "+d.Text())
	}
	return "\nLeft out of your command, so declined:\n" + strings.Join(lines, "\n")
}

// withNote adds a note to a reply's text, within Discord's limit.
func withNote(r Reply, note string) Reply {
	if note != "" && r.Ack != nil && r.Ack.Data != nil {
		r.Ack.Data.Content = fit(r.Ack.Data.Content + note)
	}
	return r
}

// failAfter refuses the rest of a typed turn whose first parts were played.
func (h *Handler) failAfter(i *discordgo.Interaction, played []string, err error) Reply {
	r := h.fail(i, err)
	if len(played) > 0 && r.Ack != nil && r.Ack.Data != nil {
		r.Ack.Data.Content = fit("Played: " + strings.Join(played, " → ") + ". Then: " + r.Ack.Data.Content)
	}
	return r
}

// typedKey fingerprints a typed command: its name and options as typed.
func typedKey(sub *discordgo.ApplicationCommandInteractionDataOption) string {
	parts := []string{sub.Name}
	values, _ := stepValues(sub.Options)
	return strings.Join(append(parts, values...), " ")
}

// autocomplete offers the legal choices for the focused step option.
func (h *Handler) autocomplete(i *discordgo.Interaction) Reply {
	data := i.ApplicationCommandData()
	var choices []*discordgo.ApplicationCommandOptionChoice
	if h.checkCommand(data) == nil {
		if r, game, sub, ok := h.routeOf(data); ok && r.complete != nil {
			choices = r.complete(h, i, game, sub)
		}
	}
	return Reply{Ack: &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	}}
}

func (h *Handler) stepChoices(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandOptionChoice {
	values, focused := stepValues(sub.Options)
	if focused == nil {
		return nil
	}
	g, seat, err := h.playerGame(i)
	if err != nil {
		return hint(err.Error())
	}
	prefix, err := h.commandPrefix(g, seat, sub.Name)
	if err != nil {
		return hint(err.Error())
	}
	_, next, err := engine.Resolve(g.State, seat, append(prefix, values...), nil)
	switch {
	case err != nil:
		return hint(err.Error())
	case next.Complete:
		return hint("Nothing more to choose now: send the command. What comes up next is offered once it is played.")
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, c := range next.Filter(focused.StringValue(), selectLimit) {
		if len(c.ID) > choiceValueLimit {
			continue // Discord could not send it back; the guided menu offers it
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: engine.Shorten(c.Label, choiceNameLimit), Value: c.ID})
	}
	if len(out) == 0 {
		return hint(fmt.Sprintf("No choice matches; %s", next.Prompt))
	}
	return out
}

// hint shows a message in the autocomplete list; picking it sends a value
// the command refuses with the same message.
func hint(text string) []*discordgo.ApplicationCommandOptionChoice {
	return []*discordgo.ApplicationCommandOptionChoice{{Name: engine.Shorten(text, choiceNameLimit), Value: "?"}}
}

// needsConfirmation: a typed move worth a second look before it is
// played: a long decision, of longDecision steps or more, or a move
// its game declares (engine.Confirmations).
func (h *Handler) needsConfirmation(g *adega.Game, action engine.Action) bool {
	steps := 0
	for _, id := range action {
		if !slices.Contains(engine.SkipIDs, id) {
			steps++
		}
	}
	if steps >= longDecision {
		return true
	}
	game, err := h.Games.Lookup(g.Meta.Game)
	if c, ok := game.(engine.Confirmations); ok && err == nil {
		return c.NeedsConfirmation(action)
	}
	return false
}

// longDecision is how many steps make a decision long enough to confirm
// whatever the game.
const longDecision = 4
