package bot

import (
	"context"
	"log/slog"
	"regexp"
	"strings"
)

// Secrets must never reach a log line: the bot token, and the interaction
// tokens that Discord's webhook and callback URLs carry, which an HTTP
// error quotes whole ("Post https://discord.com/api/v9/webhooks/ID/TOKEN:
// EOF"). Redact wraps a log handler so that every message and every
// attribute's text passes through the redactor, whatever logs it: the
// bot, the scheduler, or discordgo's own logging (RouteDiscordLogs).

// tokenInURL matches the token segment of Discord's interaction URLs.
var tokenInURL = regexp.MustCompile(`(/(?:webhooks|interactions)/[0-9]+/)[^/\s"?]+`)

// tokenField matches the value of a token field, in JSON ("token":"…", as
// in a gateway event discordgo logs at debug level) or in Go's syntax
// (Token:"…", a struct printed with %#v).
var tokenField = regexp.MustCompile(`(?i)("token"\s*:\s*"|\btoken:\s*")[^"]*`)

// rawData matches the bytes of an event that discordgo prints with %#v
// ("Expected READY/RESUMED, instead got: &discordgo.Event{...RawData:
// json.RawMessage{0x7b, ...}"), a warning: an interaction's token hides in
// them as numbers, which tokenField cannot see.
var rawData = regexp.MustCompile(`(json\.RawMessage\{)[^}]*`)

// redacted stands for a secret in log lines.
const redacted = "[redacted]"

// Redact wraps h so that no line it handles shows one of the secrets or
// an interaction token.
func Redact(h slog.Handler, secrets ...string) slog.Handler {
	var kept []string
	if r, ok := h.(redactor); ok {
		h, kept = r.next, r.secrets
	}
	for _, s := range secrets {
		if s != "" {
			kept = append(kept, s)
		}
	}
	return redactor{next: h, secrets: kept}
}

type redactor struct {
	next    slog.Handler
	secrets []string
}

func (r redactor) clean(s string) string {
	for _, secret := range r.secrets {
		s = strings.ReplaceAll(s, secret, redacted)
	}
	s = tokenField.ReplaceAllString(s, "${1}"+redacted)
	s = rawData.ReplaceAllString(s, "${1}"+redacted)
	return tokenInURL.ReplaceAllString(s, "${1}"+redacted)
}

func (r redactor) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, r.clean(v.String()))
	case slog.KindGroup:
		var attrs []any
		for _, g := range v.Group() {
			attrs = append(attrs, r.attr(g))
		}
		return slog.Group(a.Key, attrs...)
	case slog.KindAny:
		if err, ok := v.Any().(error); ok {
			return slog.String(a.Key, r.clean(err.Error()))
		}
		return slog.String(a.Key, r.clean(v.String()))
	}
	return slog.Attr{Key: a.Key, Value: v}
}

func (r redactor) Enabled(ctx context.Context, l slog.Level) bool { return r.next.Enabled(ctx, l) }

func (r redactor) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, r.clean(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(r.attr(a))
		return true
	})
	return r.next.Handle(ctx, out)
}

func (r redactor) WithAttrs(attrs []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		clean[i] = r.attr(a)
	}
	return redactor{next: r.next.WithAttrs(clean), secrets: r.secrets}
}

func (r redactor) WithGroup(name string) slog.Handler {
	return redactor{next: r.next.WithGroup(name), secrets: r.secrets}
}
