package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Action is a complete answer to a prompt: the IDs of the choices taken, one
// per step, in order. A Sales action might be ["sell", "w3", "slot-7", "no-cube"].
type Action []string

func (a Action) String() string { return strings.Join(a, " ") }

// Step is the next decision of an action in progress.
type Step struct {
	// Name is a short option name for the step, used by slash commands and
	// scripts: "wine", "slot". No two steps of one decision share a name.
	Name string `json:"name"`
	// Prompt asks the question in words for the player.
	Prompt string `json:"prompt"`
	// Choices are every legal answer, in a stable order.
	Choices []Choice `json:"choices"`
	// Complete reports that the prefix is already a whole action, ready to
	// apply. Choices is then empty.
	Complete bool `json:"complete"`
	// Continues marks a complete action after which the same seat goes on
	// deciding: it stops where it turns up hidden information, and the
	// rest is a decision of its own (see BuildPart).
	Continues bool `json:"continues,omitempty"`
	// Forfeits marks a step whose declining gives up something the player
	// earned, such as a barrel back from a Magnate: a command that leaves
	// it out is asked for it instead of declining it.
	Forfeits bool `json:"forfeits,omitempty"`
	// Taken lists the steps answered on their own since the previous one,
	// each having a single legal answer. A command may still give them.
	Taken []Taken `json:"taken,omitempty"`
	// Focus names, in the game's own terms, the part of the game the step
	// is about ("sales", "actions"): a renderer draws that part alone
	// beside the menu, large enough for a phone. Empty means none.
	Focus string `json:"focus,omitempty"`
}

// Taken is a step answered on its own, with its only legal answer.
type Taken struct {
	Name   string `json:"name"`
	Prompt string `json:"prompt"`
	Choice Choice `json:"choice"`
}

// Explainer is implemented by states that can say why an answer is not
// legal: "A second Winery costs 3 more Bagos; you have 1."
type Explainer interface {
	// Refusal is the reason value is not a legal answer to the step after
	// prefix, or "" if no rule explains it.
	Refusal(seat Seat, prefix Action, value string) string
}

// Previewer is implemented by states that can show the game as the
// answers so far of a decision leave it, before it is complete: a move
// paid, an item bought. A view drawn in the middle of a decision draws
// it, so that the money and prices it shows are those the next step
// weighs.
type Previewer interface {
	// Preview is the state as seat's answers prefix leave it; prefix
	// must be answers Choices offered.
	Preview(seat Seat, prefix Action) (State, error)
}

// Previewed is s as seat's answers prefix leave it (Previewer): s itself
// before the first answer, for a game that shows no such state, or for a
// prefix it refuses.
func Previewed(s State, seat Seat, prefix Action) State {
	if p, ok := s.(Previewer); ok && len(prefix) > 0 {
		if v, err := p.Preview(seat, prefix); err == nil {
			return v
		}
	}
	return s
}

// Choice is one legal answer to a step.
type Choice struct {
	// ID is stable across versions and state changes: it is stored in logs.
	ID string `json:"id"`
	// Label describes the answer for players, with any cost included.
	Label string `json:"label"`
	// Cost is what the answer costs, in words ("4 Bagos"); empty if free.
	Cost string `json:"cost,omitempty"`
}

// ShownID is the form of a choice ID players see and type: words joined by
// "-" only ("expert-appearance-free-move"). Games name some of their
// values with "_" (state keys, stored in snapshots and data files), so the
// IDs they build are turned into this form when listed.
func ShownID(id string) string { return strings.ReplaceAll(id, "_", "-") }

// SameID reports whether two choice IDs are the same answer: in any case,
// "_" and "-" alike, so that logs and commands written before the IDs
// used "-" only still apply.
//
// It runs for every option of every step an Apply walks, so ASCII IDs,
// which every game uses, compare byte by byte without allocating.
func SameID(a, b string) bool {
	if !isASCII(a) || !isASCII(b) {
		return strings.EqualFold(ShownID(a), ShownID(b))
	}
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		if foldID(a[i]) != foldID(b[i]) {
			return false
		}
	}
	return true
}

// foldID is an ID's byte as SameID compares it: lower case, "_" as "-".
func foldID(c byte) byte {
	switch {
	case c == '_':
		return '-'
	case 'A' <= c && c <= 'Z':
		return c + 'a' - 'A'
	}
	return c
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Find returns the choice whose ID matches id (SameID), or failing that
// whose label matches it case-insensitively.
func (s Step) Find(id string) (Choice, bool) {
	for _, c := range s.Choices {
		if SameID(c.ID, id) {
			return c, true
		}
	}
	for _, c := range s.Choices {
		if strings.EqualFold(c.Label, id) {
			return c, true
		}
	}
	return Choice{}, false
}

// Match returns the choice typed means: by Find, or else the one whose
// label has typed at the start of a word ("Taste Expert" for "Taste
// Expert: rearrange a vineyard deck"), in any case, one where it ends a
// word too winning over the rest. When several labels match as well, it
// returns them, and no choice.
func (s Step) Match(typed string) (c Choice, ok bool, ambiguous []Choice) {
	if c, ok := s.Find(typed); ok {
		return c, true, nil
	}
	typed = strings.ToLower(strings.TrimSpace(typed))
	var starts, words []Choice
	for _, c := range s.Choices {
		start, whole := wordMatch(strings.ToLower(c.Label), typed)
		if start {
			starts = append(starts, c)
		}
		if whole {
			words = append(words, c)
		}
	}
	for _, matched := range [][]Choice{words, starts} {
		if len(matched) == 1 {
			return matched[0], true, nil
		}
	}
	if len(words) > 1 {
		return Choice{}, false, words
	}
	return Choice{}, false, starts
}

// wordMatch reports whether typed starts a word of label, and whether,
// there, it ends one too.
func wordMatch(label, typed string) (start, whole bool) {
	if typed == "" {
		return false, false
	}
	for i := 0; i+len(typed) <= len(label); i++ {
		if !strings.HasPrefix(label[i:], typed) || (i > 0 && isWordRune(label[:i], true)) {
			continue
		}
		start = true
		if end := i + len(typed); end == len(label) || !isWordRune(label[end:], false) {
			return true, true
		}
	}
	return start, false
}

// isWordRune reports whether the last (or first) rune of text is a
// letter or digit.
func isWordRune(text string, last bool) bool {
	var r rune
	if last {
		r, _ = utf8.DecodeLastRuneInString(text)
	} else {
		r, _ = utf8.DecodeRuneInString(text)
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// Filter returns at most limit choices whose ID or label contains typed,
// case-insensitively, in their original order; autocomplete uses it.
func (s Step) Filter(typed string, limit int) []Choice {
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []Choice
	for _, c := range s.Choices {
		if len(out) == limit {
			break
		}
		if typed == "" || strings.Contains(strings.ToLower(c.Label), typed) || strings.Contains(strings.ToLower(ShownID(c.ID)), ShownID(typed)) {
			out = append(out, c)
		}
	}
	return out
}

// Labels are the labels of an action's choices, for players: what each
// step offered under that ID (the ID itself past a step that failed).
func Labels(s State, seat Seat, act Action) []string {
	labels := make([]string, len(act))
	for k, id := range act {
		labels[k] = id
		if step, err := s.Choices(seat, act[:k]); err == nil {
			if c, ok := step.Find(id); ok {
				labels[k] = c.Label
			}
		}
	}
	return labels
}

// Validate walks action through the state's own choice lists and reports the
// first step that is not legal. Games call it at the start of Apply so that
// Apply accepts exactly what Choices offers.
func Validate(s State, seat Seat, action Action) error {
	for i := 0; ; i++ {
		step, err := s.Choices(seat, action[:i])
		if err != nil {
			return err
		}
		if step.Complete {
			if i < len(action) {
				return Errorf(CodeUnknownChoice, "That action is already complete; %s is one step too many.", Quote(action[i]))
			}
			return nil
		}
		if i == len(action) {
			return Errorf(CodeIncomplete, "That action is not finished: %s", step.Prompt)
		}
		if _, ok := step.Find(action[i]); !ok {
			return Errorf(CodeUnknownChoice, "%s is not a legal answer to %q.", Quote(action[i]), step.Prompt)
		}
	}
}

// Resolve turns a command's options into as much of an action as they
// fill, walking the steps in order. Each step takes the option named after
// it, or else the next positional value; values may be choice IDs or labels.
// It returns the action so far and the step that comes next (Complete when
// the action is whole). Slash commands, autocomplete, the local table and
// scripts all read options this way, so they accept the same words.
func Resolve(s State, seat Seat, positional []string, named map[string]string) (Action, Step, error) {
	opts := &options{positional: positional, named: maps.Clone(named)}
	act, next, err := opts.resolve(s, seat, false)
	switch {
	case err != nil:
	case next.Complete:
		err = opts.leftover(s, seat, act)
	default:
		err = opts.refuseMisspelled(next)
	}
	return act, next, err
}

// SkipIDs are the choice IDs that decline a step ("done" after a first
// item, "none" for an optional extra). A command may leave such a step out.
var SkipIDs = []string{"done", "none"}

// Part is the first decision a command holds, and what it leaves.
type Part struct {
	Action Action
	// Rest and RestNamed are the values left for the next decision.
	Rest      []string
	RestNamed map[string]string
	// Declined lists the steps the command left out, declined for the
	// player, so that the reply can say so.
	Declined []Declined
	steps    []string // the names of the steps walked, for refusals
}

// RefuseRest refuses the values p left for the next decision, for a
// caller that plays one decision only: an option named after no step of
// it, or values beyond its last.
func (p Part) RefuseRest(s State, seat Seat) error {
	return (&options{positional: p.Rest, named: p.RestNamed, steps: p.steps}).leftover(s, seat, p.Action)
}

// Declined is a step declined because a command left it out.
type Declined struct {
	Step   string `json:"step"`
	Prompt string `json:"prompt"`
	Choice Choice `json:"choice"` // the answer that declined it
}

// Text says what was declined: "Anything else this turn? → End your turn".
func (d Declined) Text() string { return d.Prompt + " → " + d.Choice.Label }

// BuildPart is Resolve for a whole decision, of a command that may hold
// more than one. Steps left out that can be declined are declined; any
// other missing step is refused with its choices. A decision ends early
// where a step turns up hidden information, and the player who typed a
// whole turn goes on from there once that part is played. It returns the
// first decision and the values left for the next.
func BuildPart(s State, seat Seat, positional []string, named map[string]string) (Part, error) {
	opts := &options{positional: positional, named: maps.Clone(named)}
	act, next, err := opts.resolve(s, seat, true)
	if err != nil {
		return Part{}, err
	}
	if !next.Complete {
		if err := opts.refuseMisspelled(next); err != nil {
			return Part{}, err
		}
		return Part{}, Errorf(CodeIncomplete, "Missing %s: %s Choices: %s", next.Name, next.Prompt, listChoices(next.Choices))
	}
	// Values left over belong to the rest of a decision that goes on;
	// otherwise nothing is played.
	if !next.Continues {
		if err := opts.leftover(s, seat, act); err != nil {
			return Part{}, err
		}
	}
	return Part{Action: act, Rest: opts.positional, RestNamed: opts.named, Declined: opts.declined, steps: opts.steps}, nil
}

// options are a command's values not used yet, and what using them did.
type options struct {
	positional []string
	named      map[string]string
	steps      []string // the names of the steps met, in order
	declined   []Declined
}

// refuseMisspelled refuses an option not taken that looks like a
// misspelling of next, the step the options stopped at, naming it before
// the step it left missing.
func (o *options) refuseMisspelled(next Step) error {
	if typo, ok := o.misspelled(next.Name); ok {
		return Errorf(CodeUnknownChoice, "There is no option %s: here; did you mean %s:? Missing %s: %s Choices: %s", typo, next.Name, next.Name, next.Prompt, listChoices(next.Choices))
	}
	return nil
}

// misspelled returns the name of an option not taken that looks like a
// misspelling of step ("acton" for "action", "região" for "region"): at
// most two letters changed, added or dropped, one in a name of four
// letters or fewer.
func (o *options) misspelled(step string) (string, bool) {
	for _, name := range slices.Sorted(maps.Keys(o.named)) {
		limit := 2
		if len([]rune(step)) <= 4 {
			limit = 1
		}
		if editDistance(strings.ToLower(name), step) <= limit {
			return name, true
		}
	}
	return "", false
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	row := make([]int, len(rb)+1)
	for j := range row {
		row[j] = j
	}
	for i := range ra {
		prev := row[0]
		row[0] = i + 1
		for j := range rb {
			cost := 1
			if ra[i] == rb[j] {
				cost = 0
			}
			prev, row[j+1] = row[j+1], min(row[j+1]+1, row[j]+1, prev+cost)
		}
	}
	return row[len(rb)]
}

// take returns the value for the step called name.
func (o *options) take(name string) (string, bool) {
	if v, ok := o.named[name]; ok {
		delete(o.named, name)
		return v, true
	}
	if len(o.positional) > 0 {
		v := o.positional[0]
		o.positional = o.positional[1:]
		return v, true
	}
	return "", false
}

// takeForced consumes values a command gave for steps answered on their
// own (see Step.Taken), so that typing a forced answer is not refused: a
// value named after such a step, or a positional value equal to its only
// answer when the next step could not take it.
func (o *options) takeForced(taken []Taken, next Step) error {
	for _, t := range taken {
		o.steps = append(o.steps, t.Name)
		if v, ok := o.named[t.Name]; ok {
			if !matches(t.Choice, v) {
				return Errorf(CodeUnknownChoice, "%s: %s has one legal answer now, %s (%s).", Quote(v), t.Name, t.Choice.ID, t.Choice.Label)
			}
			delete(o.named, t.Name)
			continue
		}
		if len(o.positional) > 0 && matches(t.Choice, o.positional[0]) {
			if _, legal := next.Find(o.positional[0]); !legal {
				o.positional = o.positional[1:]
			}
		}
	}
	return nil
}

func matches(c Choice, v string) bool {
	return SameID(c.ID, v) || strings.EqualFold(c.Label, v)
}

// leftover refuses values that a complete action has no step for: an
// option named after no step, or values beyond the last. A value the rules
// refuse for a step answered on its own is explained: "e1" after a first
// Winery, with no Bagos for a second.
func (o *options) leftover(s State, seat Seat, act Action) error {
	if len(o.named) > 0 {
		names := slices.Sorted(maps.Keys(o.named))
		return Errorf(CodeUnknownChoice, "There is no option %s in this decision; its steps are %s.", Quote(names[0]), strings.Join(o.steps, ", "))
	}
	if len(o.positional) == 0 {
		return nil
	}
	if e, ok := s.(Explainer); ok {
		if reason := e.Refusal(seat, act, o.positional[0]); reason != "" {
			return Errorf(CodeUnknownChoice, "%s: %s The action %q is complete without it.", Quote(o.positional[0]), reason, act)
		}
	}
	extra := slices.Clone(o.positional)
	for i, e := range extra {
		extra[i] = Quote(e)
	}
	if len(extra) > 4 {
		extra = append(extra[:4], fmt.Sprintf("and %d more", len(extra)-4))
	}
	return Errorf(CodeUnknownChoice, "The action %q is complete without %s.", act, strings.Join(extra, ", "))
}

// resolve fills steps from the values until the action is complete or the
// values run out; skipOptional declines the steps left out that can be
// declined without forfeiting anything.
func (o *options) resolve(s State, seat Seat, skipOptional bool) (Action, Step, error) {
	var act Action
	for {
		step, err := s.Choices(seat, act)
		if err != nil {
			return nil, Step{}, err
		}
		if err := o.takeForced(step.Taken, step); err != nil {
			return nil, Step{}, err
		}
		if step.Complete {
			return act, step, nil
		}
		o.steps = append(o.steps, step.Name)
		value, ok := o.take(step.Name)
		if !ok {
			if c, can := step.skip(); can && skipOptional && !step.Forfeits {
				act = append(act, c.ID)
				if len(step.Choices) > 1 {
					o.declined = append(o.declined, Declined{Step: step.Name, Prompt: step.Prompt, Choice: c})
				}
				continue
			}
			return act, step, nil
		}
		c, found, ambiguous := step.Match(value)
		if len(ambiguous) > 0 {
			return nil, Step{}, Errorf(CodeUnknownChoice, "%s could be any of: %s. Type more of the one you mean, or its ID.", Quote(value), listChoices(ambiguous))
		}
		if !found {
			return nil, Step{}, refusal(s, seat, act, step, value)
		}
		act = append(act, c.ID)
	}
}

// refusal explains why value does not answer step, with the choices that
// do.
func refusal(s State, seat Seat, prefix Action, step Step, value string) error {
	reason := ""
	if e, ok := s.(Explainer); ok {
		reason = e.Refusal(seat, prefix, value)
	}
	if reason == "" {
		reason = fmt.Sprintf("%s is not among the answers to %s (%s).", Quote(value), step.Name, step.Prompt)
	} else {
		reason = Quote(value) + ": " + reason
	}
	return Errorf(CodeUnknownChoice, "%s Choices for %s: %s", reason, step.Name, listChoices(step.Choices))
}

// skip returns the choice that declines the step, if it has one.
func (s Step) skip() (Choice, bool) {
	for _, c := range s.Choices {
		if slices.Contains(SkipIDs, c.ID) {
			return c, true
		}
	}
	return Choice{}, false
}

// listChoices shows the first few choices of a step for an error message.
func listChoices(choices []Choice) string {
	const shown = 8
	parts := make([]string, 0, shown+1)
	for i, c := range choices {
		if i == shown {
			parts = append(parts, fmt.Sprintf("and %d more", len(choices)-shown))
			break
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", c.ID, c.Label))
	}
	return strings.Join(parts, "; ")
}
