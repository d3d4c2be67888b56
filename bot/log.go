package bot

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/bwmarrin/discordgo"
)

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
