package commands

import (
	"bytes"
	"fmt"
	"image"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/internal/fair"
	"github.com/adega-bot/adega/engine"
)

// The guided path: a button opens a private message that shows one step of
// the player's decision as a select menu of its legal choices. Each pick
// moves to the next step, and the last one plays the move. The custom IDs
// carry the choices made so far, so the flow needs no memory between clicks
// and survives a restart.

// fitsGuided reports whether a path's custom IDs stay within Discord's
// 100 characters, with room for the widest offset.
func fitsGuided(g *adega.Game, path []int) bool {
	return len(customID{kind: kindConfirm, target: g.ID, stamp: g.Stamp, path: path, offset: 1 << 20}.String()) <= customIDMax
}

func (h *Handler) guided(i *discordgo.Interaction, id customID) Reply {
	g, err := h.gameHere(i, id)
	if err != nil {
		return h.fail(i, err)
	}
	if id.stamp != g.Stamp {
		return private(adega.ErrStale.Message)
	}
	seat, ok := seatOf(g, user(i).ID)
	if !ok {
		return h.fail(i, errNotPlaying)
	}
	if !engine.MustDecide(g.State, seat) {
		return private("There is nothing for you to decide right now.")
	}
	path := id.path
	switch id.kind {
	case kindGo:
		path = nil
	case kindBack:
		if len(path) > 0 {
			path = path[:len(path)-1]
		}
		id.offset = 0
	case kindStep:
		more, n, ok := stepValue(i.MessageComponentData().Values)
		switch {
		case !ok:
			return private(errBadCustomID.Error())
		case more: // another page of the same step
			id.offset = n
		default:
			path = append(path, n)
			id.offset = 0
		}
	}
	if !fitsGuided(g, path) {
		return private("This decision has more steps than the menu can hold; press Back and finish it in fewer steps.")
	}
	prefix, labels, err := resolvePath(g.State, seat, path)
	if err != nil {
		return h.fail(i, err)
	}
	step, err := g.State.Choices(seat, prefix)
	if err != nil {
		return h.fail(i, err)
	}
	if step.Complete && id.kind != kindConfirm && len(path) > 1 {
		// The end of a multi-step decision: review it before it is played.
		return h.view(i, confirmText(labels), confirmButtons(g, path)...)
	}
	if step.Complete {
		res, err := h.move(i, g, id.stamp, prefix, i.ID, "")
		if err != nil {
			return h.fail(i, err)
		}
		return h.played(i, res.Game, seat, labels)
	}
	if id.offset >= len(step.Choices) {
		return private(errBadCustomID.Error())
	}
	content := stepText(g, seat, labels, len(path), step)
	// Paging through one step keeps its image; an answer taken or taken
	// back changes what the view shows (money paid, prices).
	paging := id.kind == kindStep && slices.Equal(path, id.path)
	return h.stepView(i, g, seat, prefix, paging, step, content, stepComponents(g, path, step, id.offset))
}

// stepView shows a step of the guided flow with the focused view of the
// part of the board it is about, as the answers prefix leave the game
// (engine.Previewed). The view is drawn after a deferred ack, so that
// the step and its picture show together, and only when the message does
// not carry it already: paging through a step's choices answers at once.
func (h *Handler) stepView(i *discordgo.Interaction, g *adega.Game, seat engine.Seat, prefix engine.Action, paging bool, step engine.Step, content string, components []discordgo.MessageComponent) Reply {
	inPlace := i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
	if inPlace && paging {
		return update(content, components...)
	}
	ack := deferPrivate()
	if inPlace {
		ack = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	content = fit(content)
	return Reply{Ack: ack, Edit: h.focusEdit(g, seat, prefix, step.Focus, &content, &components)}
}

// focusEdit draws seat's focused view as the answers prefix leave the
// game, and puts it on the answer in place of any image it had, with its
// text and menus if given.
func (h *Handler) focusEdit(g *adega.Game, seat engine.Seat, prefix engine.Action, focus string, content *string, components *[]discordgo.MessageComponent) func() (*discordgo.WebhookEdit, error) {
	return func() (*discordgo.WebhookEdit, error) {
		png, err := h.png(fair.People, g.Meta.Seats[seat].UserID, func() image.Image {
			return h.Drawer.Focus(g.Meta.Game, engine.Previewed(g.State, seat, prefix), seat, focus)
		})
		if err != nil {
			return nil, err
		}
		return &discordgo.WebhookEdit{Content: content, Components: components, Files: []*discordgo.File{focusFile(png)},
			Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: NoMentions()}, nil
	}
}

// FocusFile is the name a focused view is attached under.
const FocusFile = "focus.png"

func focusFile(png []byte) *discordgo.File {
	return &discordgo.File{Name: FocusFile, ContentType: "image/png", Reader: bytes.NewReader(png)}
}

// stepComponents are a step's menu, and a Back button after the first.
func stepComponents(g *adega.Game, path []int, step engine.Step, offset int) []discordgo.MessageComponent {
	components := []discordgo.MessageComponent{stepSelect(g, path, step, offset)}
	if len(path) > 0 {
		components = append(components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Back", Style: discordgo.SecondaryButton,
				CustomID: customID{kind: kindBack, target: g.ID, stamp: g.Stamp, path: path}.String()},
		}})
	}
	return components
}

// played answers the mover privately: in place of their step view, or as
// a new private message, never on the message everyone sees. The turn
// message with the board follows in the channel. When the move stopped
// where it turned up a hidden tile, the answer goes straight on to the
// rest of the turn.
func (h *Handler) played(i *discordgo.Interaction, g *adega.Game, seat engine.Seat, labels []string) Reply {
	text := "Played. The board follows in the channel."
	if len(labels) > 0 {
		text = "Played: " + strings.Join(labels, " → ") + ". The board follows in the channel."
	}
	if !engine.Continues(g.State, seat) {
		return dropImages(h.view(i, text))
	}
	step, err := g.State.Choices(seat, nil)
	if err != nil || step.Complete {
		return dropImages(h.view(i, text))
	}
	// The move is acknowledged at once; the view of the rest of the turn,
	// on a board that has changed, follows.
	r := dropImages(h.view(i, fit(text+"\n"+stepText(g, seat, nil, 0, step)), stepComponents(g, nil, step, 0)...))
	r.Edit = h.focusEdit(g, seat, nil, step.Focus, nil, nil)
	return r
}

// dropImages takes a step's focused view off the message an answer
// replaces: it shows a moment gone by.
func dropImages(r Reply) Reply {
	if r.Ack.Type == discordgo.InteractionResponseUpdateMessage {
		r.Ack.Data.Attachments = &[]*discordgo.MessageAttachment{}
	}
	return r
}

// stepValue reads a select's one value: "c" and a choice's index, or "m"
// and the first choice of another page (more).
func stepValue(values []string) (more bool, n int, ok bool) {
	if len(values) != 1 || len(values[0]) < 2 || values[0][0] != 'c' && values[0][0] != 'm' {
		return false, 0, false
	}
	v, err := parseNumber(values[0][1:])
	if err != nil || v > 1<<20 {
		return false, 0, false
	}
	return values[0][0] == 'm', int(v), true
}

// view shows a step of the guided flow: in place of the private message
// the click came from, or, from the public turn message, as a new private
// message, so that the message everyone sees never changes.
func (h *Handler) view(i *discordgo.Interaction, content string, components ...discordgo.MessageComponent) Reply {
	if i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0 {
		return update(content, components...)
	}
	return private(content, components...)
}

func confirmText(labels []string) string {
	return fit("**Your move, to confirm:**\n→ " + strings.Join(labels, "\n→ "))
}

// confirmButtons play the reviewed move, or go back to its last step.
func confirmButtons(g *adega.Game, path []int) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Confirm", Style: discordgo.SuccessButton,
			CustomID: customID{kind: kindConfirm, target: g.ID, stamp: g.Stamp, path: path}.String()},
		discordgo.Button{Label: "Back", Style: discordgo.SecondaryButton,
			CustomID: customID{kind: kindBack, target: g.ID, stamp: g.Stamp, path: path}.String()},
	}}}
}

// pathOf turns an action into the guided flow's indices.
func pathOf(s engine.State, seat engine.Seat, action engine.Action) ([]int, []string, error) {
	var path []int
	var labels []string
	for k, id := range action {
		step, err := s.Choices(seat, action[:k])
		if err != nil {
			return nil, nil, err
		}
		i := slices.IndexFunc(step.Choices, func(c engine.Choice) bool { return c.ID == id })
		if i < 0 {
			return nil, nil, engine.Errorf(engine.CodeUnknownChoice, "%s is not a legal choice.", engine.Quote(id))
		}
		path, labels = append(path, i), append(labels, step.Choices[i].Label)
	}
	return path, labels, nil
}

// resolvePath turns the indices of a guided flow into the action's choice
// IDs and labels, checking each against the current lists.
func resolvePath(s engine.State, seat engine.Seat, path []int) (engine.Action, []string, error) {
	var act engine.Action
	var labels []string
	for _, k := range path {
		step, err := s.Choices(seat, act)
		if err != nil {
			return nil, nil, err
		}
		if step.Complete || k >= len(step.Choices) {
			return nil, nil, engine.Errorf(engine.CodeUnknownChoice, "Those choices no longer fit the game; start again with the newest message.")
		}
		act = append(act, step.Choices[k].ID)
		labels = append(labels, step.Choices[k].Label)
	}
	return act, labels, nil
}

func stepText(g *adega.Game, seat engine.Seat, labels []string, done int, step engine.Step) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**, your move (%s).\n", g.State.Players()[seat].Name, g.State.Phase())
	if len(labels) > 0 {
		fmt.Fprintf(&b, "So far: %s\n", strings.Join(labels, " → "))
	}
	fmt.Fprintf(&b, "**Step %d:** %s", done+1, step.Prompt)
	return fit(b.String())
}

// stepSelect lists a step's choices from offset, a page at a time.
func stepSelect(g *adega.Game, path []int, step engine.Step, offset int) discordgo.MessageComponent {
	var opts []discordgo.SelectMenuOption
	room := selectLimit
	if offset > 0 {
		back := max(0, offset-(selectLimit-2))
		opts = append(opts, discordgo.SelectMenuOption{Label: "◀ Earlier choices", Value: "m" + strconv.Itoa(back)})
		room--
	}
	end := min(len(step.Choices), offset+room)
	if end < len(step.Choices) {
		end-- // keep room for "more"
	}
	for k := offset; k < end; k++ {
		c := step.Choices[k]
		opt := discordgo.SelectMenuOption{Label: engine.Shorten(c.Label, selectLabelLimit), Value: "c" + strconv.Itoa(k)}
		if len([]rune(c.Label)) > selectLabelLimit {
			opt.Description = engine.Shorten(string([]rune(c.Label)[selectLabelLimit-1:]), descriptionLimit)
		}
		opts = append(opts, opt)
	}
	if end < len(step.Choices) {
		opts = append(opts, discordgo.SelectMenuOption{Label: fmt.Sprintf("More choices ▶ (%d more)", len(step.Choices)-end), Value: "m" + strconv.Itoa(end)})
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
		CustomID:    customID{kind: kindStep, target: g.ID, stamp: g.Stamp, path: path, offset: offset}.String(),
		Placeholder: engine.Shorten(step.Prompt, 150),
		Options:     opts,
	}}}
}
