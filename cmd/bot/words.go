package main

import (
	"errors"
	"strings"
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
		return nil, errors.New("a quote is not closed")
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

func parseCommand(line string) (command, error) {
	words, err := splitWords(line)
	if err != nil {
		return command{}, err
	}
	if len(words) == 0 || !strings.HasPrefix(words[0], "/") {
		return command{}, errors.New("commands start with /; type /help")
	}
	c := command{name: strings.ToLower(strings.TrimPrefix(words[0], "/")), named: map[string]string{}}
	for _, w := range words[1:] {
		if name, value, ok := strings.Cut(w, ":"); ok && name != "" && !strings.ContainsAny(name, " ") {
			c.named[strings.ToLower(name)] = value
			continue
		}
		c.positional = append(c.positional, w)
	}
	return c, nil
}
