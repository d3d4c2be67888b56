package commands

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fair"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/render"
)

// Boards are drawn after the ack, for the outbox and for private views,
// by a bounded number of painters: a burst of moves slows the posts, never
// the acknowledgements, which must reach Discord within 3 seconds. The
// painters are a fair pool (bot/internal/fair) that leaves a core for the
// interactions: a game's turn boards and ending are the game's work (last
// for a game with no human seat left, remind.ClassOf), what a user asks to
// see is the user's, and owners take turns.

// A painter starts no drawing while an interaction is being answered
// (Answering): its acknowledgement shares no CPU with a board, and the
// moves of a command played in parts are all stored before their turn
// messages are drawn. It waits at most answersFirst for a moment without
// answers.
const answersFirst = time.Second

// Answering marks an interaction being answered until the returned done
// is called, once its acknowledgement is sent.
func (h *Handler) Answering() (done func()) { return h.answering.Hold() }

// painter waits for a moment with no interaction being answered, then for
// a painter's slot for owner's work in class, and returns its release.
func (h *Handler) painter(class fair.Class, owner string) (release func()) {
	h.answering.Wait(answersFirst)
	return h.painters.Acquire(class, owner)
}

// png draws and encodes an image with a painter, as owner's work in class.
func (h *Handler) png(class fair.Class, owner string, img func() image.Image) (png []byte, err error) {
	h.paint(class, owner, func() { png, err = render.PNG(img) })
	return png, err
}

// paint runs one drawing with a painter, as owner's work in class, such
// as a frame of an animation (drawn, scaled and compressed).
func (h *Handler) paint(class fair.Class, owner string, draw func()) {
	defer h.painter(class, owner)()
	start := time.Now() // the wall clock: a duration measured
	draw()
	h.Metrics.Drew(time.Since(start))
}

// PNGFile attaches a board PNG to a message.
func PNGFile(png []byte) *discordgo.File {
	return &discordgo.File{Name: BoardFile, ContentType: "image/png", Reader: bytes.NewReader(png)}
}

// Kinds of outbox entries built at delivery rather than when queued.
const (
	kindReminder   = "reminder"    // a reminder in the game's channel
	kindReminderDM = "reminder-dm" // the same by direct message
	kindEnding     = "ending"      // a game's animation and charts, after its last turn message
)

// Compose builds an outbox entry's message at delivery, as the JSON body
// of Discord's create-message request. It returns nil for a message no
// longer worth sending: a reminder whose wait is over, news that an undo
// took back.
func (h *Handler) Compose(o adega.Outgoing) (json.RawMessage, error) {
	switch o.Kind {
	case "":
		return o.Message, nil
	case kindNews:
		return h.newsMessage(o)
	case kindEnding:
		return h.endingMessage(o)
	case kindReminder, kindReminderDM:
		var r remind.Reminder
		if err := json.Unmarshal(o.Payload, &r); err != nil {
			return nil, fmt.Errorf("outbox %d: %w", o.Seq, err)
		}
		msg, err := h.reminderMessage(r, o.Kind == kindReminderDM)
		if err != nil || msg == nil {
			return nil, err
		}
		return json.Marshal(msg)
	}
	return nil, fmt.Errorf("outbox %d: unknown kind %q", o.Seq, o.Kind)
}

// endingMessage is a game's ending, unless an undo has taken the end back
// before it went out.
func (h *Handler) endingMessage(o adega.Outgoing) (json.RawMessage, error) {
	g, err := h.gameOf(o)
	if g == nil || err != nil || o.Board == nil || *adega.BoardOf(g) != *o.Board {
		return nil, err
	}
	return o.Message, nil
}

// gameOf loads the game an outbox entry is about: nil if it is gone.
func (h *Handler) gameOf(o adega.Outgoing) (*adega.Game, error) {
	g, err := h.Store.Load(o.Game)
	if engine.CodeOf(err) == adega.CodeNotFound {
		return nil, nil
	}
	return g, err
}

// BoardPNG draws the board an outbox entry shows, or nil when that moment
// of the game can no longer be drawn: an undo took it away before its
// message went out. A game's ending shows no board: its turn message did.
// A moment's board is drawn once for its turn message and the followers'
// news that shows it (turnBoards); a game nobody follows keeps none.
func (h *Handler) BoardPNG(o adega.Outgoing) ([]byte, error) {
	if o.Board == nil || o.Kind == kindEnding {
		return nil, nil
	}
	g, err := h.Store.Load(o.Game)
	if err != nil {
		return nil, err
	}
	state, err := h.stateAt(g, *o.Board)
	if err != nil || state == nil {
		return nil, err
	}
	draw := func() (drawing, error) {
		png, err := h.png(remind.ClassOf(g.Meta), g.ID, func() image.Image { return TurnBoard(h.Drawer, g, state) })
		return drawing{data: png}, err
	}
	if len(g.Meta.Followers) == 0 {
		// Only a follower's news shows the board again: kept, it would
		// hold the memory of a dozen boards for nothing.
		d, err := draw()
		return d.data, err
	}
	d, err := h.turnBoards.get(drawingKey("board-"+string(g.Meta.Board), g.ID, *o.Board), draw)
	return d.data, err
}

// TurnBoard draws a state of g as its turn messages show it: the full
// board, or the compact one if the game chose it (/vinhos board style:).
// The local table draws its boards so too.
func TurnBoard(drawer Drawer, g *adega.Game, state engine.State) image.Image {
	if g.Meta.Board == adega.BoardCompact {
		return drawer.Compact(g.Meta.Game, state)
	}
	return drawer.Board(g.Meta.Game, state)
}

// BoardFiles attaches the board an outbox entry shows, if any.
func (h *Handler) BoardFiles(o adega.Outgoing) ([]*discordgo.File, error) {
	png, err := h.BoardPNG(o)
	if png == nil || err != nil {
		return nil, err
	}
	return []*discordgo.File{PNGFile(png)}, nil
}

// Endings draws what a game's ending carries: the game's animation and its
// VP charts (and, on a turn message that an older build queued as the
// game's last, besides its board). It draws nothing for other messages,
// or when an undo has taken the ending away.
func (h *Handler) Endings(o adega.Outgoing) ([]*discordgo.File, error) {
	if !o.Ending || o.Board == nil {
		return nil, nil
	}
	g, err := h.Store.Load(o.Game)
	if err != nil {
		return nil, err
	}
	if *adega.BoardOf(g) != *o.Board {
		return nil, nil // the game has moved on since: an undo
	}
	anim, err := h.animated(g)
	if err != nil {
		return nil, err
	}
	var files []*discordgo.File
	h.paint(remind.ClassOf(g.Meta), g.ID, func() { files, err = endingFiles(h.Games, h.Drawer, g, anim.data) }) // the charts
	return files, err
}

// EndingFiles are what the message that ends g carries besides its board:
// the game's animation, the chart of the players' VP through it and, if
// the game tells, the chart of where their VP came from. The local table
// writes them too.
func EndingFiles(games *engine.Registry, drawer Drawer, g *adega.Game) ([]*discordgo.File, error) {
	anim, _, err := Animate(games, drawer, g)
	if err != nil {
		return nil, err
	}
	return endingFiles(games, drawer, g, anim)
}

// endingFiles are EndingFiles with the animation drawn.
func endingFiles(games *engine.Registry, drawer Drawer, g *adega.Game, anim []byte) ([]*discordgo.File, error) {
	race, err := VPRaceChart(games, drawer, g)
	if err != nil {
		return nil, err
	}
	sources, err := VPSourcesChart(drawer, g)
	if err != nil {
		return nil, err
	}
	files := []*discordgo.File{{Name: AnimationFile, ContentType: "image/gif", Reader: bytes.NewReader(anim)}}
	if race != nil {
		files = append(files, &discordgo.File{Name: ChartFile, ContentType: "image/png", Reader: bytes.NewReader(race)})
	}
	if sources != nil {
		files = append(files, &discordgo.File{Name: SourcesFile, ContentType: "image/png", Reader: bytes.NewReader(sources)})
	}
	return files, nil
}

// stateAt returns the state at a moment of g, replaying the log when the
// moment is not the newest; nil when an undo has taken it away.
func (h *Handler) stateAt(g *adega.Game, ref adega.BoardRef) (engine.State, error) {
	if ref.Version == g.Version && *adega.BoardOf(g) == ref {
		return g.State, nil
	}
	if !reachable(g, ref) {
		return nil, nil
	}
	game, err := h.Games.Lookup(g.Setup.Game)
	if err != nil {
		return nil, err
	}
	state, _, err := engine.Replay(game, g.Setup, g.Moves()[:ref.Version])
	return state, err
}

// reachable reports whether a moment of g is still in its history: an
// undo takes back the moments after the one it returns to.
func reachable(g *adega.Game, ref adega.BoardRef) bool {
	return ref.Version <= g.Version && (ref.Version == 0 || g.Log[ref.Version-1].Stamp == ref.Tail)
}
