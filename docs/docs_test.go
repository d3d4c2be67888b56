package docs

import (
	"strings"
	"testing"
)

// TestRulingsPageShape: the page cuts into titled sections, each in a
// group, with a unique title and a text; no text sits between a group's
// heading and its first section, where no reader of a section would see it.
func TestRulingsPageShape(t *testing.T) {
	checkShape(t, "Rulings", RulingsPage())
	checkShape(t, "Rulings for La Viña", LaVinaRulingsPage())
}

func checkShape(t *testing.T, title, md string) {
	t.Helper()
	p := Parse(md)
	if p.Title != title || p.Intro == "" {
		t.Fatalf("title %q, intro %q", p.Title, p.Intro)
	}
	if len(p.Sections) < 10 {
		t.Fatalf("only %d sections", len(p.Sections))
	}
	seen := map[string]bool{}
	for _, s := range p.Sections {
		key := strings.ToLower(s.Title)
		switch {
		case s.Group == "":
			t.Errorf("%q is in no group", s.Title)
		case s.Title == "" || s.Body == "":
			t.Errorf("an empty section in %s: %q", s.Group, s.Title)
		case seen[key]:
			t.Errorf("two sections are titled %q", s.Title)
		case len(s.Title) > 100:
			t.Errorf("%q is too long a title for a Discord choice", s.Title)
		}
		seen[key] = true
	}
	group := false
	for i, line := range strings.Split(md, "\n") {
		switch {
		case strings.HasPrefix(line, "### "):
			group = false
		case strings.HasPrefix(line, "## "):
			group = true
		case group && strings.TrimSpace(line) != "":
			t.Errorf("line %d is under a group heading but in no section: %q", i+1, line)
		}
	}
}

// TestEveryRulingNamesItsSource: a ruling on the rules quotes the lines it
// rests on, or points to COMPONENTS.md; only the rules of play by message
// have no rulebook line to quote.
func TestEveryRulingNamesItsSource(t *testing.T) {
	for _, s := range append(Rulings().Sections, LaVinaRulings().Sections...) {
		if s.Group == "Messages" {
			continue
		}
		if !strings.Contains(s.Body, "\n> ") && !strings.HasPrefix(s.Body, "> ") && !strings.Contains(s.Body, "COMPONENTS.md") {
			t.Errorf("%q quotes no rulebook line", s.Title)
		}
	}
}

func TestParse(t *testing.T) {
	p := Parse("# T\n\nIntro\nmore.\n\n## G1\n\n### A\n\nText a.\n\n### B\nText b.\n## G2\n### C\n\nc\n")
	if p.Title != "T" || p.Intro != "Intro\nmore." {
		t.Fatalf("title %q intro %q", p.Title, p.Intro)
	}
	want := []Section{{"G1", "A", "Text a."}, {"G1", "B", "Text b."}, {"G2", "C", "c"}}
	if len(p.Sections) != len(want) {
		t.Fatalf("sections %+v", p.Sections)
	}
	for i, s := range p.Sections {
		if s != want[i] {
			t.Errorf("section %d: %+v, want %+v", i, s, want[i])
		}
	}
}

func TestUnwrap(t *testing.T) {
	in := "A paragraph\nwrapped here.\n\n> A quote\n> wrapped.\n>\n> Another.\n\n- one\n  item\n- two\n\n### Head\nText\n\n\n\n```\nkeep\n  this\n```\nEnd."
	want := "A paragraph wrapped here.\n\n> A quote wrapped.\n>\n> Another.\n\n- one item\n- two\n\n### Head\nText\n\n```\nkeep\n  this\n```\nEnd."
	if got := Unwrap(in); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
