package bot

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/bwmarrin/discordgo"
)

// discordLevel is how much of discordgo's own logging a session does for
// logger: everything when logger takes debug lines (gateway events and
// all, their tokens redacted), else its warnings and errors.
func discordLevel(logger *slog.Logger) int {
	if logger.Enabled(context.Background(), slog.LevelDebug) {
		return discordgo.LogDebug
	}
	return discordgo.LogWarning
}

// RouteDiscordLogs sends discordgo's own log lines into logger at the
// matching level, instead of discordgo's default writer.
func RouteDiscordLogs(logger *slog.Logger) {
	discordgo.Logger = func(msgL, caller int, format string, a ...any) {
		level := slog.LevelDebug
		switch msgL {
		case discordgo.LogError:
			level = slog.LevelError
		case discordgo.LogWarning:
			level = slog.LevelWarn
		case discordgo.LogInformational:
			level = slog.LevelInfo
		}
		logger.Log(context.Background(), level, fmt.Sprintf(format, a...), "source", "discordgo")
	}
}
