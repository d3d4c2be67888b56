package commands

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/lavina"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
)

// TestEverySubcommandReachesItsHandler sends every subcommand the bot
// defines, for every game and /adega, through the router: each reaches a
// handler, never the unknown-command path, and the handler is given the
// subcommand itself (inside its group, for a group's); a subcommand with
// an autocompleted option has what completes it.
func TestEverySubcommandReachesItsHandler(t *testing.T) {
	h := &Handler{Config: Config{Games: engine.NewRegistry(vinhos.Game{}, lavina.Game{}, nim.Game{})}}
	routed := 0
	for _, c := range Definitions(h.Games) {
		for _, path := range subcommandPaths(c.Options) {
			name := "/" + c.Name + " " + strings.Join(path, " ")
			data := discordgo.ApplicationCommandInteractionData{Name: c.Name, Options: interactionOptions(c.Options, path)}
			r, _, sub, ok := h.routeOf(data)
			if !ok || r.handle == nil {
				t.Errorf("%s reaches no handler", name)
				continue
			}
			if sub.Name != path[len(path)-1] || sub.Type != discordgo.ApplicationCommandOptionSubCommand {
				t.Errorf("%s: the handler is given %s (%v)", name, sub.Name, sub.Type)
			}
			completed := slices.ContainsFunc(definitionAt(c.Options, path).Options, func(o *discordgo.ApplicationCommandOption) bool { return o.Autocomplete })
			if completed != (r.complete != nil) {
				t.Errorf("%s: autocompleted options %v, completed %v", name, completed, r.complete != nil)
			}
			routed++
		}
	}
	// The three games' 17 subcommands, solo start and stats for Vinhos,
	// Vinhos's shortcuts, and /adega's five.
	if routed < 3*17+2+5 {
		t.Fatalf("only %d subcommands were routed", routed)
	}
	// The unknown-command path is still there for what is not defined.
	for _, data := range []discordgo.ApplicationCommandInteractionData{
		{Name: "vinhos"},
		{Name: "vinhos", Options: []*option{{Name: "sell", Type: discordgo.ApplicationCommandOptionSubCommand}}},
		{Name: "nim", Options: []*option{{Name: soloGroup, Type: discordgo.ApplicationCommandOptionSubCommandGroup,
			Options: []*option{{Name: "start", Type: discordgo.ApplicationCommandOptionSubCommand}}}}},
		{Name: "chess", Options: []*option{{Name: "new", Type: discordgo.ApplicationCommandOptionSubCommand}}},
		{Name: AdegaCommand, Options: []*option{{Name: "new", Type: discordgo.ApplicationCommandOptionSubCommand}}},
	} {
		if _, _, _, ok := h.routeOf(data); ok {
			t.Errorf("/%s %v is routed", data.Name, data.Options)
		}
	}
}

// subcommandPaths are the names that lead to each subcommand of opts:
// ["new"], ["solo", "start"].
func subcommandPaths(opts []*discordgo.ApplicationCommandOption) [][]string {
	var out [][]string
	for _, o := range opts {
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand:
			out = append(out, []string{o.Name})
		case discordgo.ApplicationCommandOptionSubCommandGroup:
			for _, p := range subcommandPaths(o.Options) {
				out = append(out, append([]string{o.Name}, p...))
			}
		}
	}
	return out
}

// interactionOptions are the options an interaction carries to run the
// subcommand at path.
func interactionOptions(defs []*discordgo.ApplicationCommandOption, path []string) []*option {
	d := definitionAt(defs, path[:1])
	o := &option{Name: d.Name, Type: d.Type}
	if len(path) > 1 {
		o.Options = interactionOptions(d.Options, path[1:])
	}
	return []*option{o}
}

// definitionAt is the definition of the subcommand at path.
func definitionAt(defs []*discordgo.ApplicationCommandOption, path []string) *discordgo.ApplicationCommandOption {
	for _, d := range defs {
		if d.Name == path[0] {
			if len(path) == 1 {
				return d
			}
			return definitionAt(d.Options, path[1:])
		}
	}
	return nil
}

// TestEveryComponentKindIsRouted reads the kinds of custom ID ids.go
// declares: each has a handler.
func TestEveryComponentKindIsRouted(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "ids.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	kinds := 0
	for _, decl := range f.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.CONST {
			continue
		}
		for _, spec := range gen.Specs {
			vs := spec.(*ast.ValueSpec)
			for k, name := range vs.Names {
				if !strings.HasPrefix(name.Name, "kind") {
					continue
				}
				lit, ok := vs.Values[k].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					t.Fatalf("%s is not a string", name.Name)
				}
				kind, _ := strconv.Unquote(lit.Value)
				if _, ok := componentRoutes[kind]; !ok {
					t.Errorf("%s (%q) has no handler", name.Name, kind)
				}
				kinds++
			}
		}
	}
	if kinds == 0 || kinds != len(componentRoutes) {
		t.Fatalf("ids.go declares %d kinds; %d are routed", kinds, len(componentRoutes))
	}
}

// What reaches no route is refused as before the router: an empty group,
// /adega alone, and a group given two subcommands (which Discord never
// sends).
func TestUnroutedCommandsAreRefused(t *testing.T) {
	h := newHandler(t)
	group := func(name string, subs ...string) *discordgo.Interaction {
		i := slash(u1, name)
		g := i.Data.(discordgo.ApplicationCommandInteractionData).Options[0]
		g.Type = discordgo.ApplicationCommandOptionSubCommandGroup
		for _, s := range subs {
			g.Options = append(g.Options, &option{Name: s, Type: discordgo.ApplicationCommandOptionSubCommand})
		}
		return i
	}
	adega := slash(u1, "games")
	adega.Data = discordgo.ApplicationCommandInteractionData{Name: AdegaCommand}
	for _, tc := range []struct {
		name string
		in   *discordgo.Interaction
		says string
	}{
		{"/vinhos do", group(ShortcutGroup), "There is no /vinhos do."},
		{"/vinhos solo", group(soloGroup), "Vinhos Deluxe has no solo mode."},
		{"/vinhos solo start stats", group(soloGroup, "start", "stats"), "There is no /vinhos solo."},
		{"/adega", adega, "Use `/adega settings`"},
	} {
		if r := h.Handle(tc.in); !ephemeral(r) || !strings.Contains(r.Ack.Data.Content, tc.says) {
			t.Errorf("%s: %q, want %q", tc.name, r.Ack.Data.Content, tc.says)
		}
	}
}
