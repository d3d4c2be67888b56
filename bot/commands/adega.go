package commands

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/adega-bot/adega"
	"github.com/adega-bot/adega/bot/remind"
	"github.com/adega-bot/adega/engine"
)

// /adega is about the user rather than one game: their reminder settings,
// every game they are in, and vacations.

// AdegaCommand is the name of the user's own command.
const AdegaCommand = "adega"

func adegaDefinition() *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Name:        AdegaCommand,
		Description: "Your reminders, your games everywhere, your vacations, statistics",
		Options:     defineRoutes(adegaRoutes(), nil),
	}
}

// settingsOptions are the options of /adega settings.
func settingsOptions() []*discordgo.ApplicationCommandOption {
	zero, lastHour := float64(0), float64(23)
	str := func(name, description string, maxLength int) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: description, MaxLength: maxLength}
	}
	boolean := func(name, description string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: name, Description: description}
	}
	return []*discordgo.ApplicationCommandOption{
		str("timezone", "Your time zone, such as Europe/Lisbon or America/Sao_Paulo", 64),
		str("quiet_start", "Quiet hours begin (24-hour HH:MM, your time), or off", 8),
		str("quiet_end", "Quiet hours end (24-hour HH:MM, your time), or off", 8),
		boolean("dm", "Also send reminders by direct message"),
		boolean("digest", "One direct message a day instead of individual reminders"),
		&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "digest_hour",
			Description: "The hour of your daily digest (0-23, your time)", MinValue: &zero, MaxValue: lastHour},
	}
}

// vacationOptions are the options of /adega vacation.
func vacationOptions() []*discordgo.ApplicationCommandOption {
	zero, maxDays := float64(0), float64(remind.DefaultVacation/remind.Day)
	return []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionInteger, Name: "days",
		Description: "How many days", Required: true, MinValue: &zero, MaxValue: maxDays}}
}

// settings shows or changes the user's reminder settings. Every value is
// checked; a wrong one changes nothing.
func (h *Handler) settings(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	me := user(i).ID
	u, err := h.Store.GetUser(me)
	if err != nil {
		return h.fail(i, err)
	}
	p, err := readSettings(u.Prefs, sub.Options)
	if err != nil {
		return private("Nothing was changed: " + err.Error())
	}
	now := h.Now()
	if len(sub.Options) == 0 {
		return private(settingsText(u, now))
	}
	if u, err = h.shared().SetPrefs(me, p); err != nil {
		return h.fail(i, err)
	}
	return private("Saved.\n" + settingsText(u, now))
}

// readSettings applies the options to p, or says what is wrong.
func readSettings(p adega.Prefs, opts []*discordgo.ApplicationCommandInteractionDataOption) (adega.Prefs, error) {
	var start, end *string
	for _, o := range opts {
		switch o.Name {
		case "timezone":
			zone := strings.TrimSpace(o.StringValue())
			if _, err := remind.Location(zone); err != nil || zone == "" {
				return p, fmt.Errorf("%s is not a time zone I know. Use an IANA name such as Europe/Lisbon, America/Sao_Paulo, Asia/Tokyo or UTC", engine.Quote(zone))
			}
			p.TimeZone = zone
		case "quiet_start":
			v := o.StringValue()
			start = &v
		case "quiet_end":
			v := o.StringValue()
			end = &v
		case "dm":
			p.DMReminders = o.BoolValue()
		case "digest":
			p.Digest = o.BoolValue()
		case "digest_hour":
			n := o.IntValue()
			if n < 0 || n > 23 {
				return p, fmt.Errorf("the digest hour must be from 0 to 23, not %d", n)
			}
			p.DigestHour = int(n)
		}
	}
	off := func(s *string) bool { return s != nil && strings.EqualFold(strings.TrimSpace(*s), "off") }
	if off(start) || off(end) {
		p.QuietStart, p.QuietEnd = "", ""
		return p, nil
	}
	for _, f := range []struct {
		given *string
		field *string
		name  string
	}{{start, &p.QuietStart, "quiet_start"}, {end, &p.QuietEnd, "quiet_end"}} {
		if f.given == nil {
			continue
		}
		m, err := remind.ParseClock(*f.given)
		if err != nil {
			return p, fmt.Errorf("%s: %v", f.name, err)
		}
		*f.field = fmt.Sprintf("%02d:%02d", m/60, m%60)
	}
	switch {
	case (p.QuietStart == "") != (p.QuietEnd == ""):
		return p, fmt.Errorf("quiet hours need both quiet_start and quiet_end (or `off` to have none)")
	case p.QuietStart != "" && p.QuietStart == p.QuietEnd:
		return p, fmt.Errorf("quiet hours cannot start and end at the same time (%s)", p.QuietStart)
	}
	return p, nil
}

func settingsText(u adega.User, now time.Time) string {
	p := u.Prefs
	var b strings.Builder
	zone := p.TimeZone
	if zone == "" {
		zone = "UTC (set yours with `timezone:`)"
	}
	loc, err := remind.Location(p.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	fmt.Fprintf(&b, "**Your reminder settings**\nTime zone: %s; it is %s there now.\n", zone, now.In(loc).Format("Mon 15:04"))
	if p.QuietStart != "" {
		fmt.Fprintf(&b, "Quiet hours: %s–%s: no pings, reminders or direct messages then; they wait for the end.\n", p.QuietStart, p.QuietEnd)
	} else {
		b.WriteString("Quiet hours: none.\n")
	}
	fmt.Fprintf(&b, "Reminders by direct message: %s.\n", onOff(p.DMReminders))
	if p.Digest {
		fmt.Fprintf(&b, "Daily digest: at %02d:00 instead of individual reminders; the next <t:%d:R>.\n", p.DigestHour, u.DigestAt.Unix())
	} else {
		b.WriteString("Daily digest: off; you get individual reminders.\n")
	}
	b.WriteString("Change them with `/adega settings`.")
	return b.String()
}

// howToStart names the commands that start a game, of every game: the
// text is tied to none.
func (h *Handler) howToStart() string {
	var news, solos []string
	for _, name := range h.Games.Names() {
		news = append(news, fmt.Sprintf("`/%s new`", name))
		if game, err := h.Games.Lookup(name); err == nil {
			if _, ok := soloMode(game); ok {
				solos = append(solos, fmt.Sprintf("`/%s solo start`", name))
			}
		}
	}
	text := "Start one with " + joinList(news, "or")
	if len(solos) > 0 {
		text += ", or alone with " + joinList(solos, "or")
	}
	return text + "."
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// myGames lists every active game the user plays in, across servers and
// direct messages, those waiting for them first; then the games they
// follow, those in progress first.
func (h *Handler) myGames(i *discordgo.Interaction) Reply {
	me := user(i).ID
	all, err := h.shared().WaitingOfUser(me)
	if err != nil {
		return h.fail(i, err)
	}
	followed, err := h.shared().Following(me)
	if err != nil {
		return h.fail(i, err)
	}
	var rows []gameRow
	for _, gw := range all {
		if gw.Meta.Status == adega.StatusActive {
			rows = append(rows, rowOf(gw, me))
		}
	}
	var follows []gameRow
	for _, gw := range followed {
		switch {
		case gw.Meta.Seated(me): // listed above
		case gw.Meta.Status != adega.StatusActive && h.Now().Sub(gw.Meta.UpdatedAt) > followedOver:
		default:
			follows = append(follows, rowOf(gw, me))
		}
	}
	if len(rows) == 0 && len(follows) == 0 {
		return private("You are not in any game in progress. " + h.howToStart())
	}
	slices.SortStableFunc(rows, func(a, b gameRow) int {
		if a.mine != b.mine {
			if a.mine {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.since, b.since)
	})
	owe := 0
	for _, r := range rows {
		if r.mine {
			owe++
		}
	}
	var b strings.Builder
	room := listRoom
	if len(rows) == 0 {
		b.WriteString("You are not in any game in progress.\n")
	} else {
		fmt.Fprintf(&b, "**Your games**: %d in progress; you owe a move in %d.\n", len(rows), owe)
		if len(follows) > 0 {
			room -= followsRoom
		}
		writeRows(&b, rows, room)
	}
	if len(follows) > 0 {
		// In progress first, the longest waiting first; then those over,
		// the last to end first.
		slices.SortStableFunc(follows, func(a, b gameRow) int {
			if a.over != b.over {
				if a.over {
					return 1
				}
				return -1
			}
			if a.over {
				return cmp.Compare(b.since, a.since)
			}
			return cmp.Compare(a.since, b.since)
		})
		fmt.Fprintf(&b, "**You follow** %s (`unfollow` in a game's channel stops its news):\n", plural(len(follows), "game"))
		writeRows(&b, follows, listRoom)
	}
	return private(b.String())
}

// followedOver is how long a game followed stays listed after it ended:
// its channel no longer takes an unfollow, so it would stay for good.
const followedOver = 7 * 24 * time.Hour

// listRoom bounds /adega games within Discord's 2,000 characters; the
// games followed keep followsRoom of it.
const (
	listRoom    = 1900
	followsRoom = 400
)

// gameRow is a game's line in /adega games.
type gameRow struct {
	mine  bool  // it waits for the user
	over  bool  // it has ended
	since int64 // since when it waits, or when it ended
	text  string
}

// rowOf is gw's line for the user me: where it is played, and whose move
// it is, or that it is over.
func rowOf(gw adega.GameWait, me string) gameRow {
	mine, others := waitingFor(gw, me)
	where := fmt.Sprintf("<#%s>", gw.Meta.ChannelID)
	if gw.Meta.GuildID == "" {
		where = "our direct messages" // a game in DMs has one player, and no follower
	}
	r := gameRow{mine: mine, since: earliest(gw.Wait.Seats), over: gw.Meta.Status != adega.StatusActive}
	if len(gw.Wait.Seats) == 0 || r.over {
		r.since = gw.Meta.UpdatedAt.Unix()
	}
	var status string
	switch {
	case gw.Meta.Status == adega.StatusFinished:
		status = fmt.Sprintf("over <t:%d:R>", r.since)
	case r.over:
		status = fmt.Sprintf("%s <t:%d:R>", gw.Meta.Status, r.since)
	case mine && len(others) > 0:
		status = fmt.Sprintf("**your move**: %s (also waiting for %s), since <t:%d:R>", owed(gw.Meta, gw.Wait.SeatsOf(me)), joinNames(others), r.since)
	case mine:
		status = fmt.Sprintf("**your move**: %s, since <t:%d:R>", owed(gw.Meta, gw.Wait.SeatsOf(me)), r.since)
	case len(others) > 0:
		status = fmt.Sprintf("waiting for %s since <t:%d:R>", joinNames(others), r.since)
	default:
		status = fmt.Sprintf("nobody to wait for (the bot is playing), since <t:%d:R>", r.since)
	}
	r.text = fmt.Sprintf("• **%s** (game %s, %s): %s. [Jump](%s)", gw.Meta.Title, gw.Meta.ID, where, status, JumpLink(gw.Meta, gw.Wait.TurnMessageID))
	return r
}

// writeRows writes rows to b while b stays within room, then how many more
// there are.
func writeRows(b *strings.Builder, rows []gameRow, room int) {
	for k, r := range rows {
		if b.Len()+len(r.text) > room {
			fmt.Fprintf(b, "…and %d more.\n", len(rows)-k)
			return
		}
		b.WriteString(r.text + "\n")
	}
}

// othersPlay reports whether people other than userID play the game, who
// should hear of a vacation.
func othersPlay(m adega.Meta, userID string) bool {
	return slices.ContainsFunc(m.Seats, func(s adega.SeatUser) bool { return s.UserID != "" && s.UserID != userID && !s.Bot })
}

// vacation pauses the user's deadlines (and reminders) in all their active
// games, within each game's allowance, and tells each game's channel.
func (h *Handler) vacation(i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) Reply {
	me := user(i).ID
	days := int64(-1)
	for _, o := range sub.Options {
		if o.Name == "days" {
			days = o.IntValue()
		}
	}
	limit := h.reminders().VacationPerGame
	limitDays := int64(limit / remind.Day)
	if days < 0 || days > limitDays {
		return private(fmt.Sprintf("A vacation is from 1 to %d days (0 ends one).", limitDays))
	}
	grants, err := h.referee().SetVacation(me, h.Now(), time.Duration(days)*remind.Day, limit)
	if err != nil {
		return h.fail(i, err)
	}
	if len(grants) == 0 {
		return private("You are not in any game in progress.")
	}
	var posts []Post
	var summary []string
	for _, g := range grants {
		name := seatName(g.Meta, me)
		used := fmt.Sprintf("%s of %s used in this game", remind.Human(g.Used.Round(time.Hour)), remind.Human(limit))
		var text string
		switch {
		case days == 0 && g.Ended:
			text = fmt.Sprintf("**%s** is back from vacation: deadlines and reminders run again.", name)
			summary = append(summary, fmt.Sprintf("game %s: vacation ended", g.Meta.ID))
		case days == 0:
			summary = append(summary, fmt.Sprintf("game %s: no vacation in progress", g.Meta.ID))
			continue
		case g.Granted == 0:
			text = fmt.Sprintf("**%s** asked for a vacation, but has used all %s of vacation this game allows; the deadlines run as usual.", name, remind.Human(limit))
			summary = append(summary, fmt.Sprintf("game %s: no vacation left", g.Meta.ID))
		default:
			text = fmt.Sprintf("🏖️ **%s** is on vacation until <t:%d:f>: their deadlines in this game are paused and the bot will not remind them (%s).",
				name, g.Until.Unix(), used)
			summary = append(summary, fmt.Sprintf("game %s: until <t:%d:f>", g.Meta.ID, g.Until.Unix()))
		}
		if othersPlay(g.Meta, me) {
			posts = append(posts, notice(g.Meta.ChannelID, text))
		}
	}
	title := "Your vacation"
	if days == 0 {
		title = "Welcome back"
	}
	text := fmt.Sprintf("%s: %s.", title, strings.Join(summary, "; "))
	if len(posts) > 0 {
		text += "\nThe other players have been told."
	}
	r := private(text)
	r.Posts = posts
	return r
}
