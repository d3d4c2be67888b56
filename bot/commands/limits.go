package commands

// Discord's limits on what the bot sends, in characters or items: the
// one place each number is written.
const (
	// descriptionLimit bounds a command's, an option's or a select menu
	// option's description.
	descriptionLimit = 100
	// choiceNameLimit bounds an option choice's name, the text a user
	// sees in the list.
	choiceNameLimit = 100
	// choiceValueLimit bounds an option choice's value, and so the text a
	// user types in an option whose values are choices.
	choiceValueLimit = 100
	// selectLabelLimit and selectValueLimit bound a select menu option's
	// label and value.
	selectLabelLimit = 100
	selectValueLimit = 100
	// threadNameLimit bounds a thread's name.
	threadNameLimit = 100
	// choicesLimit is the most choices Discord takes in an autocomplete
	// answer or an option's list.
	choicesLimit = 25
	// selectLimit is how many options Discord allows in a select menu.
	selectLimit = 25
	// optionsLimit is how many options, subcommands or groups Discord
	// allows a command, and a group.
	optionsLimit = 25
	// customIDMax bounds a component's custom ID.
	customIDMax = 100
	// contentLimit bounds a message's text.
	contentLimit = 2000
	// embedLimit bounds all the text of one embed.
	embedLimit = 6000
	// titleLimit bounds an embed's title.
	titleLimit = 256
	// fieldNameLimit and fieldValueLimit bound an embed field's name and
	// value.
	fieldNameLimit  = 256
	fieldValueLimit = 1024
)
