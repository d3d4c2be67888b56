package local

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/engine"
)

// The table answers every line with one reply. A command fills it in; the
// printer writes it as text for people, or with --json as one JSON object
// a line for scripts (the schema is in docs/local.md).

// Refusal codes of the table itself, beside the engine's (engine/errors.go).
const (
	codeUsage   engine.Code = "usage"    // the line is not a command the table reads
	codeTooLong engine.Code = "too_long" // the line is longer than the table reads
	codeFailed  engine.Code = "failed"   // something failed on our side, such as writing a file
	// codeDiscordOnly refuses a Discord subcommand that has no place at a
	// table in one terminal; the reason says what to do instead.
	codeDiscordOnly engine.Code = "discord_only"
)

// reply is the table's answer to one line, or its opening or closing words.
type reply struct {
	Line    int           `json:"line,omitempty"`
	Command string        `json:"command,omitempty"`
	OK      bool          `json:"ok"`
	Error   *refusal      `json:"error,omitempty"`
	Game    gameInfo      `json:"game"`
	Setup   *engine.Setup `json:"setup,omitempty"`
	Text    []string      `json:"text,omitempty"`
	Events  []event       `json:"events,omitempty"`
	// Declined lists the steps a move left out, declined for the player.
	Declined []engine.Declined `json:"declined,omitempty"`
	Step     *stepInfo         `json:"step,omitempty"`
	Board    string            `json:"board,omitempty"`
	Files    []string          `json:"files,omitempty"`
	Next     []next            `json:"next,omitempty"`
	Players  []player          `json:"players,omitempty"`
	Outcome  []string          `json:"outcome,omitempty"`
	Resume   string            `json:"resume,omitempty"`

	// title names the game of Setup as set up (commands.SetupTitle).
	title string
	// changed marks a reply after which the table says again who must act.
	changed bool
	// ending is what the text shows once the game is over.
	ending []string
}

type refusal struct {
	Code   engine.Code `json:"code"`
	Reason string      `json:"reason"`
}

// gameInfo is where the game stands after the line.
type gameInfo struct {
	ID    string `json:"id"`
	Move  uint64 `json:"move"`
	Phase string `json:"phase"`
	Over  bool   `json:"over"`
}

type event struct {
	Seat   *engine.Seat `json:"seat,omitempty"`
	Player string       `json:"player,omitempty"`
	Text   string       `json:"text"`
	Reveal bool         `json:"reveal,omitempty"`
}

// next is a decision a player owes, with its first step's legal choices.
type next struct {
	Seat   engine.Seat  `json:"seat"`
	Player string       `json:"player"`
	Prompt string       `json:"prompt"`
	Step   *engine.Step `json:"step,omitempty"`
}

// stepInfo is the step /choices asks about.
type stepInfo struct {
	Seat   engine.Seat `json:"seat"`
	Player string      `json:"player"`
	engine.Step
}

type player struct {
	Seat  engine.Seat   `json:"seat"`
	Name  string        `json:"name"`
	Stats []engine.Stat `json:"stats"`
}

// newReply starts the reply to a line; line is 0 and command empty for
// the table's opening and closing words.
func newReply(line int, command string) reply {
	return reply{Line: line, Command: command, OK: true}
}

// finish records where the game stands once the line is done.
func (t *table) finish(r *reply) {
	g := t.game
	state := g.State
	r.Game = gameInfo{ID: g.ID, Move: g.Version, Phase: state.Phase(), Over: state.Over()}
	for _, p := range state.Pending() {
		n := next{Seat: p.Seat, Player: state.Players()[p.Seat].Name, Prompt: p.Prompt}
		if step, err := state.Choices(p.Seat, nil); err == nil {
			step = asTyped(step)
			n.Step = &step
		}
		r.Next = append(r.Next, n)
	}
	if state.Over() && r.changed {
		r.Players = players(state)
		if o, ok := state.(engine.Outcome); ok {
			r.Outcome = o.Outcome()
		}
		r.ending = []string{"The game is over."}
		if game, err := t.games.Lookup(g.Meta.Game); err == nil { // the table's game is registered
			r.ending = append(r.ending, splitLines(t.plain(commands.StatusText(g, game), g))...)
		}
		r.ending = append(r.ending, r.Outcome...)
		t.writeEnding(r)
	}
}

// writeEnding writes what the message that ends a game carries on
// Discord besides its board: the game's animation and its VP charts.
func (t *table) writeEnding(r *reply) {
	files, err := commands.EndingFiles(t.games, t.boards, t.game)
	for _, f := range files {
		var data []byte
		if data, err = io.ReadAll(f.Reader); err != nil {
			break
		}
		path, werr := t.saveFile(data, fmt.Sprintf("%s-%04d-%s", t.game.ID, t.game.Version, f.Name))
		if err = werr; err != nil {
			break
		}
		// Told after the last move, with the ending, as Discord's final
		// message shows them below its narration.
		r.Files = append(r.Files, path)
		r.ending = append(r.ending, "The game, "+f.Name+": "+path)
	}
	if err != nil {
		// The game is stored all the same; these are only views of it.
		r.say("Could not write the game's animation and charts: " + err.Error())
	}
}

func players(state engine.State) []player {
	var out []player
	for _, p := range state.Players() {
		out = append(out, player{Seat: p.Seat, Name: p.Name, Stats: p.Stats})
	}
	return out
}

// say adds lines of text.
func (r *reply) say(lines ...string) { r.Text = append(r.Text, lines...) }

// file records a file the line wrote, and says so.
func (r *reply) file(label, path string) {
	r.Files = append(r.Files, path)
	r.say(strings.TrimSuffix(label, ".") + ": " + path)
}

// addEvents narrates what happened, naming each event's player.
func (r *reply) addEvents(g *adega.Game, events []engine.Event) {
	for _, e := range events {
		ev := event{Text: e.Text, Reveal: e.Reveal}
		if e.Seat != engine.NoSeat && int(e.Seat) < len(g.Meta.Seats) {
			seat := e.Seat
			ev.Seat, ev.Player = &seat, g.Meta.Seats[seat].Name
		}
		r.Events = append(r.Events, ev)
	}
}

// refuse marks the line refused: nothing it asked for was done, or the
// rest of it was not.
func (r *reply) refuse(err error) {
	code := engine.CodeOf(err)
	if code == "" {
		code = codeFailed
	}
	r.OK, r.Error = false, &refusal{Code: code, Reason: err.Error()}
}

// printer writes replies as text or as JSON lines.
type printer struct {
	w    io.Writer
	json bool
}

func (p printer) reply(r reply) {
	if p.json {
		data, err := json.Marshal(r)
		if err != nil {
			data, _ = json.Marshal(reply{OK: false, Error: &refusal{Code: codeFailed, Reason: err.Error()}})
		}
		fmt.Fprintf(p.w, "%s\n", data)
		return
	}
	p.text(r)
}

// text writes a reply for people: what happened, the board, who must act.
func (p printer) text(r reply) {
	var lines []string
	if s := r.Setup; s != nil {
		lines = append(lines, fmt.Sprintf("Game %s: %s · seed %d · players %s.", r.Game.ID, r.title, s.Seed, strings.Join(s.Players, ", ")))
	}
	lines = append(lines, r.Text...)
	for _, e := range r.Events {
		lines = append(lines, "* "+e.Text)
	}
	if len(r.Declined) > 0 {
		lines = append(lines, "Left out of the command, so declined:")
		for _, d := range r.Declined {
			lines = append(lines, "  "+d.Text())
		}
	}
	if s := r.Step; s != nil && len(s.Choices) > 0 {
		lines = append(lines, stepLines(*s)...)
	}
	if r.Board != "" {
		lines = append(lines, "Board: "+r.Board)
	}
	if r.changed {
		lines = append(lines, r.ending...)
		for _, n := range r.Next {
			lines = append(lines, fmt.Sprintf("Next: %s must %s.", n.Player, n.Prompt))
		}
	}
	if r.Error != nil {
		lines = append(lines, "Refused: "+r.Error.Reason)
	}
	if r.Resume != "" {
		lines = append(lines, "To come back to this game: "+r.Resume)
	}
	for _, l := range lines {
		fmt.Fprintln(p.w, stripMarkdown(l))
	}
}

// markdownLine matches the marks of Discord's markdown that start a
// line: headings and the small print "-#".
var markdownLine = regexp.MustCompile(`(?m)^(#{1,3}|-#) `)

// stripMarkdown takes out the Discord markdown a terminal would show as
// is: bold, code and the marks that start a line.
func stripMarkdown(text string) string {
	text = strings.NewReplacer("**", "", "`", "").Replace(text)
	return markdownLine.ReplaceAllString(text, "")
}

// stepLines list a step's choices in two columns, the IDs as wide as the
// longest.
func stepLines(s stepInfo) []string {
	lines := []string{fmt.Sprintf("%s (option %s:)", s.Prompt, s.Name)}
	width := 0
	for _, c := range s.Choices {
		width = max(width, utf8.RuneCountInString(c.ID))
	}
	for _, c := range s.Choices {
		lines = append(lines, fmt.Sprintf("  %-*s  %s", width, c.ID, c.Label))
	}
	return lines
}

func splitLines(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == '\n' })
}
