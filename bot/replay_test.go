package bot_test

import (
	"bytes"
	"fmt"
	"image"
	"image/gif"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
)

// Looking back through Discord: /vinhos board move:N answers privately
// with the board after move N, and its Next button replaces that view
// with the next move's, image and all.
func TestLookingBackThroughDiscord(t *testing.T) {
	h := newHarness(t)
	ana, bruno := h.srv.NewUser("ana"), h.srv.NewUser("bruno")
	thread := h.srv.NewChannel("game").ID
	g, err := h.store.Create(adega.Meta{ChannelID: thread, Seats: []adega.SeatUser{{UserID: ana.ID, Name: "Ana"}, {UserID: bruno.ID, Name: "Bruno"}}},
		engine.Setup{Game: "vinhos", Seed: 3, Players: []string{"Ana", "Bruno"}}, time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	g = h.autoPlay(g, func(g *adega.Game) bool { return len(g.Log) >= 8 })
	at := h.srv.InGuild(bruno, thread)
	in := h.srv.SlashCommand(at, "vinhos", fakediscord.Subcommand("board", fakediscord.IntegerOption("move", 2)))
	if r := h.callback(in); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("answer: %+v", r)
	}
	shown := func(in fakediscord.Interaction, want string) fakediscord.Message {
		t.Helper()
		edit, err := h.srv.WaitFor(wait, in.IsOriginalEdit)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(edit.JSON), want) {
			t.Fatalf("the view says %s, want %q", edit.JSON, want)
		}
		view := h.lastEphemeral(thread)
		if len(view.Files) != 1 || !isPNG(view.Files[0].Data) {
			t.Fatalf("the view holds %d files, want one board", len(view.Files))
		}
		return view
	}
	view := shown(in, "move 2 of 8")
	var next string
	for _, c := range components(view.Message) {
		if b, ok := c.(*discordgo.Button); ok && b.Label == "Next ▶" {
			next = b.CustomID
		}
	}
	click := h.srv.Button(at, view.ID, next)
	if r := h.callback(click); r.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("the click's answer: %+v", r)
	}
	shown(click, "move 3 of 8")
}

// countingDrawer draws summary cards and counts the boards it draws and
// the most it drew at once. Each board waits for gate, if there is one,
// and then takes at least hold, so that drawings that could overlap do.
type countingDrawer struct {
	summaryDrawer
	gate chan struct{}
	hold time.Duration

	mu                    sync.Mutex
	boards, drawing, most int
}

func (d *countingDrawer) Board(game string, s engine.State) image.Image {
	d.mu.Lock()
	d.boards++
	d.drawing++
	d.most = max(d.most, d.drawing)
	d.mu.Unlock()
	if d.gate != nil {
		<-d.gate
	}
	time.Sleep(d.hold)
	img := d.summaryDrawer.Board(game, s)
	d.mu.Lock()
	d.drawing--
	d.mu.Unlock()
	return img
}

func (d *countingDrawer) counts() (boards, most int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.boards, d.most
}

// drawWait bounds the wait for an animation. The painters serve the games
// that ask in turn, frame by frame, so every replay asked at once is
// answered near the end of all their drawing, which under the race
// detector on a busy machine takes far longer than one request's wait.
const drawWait = time.Minute

// replayAnswers sends /vinhos replay for each of ats at once, lets the
// drawing start once every one is acknowledged (open), and returns the
// animation each asker was sent, and how long the slowest waited for it.
func replayAnswers(t *testing.T, h *harness, ats []fakediscord.Origin, open func()) ([][]byte, time.Duration) {
	t.Helper()
	ins := make([]fakediscord.Interaction, len(ats))
	var wg sync.WaitGroup
	for k, at := range ats {
		wg.Go(func() { ins[k] = h.srv.SlashCommand(at, "vinhos", fakediscord.Subcommand("replay")) })
	}
	wg.Wait()
	for _, in := range ins {
		if r := h.callback(in); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
			t.Fatalf("the answer to /vinhos replay: %+v", r)
		}
	}
	open()
	var gifs [][]byte
	var slowest time.Duration
	for _, in := range ins {
		r, err := h.srv.WaitFor(drawWait, in.IsOriginalEdit)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Files) != 1 || r.Files[0].Name != commands.AnimationFile {
			t.Fatalf("the replay sent %d files: %s", len(r.Files), r.JSON)
		}
		gifs = append(gifs, r.Files[0].Data)
		slowest = max(slowest, r.At.Sub(in.SentAt))
	}
	return gifs, slowest
}

// Twelve /vinhos replay of one game at once, from twelve players: the
// animation is drawn once, a board per frame, and every one of them gets
// it. The drawing starts only once all twelve are acknowledged, so all
// twelve ask while it is being drawn.
func TestTwelveReplaysOfOneGameDrawItOnce(t *testing.T) {
	drawer := &countingDrawer{gate: make(chan struct{})}
	h := newHarnessWith(t, drawer)
	thread := h.srv.NewChannel("game").ID
	var ats []fakediscord.Origin
	for k := range 12 {
		ats = append(ats, h.srv.InGuild(h.srv.NewUser(fmt.Sprint("user", k)), thread))
	}
	g, err := h.store.Create(adega.Meta{ChannelID: thread, Seats: []adega.SeatUser{{UserID: "ana", Name: "Ana"}, {UserID: "bruno", Name: "Bruno"}}},
		engine.Setup{Game: "vinhos", Seed: 3, Players: []string{"Ana", "Bruno"}}, time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	h.autoPlay(g, func(g *adega.Game) bool { return len(g.Log) >= 30 })
	gifs, slowest := replayAnswers(t, h, ats, func() { close(drawer.gate) })
	anim, err := gif.DecodeAll(bytes.NewReader(gifs[0]))
	if err != nil {
		t.Fatal(err)
	}
	for k, data := range gifs {
		if !bytes.Equal(data, gifs[0]) {
			t.Fatalf("asker %d got another animation", k)
		}
	}
	if boards, _ := drawer.counts(); boards != len(anim.Image) {
		t.Fatalf("twelve replays drew %d boards for an animation of %d frames; want each frame drawn once", boards, len(anim.Image))
	}
	t.Logf("12 replays of %d frames: the last answered %v after it was sent", len(anim.Image), slowest)
}

// Twelve /vinhos replay of twelve games at once draw their frames with the
// bot's painters: never more boards at once than there are painters, and
// every replay is answered.
func TestTwelveReplaysDrawWithThePainters(t *testing.T) {
	drawer := &countingDrawer{hold: 2 * time.Millisecond}
	h := newHarnessWith(t, drawer)
	var ats []fakediscord.Origin
	for k := range 12 {
		thread := h.srv.NewChannel(fmt.Sprint("game", k)).ID
		g, err := h.store.Create(adega.Meta{ChannelID: thread, Seats: []adega.SeatUser{{UserID: "ana", Name: "Ana"}, {UserID: "bruno", Name: "Bruno"}}},
			engine.Setup{Game: "vinhos", Seed: uint64(k + 1), Players: []string{"Ana", "Bruno"}}, time.Now(), nil)
		if err != nil {
			t.Fatal(err)
		}
		h.autoPlay(g, func(g *adega.Game) bool { return len(g.Log) >= 8 })
		ats = append(ats, h.srv.InGuild(h.srv.NewUser(fmt.Sprint("user", k)), thread))
	}
	gifs, slowest := replayAnswers(t, h, ats, func() {})
	for k, data := range gifs {
		if _, err := gif.DecodeAll(bytes.NewReader(data)); err != nil {
			t.Fatalf("replay %d: %v", k, err)
		}
	}
	painters := max(1, runtime.GOMAXPROCS(0)-1)
	boards, most := drawer.counts()
	if most > painters {
		t.Fatalf("%d boards were drawn at once, by %d painters", most, painters)
	}
	t.Logf("12 replays of 12 games, %d boards by %d painters: the last answered %v after it was sent", boards, painters, slowest)
}
