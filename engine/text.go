package engine

import (
	"strconv"
	"unicode/utf8"
)

// Shorten keeps at most n characters of s, marking a cut with "…". Text a
// player typed is shortened before it is echoed, so that no answer
// outgrows what Discord accepts.
func Shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:max(0, n-1)]) + "…"
}

// quotedInput bounds how much of a typed value a message echoes.
const quotedInput = 40

// Quote echoes a value a player typed: shortened, in quotes, with control
// characters escaped.
func Quote(s string) string { return strconv.Quote(Shorten(s, quotedInput)) }

// Ordinal writes a place in figures: "1st", "2nd", "3rd", "4th".
func Ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}
