package lavina

import (
	"fmt"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// Advance moves the game on once a turn is complete: to the next picker,
// or, once every picker has exited, to the end of the round (text l.297).
// A paused turn is not complete: its player goes on with it.
func (s *walker) Advance() {
	if s.Turn != nil || s.rearmost() >= 0 {
		return
	}
	if s.Ending || s.lastRound() {
		switch {
		case s.Ending:
		case s.fixed().noRoundLimit:
			s.say(engine.NoSeat, "Round %d was the last this game was created to play (max_rounds): the game ends.", s.Round)
		default:
			s.say(engine.NoSeat, "Round %d was the last the game allows (A-29): the game ends.", s.Round)
		}
		s.score()
		return
	}
	if s.cutAt > 0 && s.Round >= s.cutAt {
		s.cut()
		return
	}
	s.newRound()
}

// lastRound reports whether the round limit a game was created with, if
// any, ends it after this round: an engine safeguard outside the
// rules.
func (s *State) lastRound() bool {
	return s.Options.MaxRounds > 0 && s.Round >= s.Options.MaxRounds
}

// announceLastRound tells everyone, as the round begins, that the round
// limit the game was created with ends the game after it.
func (s *walker) announceLastRound() {
	if s.fixed().noRoundLimit && s.lastRound() {
		s.say(engine.NoSeat, "This is the last round: the game was created to end after round %d (max_rounds), whether or not anyone places his last barrel.", s.Options.MaxRounds)
	}
}

// newRound sets up the next round (text l.299-307, §3.4): the pickers line
// up in exit order, the aisle is refilled, wineries with room get a seal
// and a wildcard goes to the exit.
func (s *walker) newRound() {
	s.Round++
	for k, p := range s.ExitOrder {
		s.Pickers[p].Space, s.Pickers[p].Slot = 0, k
	}
	s.ExitOrder = nil
	s.say(engine.NoSeat, "Round %d begins. The pickers line up in the order they came out; from the back: %s.", s.Round, s.queueText())
	s.announceLastRound()
	s.refill()
	var sealed []string
	for i := range s.Wineries {
		w := &s.Wineries[i]
		if !w.Card.Cooperative && !w.full() {
			w.Seals++
			sealed = append(sealed, fmt.Sprintf("%s (%d)", w.Card.ID, w.Seals))
		}
	}
	if len(sealed) > 0 {
		s.say(engine.NoSeat, "A quality seal goes on each winery with an empty slot: %s.", strings.Join(sealed, ", "))
	}
	s.placeWildcard()
	if s.ExitWildcard {
		s.say(engine.NoSeat, "A wildcard grape waits at the exit.")
	} else {
		s.say(engine.NoSeat, "No wildcard is left in the supply for the exit (A-30).")
	}
}

// refill tops each side of each space up to two cards, from the entrance
// to the exit, left side then right, new cards on top; the discard pile is
// shuffled into a new deck when the deck runs out (text l.303, A-31).
func (s *walker) refill() {
	var dealt []string
	short := false
	for i := range s.Aisle {
		for side := range Sides {
			stack := &s.Aisle[i].Sides[side]
			before := len(*stack)
			for !short && len(*stack) < CardsPerSide {
				c, ok := s.draw()
				if !ok {
					short = true
					break
				}
				if len(*stack) == 1 && s.Options.ForgetCoveredTools {
					(*stack)[0].Known = false
				}
				*stack = append(*stack, Placed{Card: c})
			}
			if len(*stack) > before {
				// Only the top card shows its tool (text l.151, A-14).
				(*stack)[len(*stack)-1].Known = true
				if !s.Quiet {
					dealt = append(dealt, sideName(i, side)+": "+stackText(*stack))
				}
			}
		}
	}
	if len(dealt) > 0 {
		s.reveal(engine.NoSeat, "New grape cards: %s.", strings.Join(dealt, "; "))
	}
	if short {
		s.say(engine.NoSeat, "The deck and the discard pile are empty: the remaining sides stay short this round (A-31).")
	}
}

// stackText shows a side as players see it: the top card, then the one
// under it with its tool if it has been seen.
func stackText(stack []Placed) string {
	parts := make([]string, 0, len(stack))
	for k := len(stack) - 1; k >= 0; k-- {
		parts = append(parts, stack[k].shown())
	}
	return strings.Join(parts, " over ")
}

// shown is a placed card as players see it.
func (p Placed) shown() string {
	if p.Known {
		return p.Text()
	}
	return p.hiddenText()
}

// draw takes the deck's top card, shuffling the discard pile into a new
// deck first if the deck is empty (text l.303).
func (s *walker) draw() (Card, bool) {
	if len(s.Deck) == 0 {
		if len(s.Discard) == 0 {
			return Card{}, false
		}
		s.Deck, s.Discard = s.Discard, nil
		engine.Shuffle(&s.RNG, s.Deck)
		s.say(engine.NoSeat, "The deck is empty: the discard pile (%s) is shuffled into a new deck.", plural(len(s.Deck), "card", "cards"))
	}
	c := s.Deck[0]
	s.Deck = s.Deck[1:]
	return c, true
}

// sideName names a side of a space for players: "space 2, left".
func sideName(space, side int) string {
	return fmt.Sprintf("space %d, %s", space+1, sideNames[side])
}
