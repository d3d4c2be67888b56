package bot_test

import (
	"bytes"
	"encoding/binary"
	"flag"
	"image"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/rusage"
	"github.com/adega-bot/adega/render"
	vinhosboard "github.com/adega-bot/adega/render/vinhos"
	"github.com/adega-bot/adega/storage"
)

// The whole path of a move, measured in the bot's own CPU time: the bot
// runs in a child process (as the crash and scale tests run it), so that
// the fake Discord and the driver, in the test's process, are not counted.
// The child tells its CPU time (getrusage, all its threads) in a header of
// each request it sends to Discord, taken as it sends it, and on a pipe
// when the test asks, which the test does just before it sends an
// interaction. The difference is the CPU the bot spent between the two.

// cpuHeader carries the child's CPU time, in nanoseconds, on its requests.
const cpuHeader = "X-Adega-Cpu"

// cpuClock makes the child tell its CPU time: it answers each byte read on
// descriptor 3 with the time on descriptor 4, and returns next stamping
// each request with the time.
func cpuClock(next http.RoundTripper) http.RoundTripper {
	ask, tell := os.NewFile(3, "ask"), os.NewFile(4, "tell")
	go func() {
		var one [1]byte
		for {
			if _, err := ask.Read(one[:]); err != nil {
				return
			}
			if _, err := tell.Write(binary.BigEndian.AppendUint64(nil, uint64(rusage.CPU()))); err != nil {
				return
			}
		}
	}()
	return stampCPU{next}
}

type stampCPU struct{ next http.RoundTripper }

func (s stampCPU) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context()) // a round tripper leaves its request as it was
	req.Header.Set(cpuHeader, strconv.FormatInt(int64(rusage.CPU()), 10))
	return s.next.RoundTrip(req)
}

// childClock is the test's end of the child's pipes.
type childClock struct{ ask, tell *os.File }

// now is the child's CPU time.
func (c childClock) now(b testing.TB) time.Duration {
	var buf [8]byte
	if _, err := c.ask.Write(buf[:1]); err != nil {
		b.Fatal(err)
	}
	if _, err := io.ReadFull(c.tell, buf[:]); err != nil {
		b.Fatal(err)
	}
	return time.Duration(binary.BigEndian.Uint64(buf[:]))
}

// cpuStamp is the child's CPU time when it sent r.
func cpuStamp(b testing.TB, r fakediscord.Request) time.Duration {
	n, err := strconv.ParseInt(r.Header.Get(cpuHeader), 10, 64)
	if err != nil {
		b.Fatalf("%s %s carries no CPU time: %v", r.Method, r.Path, err)
	}
	return time.Duration(n)
}

// BenchmarkMovePath plays whole 4-player games of Vinhos (seeds 1, 2, ...,
// one an iteration, each in a thread of its own) on the bot in a child
// process with the real renderer. Each decision is built at random from
// Choices (randomTyped) and typed as /vinhos play as soon as the turn
// message before it is posted; Confirm is clicked when the bot asks. It
// reports the bot's CPU time:
//
//   - move-cpu-ms: from just before the typed command is sent to the
//     request that posts the move's turn message with its board, the mean
//     over every move; move/background: its ratio to background-cpu-ms;
//   - ack-p99-cpu-ms: from just before an interaction (a typed command or
//     a Confirm) is sent to the request that acknowledges it, the 99th
//     percentile over every interaction; ack-p99/background: its ratio;
//   - last/move: each game's last move, which ends it, against the mean
//     move;
//   - background-cpu-ms: the 4-player board's cached background encoded
//     whole (render/vinhos BenchmarkBackground) in the test's process
//     after each turn message, the bot idle: the reference, measured in
//     the same run under the same load, the mean of one encode a move.
//
// The next game starts once the last one's ending is posted. With
// -movepath.cpuprofile the bot writes a CPU profile of its whole life.
func BenchmarkMovePath(b *testing.B) {
	srv := fakediscord.New(b, fakediscord.WithToken("test-token"), fakediscord.WithMentionsRule(), fakediscord.WithoutFileData())
	names := []string{"Ana", "Bruno", "Carla", "Duarte"}
	users := map[string]*discordgo.User{} // by name
	var seats []adega.SeatUser
	for _, name := range names {
		u := srv.NewUser(name)
		users[name] = u
		seats = append(seats, adega.SeatUser{UserID: u.ID, Name: name})
	}
	db := filepath.Join(b.TempDir(), "adega.db")
	store, err := storage.Open(db, testGames())
	if err != nil {
		b.Fatal(err)
	}
	games := make([]*adega.Game, b.N)
	for k := range games {
		thread := srv.NewChannel("game").ID
		games[k], err = store.Create(adega.Meta{ChannelID: thread, GuildID: srv.GuildID(), Seats: seats},
			engine.Setup{Game: "vinhos", Seed: uint64(k + 1), Players: names}, time.Now(), nil)
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := store.Close(); err != nil {
		b.Fatal(err)
	}
	clock := startClockedChild(b, srv, db)
	background := vinhosboard.Background(games[0].State.(*vinhos.State))
	encodeCPU(b, background) // the encoder's first use sets it up

	rng := rand.New(rand.NewPCG(3, 4))
	var moves, acks, reference []time.Duration
	var lasts time.Duration
	b.ResetTimer()
	for _, g := range games {
		thread, st := g.Meta.ChannelID, g.State
		last := map[engine.Seat]string{} // each seat's last command
		changes := 0                     // turn messages owed
		for !st.Over() {
			seat := st.Pending()[0].Seat
			act, err := randomTyped(st, seat, rng)
			if err != nil {
				b.Fatal(err)
			}
			// The same command typed again by the same seat within a second
			// of its answer is taken for a copy sent by mistake: a player
			// reads first.
			if typed := strings.Join(act, " "); typed == last[seat] {
				time.Sleep(time.Second)
			} else {
				last[seat] = typed
			}
			var asked []time.Duration // the child's CPU time before each interaction
			sent, err := typeCommand(srv, srv.InGuild(users[st.Players()[seat].Name], thread), "vinhos", act,
				func() { asked = append(asked, clock.now(b)) })
			if err != nil {
				b.Fatal(err)
			}
			for k, s := range sent {
				acks = append(acks, cpuStamp(b, s.answer)-asked[k])
			}
			// A typed command goes on after a hidden tile as the same
			// command (a confirmed one does not), each part a change with
			// its turn message.
			for st, _, err = st.Apply(seat, act); err == nil && len(sent) == 1 && engine.Continues(st, seat); changes++ {
				part, err := engine.BuildPart(st, seat, nil, nil)
				if err != nil {
					break
				}
				st, _, err = st.Apply(seat, part.Action)
			}
			if err != nil {
				b.Fatal(err)
			}
			changes++
			n := 0
			// The last turn message waited for the ending before issue 33.
			post, err := srv.WaitFor(3*wait, func(r fakediscord.Request) bool {
				if r.Method == http.MethodPost && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] == thread && len(r.Files) > 0 {
					n++
				}
				return n == changes
			})
			if err != nil {
				b.Fatalf("no turn message after %v (%d of %d): %v", act, n, changes, err)
			}
			moves = append(moves, cpuStamp(b, post)-asked[0])
			reference = append(reference, encodeCPU(b, background))
		}
		lasts += moves[len(moves)-1]
		// The next game starts once the ending, after the last turn
		// message (before issue 33, on it), is posted.
		if _, err := srv.WaitFor(3*wait, func(r fakediscord.Request) bool {
			return r.Method == http.MethodPost && r.Params["channel_id"] == thread && bytes.Contains(r.JSON, []byte("move by move")) ||
				len(r.Files) > 1 && r.Params["channel_id"] == thread
		}); err != nil {
			b.Fatal("no ending:", err)
		}
	}
	b.StopTimer()
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	mean, floor := meanOf(moves), meanOf(reference)
	slices.Sort(acks)
	p99 := quantile(acks, 0.99)
	b.ReportMetric(ms(mean), "move-cpu-ms")
	b.ReportMetric(float64(mean)/float64(floor), "move/background")
	b.ReportMetric(ms(p99), "ack-p99-cpu-ms")
	b.ReportMetric(float64(p99)/float64(floor), "ack-p99/background")
	b.ReportMetric(float64(lasts)/float64(len(games))/float64(mean), "last/move")
	b.ReportMetric(ms(floor), "background-cpu-ms")
	b.ReportMetric(float64(len(moves))/float64(len(games)), "moves/game")
}

// encodeCPU encodes img whole in the test's process, and returns the CPU
// time that took.
func encodeCPU(b *testing.B, img image.Image) time.Duration {
	start := rusage.CPU()
	if _, err := render.EncodePNG(img); err != nil {
		b.Fatal(err)
	}
	return rusage.CPU() - start
}

func meanOf(ds []time.Duration) time.Duration {
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	return sum / time.Duration(len(ds))
}

var movePathProfile = flag.String("movepath.cpuprofile", "", "BenchmarkMovePath: write the bot's CPU profile to this file")

// startClockedChild starts the bot on db in a child process with the real
// renderer and the CPU clock, and stops it when the benchmark ends.
func startClockedChild(b *testing.B, srv *fakediscord.Server, db string) childClock {
	askR, askW, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	tellR, tellW, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	var logs syncBuffer
	child := startChild(b, srv, crashChild{REST: srv.URL(), DB: db, RealBoards: true, Clock: true, CPUProfile: *movePathProfile}, &logs, askR, tellW)
	askR.Close()
	tellW.Close()
	b.Cleanup(func() {
		_ = child.Process.Signal(syscall.SIGTERM)
		if err := child.Wait(); err != nil {
			b.Errorf("the bot did not stop cleanly: %v", err)
		}
		if b.Failed() {
			b.Log("the bot's log:\n", logs.String())
		}
		askW.Close()
		tellR.Close()
	})
	return childClock{ask: askW, tell: tellR}
}
