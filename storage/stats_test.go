package storage

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/nim"
	"github.com/adega-bot/adega/engine/vinhos"
	"github.com/adega-bot/adega/internal/gametest"
)

// A player's moves run from the entry before them (the game's start for
// the first); the bot's moves for their seat and the rest of a decision
// are not moves of theirs.
func TestWaitsOf(t *testing.T) {
	at := func(h, m int) time.Time { return t0.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute) }
	m := adega.Meta{CreatedAt: t0}
	log := []adega.LogEntry{
		{Seat: 0, At: at(0, 10)},           // 10m from the start
		{Seat: 0, At: at(0, 11)},           // continues: not a new ping
		{Seat: 1, At: at(1, 0)},            // the other seat
		{Seat: 0, At: at(3, 0)},            // from 1:00
		{Seat: 1, At: at(4, 0)},            //
		{Seat: 0, At: at(5, 0), Bot: true}, // the bot's, not theirs
		{Seat: 1, At: at(13, 0)},           //
		{Seat: 0, At: at(24, 0)},           // from 13:00
		{Seat: 2, At: at(24, 5)},           // a third seat of the same user
		{Seat: 1, At: at(24, 6)},           //
	}
	span := func(from, to time.Time) adega.Span { return adega.Span{from.UnixNano(), to.UnixNano()} }
	want := []adega.Span{span(t0, at(0, 10)), span(at(1, 0), at(3, 0)), span(at(13, 0), at(24, 0))}
	if got := waitsOf(m, log, []engine.Seat{0, 2}); !slices.Equal(got, want) {
		t.Fatalf("waits %v, want %v", got, want)
	}
}

// A finished Vinhos game is ranked by the engine's tie breaks; in a solo
// game the human seat's result is the record against Lacerda.
func TestRecordOfAFinishedVinhosGame(t *testing.T) {
	for _, mode := range []string{vinhos.ModeSpecial2016, vinhos.ModeSolo} {
		players := []string{"Ana", "Bruno"}
		seats := []adega.SeatUser{{UserID: "u1", Name: "Ana"}, {UserID: "u2", Name: "Bruno"}}
		if mode == vinhos.ModeSolo {
			players, seats = players[:1], []adega.SeatUser{seats[0], {Name: "Lacerda"}} // as Create seats it
		}
		st, _, err := vinhos.Game{}.New(engine.Setup{Game: "vinhos", Mode: mode, Seed: 7, Players: players})
		if err != nil {
			t.Fatal(err)
		}
		for !st.Over() {
			seat := st.Pending()[0].Seat
			act, err := engine.Auto(st, seat)
			if err != nil {
				t.Fatal(err)
			}
			if st, _, err = st.Apply(seat, act); err != nil {
				t.Fatal(err)
			}
		}
		ranking := st.(*vinhos.State).Final.Ranking
		if got := engine.FinalRanking(st); !slices.Equal(got, ranking) {
			t.Fatalf("%s: ranking %v, want %v", mode, got, ranking)
		}
		r := recordOf(adega.Meta{Mode: mode, Seats: seats, Status: adega.StatusFinished}, nil, outcomeOf(st), []engine.Seat{0})
		vp, _ := st.Players()[0].Stat("vp")
		if r.Won != (ranking[0] == 0) || !r.Scored || r.Score != vp || r.Lacerda != (mode == vinhos.ModeSolo) || r.Solo != r.Lacerda {
			t.Errorf("%s: %+v (ranking %v, %d VP)", mode, r, ranking, vp)
		}
	}
}

// keptStats are the statistics as kept: each user's records, each
// server's leaderboard, each user's active games.
type keptStats struct {
	records map[string][]adega.Record
	leaders map[string][]adega.Leader
	playing map[string][2][]string
}

var (
	statUsers  = []string{"u1", "u2", "u3", "u4"}
	statGuilds = []string{"g1", "g2", ""}
)

func readKept(t *testing.T, s *Store) keptStats {
	t.Helper()
	k := keptStats{map[string][]adega.Record{}, map[string][]adega.Leader{}, map[string][2][]string{}}
	for _, u := range statUsers {
		rs, err := s.Records(u)
		if err != nil {
			t.Fatal(err)
		}
		games, solo, err := s.Playing(u)
		if err != nil {
			t.Fatal(err)
		}
		k.records[u], k.playing[u] = rs, [2][]string{games, solo}
	}
	for _, g := range statGuilds[:2] {
		ls, err := s.Leaderboard(g)
		if err != nil {
			t.Fatal(err)
		}
		k.leaders[g] = ls
	}
	return k
}

// rebuiltStats are the statistics rebuilt from every stored game, as
// loaded.
func rebuiltStats(t *testing.T, s *Store) keptStats {
	t.Helper()
	k := keptStats{map[string][]adega.Record{}, map[string][]adega.Leader{}, map[string][2][]string{}}
	metas, err := s.ListGames()
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(metas, func(a, b adega.Meta) int { return strings.Compare(a.ID, b.ID) })
	tallies := map[string]map[string]*adega.Tally{}
	for _, m := range metas {
		g, err := s.Load(m.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range playersOf(adega.Meta{}, g.Meta) {
			p := k.playing[u]
			if g.Meta.Status == adega.StatusActive {
				p[0] = append(p[0], g.ID)
				if isSolo(g.Meta) {
					p[1] = append(p[1], g.ID)
				}
			}
			k.playing[u] = p
			if m.Practice {
				continue
			}
			r := recordOf(g.Meta, g.Log, outcomeOf(g.State), seatsOf(g.Meta, u))
			r.GameID = g.ID
			k.records[u] = append(k.records[u], r)
			if part := leaderboardPart(&r); part.guild != "" {
				if tallies[part.guild] == nil {
					tallies[part.guild] = map[string]*adega.Tally{}
				}
				if tallies[part.guild][u] == nil {
					tallies[part.guild][u] = &adega.Tally{}
				}
				tallies[part.guild][u].Add(r, 1)
			}
		}
	}
	for _, g := range statGuilds[:2] {
		for _, u := range statUsers {
			if tl := tallies[g][u]; tl != nil {
				k.leaders[g] = append(k.leaders[g], adega.Leader{UserID: u, Tally: *tl})
			}
		}
	}
	return k
}

// sameStats compares kept and rebuilt statistics, nil and empty alike.
func sameStats(kept, rebuilt keptStats) error {
	for _, u := range statUsers {
		if len(kept.records[u])+len(rebuilt.records[u]) > 0 && !reflect.DeepEqual(kept.records[u], rebuilt.records[u]) {
			return fmt.Errorf("%s's records are\n%+v\nrebuilt\n%+v", u, kept.records[u], rebuilt.records[u])
		}
		for k := range 2 {
			if !slices.Equal(kept.playing[u][k], rebuilt.playing[u][k]) {
				return fmt.Errorf("%s plays %v, rebuilt %v", u, kept.playing[u], rebuilt.playing[u])
			}
		}
	}
	for _, g := range statGuilds[:2] {
		if len(kept.leaders[g])+len(rebuilt.leaders[g]) > 0 && !reflect.DeepEqual(kept.leaders[g], rebuilt.leaders[g]) {
			return fmt.Errorf("%s's leaderboard is %+v, rebuilt %+v", g, kept.leaders[g], rebuilt.leaders[g])
		}
	}
	return nil
}

// statsGame changes the games of s at random, as players and the bot do.
type statsGame struct {
	t   *testing.T
	s   *Store
	rng *rand.Rand
	now time.Time
}

// seats draws two players (now and then one user in both seats, or a
// seat of the bot's).
func (x *statsGame) seats() []adega.SeatUser {
	a, b := statUsers[x.rng.IntN(4)], statUsers[x.rng.IntN(4)]
	second := adega.SeatUser{UserID: b, Name: "Bia"}
	if x.rng.IntN(6) == 0 {
		second = adega.SeatUser{Name: "Bia", Bot: true}
	}
	return []adega.SeatUser{{UserID: a, Name: "Ana"}, second}
}

func (x *statsGame) meta() adega.Meta {
	return adega.Meta{GuildID: statGuilds[x.rng.IntN(3)], ChannelID: fmt.Sprint("c", x.rng.Uint32()), Seats: x.seats(), Practice: x.rng.IntN(8) == 0}
}

func (x *statsGame) setup() engine.Setup {
	return engine.Setup{Game: "nim", Seed: x.rng.Uint64(), Players: []string{"Ana", "Bia"}}
}

// pick is a random game for which ok holds, or nil.
func (x *statsGame) pick(ok func(*adega.Game) bool) *adega.Game {
	metas, err := x.s.ListGames()
	if err != nil {
		x.t.Fatal(err)
	}
	x.rng.Shuffle(len(metas), func(i, j int) { metas[i], metas[j] = metas[j], metas[i] })
	for _, m := range metas {
		g, err := x.s.Load(m.ID)
		if err != nil {
			x.t.Fatal(err)
		}
		if ok(g) {
			return g
		}
	}
	return nil
}

func active(g *adega.Game) bool { return g.Meta.Status == adega.StatusActive }

// step makes one change at random and says what it was.
func (x *statsGame) step() (string, error) {
	x.now = x.now.Add(time.Duration(1+x.rng.IntN(600)) * time.Minute)
	switch op := x.rng.IntN(10); {
	case op == 0:
		_, err := x.s.Create(x.meta(), x.setup(), x.now, nil)
		return "create", err
	case op <= 4:
		g := x.pick(func(g *adega.Game) bool { return active(g) && !g.State.Over() })
		if g == nil {
			return "no move", nil
		}
		seat := g.State.Pending()[0].Seat
		act := gametest.LegalAction(x.t, g.State, seat, x.rng.IntN)
		if x.rng.IntN(4) == 0 {
			_, err := commit(x.s, g.ID, g.Stamp, x.now, nil, nil, played(adega.LogEntry{Seat: seat, Action: act, At: x.now, Bot: true}))
			return "bot move in " + g.ID, err
		}
		_, err := move(x.s, g.ID, g.Stamp, seat, act, x.now)
		return "move in " + g.ID, err
	case op == 5:
		g := x.pick(func(g *adega.Game) bool { return g.Meta.Status != adega.StatusAbandoned && len(g.Log) > 0 })
		if g == nil {
			return "no undo", nil
		}
		reopen := func(m *adega.Meta) { m.Status, m.Undo = adega.StatusActive, nil }
		_, err := commit(x.s, g.ID, g.Stamp, x.now, nil, reopen, undone(1+x.rng.IntN(min(3, len(g.Log)))))
		return "undo in " + g.ID, err
	case op == 6:
		g := x.pick(active)
		if g == nil {
			return "no abandon", nil
		}
		return "abandon " + g.ID, x.s.SetStatus(g.ID, adega.StatusAbandoned, x.now, nil)
	case op == 7:
		g := x.pick(active)
		if g == nil {
			return "no reseat", nil
		}
		to, seat := x.seats()[1], x.rng.IntN(2)
		to.Name = g.Meta.Seats[seat].Name
		same := func(g *adega.Game) (*adega.Game, error) { return g, nil }
		_, err := commit(x.s, g.ID, g.Stamp, x.now, nil, func(m *adega.Meta) { m.Seats[seat] = to }, same)
		return "reseat in " + g.ID, err
	case op == 8:
		return "import", x.importFinished()
	}
	g := x.pick(func(*adega.Game) bool { return true })
	if g == nil {
		return "no change of seats", nil
	}
	seat, user := x.rng.IntN(2), statUsers[x.rng.IntN(4)]
	_, err := x.s.UpdateMeta(g.ID, func(m *adega.Meta) error { m.Seats[seat].UserID = user; return nil })
	return "seats of " + g.ID, err
}

// undone is a change for commit that takes back the last n moves, as an
// undo does: the game becomes the replay of the shorter log.
func undone(n int) func(g *adega.Game) (*adega.Game, error) {
	return func(g *adega.Game) (*adega.Game, error) {
		keep := len(g.Log) - n
		g.Log, g.Version = g.Log[:keep:keep], uint64(keep)
		game, err := registry.Lookup(g.Setup.Game)
		if err != nil {
			return nil, err
		}
		return g, g.Replay(game)
	}
}

// importFinished imports a game played to its end.
func (x *statsGame) importFinished() error {
	setup := x.setup()
	st, _, err := nim.Game{}.New(setup)
	if err != nil {
		return err
	}
	var log []engine.Move
	for !st.Over() {
		seat := st.Pending()[0].Seat
		act := gametest.LegalAction(x.t, st, seat, x.rng.IntN)
		if st, _, err = st.Apply(seat, act); err != nil {
			return err
		}
		log = append(log, engine.Move{Seat: seat, Action: act})
	}
	_, err = x.s.Import(x.meta(), setup, log, x.now, nil)
	return err
}

// Whatever happens to the games (moves, the bot's moves, undos that
// reopen finished games, abandons, changes of seat, imports of finished
// games, practice games), the statistics kept are those a rebuild from
// the games gives, after every change; and a database that has none
// (one made before they were kept) gets the same when it is opened.
func TestKeptStatsAreARebuildOfTheGames(t *testing.T) {
	path := dbPath(t)
	s := openAt(t, path)
	x := &statsGame{t: t, s: s, rng: rand.New(rand.NewPCG(28, 2)), now: t0}
	for k := range 400 {
		what, err := x.step()
		if err != nil {
			t.Fatalf("change %d (%s): %v", k, what, err)
		}
		if err := sameStats(readKept(t, s), rebuiltStats(t, s)); err != nil {
			t.Fatalf("after change %d (%s): %v", k, what, err)
		}
	}
	kept := readKept(t, s)
	finished := 0
	for _, rs := range kept.records {
		for _, r := range rs {
			if r.Status == adega.StatusFinished {
				finished++
			}
		}
	}
	if finished < 10 || len(kept.leaders["g1"]) == 0 {
		t.Fatalf("only %d finished records, leaderboard %v: the changes test too little", finished, kept.leaders)
	}
	s.Close()

	dropBucket(t, path, bucketStats) // an older database: no statistics kept
	if err := sameStats(readKept(t, openAt(t, path)), kept); err != nil {
		t.Fatalf("rebuilt on opening: %v", err)
	}
}

// dropBucket deletes a bucket from the closed database at path, as it was
// before the bucket was kept.
func dropBucket(t *testing.T, path string, name []byte) {
	t.Helper()
	db, err := bbolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(tx *bbolt.Tx) error { return tx.DeleteBucket(name) }); err != nil {
		t.Fatal(err)
	}
}
