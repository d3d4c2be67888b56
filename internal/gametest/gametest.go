// Package gametest helps the tests of stored games (packages storage and
// referee): legal decisions, games created and played move by move, the
// turn message the bot queues with a change, and Discord IDs of a moment.
package gametest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
)

// T0 is when the tests' games begin.
var T0 = time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)

// Creator creates games: a storage.Store.
type Creator interface {
	Create(meta adega.Meta, setup engine.Setup, now time.Time, post adega.PostFunc) (*adega.Game, error)
}

// Mover plays action for seat in g at at, and returns the game after it.
type Mover func(g *adega.Game, seat engine.Seat, action engine.Action, at time.Time) (*adega.Game, error)

// Create creates a game of nim between Ana (user 1001) and Bia (1002) in
// channel, at T0.
func Create(t testing.TB, s Creator, channel string) *adega.Game {
	t.Helper()
	return CreateIn(t, s, "guild", channel)
}

// CreateIn is Create on the server guild.
func CreateIn(t testing.TB, s Creator, guild, channel string) *adega.Game {
	t.Helper()
	g, err := s.Create(adega.Meta{
		Title: "Friday nim", ChannelID: channel, GuildID: guild, CreatorID: "u1",
		Seats: []adega.SeatUser{{UserID: "1001", Name: "Ana"}, {UserID: "1002", Name: "Bia"}},
	}, engine.Setup{Game: "nim", Seed: 7, Players: []string{"Ana", "Bia"}}, T0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// FourPlayers are the players of CreateFourPlayer's games.
var FourPlayers = []string{"Ana", "Bruno", "Carla", "Duarte"}

// CreateFourPlayer creates a 4-player Vinhos game.
func CreateFourPlayer(t testing.TB, s Creator, seed uint64) *adega.Game {
	var seats []adega.SeatUser
	for k, name := range FourPlayers {
		seats = append(seats, adega.SeatUser{UserID: fmt.Sprint(1001 + k), Name: name})
	}
	g, err := s.Create(adega.Meta{ChannelID: fmt.Sprint("c", seed), Seats: seats},
		engine.Setup{Game: "vinhos", Seed: seed, Players: FourPlayers}, T0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// FirstLegal returns the first legal action of the seat that must act.
func FirstLegal(t testing.TB, st engine.State) (engine.Seat, engine.Action) {
	t.Helper()
	seat := st.Pending()[0].Seat
	return seat, LegalAction(t, st, seat, func(int) int { return 0 })
}

// LegalAction builds a decision of seat step by step, taking the choice
// that pick picks of each step's n.
func LegalAction(t testing.TB, st engine.State, seat engine.Seat, pick func(n int) int) engine.Action {
	t.Helper()
	var action engine.Action
	for {
		step, err := st.Choices(seat, action)
		if err != nil {
			t.Fatal(err)
		}
		if step.Complete {
			return action
		}
		action = append(action, step.Choices[pick(len(step.Choices))].ID)
	}
}

// Play makes n legal moves, a minute apart after T0, and returns the game
// after them.
func Play(t testing.TB, move Mover, g *adega.Game, n int) *adega.Game {
	t.Helper()
	for range n {
		seat, action := FirstLegal(t, g.State)
		next, err := move(g, seat, action, T0.Add(time.Duration(g.Version+1)*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		g = next
	}
	return g
}

// PlayRandomly plays random legal decisions in g, at T0, until it is over
// or has moves decisions.
func PlayRandomly(t testing.TB, move Mover, g *adega.Game, rng *rand.Rand, moves int) *adega.Game {
	for !g.State.Over() && len(g.Log) < moves {
		seat := g.State.Pending()[0].Seat
		next, err := move(g, seat, LegalAction(t, g.State, seat, func(n int) int { return rng.IntN(n) }), T0)
		if err != nil {
			t.Fatal(err)
		}
		g = next
	}
	return g
}

// Encoded is a state's canonical encoding.
func Encoded(t testing.TB, st engine.State) string {
	t.Helper()
	b, err := engine.Encode(st)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TurnPost is a PostFunc that announces a change the way the bot does: a
// turn message with the board of the new moment.
func TurnPost(c adega.Change) ([]*adega.Outgoing, error) {
	g, text := c.Game, "the game begins"
	if len(c.Added) > 0 {
		text = c.Added[0].Events[0].Text
	}
	msg, err := json.Marshal(map[string]string{"content": text})
	if err != nil {
		return nil, err
	}
	return []*adega.Outgoing{{Game: g.ID, ChannelID: g.Meta.ChannelID, Message: msg, Board: adega.BoardOf(g), Turn: true, Stamp: g.Stamp}}, nil
}

// Snowflake makes a Discord ID for a moment, as Discord would.
func Snowflake(at time.Time, n int) string {
	return strconv.FormatUint(adega.FirstSnowflake(at)+uint64(n), 10)
}
