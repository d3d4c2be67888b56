package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	// markdownLink is the target of a Markdown link: a path, an #anchor,
	// or both.
	markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// docPath is a page named in prose from the repository's root.
	docPath = regexp.MustCompile(`\bdocs/[A-Za-z0-9_/.-]+\.md\b`)
	// heading is a Markdown heading, whose slug an #anchor names.
	heading = regexp.MustCompile(`(?m)^#{1,6} +(.+?) *$`)
)

// TestLinksBetweenDocsResolve: every page the README and the docs link
// to or name (docs/NAME.md, docs/history/NAME.md), and every #anchor they
// link to, exists, so that a page or a section moved to the history
// leaves no reader at a dead end.
func TestLinksBetweenDocsResolve(t *testing.T) {
	pages, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	history, err := filepath.Glob("history/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append(append(pages, history...), "../README.md")
	if len(history) == 0 {
		t.Fatal("no history pages")
	}
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		for _, name := range docPath.FindAllString(text, -1) {
			if _, err := os.Stat(filepath.Join("..", name)); err != nil {
				t.Errorf("%s names %s, which does not exist", page, name)
			}
		}
		for _, m := range markdownLink.FindAllStringSubmatch(text, -1) {
			checkLink(t, page, text, m[1])
		}
	}
}

// checkLink checks one Markdown link of page (whose text is text): a
// relative path must exist, and an anchor must name a heading of the
// page it points to.
func checkLink(t *testing.T, page, text, target string) {
	t.Helper()
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return
	}
	path, anchor, _ := strings.Cut(target, "#")
	if path != "" {
		path = filepath.Join(filepath.Dir(page), path)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s links to %s, which does not exist", page, target)
			return
		}
		text = string(b)
	}
	if anchor != "" && !hasAnchor(text, anchor) {
		t.Errorf("%s links to %s, which names no heading", page, target)
	}
}

// hasAnchor reports whether a heading of text has the GitHub slug anchor:
// lower case, spaces as hyphens, punctuation other than hyphens and
// underscores dropped.
func hasAnchor(text, anchor string) bool {
	for _, m := range heading.FindAllStringSubmatch(text, -1) {
		slug := strings.Map(func(r rune) rune {
			switch {
			case r == ' ':
				return '-'
			case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127:
				return r
			}
			return -1
		}, strings.ToLower(m[1]))
		if slug == anchor {
			return true
		}
	}
	return false
}
