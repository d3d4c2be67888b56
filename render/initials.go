package render

import (
	"strconv"
	"strings"
	"unicode"
)

// Initials gives each name a short tag, shown on its pieces, that no other
// name has: its first letter, else its first two, else its first letter and
// its position in names.
func Initials(names []string) []string {
	tags := make([]string, len(names))
	for i, name := range names {
		tags[i] = prefix(name, 1)
	}
	tags = lengthen(tags, func(i int) string { return prefix(names[i], 2) })
	return lengthen(tags, func(i int) string { return prefix(names[i], 1) + strconv.Itoa(i+1) })
}

// lengthen replaces every tag that another tag shares with longer(i).
func lengthen(tags []string, longer func(i int) string) []string {
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = t
		if count(tags, t) > 1 {
			out[i] = longer(i)
		}
	}
	return out
}

// prefix is the first n letters or digits of name that the fonts can draw,
// the first capitalized, or "?" if it has none.
func prefix(name string, n int) string {
	var b strings.Builder
	for _, r := range Printable(name) {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			continue
		}
		if b.Len() == 0 {
			r = unicode.ToUpper(r)
		}
		b.WriteRune(r)
		if n--; n == 0 {
			break
		}
	}
	if b.Len() == 0 {
		return "?"
	}
	return b.String()
}

func count(tags []string, t string) int {
	n := 0
	for _, u := range tags {
		if u == t {
			n++
		}
	}
	return n
}
