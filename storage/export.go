package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/adega-bot/adega/engine"
)

// ExportFormat names the export schema (docs/export.md); ExportVersion is
// raised whenever a field changes meaning.
const (
	ExportFormat  = "adega-export"
	ExportVersion = 1
)

// ExportFile is a whole game as portable JSON: enough to replay it anywhere
// (setup and log) plus the state it reached, for people and for checking.
type ExportFile struct {
	Format  string       `json:"format"`
	Version int          `json:"version"`
	Game    string       `json:"game"`
	Mode    string       `json:"mode"`
	Seed    uint64       `json:"seed"`
	Title   string       `json:"title,omitempty"`
	Setup   engine.Setup `json:"setup"`
	// Seats are who played each seat, so an import keeps the players.
	Seats   []SeatUser      `json:"seats,omitempty"`
	Log     []ExportMove    `json:"log"`
	Phase   string          `json:"phase"`
	Over    bool            `json:"over"`
	Players []ExportPlayer  `json:"players"`
	State   json.RawMessage `json:"state"`
}

// ExportMove is one logged move with its narration.
type ExportMove struct {
	Seat   engine.Seat    `json:"seat"`
	Action engine.Action  `json:"action"`
	At     time.Time      `json:"at,omitzero"`
	Events []engine.Event `json:"events,omitempty"`
}

// ExportPlayer is one seat's summary. Its counters are flattened into the
// object by key ("money", "vp", ...), beside seat, name and public.
type ExportPlayer struct {
	engine.PlayerSummary
}

// MarshalJSON flattens the counters into the player object.
func (p ExportPlayer) MarshalJSON() ([]byte, error) {
	obj := map[string]any{"seat": p.Seat, "name": p.Name}
	for _, s := range p.Stats {
		obj[s.Key] = s.Value
	}
	if p.Public != nil {
		obj["public"] = p.Public
	}
	return json.Marshal(obj)
}

// UnmarshalJSON reads back what MarshalJSON wrote. The counters' labels are
// not exported, so they come back as their keys.
func (p *ExportPlayer) UnmarshalJSON(data []byte) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return err
	}
	p.Stats = nil
	for key, raw := range obj {
		var err error
		switch key {
		case "seat":
			err = json.Unmarshal(raw, &p.Seat)
		case "name":
			err = json.Unmarshal(raw, &p.Name)
		case "public":
			p.Public = raw
		default:
			var v int
			err = json.Unmarshal(raw, &v)
			p.Stats = append(p.Stats, engine.Stat{Key: key, Label: key, Value: v})
		}
		if err != nil {
			return fmt.Errorf("player field %q: %w", key, err)
		}
	}
	return nil
}

// Export encodes g as an indented ExportFile.
func Export(g *Game) ([]byte, error) {
	state, err := engine.Encode(g.State)
	if err != nil {
		return nil, err
	}
	f := ExportFile{
		Format: ExportFormat, Version: ExportVersion,
		Game: g.Setup.Game, Mode: g.Setup.Mode, Seed: g.Setup.Seed, Title: g.Meta.Title,
		Setup: g.Setup, Seats: g.Meta.Seats, Phase: g.State.Phase(), Over: g.State.Over(), State: state,
		Log: make([]ExportMove, len(g.Log)),
	}
	for i, e := range g.Log {
		f.Log[i] = ExportMove(e)
	}
	for _, p := range g.State.Players() {
		f.Players = append(f.Players, ExportPlayer{p})
	}
	return json.MarshalIndent(f, "", "  ")
}

// ParseExport reads an export file and checks that it is one this version
// understands. Replaying it is the caller's business (Import does).
func ParseExport(data []byte) (*ExportFile, error) {
	var f ExportFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("export: not valid JSON: %w", err)
	}
	switch {
	case f.Format != ExportFormat:
		return nil, fmt.Errorf("export: format is %q, want %q", f.Format, ExportFormat)
	case f.Version != ExportVersion:
		return nil, fmt.Errorf("export: version %d is not supported (this build reads version %d)", f.Version, ExportVersion)
	case f.Setup.Game == "":
		return nil, errors.New("export: the setup names no game")
	}
	return &f, nil
}

// Moves returns the exported log as engine moves.
func (f *ExportFile) Moves() []engine.Move {
	moves := make([]engine.Move, len(f.Log))
	for i, m := range f.Log {
		moves[i] = engine.Move{Seat: m.Seat, Action: m.Action}
	}
	return moves
}
