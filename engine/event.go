package engine

// Event narrates one thing that happened, in words for the players.
type Event struct {
	// Seat is the player the event is about, or NoSeat.
	Seat Seat   `json:"seat"`
	Text string `json:"text"`
	// Reveal marks an event that showed hidden or random information, such
	// as a tile drawn or a vintage flipped. An action that reveals cannot be
	// taken back without everyone's consent.
	Reveal bool `json:"reveal,omitempty"`
}

// Say builds an event for seat.
func Say(seat Seat, text string) Event { return Event{Seat: seat, Text: text} }

// Revealed reports whether any of the events revealed information.
func Revealed(events []Event) bool {
	for _, e := range events {
		if e.Reveal {
			return true
		}
	}
	return false
}
