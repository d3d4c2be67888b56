package local

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/render"
	"github.com/adega-bot/adega/storage"
)

// welcomeRows are the commands the welcome and /help list; GAME stands for
// the game's command.
var welcomeRows = [][2]string{
	{"/GAME ...", "make a move: its steps in order, by name (wine:w1-1) or as step1: step2:"},
	{"/GAME status", "who must act, and the scores (also /status)"},
	{"/GAME board", "write the board image again (also /board)"},
	{"/GAME me", "your own board"},
	{"/GAME log [page]", "what happened, 20 moves a page"},
	{"/GAME rules TOPIC", "short rules help"},
	{"/GAME undo", "take back your last action (the others may have to /agree or /refuse)"},
	{"/GAME hint", "what the AI would play for the decision at hand"},
	{"/GAME download", "save the game as JSON in the board folder"},
	{"as:NAME", "act as that player, when several must decide"},
	{"/choices ...", "list the legal answers for the next step"},
	{"/export FILE", "save the game as JSON"},
	{"/help", "this text"},
	{"/quit", "leave (the game stays in the database)"},
}

// welcome greets a player and lists the commands, with the game's own
// shortcuts if it has any.
func welcome(game engine.Game) string {
	rows := slices.Clone(welcomeRows)
	if shortcuts := commands.ShortcutNames(game); len(shortcuts) > 0 {
		row := [2]string{"/GAME " + commands.ShortcutGroup + " " + shortcuts[0] + " ...", "a shortcut that starts a decision: " + strings.Join(shortcuts, ", ")}
		rows = slices.Insert(rows, 1, row)
	}
	var b strings.Builder
	b.WriteString("Welcome to adega's local table: a game in this terminal, no Discord needed.\n")
	b.WriteString("Type the commands a player types in Discord, one per line:\n")
	for _, row := range rows {
		fmt.Fprintf(&b, "  %-20s %s\n", strings.ReplaceAll(row[0], "GAME", game.Name()), row[1])
	}
	return b.String()
}

// table is one game played in the terminal.
type table struct {
	store   *storage.Store
	referee *referee.Referee
	games   *engine.Registry
	boards  render.Boards
	// handler plays undo exactly as on Discord (table_discord.go).
	handler *commands.Handler
	outDir  string
	print   printer
	game    *adega.Game
	// request is the newest undo request shown, whose buttons /agree and
	// /refuse press.
	request *discordgo.Message
	// lastID is the newest Discord ID the table made up.
	lastID uint64
	// ai is how the bot's seats decide.
	ai ai.Settings
	// now is the clock.
	now func() time.Time
}

// emit completes a reply with where the game stands and prints it.
func (t *table) emit(r reply) {
	t.finish(&r)
	t.print.reply(r)
}

func (t *table) showStart() {
	g := t.game
	r := newReply(0, "")
	r.Setup, r.title = &g.Setup, commands.SetupTitle(g.Setup, t.kind())
	if g.Version == 0 {
		r.addEvents(g, g.SetupEvents)
	}
	// What was queued as the game opened (its repair from its log) is
	// shown first.
	if _, err := t.deliver(&r); err != nil {
		r.say("The messages queued for this game could not be shown: " + err.Error())
	}
	r.changed = true
	t.writeBoard(&r)
	t.emit(r)
	t.playBots()
}

// playBots plays the decisions of the bot's seats, one reply each, as soon
// as they fall due: the table is the scheduler of a local game. The board
// is drawn once the bots stop.
func (t *table) playBots() {
	for !t.game.State.Over() {
		seat, ok := adega.BotPending(t.game.Meta, t.game.State)
		if !ok {
			return
		}
		r := newReply(0, "")
		act, err := t.ai.Play(t.game.State, seat, t.game.Meta.BotLevel(seat), ai.Seed(t.game.ID, t.game.Version, 0))
		var res *referee.MoveResult
		if err == nil {
			res, err = t.referee.BotMoves(t.game.ID, t.game.Stamp, []referee.Play{{Seat: seat, Action: act}}, t.now(), nil)
		}
		if err != nil {
			r.refuse(fmt.Errorf("the bot could not play for %s: %w", t.game.Meta.Seats[seat].Name, err))
			t.emit(r)
			return
		}
		t.game, r.changed = res.Game, true
		r.addEvents(t.game, append([]engine.Event{engine.Say(seat, "🤖 The bot plays for "+t.game.Meta.Seats[seat].Name+".")}, res.Events()...))
		if _, more := adega.BotPending(t.game.Meta, t.game.State); !more || t.game.State.Over() {
			t.writeBoard(&r)
		}
		t.emit(r)
	}
}

// loop answers lines until the input ends, /quit, or ctx is cancelled,
// and returns the reply to /quit. A script stops at its first refused
// line, unless it keeps going; then the error lists the refused lines. At
// the keyboard the player tries again.
func (t *table) loop(ctx context.Context, in input, f Flags) (*reply, error) {
	script := f.Script != ""
	var refused []string
	done := func() error {
		if len(refused) == 0 {
			return nil
		}
		lines := "lines"
		if len(refused) == 1 {
			lines = "line"
		}
		return fmt.Errorf("script %s: %d refused %s: %s", f.Script, len(refused), lines, strings.Join(refused, ", "))
	}
	for n := 1; ; n++ {
		if in.prompt {
			fmt.Fprint(t.print.w, "> ")
		}
		line, err := readLine(ctx, in.lines)
		switch {
		case errors.Is(err, io.EOF), ctx.Err() != nil:
			return nil, done()
		case err != nil && engine.CodeOf(err) != codeTooLong:
			return nil, err
		}
		r, command, quit := t.answer(n, line, err, script && !t.print.json)
		switch {
		case quit:
			return &r, done()
		case !command:
			continue
		}
		t.emit(r)
		if r.changed {
			t.playBots()
		}
		if !r.OK && script {
			if !f.KeepGoing {
				return nil, fmt.Errorf("script line %d: %s", n, r.Error.Reason)
			}
			refused = append(refused, strconv.Itoa(n))
		}
	}
}

// answer answers line n, or the error that refused it at reading. It
// reports whether the line held a command, not only blanks or a comment,
// and whether the table should close. echo repeats a script's line.
func (t *table) answer(n int, line string, readErr error, echo bool) (r reply, command, quit bool) {
	if readErr != nil {
		r = newReply(n, "")
		r.refuse(readErr)
		return r, true, false
	}
	line, _, _ = strings.Cut(line, "#")
	line = strings.TrimSpace(line)
	if line == "" {
		return reply{}, false, false
	}
	if echo {
		fmt.Fprintf(t.print.w, "> %s\n", line)
	}
	r, quit = t.do(n, line)
	return r, true, quit
}

// do answers one line and reports whether the table should close.
func (t *table) do(n int, line string) (r reply, quit bool) {
	r = newReply(n, line)
	cmd, err := parseCommand(line)
	if err == nil {
		quit, err = t.run(cmd, &r)
	}
	if err != nil {
		r.refuse(err)
	}
	if r.changed && r.Board == "" {
		t.writeBoard(&r)
	}
	return r, quit
}

func (t *table) run(cmd command, r *reply) (quit bool, err error) {
	switch cmd.name {
	case "quit", "exit":
		return true, cmd.only()
	case "help":
		r.say(splitLines(welcome(t.kind()))...)
		return false, cmd.only()
	case "status":
		return false, t.status(cmd, r)
	case "board":
		return false, t.board(cmd, r)
	case "export":
		if len(cmd.positional) != 1 || len(cmd.named) > 0 {
			return false, engine.Errorf(codeUsage, "usage: /export FILE")
		}
		return false, t.export(cmd.positional[0], r)
	case "choices":
		return false, t.showChoices(cmd, r)
	case "agree", "refuse":
		return false, t.answerUndo(cmd, cmd.name == "agree", r)
	case t.game.Meta.Game:
		return false, t.subcommand(cmd, r)
	}
	return false, engine.Errorf(codeUsage, "unknown command /%s; type /help", engine.Shorten(cmd.name, 40))
}

// discordOnly answers the subcommands that have no place at a table in
// one terminal.
var discordOnly = map[string]string{
	"new":      "A local game is set up on the command line: adega local --players Ana,Bento (adega local -h lists the options).",
	"solo":     "Play alone against Lacerda with adega local --mode solo.",
	"import":   "The local table continues an export with adega local --import FILE.",
	"pace":     "The local table has no reminders or deadlines: it waits for you.",
	"replace":  "Every seat of the local table is played from this keyboard or by the bot; as:NAME acts for a player. To hand seats to the bot, or take them back, leave with /quit and resume with --bots N: the last N players' seats become the bot's.",
	"abandon":  "Leave with /quit: the game stays in the database, and nobody else waits for it.",
	"follow":   followersText,
	"unfollow": followersText,
}

// followersText answers /follow and /unfollow, which make no sense at one
// keyboard.
const followersText = "Followers get a game's news by direct message on Discord; at this table you see every move as it is made."

// tableSubcommands are the Discord subcommands the table answers, besides
// moves.
var tableSubcommands = map[string]func(*table, command, *reply) error{
	"status":   (*table).status,
	"board":    (*table).board,
	"me":       (*table).me,
	"rules":    (*table).rules,
	"log":      (*table).log,
	"undo":     (*table).undo,
	"download": (*table).download,
	"replay":   (*table).replay,
	"hint":     (*table).hint,
}

// subcommand answers /GAME: a Discord subcommand, or else a move given by
// its steps, as the table always read it.
func (t *table) subcommand(cmd command, r *reply) error {
	name := ""
	if len(cmd.positional) > 0 {
		name = strings.ToLower(cmd.positional[0])
	}
	if name == "" {
		return t.move(cmd, "", r)
	}
	game := t.kind()
	args := cmd.withoutFirst()
	if name == commands.ShortcutGroup {
		// /GAME do sell, as on Discord; the table also takes /GAME sell.
		if len(args.positional) == 0 {
			return t.shortcutUsage(game, "/"+t.game.Meta.Game+" do needs an action")
		}
		name, args = strings.ToLower(args.positional[0]), args.withoutFirst()
		if _, ok := commands.Shortcut(game, name); !ok {
			return t.shortcutUsage(game, engine.Quote(name)+" is not an action of /"+t.game.Meta.Game+" do")
		}
	}
	if _, ok := commands.Shortcut(game, name); ok {
		return t.move(args, name, r)
	}
	if !slices.Contains(commands.Subcommands(game), name) {
		return t.move(cmd, "", r)
	}
	if name == "play" {
		return t.move(args, "", r)
	}
	if answer, ok := tableSubcommands[name]; ok {
		return answer(t, args, r)
	}
	if text, ok := discordOnly[name]; ok {
		return engine.Errorf(codeDiscordOnly, "/%s %s is for Discord. %s", t.game.Meta.Game, name, text)
	}
	return engine.Errorf(codeDiscordOnly, "/%s %s is for Discord only.", t.game.Meta.Game, name)
}

// shortcutUsage refuses a /GAME do line for what it lacks, naming the
// actions it takes.
func (t *table) shortcutUsage(game engine.Game, lack string) error {
	return engine.Errorf(codeUsage, "%s: %s (as /%s do sell, or /%s sell).", lack,
		strings.Join(commands.ShortcutNames(game), ", "), t.game.Meta.Game, t.game.Meta.Game)
}

// kind is the game the table plays: its rules, commands and shortcuts.
func (t *table) kind() engine.Game {
	g, err := t.games.Lookup(t.game.Meta.Game)
	if err != nil {
		panic(err) // the table opened the game with this registry
	}
	return g
}

// seatFor picks the seat a command acts for: the one named by as: (a name
// or a seat number), or the only seat that must decide.
func (t *table) seatFor(cmd command) (engine.Seat, error) {
	state := t.game.State
	if who, ok := cmd.named["as"]; ok {
		for _, p := range state.Players() {
			switch {
			case !strings.EqualFold(p.Name, who) && strconv.Itoa(int(p.Seat)+1) != who:
				continue
			case t.game.Meta.Seats[p.Seat].Bot:
				return 0, engine.Errorf(engine.CodeNotYourTurn, "%s is the bot's seat; it plays by itself.", p.Name)
			}
			return p.Seat, nil
		}
		return 0, engine.Errorf(engine.CodeNotYourTurn, "There is no player %s at this table.", engine.Quote(who))
	}
	pending := adega.PeoplePending(t.game.Meta, state)
	switch {
	case len(pending) == 0 && state.Over():
		return 0, engine.Errorf(engine.CodeGameOver, "The game is over.")
	case len(pending) == 0:
		return 0, engine.Errorf(engine.CodeNotYourTurn, "Only the bot's seats must decide now.")
	case len(pending) == 1:
		return pending[0].Seat, nil
	}
	var names []string
	for _, p := range pending {
		names = append(names, state.Players()[p.Seat].Name)
	}
	return 0, engine.Errorf(engine.CodeNotYourTurn, "%s must all decide; add as:NAME.", strings.Join(names, ", "))
}

// move plays a decision given by its steps; shortcut, if set, is the
// action shortcut it was given with (sell, export...).
func (t *table) move(cmd command, shortcut string, r *reply) error {
	seat, values, named, err := t.decision(cmd)
	if err != nil {
		return err
	}
	if shortcut != "" {
		prefix, err := t.shortcutPrefix(seat, shortcut)
		if err != nil {
			return err
		}
		values = append(prefix, values...)
	}
	// A command may hold a whole turn that the game plays in parts, where
	// a step turns up a hidden tile; each part is a move of its own. Steps
	// left out are declined where they may be, as in any command.
	for n := 1; ; n++ {
		part, err := engine.BuildPart(t.game.State, seat, values, named)
		if err != nil && n > 1 && len(values)+len(named) == 0 {
			return nil // a step that cannot be declined: the player goes on
		}
		if err != nil {
			return err
		}
		action, rest, restNamed := part.Action, part.Rest, part.RestNamed
		// A later part is marked as Discord marks it, so that an undo
		// takes back the whole command.
		play := referee.Play{Seat: seat, Action: action}
		if n > 1 {
			play.Typed = commands.PartTyped("/"+cmd.name, n)
		}
		res, err := t.referee.Move(referee.MoveRequest{Game: t.game.ID, Stamp: t.game.Stamp, Play: play, Now: t.now()})
		if err != nil {
			return err
		}
		t.game, r.changed = res.Game, true
		r.addEvents(t.game, res.Events())
		r.Declined = append(r.Declined, part.Declined...)
		if !engine.Continues(t.game.State, seat) {
			if len(rest)+len(restNamed) > 0 {
				left := append(rest, slices.Sorted(maps.Keys(restNamed))...)
				return engine.Errorf(engine.CodeIllegal, "%s was not played: the turn had ended.", engine.Quote(strings.Join(left, " ")))
			}
			return nil
		}
		values, named = rest, restNamed
	}
}

// decision reads a command that answers a decision: the seat it acts for
// and the values of its steps.
func (t *table) decision(cmd command) (engine.Seat, []string, map[string]string, error) {
	seat, err := t.seatFor(cmd)
	if err != nil {
		return 0, nil, nil, err
	}
	values, named, err := stepValues(cmd)
	return seat, values, named, err
}

// stepValues are a move's values: in order or by step name, as the table
// always read them, or as Discord's step1: step2: ..., which are in order.
func stepValues(cmd command) ([]string, map[string]string, error) {
	named, numbered := map[string]string{}, map[int]string{}
	for name, v := range cmd.named {
		if name == "as" {
			continue
		}
		if k, ok := strings.CutPrefix(name, "step"); ok {
			if n, err := strconv.Atoi(k); err == nil && n >= 1 {
				numbered[n] = v
				continue
			}
		}
		named[name] = v
	}
	if len(numbered) == 0 {
		return cmd.positional, named, nil
	}
	if len(cmd.positional) > 0 {
		return nil, nil, engine.Errorf(codeUsage, "give the steps in order or as step1: step2: ..., not both")
	}
	values := make([]string, len(numbered))
	for n := range values {
		v, ok := numbered[n+1]
		if !ok {
			return nil, nil, engine.Errorf(codeUsage, "step%d: is missing; steps are numbered from step1: without gaps", n+1)
		}
		values[n] = v
	}
	return values, named, nil
}

// shortcutPrefix is the move an action shortcut implies, as on Discord.
// Where that action cannot be taken but the word answers the decision's
// first step (pass, in the Magnate draft), it is read as that answer, as
// the table always read it.
func (t *table) shortcutPrefix(seat engine.Seat, name string) ([]string, error) {
	sc, _ := commands.Shortcut(t.kind(), name)
	prefix, err := sc.Start(t.game.State, seat)
	if err == nil {
		return prefix, nil
	}
	if step, stepErr := t.game.State.Choices(seat, nil); stepErr == nil {
		if _, ok := step.Find(name); ok {
			return []string{name}, nil
		}
	}
	return nil, err
}

// asTyped is step as a typed command meets it: one whose only answer
// declines it is complete, since a command leaves it out.
func asTyped(step engine.Step) engine.Step {
	if len(step.Choices) == 1 && slices.Contains(engine.SkipIDs, step.Choices[0].ID) {
		step.Complete = true
	}
	return step
}

func (t *table) showChoices(cmd command, r *reply) error {
	seat, values, named, err := t.decision(cmd)
	if err != nil {
		return err
	}
	act, step, err := engine.Resolve(t.game.State, seat, values, named)
	if err != nil {
		return err
	}
	r.Step = &stepInfo{Seat: seat, Player: t.game.State.Players()[seat].Name, Step: asTyped(step)}
	if r.Step.Complete {
		r.say(fmt.Sprintf("%q is a whole action; play it with /%s.", act, t.game.Meta.Game))
	}
	return nil
}

// status says where the game stands and who must act, in Discord's words.
func (t *table) status(cmd command, r *reply) error {
	if err := cmd.options("as", "chart"); err != nil {
		return err
	}
	game, err := t.games.Lookup(t.game.Meta.Game)
	if err != nil {
		return err
	}
	r.say(splitLines(t.plain(commands.StatusText(t.game, game), t.game))...)
	r.Players = players(t.game.State)
	switch chart := cmd.named["chart"]; chart {
	case "", "false":
		return nil
	case "true":
		data, err := commands.VPRaceChart(t.games, t.boards, t.game)
		if err != nil {
			return err
		}
		if data == nil {
			r.say(commands.NoChartText(t.game))
			return nil
		}
		path, err := t.saveFile(data, fmt.Sprintf("%s-%04d-vp.png", t.game.ID, t.game.Version))
		if err != nil {
			return err
		}
		r.file("VP through the game", path)
		return nil
	default:
		return engine.Errorf(codeUsage, "chart: is true or false, not %s", engine.Quote(chart))
	}
}

func (t *table) board(cmd command, r *reply) error {
	if err := cmd.options("as", "move", "style"); err != nil {
		return err
	}
	text, asked := cmd.named["move"]
	style, restyle := cmd.named["style"]
	switch {
	case asked && restyle:
		return engine.Errorf(codeUsage, "give move: to look back, or style: to change the board, not both")
	case restyle:
		return t.restyle(style, r)
	case !asked:
		return t.writeBoard(r)
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return engine.Errorf(codeUsage, "move: must be a whole number from 0, not %s", engine.Quote(text))
	}
	state, said, err := commands.LookBack(t.games, t.game, n)
	if err != nil {
		return err
	}
	r.say(splitLines(t.plain(said, t.game))...)
	path, err := t.savePNG(t.boards.Board(t.game.Meta.Game, state), fmt.Sprintf("%s-%04d-back.png", t.game.ID, n))
	if err != nil {
		return err
	}
	r.Board = path
	return nil
}

// me draws one player's own board: the one named by as:, or the one who
// must decide.
func (t *table) me(cmd command, r *reply) error {
	if err := cmd.only("as"); err != nil {
		return err
	}
	seat, err := t.seatFor(cmd)
	if err != nil {
		return err
	}
	g := t.game
	name := g.State.Players()[seat].Name
	if step, err := g.State.Choices(seat, nil); err == nil && !step.Complete {
		// As in Discord: first what the decision at hand is about.
		img := t.boards.Focus(g.Meta.Game, g.State, seat, step.Focus)
		path, err := t.savePNG(img, fmt.Sprintf("%s-%04d-seat%d-focus.png", g.ID, g.Version, seat+1))
		if err != nil {
			return err
		}
		r.file(fmt.Sprintf("What %s decides now (%s)", name, step.Prompt), path)
	}
	img := t.boards.Player(g.Meta.Game, g.State, seat)
	path, err := t.savePNG(img, fmt.Sprintf("%s-%04d-seat%d.png", g.ID, g.Version, seat+1))
	if err != nil {
		return err
	}
	r.file(fmt.Sprintf("%s's board (%s)", name, g.State.Phase()), path)
	return nil
}

// replay writes the game so far as an animated GIF, as /vinhos replay
// attaches it.
func (t *table) replay(cmd command, r *reply) error {
	if err := cmd.only("as"); err != nil {
		return err
	}
	data, said, err := commands.Animate(t.games, t.boards, t.game)
	if err != nil {
		return err
	}
	path, err := t.saveFile(data, fmt.Sprintf("%s-%04d.gif", t.game.ID, t.game.Version))
	if err != nil {
		return err
	}
	r.file(t.plain(said, t.game), path)
	return nil
}

func (t *table) rules(cmd command, r *reply) error {
	topic, err := cmd.single("topic")
	if err != nil {
		return err
	}
	text, err := commands.RulesText(t.kind(), t.game, topic)
	if err != nil {
		return err
	}
	r.say(t.plain(text, t.game))
	return nil
}

// log shows a page of the log: the one asked for (page:N or N), else the
// latest.
func (t *table) log(cmd command, r *reply) error {
	text, err := cmd.single("page")
	if err != nil {
		return err
	}
	asked := 0
	if text != "" {
		if asked, err = strconv.Atoi(text); err != nil || asked < 1 {
			return engine.Errorf(codeUsage, "page: must be a whole number from 1, not %s", engine.Quote(text))
		}
	}
	page, err := commands.LogPage(t.game, int64(asked))
	if err != nil {
		return err
	}
	g, err := t.store.Narrate(t.game)
	if err != nil {
		return err
	}
	r.say(splitLines(t.plain(commands.WholeLogText(g, page), g))...)
	return nil
}

// restyle changes the board the table draws after each move, and draws it.
func (t *table) restyle(style string, r *reply) error {
	board, ok := commands.ParseBoardStyle(style)
	if !ok {
		return engine.Errorf(codeUsage, "style: is full or compact, not %s", engine.Quote(style))
	}
	meta, err := t.store.UpdateMeta(t.game.ID, func(m *adega.Meta) error {
		m.Board = board
		return nil
	})
	if err != nil {
		return err
	}
	t.game.Meta = meta
	r.say(fmt.Sprintf("From now on the board after each move is the %s board.", style))
	return t.writeBoard(r)
}

// writeBoard renders the board, as the game's turn messages show it, to a
// PNG named after the game and version.
func (t *table) writeBoard(r *reply) error {
	g := t.game
	name := fmt.Sprintf("%s-%04d.png", g.ID, g.Version)
	if g.Meta.Board == adega.BoardCompact {
		name = fmt.Sprintf("%s-%04d-compact.png", g.ID, g.Version)
	}
	path, err := t.savePNG(commands.TurnBoard(t.boards, g, g.State), name)
	if err != nil {
		// The move is stored all the same; the image is only a view of it.
		r.say("Could not write the board image: " + err.Error())
		return err
	}
	r.Board = path
	return nil
}

// savePNG writes an image to the out folder under name.
func (t *table) savePNG(img image.Image, name string) (string, error) {
	data, err := render.EncodePNG(img)
	if err != nil {
		return "", err
	}
	return t.saveFile(data, name)
}

func (t *table) saveFile(data []byte, name string) (string, error) {
	path := filepath.Join(t.outDir, name)
	return path, os.WriteFile(path, data, 0o644)
}

// download saves the game as JSON in the board folder, as Discord
// attaches it.
func (t *table) download(cmd command, r *reply) error {
	if err := cmd.only("as"); err != nil {
		return err
	}
	return t.export(filepath.Join(t.outDir, "adega-"+t.game.ID+".json"), r)
}

func (t *table) export(path string, r *reply) error {
	data, err := t.referee.Export(t.game)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	r.file("Exported", path)
	return nil
}

// hint shows the AI's hint for a player's pending decision, as /GAME hint
// does on Discord. Everyone shares the keyboard, so it needs no setting;
// the log shows it, as on Discord.
func (t *table) hint(cmd command, r *reply) error {
	if err := cmd.options("as"); err != nil {
		return err
	}
	if len(cmd.positional) > 0 {
		return engine.Errorf(engine.CodeIllegal, "/%s hint takes no steps: it is for the decision you must make now.", t.game.Meta.Game)
	}
	seat, err := t.seatFor(cmd)
	if err != nil {
		return err
	}
	think, err := commands.Hint(t.referee, t.game, seat, t.ai, t.now())
	if err != nil {
		return err
	}
	text, err := think()
	if err != nil {
		return err
	}
	if t.game, err = t.store.Load(t.game.ID); err != nil {
		return err
	}
	r.Text = append(r.Text, strings.Split(text, "\n")...)
	return nil
}
