package commands

import (
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
)

// A game's pace, deadline and absent-player rule are chosen with /vinhos
// new (options pace, deadline, absent) and changed with /vinhos pace by the
// game's creator or a member with Manage Server. Without options /vinhos
// pace shows them.

// waitOptions are the slash-command options for the waiting rules; the
// pace option is called name.
func waitOptions(name string) []*discordgo.ApplicationCommandOption {
	zero, maxHours := float64(0), float64(remind.MaxDeadline/time.Hour)
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionString, Name: name, MaxLength: 20,
			Description: "relaxed (reminders after 24h), normal (8h), fast (1h), or a time such as 12h"},
		{Type: discordgo.ApplicationCommandOptionInteger, Name: "deadline",
			Description: "Hours a player may take before the absent rule applies (0: no deadline)", MinValue: &zero, MaxValue: maxHours},
		{Type: discordgo.ApplicationCommandOptionString, Name: "absent", Description: "What happens at the deadline",
			Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: "wait: keep reminding", Value: string(adega.AbsentWait)},
				{Name: "auto: the bot plays that decision", Value: string(adega.AbsentAuto)},
				{Name: "skip: the player passes if the rules allow", Value: string(adega.AbsentSkip)},
			}},
	}
}

// reminders is the bot's reminder configuration.
func (h *Handler) reminders() remind.Config { return h.Reminders.WithDefaults() }

// readWaitRules applies the waiting options among opts to r.
func readWaitRules(r adega.WaitRules, opts []*discordgo.ApplicationCommandInteractionDataOption) (adega.WaitRules, bool, error) {
	changed := false
	for _, o := range opts {
		switch o.Name {
		case "pace", "value":
			name, d, err := remind.ParsePace(o.StringValue())
			if err != nil {
				return r, false, err
			}
			r.Pace, r.Interval, changed = name, d, true
		case "deadline":
			hours := o.IntValue()
			if hours < 0 || hours > int64(remind.MaxDeadline/time.Hour) {
				return r, false, fmt.Errorf("a deadline must be between 0 (none) and %d hours", remind.MaxDeadline/time.Hour)
			}
			r.Deadline, changed = time.Duration(hours)*time.Hour, true
		case "absent":
			a, err := remind.ParseAbsent(o.StringValue())
			if err != nil {
				return r, false, err
			}
			r.Absent, changed = a, true
		}
	}
	if r.Deadline > 0 && r.Deadline < r.Interval {
		return r, false, fmt.Errorf("the deadline (%s) comes before the first reminder (%s); choose a longer deadline or a faster pace",
			remind.Human(r.Deadline), remind.Human(r.Interval))
	}
	return r, changed, nil
}

// lobbyWait is the rules a lobby's game starts with: the lobby's, or the
// defaults for a lobby opened before lobbies had them.
func (h *Handler) lobbyWait(l adega.Lobby) adega.WaitRules {
	if l.Wait.Interval > 0 {
		return l.Wait
	}
	return h.reminders().NewGame()
}

// paceText describes a game's rules, with the defaults for rules unset.
func (h *Handler) paceText(m adega.Meta) string {
	return remind.PaceText(h.reminders().Resolve(m.Wait))
}

// paceShort is the pace for a turn message's footer: "pace normal".
func (h *Handler) paceShort(m adega.Meta) string {
	r := h.reminders().Resolve(m.Wait)
	if r.Pace == remind.PaceCustom {
		return "pace " + remind.Human(r.Interval)
	}
	return "pace " + r.Pace
}

// pace shows or changes the waiting rules of the channel's game.
func (h *Handler) pace(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	g, err := h.channelGame(i)
	if err != nil {
		return h.fail(i, err)
	}
	current := h.reminders().Resolve(g.Meta.Wait)
	rules, changed, err := readWaitRules(current, sub.Options)
	if err != nil {
		return private("That did not change the game: " + err.Error() + ".")
	}
	if !changed {
		return private(fmt.Sprintf("**%s**, game %s: pace %s.\nThe creator (or a member with Manage Server) changes it with `/%s pace value: deadline: absent:`.",
			g.Meta.Title, g.ID, remind.PaceText(current), g.Meta.Game))
	}
	if user(i).ID != g.Meta.CreatorID && !isAdmin(i) {
		return private("Only the game's creator or a member with Manage Server can change its pace.")
	}
	if _, err := h.Store.SetWaitRules(g.ID, rules, h.Now()); err != nil {
		return h.fail(i, err)
	}
	return say(fmt.Sprintf("%s set the pace of this game: %s.", displayName(i), remind.PaceText(rules)))
}

// statusPace is the pace line of /vinhos status.
func (h *Handler) statusPace(g *adega.Game) string {
	return "Pace: " + h.paceText(g.Meta) + "."
}
