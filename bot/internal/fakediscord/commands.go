package fakediscord

import (
	"fmt"
	"regexp"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord refuses a command list that its OpenAPI document allows but its
// rules for application commands do not: two commands or two options of
// one level with the same name, a name that is not lower case or longer
// than 32, a description longer than 100, more than 25 options or
// choices, a required option after an optional one. The fake refuses them
// too, so a test fails when the bot could not register its commands.

// commandName is the pattern of a chat command's or option's name.
var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{N}\p{Lo}]{1,32}$`)

// Limits Discord applies to application commands.
const (
	CommandOptionsLimit     = 25
	CommandChoicesLimit     = 25
	CommandDescriptionLimit = 100
)

// checkCommands applies Discord's rules for a command list.
func checkCommands(cmds []*discordgo.ApplicationCommand) error {
	seen := map[string]bool{}
	for _, c := range cmds {
		key := fmt.Sprint(c.Type, c.Name)
		if seen[key] {
			return fmt.Errorf("two commands are named %q", c.Name)
		}
		seen[key] = true
		if c.Type == 0 || c.Type == discordgo.ChatApplicationCommand {
			if err := checkEntry("command "+c.Name, c.Name, c.Description); err != nil {
				return err
			}
		}
		if err := checkOptions("/"+c.Name, c.Options); err != nil {
			return err
		}
	}
	return nil
}

func checkOptions(where string, opts []*discordgo.ApplicationCommandOption) error {
	if len(opts) > CommandOptionsLimit {
		return fmt.Errorf("%s has %d options; at most %d", where, len(opts), CommandOptionsLimit)
	}
	names := map[string]bool{}
	optional := false
	for _, o := range opts {
		at := where + " " + o.Name
		if names[o.Name] {
			return fmt.Errorf("%s has two options named %q", where, o.Name)
		}
		names[o.Name] = true
		if err := checkEntry(at, o.Name, o.Description); err != nil {
			return err
		}
		if len(o.Choices) > CommandChoicesLimit {
			return fmt.Errorf("%s has %d choices; at most %d", at, len(o.Choices), CommandChoicesLimit)
		}
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			if err := checkOptions(at, o.Options); err != nil {
				return err
			}
			continue
		}
		if o.Required && optional {
			return fmt.Errorf("%s is required but follows an optional option", at)
		}
		optional = optional || !o.Required
	}
	return nil
}

func checkEntry(at, name, description string) error {
	if !commandName.MatchString(name) {
		return fmt.Errorf("%s: the name must be 1-32 lower-case letters, digits, - or _", at)
	}
	if n := utf8.RuneCountInString(description); n < 1 || n > CommandDescriptionLimit {
		return fmt.Errorf("%s: the description has %d characters; 1 to %d", at, n, CommandDescriptionLimit)
	}
	return nil
}
