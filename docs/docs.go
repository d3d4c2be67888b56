// Package docs holds the pages players read. RULINGS.md is embedded so
// that the bot can answer with it: the page is the only copy of its text.
package docs

import (
	_ "embed"
	"strings"
)

//go:embed RULINGS.md
var rulings string

// RulingsPage is the rulings page as written.
func RulingsPage() string { return rulings }

//go:embed RULINGS-LAVINA.md
var laVinaRulings string

// LaVinaRulingsPage is La Viña's rulings page as written.
func LaVinaRulingsPage() string { return laVinaRulings }

// LaVinaRulings is La Viña's rulings page cut into its sections.
func LaVinaRulings() Page { return Parse(laVinaRulings) }

// rulingsPages are the rulings pages cut into their sections, by file
// name.
var rulingsPages = map[string]Page{"RULINGS.md": Rulings(), "RULINGS-LAVINA.md": LaVinaRulings()}

// RulingsNamed is the rulings page of that file name (as a game declares
// it, engine.Rulings) cut into its sections, if there is one.
func RulingsNamed(name string) (Page, bool) {
	p, ok := rulingsPages[name]
	return p, ok
}

// Page is a Markdown page cut at its headings: the text before the first
// "## " heading, then each "### " section under the "## " group it sits in.
type Page struct {
	Title    string // the "# " heading
	Intro    string // the text between the title and the first group
	Sections []Section
}

// Section is one "### " section of a page.
type Section struct {
	Group string // the "## " heading it sits under
	Title string
	Body  string // its Markdown, without the heading
}

// Rulings is the rulings page cut into its sections.
func Rulings() Page { return Parse(rulings) }

// Parse cuts a page at its headings. Text between a "## " heading and its
// first "### " heading belongs to no section and is dropped; the tests of
// this package keep RULINGS.md free of it.
func Parse(md string) Page {
	var p Page
	var body []string
	inSection, inGroup := false, false
	flush := func() {
		text := strings.TrimSpace(strings.Join(body, "\n"))
		switch {
		case inSection:
			p.Sections[len(p.Sections)-1].Body = text
		case !inGroup:
			p.Intro = text
		}
		body = nil
	}
	group := ""
	for _, line := range strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "### "):
			flush()
			inSection = true
			p.Sections = append(p.Sections, Section{Group: group, Title: strings.TrimSpace(line[4:])})
		case strings.HasPrefix(line, "## "):
			flush()
			inSection, inGroup = false, true
			group = strings.TrimSpace(line[3:])
		case strings.HasPrefix(line, "# ") && p.Title == "" && !inGroup:
			p.Title = strings.TrimSpace(line[2:])
		default:
			body = append(body, line)
		}
	}
	flush()
	return p
}

// Unwrap undoes the hard line breaks of Markdown written for a text
// editor, for a reader such as Discord that keeps every line break: each
// paragraph, list item and quote becomes one line. Blank lines between
// blocks stay, and so do fenced code blocks.
func Unwrap(md string) string {
	var out []string
	var cur string // the logical line being joined
	kind := ""     // "p", "item", "quote", or "" between blocks
	end := func() {
		if kind != "" {
			out = append(out, cur)
		}
		cur, kind = "", ""
	}
	fenced := false
	for _, line := range strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") {
			end()
			fenced = !fenced
			out = append(out, line)
			continue
		}
		if fenced {
			out = append(out, line)
			continue
		}
		switch {
		case trimmed == "":
			end()
			out = append(out, "")
		case trimmed == ">":
			// An empty quote line parts two quoted paragraphs.
			end()
			out = append(out, ">")
		case strings.HasPrefix(trimmed, "> "):
			text := strings.TrimSpace(trimmed[2:])
			if kind == "quote" {
				cur += " " + text
			} else {
				end()
				cur, kind = "> "+text, "quote"
			}
		case strings.HasPrefix(trimmed, "#"):
			end()
			out = append(out, trimmed) // a heading stands alone
		case strings.HasPrefix(trimmed, "- ") || strings.HasPrefix(trimmed, "* "):
			end()
			cur, kind = trimmed, "item"
		default:
			if kind == "p" || kind == "item" {
				cur += " " + trimmed
			} else {
				end()
				cur, kind = trimmed, "p"
			}
		}
	}
	end()
	return strings.TrimSpace(collapseBlank(out))
}

// collapseBlank joins lines, keeping at most one blank line in a row.
func collapseBlank(lines []string) string {
	var b strings.Builder
	blank := false
	for _, l := range lines {
		if l == "" {
			if blank {
				continue
			}
			blank = true
		} else {
			blank = false
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}
