package storage

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"go.etcd.io/bbolt"

	"github.com/adega-bot/adega/engine"
)

// ExportFormat names the export schema (docs/export.md); ExportVersion is
// raised whenever a field changes meaning.
const (
	ExportFormat  = "adega-export"
	ExportVersion = 2
)

// ExportFile is a whole game as portable JSON: enough to replay it (setup
// and log) plus what it reached, for people and for checking.
//
// While a game goes on, its seed decides every draw to come, so an export
// of a game in progress does not show it: the seed is sealed with a key
// only this database holds (Sealed), and the state is what anyone at the
// table may see. The same bot can unseal it and continue the game exactly;
// a finished game's export holds everything.
type ExportFile struct {
	Format  string       `json:"format"`
	Version int          `json:"version"`
	Game    string       `json:"game"`
	Mode    string       `json:"mode"`
	Seed    uint64       `json:"seed,omitempty"`
	Title   string       `json:"title,omitempty"`
	Setup   engine.Setup `json:"setup"`
	// Sealed is the seed of a game in progress, encrypted (AES-GCM) and
	// bound to the setup and the log.
	Sealed []byte `json:"sealed,omitempty"`
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

// Export encodes g as an indented ExportFile, sealed while it goes on.
func (s *Store) Export(g *Game) ([]byte, error) {
	f := ExportFile{
		Format: ExportFormat, Version: ExportVersion,
		Game: g.Setup.Game, Mode: g.Setup.Mode, Title: g.Meta.Title,
		Setup: g.Setup, Seats: g.Meta.Seats, Phase: g.State.Phase(), Over: g.State.Over(),
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
		sealed, err := s.seal(g.Setup, f.Moves())
		if err != nil {
			return nil, err
		}
		f.Sealed, f.Setup.Seed, shown = sealed, 0, engine.PublicView(g.State)
	}
	state, err := json.Marshal(shown)
	if err != nil {
		return nil, err
	}
	f.State = state
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
		return nil, fmt.Errorf("export: format is %s, want %q", engine.Quote(f.Format), ExportFormat)
	case f.Version != ExportVersion && f.Version != 1:
		return nil, fmt.Errorf("export: version %d is not supported (this build reads versions 1 and %d)", f.Version, ExportVersion)
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

// ErrSealed refuses an export whose seal this database cannot open.
var ErrSealed = errors.New("This export is of a game in progress, whose random draws stay secret until it ends: " +
	"only the adega that exported it can continue it, and only with its log unchanged.")

// SetupOf returns the export's setup with its seed, unsealing it if the
// game was exported in progress.
func (s *Store) SetupOf(f *ExportFile) (engine.Setup, error) {
	setup := f.Setup
	if f.Sealed == nil {
		return setup, nil
	}
	seed, err := s.unseal(setup, f.Moves(), f.Sealed)
	if err != nil {
		return engine.Setup{}, err
	}
	setup.Seed = seed
	return setup, nil
}

var keySeal = []byte("seal_key")

// sealKey returns the database's key for sealing exports (made by Open).
func (s *Store) sealKey() ([]byte, error) {
	var key []byte
	err := s.db.View(func(tx *bbolt.Tx) error {
		key = append([]byte(nil), tx.Bucket(bucketMeta).Get(keySeal)...)
		return nil
	})
	if err == nil && len(key) != 32 {
		err = &CorruptError{Record: "database", Key: "meta/seal_key", Err: fmt.Errorf("%d bytes, want 32", len(key))}
	}
	return key, err
}

// newSealKey makes a database's key for sealing exports.
func newSealKey() []byte {
	key := make([]byte, 32)
	_, _ = rand.Read(key) // crypto/rand.Read never fails
	return key
}

// sealAAD binds a seal to the game it belongs to: the setup without its
// seed and the log. An export with a changed log cannot be unsealed, so it
// cannot be used to try other moves against the real draws.
func sealAAD(setup engine.Setup, moves []engine.Move) ([]byte, error) {
	setup.Seed = 0
	data, err := json.Marshal(struct {
		Setup engine.Setup  `json:"setup"`
		Moves []engine.Move `json:"moves"`
	}{setup, moves})
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	return sum[:], nil
}

func (s *Store) aead() (cipher.AEAD, error) {
	key, err := s.sealKey()
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

func (s *Store) seal(setup engine.Setup, moves []engine.Move) ([]byte, error) {
	aead, err := s.aead()
	if err != nil {
		return nil, err
	}
	aad, err := sealAAD(setup, moves)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, aead.NonceSize())
	_, _ = rand.Read(nonce)
	return aead.Seal(nonce, nonce, binary.BigEndian.AppendUint64(nil, setup.Seed), aad), nil
}

func (s *Store) unseal(setup engine.Setup, moves []engine.Move, sealed []byte) (uint64, error) {
	aead, err := s.aead()
	if err != nil {
		return 0, err
	}
	aad, err := sealAAD(setup, moves)
	if err != nil {
		return 0, err
	}
	if len(sealed) < aead.NonceSize() {
		return 0, ErrSealed
	}
	plain, err := aead.Open(nil, sealed[:aead.NonceSize()], sealed[aead.NonceSize():], aad)
	if err != nil || len(plain) != 8 {
		return 0, ErrSealed
	}
	return binary.BigEndian.Uint64(plain), nil
}
