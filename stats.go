package adega

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"
)

// Record is what one game counts in one player's statistics, which
// storage keeps in step with every change of the game.
type Record struct {
	GameID string `json:"-"` // from the key
	Guild  string `json:"guild,omitempty"`
	Game   string `json:"game"`
	Mode   string `json:"mode,omitempty"`
	Status Status `json:"status"`
	// Solo marks a game of one player (its other seats, if any, an
	// automa's).
	Solo bool `json:"solo,omitempty"`
	// Lacerda marks a solo game against an automa seat nobody plays.
	Lacerda bool `json:"lacerda,omitempty"`
	// BotOnly marks a player whose every seat the bot plays: the game is
	// not on the leaderboard for them.
	BotOnly bool `json:"bot_only,omitempty"`
	// Won, Score and Scored say how a finished game went for the player:
	// won if one of their seats ranks first; the score is the best VP
	// among them, if the game scores VP.
	Won    bool `json:"won,omitempty"`
	Score  int  `json:"score,omitempty"`
	Scored bool `json:"scored,omitempty"`
	// SoloResult is a finished solo game's own result, if it has one.
	SoloResult *SoloResult `json:"solo_result,omitempty"`
	// Waits are the player's moves, each from the entry before it (the
	// game's start for the first) to the move. Moves the bot made for
	// them are not theirs, and an entry right after one of their own
	// continues their decision. The reader takes out quiet hours.
	Waits Spans `json:"waits,omitempty"`
}

// Span is a stretch of time, in Unix nanoseconds.
type Span [2]int64

// Spans are stored packed, 16 bytes each in base64: a player's record is
// read once per game of theirs on every /adega stats, and a list of
// numbers in JSON took most of that time.
type Spans []Span

func (s Spans) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 16*len(s))
	for _, span := range s {
		b = binary.BigEndian.AppendUint64(b, uint64(span[0]))
		b = binary.BigEndian.AppendUint64(b, uint64(span[1]))
	}
	return json.Marshal(b)
}

func (s *Spans) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return err
	}
	if len(b)%16 != 0 {
		return fmt.Errorf("%d bytes of spans, not a multiple of 16", len(b))
	}
	*s = make(Spans, len(b)/16)
	for k := range *s {
		(*s)[k] = Span{int64(binary.BigEndian.Uint64(b[16*k:])), int64(binary.BigEndian.Uint64(b[16*k+8:]))}
	}
	return nil
}

// From and To bound the span.
func (s Span) From() time.Time { return time.Unix(0, s[0]) }
func (s Span) To() time.Time   { return time.Unix(0, s[1]) }

// SoloResult is how a solo game ended beside its ranking: Vinhos's
// accolades against Lacerda and the title they earn.
type SoloResult struct {
	Accolades int    `json:"accolades"`
	Title     string `json:"title"`
}

// Tally is a player's record in a set of finished games.
type Tally struct {
	Played int `json:"played"`
	Won    int `json:"won"`
	Scored int `json:"scored"` // games with a score
	Total  int `json:"total"`  // of the scores
	// Scores counts the games by score: the best survives an undo that
	// takes the best game away.
	Scores map[int]int `json:"scores,omitempty"`
}

// Best is the best score, if any game had one.
func (t Tally) Best() int {
	if len(t.Scores) == 0 {
		return 0
	}
	return slices.Max(slices.Collect(maps.Keys(t.Scores)))
}

// Add counts a finished game's record once more (n = 1) or once less
// (n = -1).
func (t *Tally) Add(r Record, n int) {
	t.Played += n
	if r.Won {
		t.Won += n
	}
	if r.Scored {
		t.Scored += n
		t.Total += n * r.Score
		if t.Scores == nil {
			t.Scores = map[int]int{}
		}
		if t.Scores[r.Score] += n; t.Scores[r.Score] == 0 {
			delete(t.Scores, r.Score)
		}
	}
}

// Leader is one player's line of a server's leaderboard.
type Leader struct {
	UserID string
	Tally
}
