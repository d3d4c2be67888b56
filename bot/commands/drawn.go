package commands

import (
	"fmt"
	"slices"
	"sync"

	"golang.org/x/sync/singleflight"

	"github.com/adega-bot/adega"
)

// Looking back at a game draws what nobody will change: the same moment of
// the same game is the same picture for everyone who asks. drawnOnce
// draws each once: asks that come together share one drawing, and the
// newest drawings are kept, up to drawnBudget bytes, for the asks that
// follow (a game's channel asking for its replay after the end, the
// message that ends it, the buttons stepping back and forth).

// drawnBudget bounds the bytes kept: a few animations (at most 8 MB each;
// a whole 2-player game takes 1.5 MB) and a few dozen boards.
const drawnBudget = 16 << 20

// turnBoardsBudget bounds the turn boards kept for the followers' news
// that shows the same moment (a dozen boards of about 400 KB): apart from
// the replays', so that the boards of every move do not push them out.
const turnBoardsBudget = 5 << 20

// drawing is what was drawn: an encoded image, and for an animation the
// number of its frames.
type drawing struct {
	data   []byte
	frames int
}

// drawingKey names a drawing of a game's moment: its kind ("gif" for the
// animation up to that moment, "png" for the board then) and the moment,
// which names one history (an undo's replacement moves get other stamps).
func drawingKey(kind, gameID string, at adega.BoardRef) string {
	return fmt.Sprintf("%s %s %d %d", kind, gameID, at.Version, at.Tail)
}

type drawnOnce struct {
	budget int // the bytes kept; zero is drawnBudget
	flight singleflight.Group
	mu     sync.Mutex
	kept   []keptDrawing // oldest first
	bytes  int
}

type keptDrawing struct {
	key string
	drawing
}

// get returns the drawing under key, drawn now if it is neither kept nor
// being drawn. A failed drawing is not kept.
func (d *drawnOnce) get(key string, draw func() (drawing, error)) (drawing, error) {
	if v, ok := d.find(key); ok {
		return v, nil
	}
	v, err, _ := d.flight.Do(key, func() (any, error) {
		if v, ok := d.find(key); ok { // kept while this one waited to start
			return v, nil
		}
		v, err := draw()
		if err == nil {
			d.keep(key, v)
		}
		return v, err
	})
	if err != nil {
		return drawing{}, err
	}
	return v.(drawing), nil
}

func (d *drawnOnce) find(key string) (drawing, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, k := range d.kept {
		if k.key == key {
			return k.drawing, true
		}
	}
	return drawing{}, false
}

// keep adds a drawing, forgetting the oldest until the budget holds it.
func (d *drawnOnce) keep(key string, v drawing) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.kept = append(d.kept, keptDrawing{key, v})
	d.bytes += len(v.data)
	budget := d.budget
	if budget == 0 {
		budget = drawnBudget
	}
	for d.bytes > budget && len(d.kept) > 0 {
		d.bytes -= len(d.kept[0].data)
		d.kept = slices.Delete(d.kept, 0, 1)
	}
}
