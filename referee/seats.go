package referee

import (
	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
)

// CheckSeats checks the seats of a game brought from outside, such as an
// export: each names a Discord user (or nobody) and an AI level the bot
// has, and no user holds two.
func CheckSeats(seats []adega.SeatUser) error {
	users := map[string]bool{}
	for _, s := range seats {
		if _, err := ai.ParseLevel(s.Level); s.Level != "" && err != nil {
			return engine.Errorf(engine.CodeBadSetup, "The seat of %s has the AI level %s; the levels are easy, normal and hard.", engine.Quote(s.Name), engine.Quote(s.Level))
		}
		if s.UserID == "" {
			continue
		}
		if !adega.IsSnowflake(s.UserID) {
			return engine.Errorf(engine.CodeBadSetup, "The seat of %s names a user ID that is not a Discord ID: %s.", engine.Quote(s.Name), engine.Quote(s.UserID))
		}
		if users[s.UserID] {
			return engine.Errorf(engine.CodeBadSetup, "The user <@%s> holds two seats; a user may hold one seat of a game.", s.UserID)
		}
		users[s.UserID] = true
	}
	return nil
}
