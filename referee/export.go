package referee

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
)

// ExportFormat names the export schema (docs/export.md); ExportVersion is
// raised whenever a field changes meaning or shape, the state's included.
// Version 3 names what version 2 numbered (colours, regions, slots, tiles);
// version 4 adds each player's VP by source to the state.
const (
	ExportFormat  = "adega-export"
	ExportVersion = 4
)

// ExportFile is a whole game as portable JSON: enough to replay it (setup
// and log) plus what it reached, for people and for checking.
//
// While a game goes on, its seed decides every draw to come, and a move
// may hold what only its player saw (the order a Wine Expert put a deck
// in), so an export of a game in progress shows neither: the seed and the
// moves are sealed with a key only this database holds (Sealed), the log
// keeps each move's narration, and the state is what anyone at the table
// may see. The same bot can unseal it and continue that game exactly,
// where and for whom Restore allows; a finished game's export holds
// everything.
type ExportFile struct {
	Format  string       `json:"format"`
	Version int          `json:"version"`
	Game    string       `json:"game"`
	Mode    string       `json:"mode"`
	Seed    uint64       `json:"seed,omitempty"`
	Title   string       `json:"title,omitempty"`
	Setup   engine.Setup `json:"setup"`
	// Sealed holds the seed, the moves and the ID of a game in progress,
	// encrypted (AES-GCM) and bound to the setup and the log's narration.
	Sealed []byte `json:"sealed,omitempty"`
	// Seats are who played each seat, so an import keeps the players.
	Seats []adega.SeatUser `json:"seats,omitempty"`
	// Level is the game's AI level (Meta.Level), which an import keeps.
	Level string `json:"level,omitempty"`
	// Practice marks a practice game (Meta.Practice), which an import keeps.
	Practice bool            `json:"practice,omitempty"`
	Log      []ExportMove    `json:"log"`
	Phase    string          `json:"phase"`
	Over     bool            `json:"over"`
	Players  []ExportPlayer  `json:"players"`
	State    json.RawMessage `json:"state"`
}

// ExportMove is one logged move with its narration. Its action is sealed
// while the game goes on.
type ExportMove struct {
	Seat   engine.Seat    `json:"seat"`
	Action engine.Action  `json:"action,omitempty"`
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

// Export encodes g as an indented ExportFile, sealed while it goes on.
// The export narrates the log by replaying it, which checks the state.
func (r *Referee) Export(g *adega.Game) ([]byte, error) {
	g, err := r.store.Narrate(g)
	if err != nil {
		return nil, err
	}
	f := ExportFile{
		Format: ExportFormat, Version: ExportVersion,
		Game: g.Setup.Game, Mode: g.Setup.Mode, Title: g.Meta.Title,
		Setup: g.Setup, Seats: g.Meta.Seats, Level: g.Meta.Level, Practice: g.Meta.Practice, Phase: g.State.Phase(), Over: g.State.Over(),
		Log: make([]ExportMove, len(g.Log)),
	}
	for i, e := range g.Log {
		f.Log[i] = ExportMove{Seat: e.Seat, Action: e.Action, At: e.At, Events: e.Events}
	}
	for _, p := range g.State.Players() {
		f.Players = append(f.Players, ExportPlayer{p})
	}
	var shown any = g.State
	if f.Over {
		f.Seed = g.Setup.Seed
	} else {
		sealed, err := r.seal(g.ID, g.Setup, g.Moves(), f.Log)
		if err != nil {
			return nil, err
		}
		f.Sealed, f.Setup.Seed, shown = sealed, 0, engine.PublicView(g.State)
		for i := range f.Log {
			f.Log[i].Action = nil
		}
	}
	state, err := json.Marshal(shown)
	if err != nil {
		return nil, err
	}
	f.State = state
	return json.MarshalIndent(f, "", "  ")
}

// ParseExport reads an export file and checks that it is one this version
// understands. Replaying it is the caller's business (storage.Store.Import
// does).
func ParseExport(data []byte) (*ExportFile, error) {
	var f ExportFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("export: not valid JSON: %w", err)
	}
	switch {
	case f.Format != ExportFormat:
		return nil, fmt.Errorf("export: format is %s, want %q", engine.Quote(f.Format), ExportFormat)
	case f.Version < 1 || f.Version > ExportVersion:
		return nil, fmt.Errorf("export: version %d is not supported (this build reads versions 1 to %d)", f.Version, ExportVersion)
	case f.Setup.Game == "":
		return nil, errors.New("export: the setup names no game")
	}
	if _, err := ai.ParseLevel(f.Level); f.Level != "" && err != nil {
		return nil, fmt.Errorf("export: the AI level %s is not easy, normal or hard", engine.Quote(f.Level))
	}
	return &f, nil
}

// RecordedState is the state the export recorded, for checking a replay
// against; nil when an older version of the format wrote it in another
// shape. An import needs only the setup and the moves.
func (f *ExportFile) RecordedState() json.RawMessage {
	if f.Version < ExportVersion {
		return nil
	}
	return f.State
}

// Moves returns the exported log as engine moves.
func (f *ExportFile) Moves() []engine.Move {
	moves := make([]engine.Move, len(f.Log))
	for i, m := range f.Log {
		moves[i] = engine.Move{Seat: m.Seat, Action: m.Action}
	}
	return moves
}

// sealedError refuses to open a sealed export, saying why: a refusal of
// code adega.CodeSealed, as is every refusal of Unseal and Restore.
func sealedError(why string) error {
	return &engine.Error{Code: adega.CodeSealed, Message: why + " A finished game's export holds nothing secret and imports anywhere."}
}

// errUnsealable refuses an export whose seal this database cannot open.
var errUnsealable = sealedError("This export is of a game in progress, whose hidden cards and draws to come are sealed in it: " +
	"only the adega that exported it can open it, and only with its log unchanged.")

// Unseal returns the export's setup, with its seed, and its moves,
// opening the seal if the game was exported in progress. It is for the
// holder of the database, who may see everything in it (adega replay, the
// local table); an import on Discord goes through Restore.
func (r *Referee) Unseal(f *ExportFile) (engine.Setup, []engine.Move, error) {
	setup := f.Setup
	if f.Sealed == nil {
		return setup, f.Moves(), nil
	}
	secret, err := r.unseal(setup, f.Log, f.Sealed)
	if err != nil {
		return engine.Setup{}, nil, err
	}
	setup.Seed = secret.Seed
	return setup, secret.Moves, nil
}

// sealed is what a seal hides, and the game it was made of.
type sealed struct {
	Seed  uint64        `json:"seed"`
	Moves []engine.Move `json:"moves"`
	// Game is the ID of the game exported, the one game the export may
	// restore; empty in seals made before exports named their game.
	Game string `json:"game,omitempty"`
}

// sealAAD binds a seal to the game it belongs to: the setup without its
// seed and the log's seats and narration. An export whose log was changed
// cannot be unsealed, so it cannot be used to try other moves against the
// real draws.
func sealAAD(setup engine.Setup, log []ExportMove) ([]byte, error) {
	setup.Seed = 0
	public := make([]ExportMove, len(log))
	for i, m := range log {
		public[i] = ExportMove{Seat: m.Seat, Events: m.Events}
	}
	data, err := json.Marshal(struct {
		Setup engine.Setup `json:"setup"`
		Log   []ExportMove `json:"log"`
	}{setup, public})
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	return sum[:], nil
}

// sealing prepares a seal of a game: the cipher, under the database's
// key (storage.Store.SealKey), and the data it binds.
func (r *Referee) sealing(setup engine.Setup, log []ExportMove) (cipher.AEAD, []byte, error) {
	key, err := r.store.SealKey()
	if err != nil {
		return nil, nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, nil, err
	}
	aad, err := sealAAD(setup, log)
	return aead, aad, err
}

func (r *Referee) seal(game string, setup engine.Setup, moves []engine.Move, log []ExportMove) ([]byte, error) {
	aead, aad, err := r.sealing(setup, log)
	if err != nil {
		return nil, err
	}
	plain, err := json.Marshal(sealed{Seed: setup.Seed, Moves: moves, Game: game})
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, aead.NonceSize())
	_, _ = rand.Read(nonce)
	return aead.Seal(nonce, nonce, plain, aad), nil
}

func (r *Referee) unseal(setup engine.Setup, log []ExportMove, box []byte) (sealed, error) {
	var out sealed
	aead, aad, err := r.sealing(setup, log)
	if err != nil {
		return out, err
	}
	if len(box) < aead.NonceSize() {
		return out, errUnsealable
	}
	plain, err := aead.Open(nil, box[:aead.NonceSize()], box[aead.NonceSize():], aad)
	if err != nil || json.Unmarshal(plain, &out) != nil || len(out.Moves) != len(log) {
		return sealed{}, errUnsealable
	}
	for i, m := range out.Moves {
		if m.Seat != log[i].Seat {
			return sealed{}, errUnsealable
		}
	}
	return out, nil
}
