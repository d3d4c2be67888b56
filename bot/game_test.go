package bot_test

import (
	"bytes"
	"image/gif"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/commands"
	"github.com/adega-bot/adega/bot/internal/fakediscord"
	"github.com/adega-bot/adega/engine/vinhos"
)

// waitPosts waits until the channel holds n public messages. A post waits
// for its drawing (the last for the whole game's animation and charts),
// which the race detector on a busy machine stretches well beyond an
// answer's wait.
func (h *harness) waitPosts(channelID string, n int) []fakediscord.Message {
	h.t.Helper()
	deadline := time.Now().Add(3 * wait)
	for {
		msgs := h.public(channelID)
		if len(msgs) >= n {
			return msgs
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("%d public messages in the channel, want %d", len(msgs), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// lastPostMentions reads the allowed_mentions users of the newest message
// the bot posted in the channel.
func (h *harness) lastPostMentions(channelID string) []string {
	h.t.Helper()
	posts := h.postsTo(channelID)
	if len(posts) == 0 {
		return nil
	}
	return posts[len(posts)-1].Pings
}

func (h *harness) game(channelID string) *adega.Game {
	h.t.Helper()
	ids, err := h.store.ActiveGames(channelID)
	if err != nil || len(ids) != 1 {
		h.t.Fatalf("active games in %s: %v %v", channelID, ids, err)
	}
	g, err := h.store.Load(ids[0])
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// TestFullTwoPlayerGameThroughDiscord plays a whole game from the lobby to
// the final scores through the fake Discord, clicking what a player would
// click. Each move must post exactly one message, with the board, pinging
// exactly the players who must act; bad input, a stranger's click and a
// stale button change nothing; and a restart mid-game carries on.
func TestFullTwoPlayerGameThroughDiscord(t *testing.T) { playWholeGame(t, newHarness(t)) }

// TestFullTwoPlayerGameOverHTTP plays the same game with the bot serving
// the Interactions Endpoint instead of the gateway: the fake POSTs every
// interaction signed, and takes the HTTP answers as the callbacks.
func TestFullTwoPlayerGameOverHTTP(t *testing.T) {
	h := newHTTPHarness(t, summaryDrawer{})
	playWholeGame(t, h)
	if got := h.srv.Identifies(); len(got) != 0 {
		t.Errorf("the bot opened the gateway %d times over HTTP", len(got))
	}
	if n := len(h.srv.Deliveries()); n < 30 {
		t.Errorf("only %d interactions came over HTTP", n)
	}
	for _, d := range h.srv.Deliveries() {
		if d.Status != http.StatusOK {
			t.Errorf("interaction %s: the endpoint answered %d %s", d.InteractionID, d.Status, d.Body)
		}
	}
}

func playWholeGame(t *testing.T, h *harness) {
	srv := h.srv
	ana, bruno := srv.NewUser("ana"), srv.NewUser("bruno")
	users := map[string]*discordgo.User{ana.ID: ana, bruno.ID: bruno}
	table := srv.NewChannel("vinhos")
	at := func(u *discordgo.User, ch string) fakediscord.Origin { return srv.InGuild(u, ch) }

	in := srv.SlashCommand(at(ana, table.ID), "vinhos", fakediscord.Subcommand("new",
		fakediscord.IntegerOption("players", 2), fakediscord.StringOption("regions", "first-play"), fakediscord.StringOption("board", "compact")))
	if resp := h.callback(in); !strings.Contains(resp.Data.Content, "Seated (1): ana") || !strings.Contains(resp.Data.Content, "compact board") {
		t.Fatalf("lobby: %q", resp.Data.Content)
	}
	lobby := h.public(table.ID)[0]
	join, start := buttonID(t, lobby.Message, "Join"), buttonID(t, lobby.Message, "Start")
	if resp := h.callback(srv.Button(at(bruno, table.ID), lobby.ID, join)); !strings.Contains(resp.Data.Content, "Seated (2): ana and bruno") {
		t.Fatalf("join: %q", resp.Data.Content)
	}
	if resp := h.callback(srv.Button(at(bruno, table.ID), lobby.ID, start)); resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 ||
		!strings.Contains(resp.Data.Content, "Only the player who opened") {
		t.Fatalf("bruno started the lobby: %+v", resp.Data)
	}
	h.callback(srv.Button(at(ana, table.ID), lobby.ID, start))
	post, err := srv.WaitFor(wait, func(r fakediscord.Request) bool {
		return r.Method == "POST" && r.Route == "/channels/{channel_id}/messages" && r.Params["channel_id"] != table.ID
	})
	if err != nil {
		t.Fatal("no first turn message:", err)
	}
	thread := post.Params["channel_id"]
	if style := h.game(thread).Meta.Board; style != adega.BoardCompact {
		t.Fatalf("the lobby chose the compact board; the game has %q", style)
	}

	rng := rand.New(rand.NewPCG(1, 2))
	var oldGo string
	for moves := 0; ; moves++ {
		msgs := h.waitPosts(thread, moves+1)
		if len(msgs) != moves+1 && !(len(msgs) == moves+2 && strings.Contains(msgs[moves+1].Content, "move by move")) {
			t.Fatalf("after %d moves the thread has %d messages: one per move, please", moves, len(msgs))
		}
		turn := msgs[moves]
		if len(turn.Files) == 0 || !isPNG(turn.Files[0].Data) {
			t.Fatalf("move %d: the message carries no board PNG", moves)
		}
		ids, _ := h.store.ActiveGames(thread)
		if len(ids) == 0 {
			if !strings.Contains(turn.Content, "The game is over.") || len(turn.Embeds) == 0 || len(turn.Embeds[0].Fields) == 0 {
				t.Fatalf("the last message has no final scores: %q", turn.Content)
			}
			checkEnding(t, h, thread, h.finished(ana.ID))
			if moves < 30 {
				t.Fatalf("the game ended after only %d moves", moves)
			}
			t.Logf("the game ended after %d moves and %d requests to Discord", moves, len(srv.Requests()))
			return
		}
		if len(turn.Files) != 1 {
			t.Fatalf("move %d: the message carries %d files, want its board", moves, len(turn.Files))
		}
		g := h.game(thread)
		var want, named []string
		for _, p := range g.State.Pending() {
			id := g.Meta.Seats[p.Seat].UserID
			if !slices.Contains(named, id) {
				named = append(named, id)
			}
			// A player finishing the turn they began is not called again.
			if !p.Continues && !slices.Contains(want, id) {
				want = append(want, id)
			}
		}
		if got := h.lastPostMentions(thread); !slices.Equal(got, want) {
			t.Fatalf("move %d pings %v, want exactly %v", moves, got, want)
		}
		for _, id := range named {
			if !strings.Contains(turn.Content, "<@"+id+">") {
				t.Fatalf("move %d does not mention %s: %q", moves, id, turn.Content)
			}
		}
		actor := users[named[0]]
		var other *discordgo.User
		for id, u := range users {
			if !slices.Contains(want, id) {
				other = u
			}
		}
		goID := buttonID(t, turn.Message, "Make your move")
		switch {
		case moves == 3:
			h.refusedWithoutChange(thread, g.Version, srv.SlashCommand(at(actor, thread), "vinhos",
				fakediscord.Subcommand("play", fakediscord.StringOption("step1", "zzz"))), "is not among the answers to")
		case moves == 4 && other != nil:
			h.refusedWithoutChange(thread, g.Version, srv.Button(at(other, thread), turn.ID, goID), "nothing for you to decide")
		case moves == 5:
			h.refusedWithoutChange(thread, g.Version, srv.Button(at(actor, thread), msgs[moves-1].ID, oldGo), "earlier moment")
		case moves == 12:
			h.restart()
		case moves == 2:
			// The first Magnate tile is a one-step decision offered right on
			// the turn message: two clicks at once play it once.
			h.doubleClick(thread, at(actor, thread), turn, g.Version)
			oldGo = goID
			continue
		}
		oldGo = goID
		h.playGuided(thread, at(actor, thread), turn, goID, rng)
	}
}

// doubleClick picks the first choice of the turn message's menu twice at
// once: exactly one click plays, the other is told the game moved on.
func (h *harness) doubleClick(thread string, o fakediscord.Origin, turn fakediscord.Message, version uint64) {
	h.t.Helper()
	var sel *discordgo.SelectMenu
	for _, c := range components(turn.Message) {
		if s, ok := c.(*discordgo.SelectMenu); ok {
			sel = s
		}
	}
	if sel == nil {
		h.t.Fatal("the turn message offers no first choices")
	}
	before := len(h.public(thread))
	first := h.srv.Select(o, turn.ID, sel.CustomID, sel.Options[0].Value)
	second := h.srv.Select(o, turn.ID, sel.CustomID, sel.Options[0].Value)
	a, b := h.callback(first), h.callback(second)
	stale := 0
	for _, r := range []answer{a, b} {
		if r.Data != nil && strings.Contains(r.Data.Content, "earlier moment") {
			stale++
		}
	}
	h.waitPosts(thread, before+1)
	if g := h.game(thread); stale != 1 || g.Version != version+1 {
		h.t.Fatalf("two clicks at once: %d refused as stale, version %d → %d", stale, version, g.Version)
	}
	time.Sleep(50 * time.Millisecond) // a second post would come now
	if n := len(h.public(thread)); n != before+1 {
		h.t.Fatalf("two clicks posted %d messages", n-before)
	}
}

// refusedWithoutChange sends a bad interaction and checks the private
// refusal and that the game did not move.
func (h *harness) refusedWithoutChange(thread string, version uint64, in fakediscord.Interaction, says string) {
	h.t.Helper()
	resp := h.callback(in)
	if resp.Data == nil || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(resp.Data.Content, says) {
		h.t.Fatalf("want a private %q, got %+v", says, resp.Data)
	}
	if g := h.game(thread); g.Version != version {
		h.t.Fatalf("a refused interaction moved the game from %d to %d", version, g.Version)
	}
}

// playGuided opens the private step view and picks random choices until
// the move is played.
func (h *harness) playGuided(thread string, o fakediscord.Origin, turn fakediscord.Message, goID string, rng *rand.Rand) {
	h.t.Helper()
	resp := h.shown(h.srv.Button(o, turn.ID, goID))
	if resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || resp.Data == nil || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		h.t.Fatalf("the move button did not open a private view: %+v", resp)
	}
	view := h.lastEphemeral(thread)
	if len(view.Files) != 1 || view.Files[0].Name != commands.FocusFile || !isPNG(view.Files[0].Data) {
		h.t.Fatalf("the private view does not show the decision's part of the board: %d files", len(view.Files))
	}
	for steps := 0; ; steps++ {
		if steps > 60 {
			h.t.Fatal("a decision took more than 60 steps")
		}
		var sel *discordgo.SelectMenu
		for _, c := range components(view.Message) {
			if s, ok := c.(*discordgo.SelectMenu); ok {
				sel = s
			}
		}
		if sel == nil {
			// The review of a multi-step move: confirm it.
			if !strings.Contains(view.Content, "to confirm") {
				h.t.Fatalf("the step view has no choices: %q", view.Content)
			}
			if resp := h.callback(h.srv.Button(o, view.ID, buttonID(h.t, view.Message, "Confirm"))); resp.Data == nil || !strings.HasPrefix(resp.Data.Content, "Played") {
				h.t.Fatalf("confirming %q did not play the move: %+v", view.Content, resp.Data)
			}
			return
		}
		var picks []string
		for _, opt := range sel.Options {
			if opt.Value[0] == 'c' || rng.IntN(4) == 0 {
				picks = append(picks, opt.Value)
			}
		}
		if len(picks) == 0 {
			picks = []string{sel.Options[0].Value}
		}
		resp := h.shown(h.srv.Select(o, view.ID, sel.CustomID, picks[rng.IntN(len(picks))]))
		switch {
		case resp.Type != discordgo.InteractionResponseUpdateMessage && resp.Type != discordgo.InteractionResponseDeferredMessageUpdate:
			h.t.Fatalf("unexpected answer to a step: %+v %+v", resp, resp.Data)
		case resp.Data != nil && strings.HasPrefix(resp.Data.Content, "Played"):
			return
		}
		view = h.message(thread, view.ID)
		if len(view.Files) != 1 || view.Files[0].Name != commands.FocusFile {
			h.t.Fatalf("a step view shows %d files, want its focused view", len(view.Files))
		}
	}
}

func (h *harness) message(channelID, id string) fakediscord.Message {
	for _, m := range h.srv.Messages(channelID) {
		if m.ID == id {
			return m
		}
	}
	h.t.Fatalf("no message %s", id)
	return fakediscord.Message{}
}

// finished is the one game userID has played, loaded once it is over.
func (h *harness) finished(userID string) *adega.Game {
	h.t.Helper()
	games, err := h.store.GamesOfUser(userID)
	if err != nil || len(games) != 1 {
		h.t.Fatalf("games %v, %v", games, err)
	}
	g, err := h.store.Load(games[0].ID)
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// checkEnding checks that the last turn message of g, in channelID, carries
// its board alone, and that the game's ending follows it: the game as an
// animated GIF of several frames, the chart of the players' VP through it
// and the chart of their VP by source, drawn from a breakdown that adds up
// to the final scores.
func checkEnding(t *testing.T, h *harness, channelID string, g *adega.Game) {
	t.Helper()
	end := h.waitMessage(channelID, "the game's ending", containing("move by move"))
	msgs := h.public(channelID)
	k := slices.IndexFunc(msgs, func(m fakediscord.Message) bool { return m.ID == end.ID })
	if k < 1 || !strings.Contains(msgs[k-1].Content, "The game is over.") || len(msgs[k-1].Files) != 1 {
		t.Fatal("the game's ending does not follow its last turn message, with its board alone")
	}
	if len(end.Files) != 3 || end.Files[0].Name != commands.AnimationFile || end.Files[1].Name != commands.ChartFile ||
		end.Files[2].Name != commands.SourcesFile {
		t.Fatalf("the ending carries %d files, want %s, %s and %s", len(end.Files),
			commands.AnimationFile, commands.ChartFile, commands.SourcesFile)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(end.Files[0].Data))
	if err != nil || len(anim.Image) < 3 {
		t.Fatalf("the animation does not decode to frames: %v", err)
	}
	if !isPNG(end.Files[1].Data) {
		t.Fatal("the chart is not a PNG")
	}
	if chart, err := commands.VPSourcesChart(summaryDrawer{}, g); err != nil || !bytes.Equal(end.Files[2].Data, chart) {
		t.Fatalf("the VP-by-source chart is not the chart of the game's breakdown (%v)", err)
	}
	checkSourcesMatchFinalScores(t, g.State.(*vinhos.State))
}

// checkSourcesMatchFinalScores checks that each player's VP by source add
// up to their VP, and that the end-of-game sources are the final scoring's.
func checkSourcesMatchFinalScores(t *testing.T, s *vinhos.State) {
	t.Helper()
	_, vp := s.VPSources()
	for seat, p := range s.Players() {
		total, _ := p.Stat("vp")
		got := 0
		for _, v := range vp[seat] {
			got += v
		}
		if got != total {
			t.Errorf("%s's VP by source %v add up to %d, not their %d VP", p.Name, vp[seat], got, total)
		}
		from, f := s.VPFrom(p.Seat), s.Final
		end := []int{from[vinhos.SourceMoney], from[vinhos.SourceWines], from[vinhos.SourceMajorities], from[vinhos.SourceMultipliers]}
		want := []int{0, 0, f.Export[seat], f.Multipliers[seat]}
		if f.Bank == nil {
			want[0], want[1] = f.Money[seat], f.Wines[seat]
		}
		if !slices.Equal(end, want) {
			t.Errorf("%s's end-of-game VP by source %v, the final scoring's %v", p.Name, end, want)
		}
	}
}
