package lavina

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// Options are the readings of LA-VINA.md §4 that have a real alternative,
// chosen when a game is created (engine.Setup.Options). The zero value is
// not the default: see defaultOptions.
type Options struct {
	// FirstArrivalFront (A-2 flag boxChoice): a picker entering an empty
	// space takes its front box, instead of choosing.
	FirstArrivalFront bool `json:"first_arrival_front,omitempty"`
	// EitherPicker (A-3 flag twoPlayerMove): at 2 players the owner of the
	// rearmost picker may move either of his pickers.
	EitherPicker bool `json:"either_picker,omitempty"`
	// ShearsSameSide: both shears cards come from one side.
	ShearsSameSide bool `json:"shears_same_side,omitempty"`
	// BootsAfterExit: the boots may take a card after moving into
	// the exit, the whole aisle being behind it.
	BootsAfterExit bool `json:"boots_after_exit,omitempty"`
	// ForgetCoveredTools (A-14 flag rememberCoveredTools false): a card
	// covered by a refill hides its tool again.
	ForgetCoveredTools bool `json:"forget_covered_tools,omitempty"`
	// UpgradeBasketsInTotal (A-17 flag upgradeBasketsPerSize false): the
	// chart's count is of medium and large baskets together.
	UpgradeBasketsInTotal bool `json:"upgrade_baskets_in_total,omitempty"`
	// WildcardOnlyDelivery: an empty basket may carry wildcards
	// alone.
	WildcardOnlyDelivery bool `json:"wildcard_only_delivery,omitempty"`
	// MaxRounds: the game ends after this round whatever happens;
	// 0 for no limit. It is an engine safeguard outside the rules: under
	// the first rules it was 20 unless chosen, since then it is off
	// unless chosen (fixes.noRoundLimit).
	MaxRounds int `json:"max_rounds,omitempty"`
	// PublicScores: everyone sees everyone's prestige.
	PublicScores bool `json:"public_scores,omitempty"`
}

// Option keys of engine.Setup.Options, each with its values, the default
// first.
const (
	OptionBoxChoice      = "box_choice"                   // "player" | "first_arrival_front"
	OptionTwoPlayerMove  = "two_player_move"              // "rearmost" | "either"
	OptionShearsSameSide = "shears_same_side_only"        // "false" | "true"
	OptionBootsAfterExit = "boots_after_exit"             // "false" | "true"
	OptionRememberTools  = "remember_covered_tools"       // "true" | "false"
	OptionBasketsPerSize = "upgrade_baskets_per_size"     // "true" | "false"
	OptionWildcardOnly   = "allow_wildcard_only_delivery" // "false" | "true"
	OptionMaxRounds      = "max_rounds"                   // 1..99, default none (20 under the first rules)
	OptionPublicScores   = "public_scores"                // "false" | "true"
)

// DefaultMaxRounds is the A-29 safeguard's default under the first rules;
// since then a game has no round limit unless one is chosen.
const DefaultMaxRounds = 20

// choiceOption is an option with named values: the first is the default,
// the second sets the field.
type choiceOption struct {
	values [2]string
	set    func(*Options)
}

func onOff(set func(*Options)) choiceOption { return choiceOption{[2]string{"false", "true"}, set} }
func offOn(set func(*Options)) choiceOption {
	return choiceOption{[2]string{"true", "false"}, set}
}

var choiceOptions = map[string]choiceOption{
	OptionBoxChoice:      {[2]string{"player", "first_arrival_front"}, func(o *Options) { o.FirstArrivalFront = true }},
	OptionTwoPlayerMove:  {[2]string{"rearmost", "either"}, func(o *Options) { o.EitherPicker = true }},
	OptionShearsSameSide: onOff(func(o *Options) { o.ShearsSameSide = true }),
	OptionBootsAfterExit: onOff(func(o *Options) { o.BootsAfterExit = true }),
	OptionRememberTools:  offOn(func(o *Options) { o.ForgetCoveredTools = true }),
	OptionBasketsPerSize: offOn(func(o *Options) { o.UpgradeBasketsInTotal = true }),
	OptionWildcardOnly:   onOff(func(o *Options) { o.WildcardOnlyDelivery = true }),
	OptionPublicScores:   onOff(func(o *Options) { o.PublicScores = true }),
}

// parseOptions reads a setup's options for a game of the rules revision
// with these fixes, refusing unknown keys and values.
func parseOptions(in map[string]string, fixed fixes) (Options, error) {
	o := Options{MaxRounds: DefaultMaxRounds}
	if fixed.noRoundLimit {
		o.MaxRounds = 0
	}
	for _, key := range slices.Sorted(maps.Keys(in)) {
		value := strings.ToLower(strings.TrimSpace(in[key]))
		if key == OptionMaxRounds {
			n, err := strconv.Atoi(value)
			if err != nil || n < 1 || n > 99 {
				return o, engine.Errorf(engine.CodeBadSetup, "La Viña option %s must be a number of rounds from 1 to 99 (A-29), not %s.", key, engine.Quote(in[key]))
			}
			o.MaxRounds = n
			continue
		}
		c, ok := choiceOptions[key]
		if !ok {
			keys := append(slices.Sorted(maps.Keys(choiceOptions)), OptionMaxRounds)
			slices.Sort(keys)
			return o, engine.Errorf(engine.CodeBadSetup, "La Viña has no option %s; its options are %s.", engine.Quote(key), strings.Join(keys, ", "))
		}
		switch value {
		case c.values[0]:
		case c.values[1]:
			c.set(&o)
		default:
			return o, engine.Errorf(engine.CodeBadSetup, "La Viña option %s is %s or %s, not %s.", key, c.values[0], c.values[1], engine.Quote(in[key]))
		}
	}
	return o, nil
}

// optionTexts describe each option for /lavina new, and name its values:
// the default reading first (LA-VINA.md §4).
var optionTexts = map[string]struct {
	description string
	labels      [2]string
}{
	OptionBoxChoice:      {"A-2: who picks the box of a picker entering an empty space", [2]string{"the player", "always the front box"}},
	OptionTwoPlayerMove:  {"A-3: with 2 players, which of your pickers moves", [2]string{"the rearmost", "either"}},
	OptionShearsSameSide: {"A-11: the shears take both cards from one side only", [2]string{"no", "yes"}},
	OptionBootsAfterExit: {"A-12: the boots may take a card after moving into the exit", [2]string{"no", "yes"}},
	OptionRememberTools:  {"A-14: a lower card's tool, once seen, stays known when covered", [2]string{"yes", "no"}},
	OptionBasketsPerSize: {"A-17: the chart counts basket upgrades per size", [2]string{"yes", "no, in total"}},
	OptionWildcardOnly:   {"A-20: an empty basket may carry wildcards alone", [2]string{"no", "yes"}},
	OptionPublicScores:   {"A-36: everyone sees everyone's prestige", [2]string{"no", "yes"}},
}

// SetupOptions are the options of /lavina new (engine.SetupOptions): the
// flagged readings, and the A-29 safeguard.
func (Game) SetupOptions() []engine.SetupOption {
	var out []engine.SetupOption
	for _, key := range slices.Sorted(maps.Keys(choiceOptions)) {
		text := optionTexts[key]
		o := engine.SetupOption{Name: key, Description: text.description}
		for k, v := range choiceOptions[key].values {
			o.Choices = append(o.Choices, engine.OptionChoice{Value: v, Label: v + ": " + text.labels[k]})
		}
		out = append(out, o)
	}
	return append(out, engine.SetupOption{Name: OptionMaxRounds,
		Description: "A-29, outside the rules: end the game after this round (1-99; default: no limit)"})
}
