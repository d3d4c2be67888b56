package lavina

// RulingsPage is the page of La Viña's rulings (engine.Rulings).
func (Game) RulingsPage() string { return "RULINGS-LAVINA.md" }

// RulesTopics is La Viña's short rules help (engine.RulesHelp), in the
// words the choices use; the rulings page (docs/RULINGS-LAVINA.md) holds
// the readings where the text is unclear.
func (Game) RulesTopics(string) map[string]string { return rulesTopics }

var rulesTopics = map[string]string{
	"overview":    "Grape pickers walk down a vineyard aisle, pick grape cards into their baskets and deliver them to wineries at the exit for prestige. The picker farthest back always plays next. The game ends at the end of the round in which someone places their last barrel; most prestige wins.",
	"turn":        "On your turn, take one available card (the upper card of a stack) from your picker's space, before or after moving, then move forward to an empty box of a later space or to the exit. Moving is compulsory. You may dump a whole basket at any time in your turn.",
	"tools":       "A card may show a tool: take that counter from the bank if one is left. Billhook: take any card of your space, covered or not. Boots: take a card from a space behind you. Shears: take two cards from your space. Two different tools may be used together. You hold at most 2: taking a third returns one. A used tool goes back to the bank once its take is over.",
	"baskets":     "You start with a small basket (2 cards) and a medium one (3). A card goes into a basket with room, or is discarded; empty vines are always discarded. At the exit you may trade an empty basket for a bigger one from the supply, paying the difference in prestige.",
	"exit":        "The first picker out each round takes the wildcard at the exit. Then make 0, 1 or 2 deliveries: each is one whole basket plus any of your wildcards, costs a barrel on the next empty slot of a winery or the cooperative, and pays that slot's reward. Filling a winery's last slot also takes its quality seals.",
	"wineries":    "Each winery asks for grapes of a variety (or a coupage, mostly of one) worth at least its minimum. Its slots pay prestige, or multiply the delivery's value (x2, x1). At the start of each new round (so not after the last), every winery with an empty slot but the cooperative gains a quality seal.",
	"cooperative": "The cooperative takes any delivery, whatever the varieties, and pays half its value, rounded down. It never gains seals.",
	"round":       "When every picker has left the aisle the round ends: the queue at the entrance is rebuilt in exit order (the first out plays first), the stacks are refilled to two cards, wineries with an empty slot gain a seal, and a wildcard goes to the exit.",
	"scoring":     "Your score is your prestige; seals were turned into prestige when taken. Tools, wildcards, grapes in baskets and seals left on wineries score nothing. On a tie, the tied player who left the aisle first in the last round wins.",
}
