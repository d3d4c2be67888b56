package local

import (
	"maps"
	"slices"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// splitWords splits a command line into words at spaces, keeping quoted
// runs together: `sell wine:"Douro red" 2` gives sell, wine:Douro red, 2.
func splitWords(line string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord, quote := false, rune(0)
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, engine.Errorf(codeUsage, "a quote is not closed")
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// command is one parsed line: "/nim pile:p1 2" has name "nim", named
// {pile: p1} and positional [2].
type command struct {
	name       string
	positional []string
	named      map[string]string
}

// parseCommand reads a line. An option given twice is refused rather than
// letting one of them win: "region:lisboa region:dao" is a mistake, and
// playing either would surprise the player.
func parseCommand(line string) (command, error) {
	words, err := splitWords(line)
	if err != nil {
		return command{}, err
	}
	if len(words) == 0 || !strings.HasPrefix(words[0], "/") {
		return command{}, engine.Errorf(codeUsage, "commands start with /; type /help")
	}
	c := command{name: strings.ToLower(strings.TrimPrefix(words[0], "/")), named: map[string]string{}}
	for _, w := range words[1:] {
		if name, value, ok := strings.Cut(w, ":"); ok && name != "" && !strings.ContainsAny(name, " ") {
			name = strings.ToLower(name)
			if _, twice := c.named[name]; twice {
				return command{}, engine.Errorf(codeUsage, "%s: is given twice; give each option once", name)
			}
			c.named[name] = value
			continue
		}
		c.positional = append(c.positional, w)
	}
	return c, nil
}

// withoutFirst is the command without its first word: a subcommand's
// options.
func (c command) withoutFirst() command {
	c.positional = c.positional[1:]
	return c
}

// options refuses named options other than names.
func (c command) options(names ...string) error {
	for _, name := range slices.Sorted(maps.Keys(c.named)) {
		if !slices.Contains(names, name) {
			return engine.Errorf(codeUsage, "there is no option %s: here", name)
		}
	}
	return nil
}

// only refuses options other than names, and words that are no option.
func (c command) only(names ...string) error {
	if err := c.options(names...); err != nil {
		return err
	}
	if len(c.positional) > 0 {
		return engine.Errorf(codeUsage, "%s is not an option here", engine.Quote(strings.Join(c.positional, " ")))
	}
	return nil
}

// single is the one option of a subcommand (rules topic:, log page:),
// given by name or as the command's words (rules press release, log 2).
func (c command) single(name string) (string, error) {
	if err := c.options(name, "as"); err != nil {
		return "", err
	}
	v, named := c.named[name]
	switch {
	case named && len(c.positional) > 0:
		return "", engine.Errorf(codeUsage, "%s: is given twice: by name and as %s", name, engine.Quote(strings.Join(c.positional, " ")))
	case named:
		return v, nil
	}
	return strings.Join(c.positional, " "), nil
}
