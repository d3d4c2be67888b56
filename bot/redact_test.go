package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// discordgo warns of an unexpected event on reconnecting by printing it
// with %#v, its JSON as a list of byte values: an interaction's token must
// not reach the log that way either.
func TestAnEventPrintedAsBytesShowsNoToken(t *testing.T) {
	const token = "aW50ZXJhY3Rpb24kALIUJYUGXTG7pRspfABG6MkPx"
	raw, _ := json.Marshal(map[string]string{"id": "1", "token": token})
	line := fmt.Sprintf("Expected READY/RESUMED, instead got:\n%#v\n", &discordgo.Event{Type: "INTERACTION_CREATE", RawData: raw})
	var out bytes.Buffer
	slog.New(Redact(slog.NewTextHandler(&out, nil))).Warn(line)
	hexed := fmt.Sprintf("%#v", json.RawMessage(token))
	hexed = hexed[strings.Index(hexed, "{")+1 : len(hexed)-1]
	if strings.Contains(out.String(), hexed) || strings.Contains(out.String(), token) {
		t.Fatalf("the token shows in the log line: %s", out.String())
	}
	if !strings.Contains(out.String(), "INTERACTION_CREATE") {
		t.Fatalf("the line lost what it tells: %s", out.String())
	}
}
