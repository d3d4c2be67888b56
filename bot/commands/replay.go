package commands

import (
	"bytes"
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fair"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
)

// A replay shows a game's board as it was after one of its moves, to the
// player who asked only, with buttons to step through the game and a menu
// to jump to the start of each year or Fair. Looking back plays nothing,
// so its buttons work whatever happened since: they show the game as it
// stands now, at the move asked for if it still exists.

// chapterLimit is how many chapters the jump menu offers: as many as a
// select menu holds.
const chapterLimit = selectLimit

// replayMoment is what a replay shows of one move of a game.
type replayMoment struct {
	move, moves int
	state       engine.State
	events      []engine.Event
	chapters    []chapter
}

// A chapter is a part of the game a replay can jump to: the setup, each
// year, each Fair.
type chapter struct {
	title string
	move  int // the first move of it
}

// chapterOf names the part of the game a phase belongs to: the phase up to
// its first comma ("Year 3"), and a year's Fair with what follows it
// ("Year 3, the Fair"). Phases name the year first, then the part of it.
func chapterOf(phase string) string {
	title, _, _ := strings.Cut(phase, ",")
	switch {
	case strings.HasPrefix(title, "Setup"):
		return "Setup"
	case strings.Contains(phase, "Fair"):
		return title + ", the Fair"
	}
	return title
}

// replayAt replays g to move n, noting where each chapter starts.
func replayAt(games *engine.Registry, g *adega.Game, n int) (*replayMoment, error) {
	game, err := games.Lookup(g.Setup.Game)
	if err != nil {
		return nil, err
	}
	r := &replayMoment{move: n, moves: len(g.Log)}
	_, err = engine.ReplayEach(game, g.Setup, g.Moves(), func(k int, s engine.State, events []engine.Event) {
		if k == n {
			r.state, r.events = s, events
		}
		title := chapterOf(s.Phase())
		if len(r.chapters) == 0 || r.chapters[len(r.chapters)-1].title != title {
			r.chapters = append(r.chapters, chapter{title, k})
		}
	})
	return r, err
}

// replayCommand answers /vinhos board move:N.
func (h *Handler) replayCommand(i *discordgo.Interaction, n int64) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	if err := checkMove(g, n); err != nil {
		return private(err.Error())
	}
	return Reply{Ack: deferPrivate(), Edit: h.replayEdit(g, int(n))}
}

// checkMove refuses a move g does not have.
func checkMove(g *adega.Game, n int64) error {
	if n < 0 || n > int64(len(g.Log)) {
		return engine.Errorf(engine.CodeUnknownChoice, "This game has moves 0 (the setup) to %d; `/%s board move:%d` shows the latest.", len(g.Log), g.Meta.Game, len(g.Log))
	}
	return nil
}

// LookBack replays g to move n and tells what that move did, as /vinhos
// board move: does: for the local table.
func LookBack(games *engine.Registry, g *adega.Game, n int64) (engine.State, string, error) {
	if err := checkMove(g, n); err != nil {
		return nil, "", err
	}
	r, err := replayAt(games, g, int(n))
	if err != nil {
		return nil, "", err
	}
	return r.state, replayText(g, r), nil
}

// replayStep answers a replay's button or menu.
func (h *Handler) replayStep(i *discordgo.Interaction, id customID) Reply {
	g, err := h.gameHere(i, id)
	if err != nil {
		return h.fail(i, err)
	}
	n := id.offset
	if data := i.MessageComponentData(); len(data.Values) == 1 {
		if n, err = strconv.Atoi(strings.TrimPrefix(data.Values[0], "m")); err != nil {
			return private(errBadCustomID.Error())
		}
	}
	return Reply{Ack: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate},
		Edit: h.replayEdit(g, min(max(n, 0), len(g.Log)))}
}

// replayEdit draws the board after move n, with the move's narration and
// the replay's buttons.
func (h *Handler) replayEdit(g *adega.Game, n int) func() (*discordgo.WebhookEdit, error) {
	return func() (*discordgo.WebhookEdit, error) {
		r, err := replayAt(h.Games, g, n)
		if err != nil {
			return nil, err
		}
		png, err := h.drawn.get(drawingKey("png", g.ID, momentOf(g, n)), func() (drawing, error) {
			png, err := h.png(fair.People, g.ID, func() image.Image { return h.Drawer.Board(g.Meta.Game, r.state) })
			return drawing{data: png}, err
		})
		if err != nil {
			return nil, err
		}
		content := fit(replayText(g, r))
		components := replayComponents(g, r)
		return &discordgo.WebhookEdit{Content: &content, Components: &components,
			Files: []*discordgo.File{PNGFile(png.data)}, Attachments: &[]*discordgo.MessageAttachment{},
			AllowedMentions: NoMentions()}, nil
	}
}

// momentOf names the moment of g after move n, which no other history
// shares (adega.BoardRef).
func momentOf(g *adega.Game, n int) adega.BoardRef {
	if n == 0 {
		return adega.BoardRef{}
	}
	return adega.BoardRef{Version: uint64(n), Tail: g.Log[n-1].Stamp}
}

func replayText(g *adega.Game, r *replayMoment) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s, looking back: move %d of %d** · %s\n", g.Meta.Title, r.move, r.moves, r.state.Phase())
	if r.move == 0 {
		b.WriteString("The setup:\n")
	} else {
		fmt.Fprintf(&b, "Move %d, %s:\n", r.move, g.Meta.Seats[g.Log[r.move-1].Seat].Name)
	}
	for _, e := range r.events {
		b.WriteString("• " + e.Text + "\n")
	}
	return b.String()
}

func replayComponents(g *adega.Game, r *replayMoment) []discordgo.MessageComponent {
	// The components of a message need IDs of their own, and two buttons
	// may lead to the same move: the path tells them apart.
	id := func(kind string, n, which int) string {
		return customID{kind: kind, target: g.ID, stamp: g.Stamp, path: []int{which}, offset: n}.String()
	}
	button := func(which int, label string, n int, off bool) discordgo.Button {
		return discordgo.Button{Label: label, Style: discordgo.SecondaryButton, CustomID: id(kindReplay, n, which), Disabled: off}
	}
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		button(0, "⏮ Setup", 0, r.move == 0),
		button(1, "◀ Back", max(r.move-1, 0), r.move == 0),
		button(2, "Next ▶", min(r.move+1, r.moves), r.move == r.moves),
		button(3, "Now ⏭", r.moves, r.move == r.moves),
	}}}
	chapters := r.chapters
	if len(chapters) > chapterLimit {
		chapters = chapters[len(chapters)-chapterLimit:] // the latest
	}
	var opts []discordgo.SelectMenuOption
	for _, c := range chapters {
		opts = append(opts, discordgo.SelectMenuOption{Label: engine.Shorten(c.title, selectLabelLimit),
			Description: fmt.Sprintf("from move %d", c.move), Value: "m" + strconv.Itoa(c.move), Default: c.move <= r.move && r.move < nextStart(r.chapters, c)})
	}
	if len(opts) > 1 {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: id(kindReplayJump, r.move, 0), Placeholder: "Jump to a year or a Fair", Options: opts}}})
	}
	return rows
}

// nextStart is the first move after chapter c, or past the end.
func nextStart(chapters []chapter, c chapter) int {
	for _, d := range chapters {
		if d.move > c.move {
			return d.move
		}
	}
	return 1 << 30
}

// The animation of a game: a frame at the end of each part of it (each
// action round, maintenance, production, Fair), scaled to a width a phone
// shows whole.
const (
	animationWidth = 720
	animationDelay = 80      // hundredths of a second a frame
	attachmentMax  = 8 << 20 // under Discord's 10 MiB for a bot's upload
)

// animation answers /vinhos replay: the game so far as an animated GIF,
// to the one who asked.
func (h *Handler) animation(i *discordgo.Interaction) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	return Reply{Ack: deferPrivate(), Edit: func() (*discordgo.WebhookEdit, error) {
		a, err := h.animated(g)
		if err != nil {
			return edit(err.Error())()
		}
		content := fit(animationText(g, a.frames))
		return &discordgo.WebhookEdit{Content: &content, Components: &[]discordgo.MessageComponent{},
			Files:           []*discordgo.File{{Name: AnimationFile, ContentType: "image/gif", Reader: bytes.NewReader(a.data)}},
			AllowedMentions: NoMentions()}, nil
	}}
}

// animated is g's animation so far, drawn by the painters once for every
// asker of the same moment (drawn.go).
func (h *Handler) animated(g *adega.Game) (drawing, error) {
	return h.drawn.get(drawingKey("gif", g.ID, *adega.BoardOf(g)), func() (drawing, error) {
		return animate(h.Games, h.Drawer, g, func(draw func()) { h.paint(remind.ClassOf(g.Meta), g.ID, draw) })
	})
}

// Animate makes the animation of g so far and says what it shows, for the
// local table, which draws its frames at once. An animation too large to
// attach is refused with an *engine.Error.
func Animate(games *engine.Registry, drawer Drawer, g *adega.Game) ([]byte, string, error) {
	a, err := animate(games, drawer, g, func(draw func()) { draw() })
	if err != nil {
		return nil, "", err
	}
	return a.data, animationText(g, a.frames), nil
}

// animate draws the animation of g, each frame (drawn, scaled, mapped to
// its palette and compressed) in one call of paint, so that only the
// compressed frames are kept.
func animate(games *engine.Registry, drawer Drawer, g *adega.Game, paint func(draw func())) (drawing, error) {
	frames, err := partEnds(games, g)
	if err != nil {
		return drawing{}, err
	}
	var b bytes.Buffer
	anim := render.NewAnimation(&b, animationWidth)
	for k, state := range frames {
		delay := animationDelay
		if k == len(frames)-1 {
			delay *= 3 // the game now, held longer
		}
		paint(func() { err = anim.Add(drawer.Board(g.Meta.Game, state), delay) })
		if err != nil {
			return drawing{}, err
		}
	}
	if err := anim.Close(); err != nil {
		return drawing{}, err
	}
	if b.Len() > attachmentMax {
		return drawing{}, engine.Errorf(engine.CodeIllegal, "The animation of this game would take %d MB, more than Discord takes; `/%s board move:` steps through it instead.", b.Len()>>20, g.Meta.Game)
	}
	return drawing{data: b.Bytes(), frames: len(frames)}, nil
}

// animationText says what an animation of g shows.
func animationText(g *adega.Game, frames int) string {
	return fmt.Sprintf("**%s**, the game so far: %d frames, one at the end of each part of the game (%s now).", g.Meta.Title, frames, g.State.Phase())
}

// AnimationFile is the name of a game's animation attachment.
const AnimationFile = "game.gif"

// partEnds are the states of g at the end of each part of the game (where
// its phase changes), and its state now.
func partEnds(games *engine.Registry, g *adega.Game) ([]engine.State, error) {
	game, err := games.Lookup(g.Setup.Game)
	if err != nil {
		return nil, err
	}
	var ends []engine.State
	var last engine.State
	_, err = engine.ReplayEach(game, g.Setup, g.Moves(), func(_ int, s engine.State, _ []engine.Event) {
		if last != nil && last.Phase() != s.Phase() {
			ends = append(ends, last)
		}
		last = s
	})
	return append(ends, last), err
}

// vpRace is each player's VP at the end of each part of the game that
// chapters name (the setup, each year, each Fair) and now, with a short
// label for each point.
func vpRace(games *engine.Registry, drawer Drawer, g *adega.Game) ([]string, []render.Series, error) {
	ends, err := partEnds(games, g)
	if err != nil {
		return nil, nil, err
	}
	// A chapter ends where a part ends and the next part is in another
	// chapter.
	var labels []string
	var points [][]engine.PlayerSummary
	for k, s := range ends[:len(ends)-1] {
		if chapter := chapterOf(s.Phase()); chapter != chapterOf(ends[k+1].Phase()) {
			labels, points = append(labels, axisLabel(chapter)), append(points, s.Players())
		}
	}
	last := ends[len(ends)-1]
	now := "now"
	if last.Over() {
		now = "end"
	}
	labels, points = append(labels, now), append(points, last.Players())
	series := make([]render.Series, len(points[0]))
	colors := drawer.SeatColors(g.Meta.Game, last)
	for k, p := range points[0] {
		series[k].Name, series[k].Color = p.Name, colors[k]
	}
	for _, players := range points {
		for k, p := range players {
			vp, _ := p.Stat("vp")
			series[k].Values = append(series[k].Values, vp)
		}
	}
	return labels, series, nil
}

// axisLabel shortens a chapter's title to fit under a chart's axis:
// "Year 3" becomes "Y3", "Year 3, the Fair" "Y3 Fair"; other parts (the
// last action) keep their point but no label.
func axisLabel(title string) string {
	year, fair := strings.CutSuffix(title, ", the Fair")
	n, ok := strings.CutPrefix(year, "Year ")
	switch {
	case title == "Setup":
		return title
	case !ok:
		return ""
	case fair:
		return "Y" + n + " Fair"
	}
	return "Y" + n
}
