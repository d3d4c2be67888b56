package remind

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
	"github.com/adega-bot/adega/referee"
	"github.com/adega-bot/adega/storage"
)

// keeping is a scheduler whose AI keeps hard's trees, driven by hand: the
// bot's turns are searched when the test says, not by the loop.
type keeping struct {
	t     *testing.T
	s     *Scheduler
	store *storage.Store
	now   time.Time
}

// keepingIterations is hard's cap: enough for the tree to hold the
// replies a first-choice player makes in nim.
const keepingIterations = 1000

func newKeeping(t *testing.T, keptEdges int) *keeping {
	store, err := storage.Open(filepath.Join(t.TempDir(), "adega.db"), registry)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	k := &keeping{t: t, store: store, now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	k.s = &Scheduler{Store: store, Out: &recorder{now: func() time.Time { return k.now }}, Now: func() time.Time { return k.now },
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), AI: ai.Settings{Iterations: keepingIterations, KeptEdges: keptEdges}}
	return k
}

// game creates a nim game in channel of Ana against the bot at hard.
func (k *keeping) game(channel string) string {
	k.t.Helper()
	seats := []adega.SeatUser{{UserID: "ana", Name: "Ana"}, {Name: "Bia", Bot: true, Level: "hard"}}
	g, err := k.store.Create(adega.Meta{ChannelID: channel, GuildID: "guild", Seats: seats},
		engine.Setup{Game: "nim", Seed: 1, Players: []string{"Ana", "Bia"}}, k.now, nil)
	if err != nil {
		k.t.Fatal(err)
	}
	return g.ID
}

// round plays Ana's first choices if she is to move, then the bot's
// turn, and returns the game as the bot found it.
func (k *keeping) round(id string) *adega.Game {
	k.t.Helper()
	k.ana(id)
	return k.bot(id)
}

// ana plays her first choices if she is to move.
func (k *keeping) ana(id string) {
	k.t.Helper()
	g, err := k.store.Load(id)
	if err != nil {
		k.t.Fatal(err)
	}
	if _, ok := adega.BotPending(g.Meta, g.State); ok {
		return
	}
	act, err := engine.Auto(g.State, 0)
	if err != nil {
		k.t.Fatal(err)
	}
	if _, err := referee.New(k.store).Move(referee.MoveRequest{Game: id, Stamp: g.Stamp, Play: referee.Play{Seat: 0, Action: act}, Now: k.now}); err != nil {
		k.t.Fatal(err)
	}
}

// bot plays the bot's turn, as the thinkers would.
func (k *keeping) bot(id string) *adega.Game {
	k.t.Helper()
	r, err := k.s.runFor(id, nil)
	if r == nil {
		k.t.Fatalf("no bot turn in game %s: %v", id, err)
	}
	before := r.g
	for k.s.advance(context.Background(), r) {
	}
	if r.err != nil || len(r.plays) != 1 {
		k.t.Fatalf("the bot played %v: %v", r.plays, r.err)
	}
	return before
}

// kept is the tree the store keeps for the bot's seat in game id.
func (k *keeping) kept(id string) *kept {
	e := k.s.kept().trees[keptKey{id, 1}]
	if e == nil {
		return nil
	}
	return e.Value.(*kept)
}

// A hard bot seat's second decision searches on from what its first
// learnt: the playouts the tree carries to the decision are behind it,
// and more come through the move it plays.
func TestBotSeatSearchesOnFromItsTree(t *testing.T) {
	k := newKeeping(t, 1_000_000)
	id := k.game("c-1")
	k.round(id)
	first := k.kept(id)
	if first == nil {
		t.Fatal("the bot kept no tree after its first decision")
	}
	k.ana(id)
	// What the tree carries to the second decision.
	g, err := k.store.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	carried := k.s.kept().take(id, 1, g.Moves())
	before := carried.Playouts()
	if before == 0 {
		t.Fatal("the tree carries no playouts to the bot's second decision")
	}
	k.s.kept().put(id, 1, carried, g.State, g.Moves())
	k.bot(id)
	second := k.kept(id)
	if second == nil || second.tree != first.tree {
		t.Fatal("the bot's second decision did not keep the first's tree")
	}
	if after := second.tree.Playouts(); after <= before {
		t.Errorf("%d playouts went through the bot's second move, of %d the tree carried to the decision: its search added none", after, before)
	}
}

// An undo takes back what the tree was left at: the bot's next decision
// starts a new tree.
func TestUndoDropsTheBotSeatsTree(t *testing.T) {
	k := newKeeping(t, 1_000_000)
	id := k.game("c-1")
	k.round(id)
	first := k.kept(id)
	g, err := k.store.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := referee.New(k.store).Undo(id, g.Stamp, 1, k.now, nil); err != nil {
		t.Fatal(err)
	}
	k.bot(id)
	if again := k.kept(id); again == nil || again.tree == first.tree {
		t.Error("after the undo the bot searched on from the tree of the move taken back")
	}
	// A log as long as the tree's but another one (a restore of another
	// history) drops it too.
	g, err = k.store.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	other := g.Moves()
	other[0].Action = engine.Action{"another"}
	if tree := k.s.kept().take(id, 1, other); tree.Playouts() != 0 {
		t.Error("the tree of one history was followed in another")
	}
}

// Two games of the same setup and the same moves keep a tree each: the
// second game's bot does not search on from the first's tree.
func TestGamesNeverShareATree(t *testing.T) {
	k := newKeeping(t, 1_000_000)
	a, b := k.game("c-1"), k.game("c-2")
	k.round(a)
	k.ana(b)
	g, err := k.store.Load(b)
	if err != nil {
		t.Fatal(err)
	}
	if tree := k.s.kept().take(b, 1, g.Moves()); tree.Playouts() != 0 {
		t.Errorf("game %s's bot would search on from %d playouts of game %s's tree", b, tree.Playouts(), a)
	}
	if k.kept(a) == nil {
		t.Errorf("game %s lost its tree to game %s", a, b)
	}
}

// Past the bound the least recently used tree goes: a game whose bot
// played again keeps its tree, the one idle longest loses it.
func TestKeptTreesDropTheLeastRecentlyUsed(t *testing.T) {
	probe := newKeeping(t, 1_000_000)
	id := probe.game("c-0")
	probe.round(id)
	size := probe.kept(id).edges
	// Room for two trees of the size a first decision leaves, and a bit.
	k := newKeeping(t, 2*size+size/2)
	a, b, c := k.game("c-1"), k.game("c-2"), k.game("c-3")
	for _, id := range []string{a, b} {
		k.round(id)
	}
	k.round(a) // a is now the most recently used
	k.round(c)
	if k.kept(b) != nil {
		t.Error("the least recently used tree was kept past the bound")
	}
	if k.kept(c) == nil {
		t.Error("the newest tree was not kept")
	}
	if total := k.s.kept().edges; total > k.s.AI.KeptEdges {
		t.Errorf("the trees hold %d edges, past the bound of %d", total, k.s.AI.KeptEdges)
	}
}
