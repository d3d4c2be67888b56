package engine

// What a game declares about itself for the commands that play it. The bot
// gives every registered game a slash command of its own (/vinhos, /nim)
// with the same subcommands; these optional interfaces add the game's own.

// Shortcuts is implemented by games whose players may type a common
// decision as a subcommand of its own, such as /vinhos sell.
type Shortcuts interface {
	Shortcuts() []Shortcut
}

// Shortcut is a subcommand that starts a decision.
type Shortcut struct {
	Name        string // lower case, one word: "sell"
	Description string // for the command list: "Move to the Sales space and sell"
	// Start is the first steps of the decision the shortcut starts for
	// seat in s, or an error that says why it cannot start now.
	Start func(s State, seat Seat) (Action, error)
}

// SetupOptions is implemented by games set up with options chosen at
// creation, such as the regions in play: the options of /GAME new, which
// Setup.Options carries to New.
type SetupOptions interface {
	SetupOptions() []SetupOption
}

// SetupOption is one option of a game's setup.
type SetupOption struct {
	Name        string // lower case, one word: "regions"
	Description string
	// Choices, if any, are the only values allowed; else the value is
	// free text that New checks.
	Choices []OptionChoice
}

// OptionChoice is an allowed value of a setup option, with its label.
type OptionChoice struct {
	Value, Label string
}

// RulesHelp is implemented by games with short rules help for players:
// the text of each topic, by its name, as a game of the named mode plays
// it. With mode "" (no game in view) they are the default mode's, and
// the other modes' own topics besides.
type RulesHelp interface {
	RulesTopics(mode string) map[string]string
}

// Confirmations is implemented by games with moves worth a second look
// before they are played: typed in one command, such a move is shown to
// its player with a button to confirm it rather than played at once.
type Confirmations interface {
	// NeedsConfirmation reports whether a whole action is such a move.
	NeedsConfirmation(action Action) bool
}

// Rulings is implemented by games with a page of rulings adega plays by,
// which players may read topic by topic (/vinhos rules topic:rulings).
type Rulings interface {
	// RulingsPage is the page's file name in docs/, such as
	// "RULINGS.md".
	RulingsPage() string
}

// ModeRulings is implemented by games whose rulings page has groups that
// hold for some modes only: the index of the rulings lists such a group's
// titles in a game of one of its modes, and elsewhere only its name.
type ModeRulings interface {
	// RulingsGroupModes are those groups, by their heading on the page,
	// and the names of the modes each holds for.
	RulingsGroupModes() map[string][]string
}
