package commands

import (
	"encoding/json"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// fuzzOption is an option as a forged payload may send it: any name, any
// type, any value.
func fuzzOption(name string, typ uint8, value string) *discordgo.ApplicationCommandInteractionDataOption {
	o := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionType(typ % 12)}
	switch typ % 4 {
	case 0:
		o.Value = value
	case 1:
		o.Value = float64(len(value)) - 3
	case 2:
		o.Value = len(value)%2 == 0
	}
	return o
}

// FuzzInteractions sends the handler forged and malformed interactions:
// clicks on messages that carry any custom ID and select value, and slash
// commands with any options of any type, from a stranger or a seated
// player, in the game's channel or another. None may panic, every answer
// fits Discord's limits, and nothing a stranger or anyone in another
// channel sends changes the game.
func FuzzInteractions(f *testing.F) {
	h := undoHandler(f)
	g := startGame(f, h, "vinhos")
	at := func(kind, rest string) string {
		return kind + ":" + g.ID + ":" + strconv.FormatUint(g.Stamp, 10) + ":" + rest
	}
	for _, seed := range []struct {
		command          bool
		customID, value  string
		sub, opt, optVal string
		typ              uint8
		here             bool
	}{
		{customID: at("st", "-1:0"), value: "c0", here: true},
		{customID: at("st", "+1:0"), value: "c0", here: true},
		{customID: at("st", ":0"), value: "", here: true},
		{customID: at("st", ":0"), value: "x0", here: true},
		{customID: at("st", ":0"), value: "c999", here: true},
		{customID: at("go", ":0"), here: true},
		{customID: at("ab", ":0")},
		{customID: at("lg", ":7")},
		{customID: at("cf", "0001:0"), here: true},
		{customID: at("uy", ":0"), here: true},
		{customID: "lj:" + table + ":0::0", here: true},
		{command: true, sub: "play", opt: "step1", typ: 1, optVal: "3"},
		{command: true, sub: "replace", opt: "user", typ: 9, optVal: "42"},
		{command: true, sub: "pace", opt: "deadline", typ: 4, optVal: "2562048"},
		{command: true, sub: "new", opt: "regions", typ: 3, optVal: "\x01\x02\x03\"@everyone"},
		{command: true, sub: "log", opt: "page", typ: 4, optVal: "-5"},
	} {
		f.Add(seed.command, seed.customID, seed.value, seed.sub, seed.opt, seed.optVal, seed.typ, seed.here)
	}
	f.Fuzz(func(t *testing.T, command bool, customID, value, sub, opt, optVal string, typ uint8, here bool) {
		seated := typ&0x80 != 0
		before, err := h.Store.Load(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		var i *discordgo.Interaction
		who := u9
		if pending := before.State.Pending(); seated && len(pending) > 0 {
			who = before.Meta.Seats[pending[0].Seat].UserID
		}
		if command {
			i = slash(who, sub, fuzzOption(opt, typ, optVal))
		} else {
			i = click(who, customID)
			if value != "" || typ%2 == 1 {
				i.Message.Components = []discordgo.MessageComponent{&discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					&discordgo.SelectMenu{CustomID: customID, Options: []discordgo.SelectMenuOption{{Label: "x", Value: value}}}}}}
				i.Data = discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.SelectMenuComponent, Values: []string{value}}
			}
		}
		if !here {
			i.ChannelID = "1120000000000000777"
		}
		r := h.Handle(i)
		checkFits(t, r)
		after, err := h.Store.Load(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if (!seated || !here) && (after.Stamp != before.Stamp || after.Meta.Status != before.Meta.Status || after.Meta.Wait != before.Meta.Wait) {
			t.Fatalf("an interaction from a stranger or from another channel changed the game: %+v", i)
		}
		if _, err := h.Store.Outbox(); err != nil {
			t.Fatal(err)
		}
	})
}

// checkFits fails if a reply breaks one of Discord's limits.
func checkFits(t *testing.T, r Reply) {
	t.Helper()
	if r.Ack == nil || r.Ack.Data == nil {
		return
	}
	d := r.Ack.Data
	if n := utf8.RuneCountInString(d.Content); n > contentLimit {
		t.Fatalf("a reply of %d characters", n)
	}
	if len(d.Choices) > selectLimit {
		t.Fatalf("%d autocomplete choices", len(d.Choices))
	}
	for _, c := range d.Choices {
		if utf8.RuneCountInString(c.Name) > choiceNameLimit || utf8.RuneCountInString(c.Value.(string)) > choiceValueLimit {
			t.Fatalf("an autocomplete choice too long: %+v", c)
		}
	}
	data, err := json.Marshal(d.Components)
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		Components []struct {
			CustomID string `json:"custom_id"`
			Options  []struct {
				Label, Value, Description string
			} `json:"options"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) > 5 {
		t.Fatalf("%d rows of components", len(rows))
	}
	for _, row := range rows {
		for _, c := range row.Components {
			if len(c.CustomID) > customIDMax || len(c.Options) > selectLimit {
				t.Fatalf("a component beyond the limits: %+v", c)
			}
			for _, o := range c.Options {
				if utf8.RuneCountInString(o.Label) > selectLabelLimit || len(o.Value) > selectValueLimit || utf8.RuneCountInString(o.Description) > descriptionLimit {
					t.Fatalf("an option beyond the limits: %+v", o)
				}
			}
		}
	}
}
