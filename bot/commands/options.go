package commands

import (
	"fmt"
	"math"
	"slices"
	"sync/atomic"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// Discord checks a slash command's options against the registered
// definitions, but a forged payload is checked by nobody but the bot. So
// every command is read against Definitions before a handler sees it:
// known names, the declared types, integers within their bounds, strings
// within Discord's length and among their fixed choices, user options
// that are Discord IDs. After this check the option accessors of discordgo
// cannot panic.

// maxOptionText is the most text Discord lets a user type in an option.
const maxOptionText = 6000

// definitions are the handler's slash commands by name, made at first
// use. A panic while making them (a handler without games) is not kept:
// the next command tries again, and is answered with the same apology.
type definitions struct {
	byName atomic.Pointer[map[string]*discordgo.ApplicationCommand]
}

func (h *Handler) definition(name string) (*discordgo.ApplicationCommand, bool) {
	defs := h.defs.byName.Load()
	if defs == nil {
		made := map[string]*discordgo.ApplicationCommand{}
		for _, c := range Definitions(h.Games) {
			made[c.Name] = c
		}
		h.defs.byName.Store(&made)
		defs = &made
	}
	c, ok := (*defs)[name]
	return c, ok
}

// checkCommand checks a command's options against its definition. An
// autocomplete request may hold a partly typed focused option.
func (h *Handler) checkCommand(data discordgo.ApplicationCommandInteractionData) error {
	def, ok := h.definition(data.Name)
	if !ok {
		return fmt.Errorf("I do not know that command")
	}
	return checkOptions(def.Options, data.Options)
}

func checkOptions(defs []*discordgo.ApplicationCommandOption, given []*discordgo.ApplicationCommandInteractionDataOption) error {
	seen := map[string]bool{}
	for _, o := range given {
		if o == nil {
			return fmt.Errorf("an option is empty")
		}
		k := slices.IndexFunc(defs, func(d *discordgo.ApplicationCommandOption) bool { return d.Name == o.Name })
		if k < 0 {
			return fmt.Errorf("there is no option %s", engine.Quote(o.Name))
		}
		if seen[o.Name] {
			return fmt.Errorf("the option %s is given twice", o.Name)
		}
		seen[o.Name] = true
		if err := checkOption(defs[k], o); err != nil {
			return err
		}
	}
	return nil
}

func checkOption(def *discordgo.ApplicationCommandOption, o *discordgo.ApplicationCommandInteractionDataOption) error {
	wrong := fmt.Errorf("the option %s must be %s", def.Name, typeName(def.Type))
	if o.Type != def.Type {
		return wrong
	}
	switch def.Type {
	case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
		if o.Value != nil {
			return wrong
		}
		return checkOptions(def.Options, o.Options)
	}
	if len(o.Options) > 0 {
		return wrong
	}
	if o.Focused {
		if s, ok := o.Value.(string); !ok || utf8.RuneCountInString(s) > maxOptionText {
			return wrong
		}
		return nil
	}
	switch def.Type {
	case discordgo.ApplicationCommandOptionString:
		s, ok := o.Value.(string)
		if !ok || utf8.RuneCountInString(s) > maxOptionText {
			return wrong
		}
		if def.MaxLength > 0 && utf8.RuneCountInString(s) > def.MaxLength {
			return fmt.Errorf("%s takes at most %d characters", def.Name, def.MaxLength)
		}
		if len(def.Choices) > 0 && !slices.ContainsFunc(def.Choices, func(c *discordgo.ApplicationCommandOptionChoice) bool { return c.Value == s }) {
			return fmt.Errorf("%s is not one of the choices of %s", engine.Quote(s), def.Name)
		}
	case discordgo.ApplicationCommandOptionInteger:
		n, ok := o.Value.(float64)
		if !ok || n != math.Trunc(n) || math.Abs(n) > 1<<53 {
			return wrong
		}
		if def.MinValue != nil && n < *def.MinValue || def.MaxValue != 0 && n > def.MaxValue {
			return fmt.Errorf("%s must be %s", def.Name, bounds(def))
		}
	case discordgo.ApplicationCommandOptionBoolean:
		if _, ok := o.Value.(bool); !ok {
			return wrong
		}
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionAttachment:
		if s, ok := o.Value.(string); !ok || !adega.IsSnowflake(s) {
			return wrong
		}
	default:
		return wrong
	}
	return nil
}

func bounds(def *discordgo.ApplicationCommandOption) string {
	switch {
	case def.MinValue != nil && def.MaxValue != 0:
		return fmt.Sprintf("from %g to %g", *def.MinValue, def.MaxValue)
	case def.MinValue != nil:
		return fmt.Sprintf("at least %g", *def.MinValue)
	}
	return fmt.Sprintf("at most %g", def.MaxValue)
}

func typeName(t discordgo.ApplicationCommandOptionType) string {
	switch t {
	case discordgo.ApplicationCommandOptionString:
		return "text"
	case discordgo.ApplicationCommandOptionInteger:
		return "a whole number"
	case discordgo.ApplicationCommandOptionBoolean:
		return "True or False"
	case discordgo.ApplicationCommandOptionUser:
		return "a user"
	case discordgo.ApplicationCommandOptionAttachment:
		return "a file"
	}
	return "a " + t.String()
}
