package fakediscord

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Spec paths of the requests that answer an interaction.
const (
	routeCallback = "/interactions/{interaction_id}/{interaction_token}/callback"
	routeFollowup = "/webhooks/{webhook_id}/{webhook_token}"
	routeOriginal = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
)

// Origin is who triggers an interaction, and where.
type Origin struct {
	User        *discordgo.User
	GuildID     string // "" in a DM with the bot
	ChannelID   string
	Permissions int64 // the member's permissions in the channel; guild only
}

// memberPermissions is what @everyone may do in a fresh guild's channel.
const memberPermissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionReadMessageHistory | discordgo.PermissionAddReactions |
	discordgo.PermissionEmbedLinks | discordgo.PermissionAttachFiles |
	discordgo.PermissionUseApplicationCommands | discordgo.PermissionMentionEveryone

// InGuild is a member with ordinary permissions in a channel of one of the
// bot's guilds (GuildID's, for a channel the fake does not know). Add
// discordgo.PermissionManageGuild to Permissions for an admin.
func (s *Server) InGuild(user *discordgo.User, channelID string) Origin {
	s.mu.Lock()
	guild := s.channelLocked(channelID).GuildID
	s.mu.Unlock()
	return Origin{User: user, GuildID: guild, ChannelID: channelID, Permissions: memberPermissions}
}

// InDM is a user in their DM channel with the bot.
func (s *Server) InDM(user *discordgo.User) Origin {
	return Origin{User: user, ChannelID: s.DMChannel(user.ID)}
}

// Interaction is an interaction the fake sent the bot. Its methods match the
// requests that answer it, for WaitFor.
type Interaction struct {
	ID        string
	Token     string
	ChannelID string
	SentAt    time.Time // when the fake sent it to the bot
}

// IsCallback matches the initial response to the interaction.
func (i Interaction) IsCallback(r Request) bool {
	return r.Route == routeCallback && r.Params["interaction_id"] == i.ID
}

// IsFollowup matches a follow-up message.
func (i Interaction) IsFollowup(r Request) bool {
	return r.Method == http.MethodPost && r.Route == routeFollowup && r.Params["webhook_token"] == i.Token
}

// IsOriginalEdit matches an edit of the original response, such as the one
// that completes a deferred response.
func (i Interaction) IsOriginalEdit(r Request) bool {
	return r.Method == http.MethodPatch && r.Route == routeOriginal && r.Params["webhook_token"] == i.Token
}

// interaction is the fake's record of an interaction, to judge the answers.
type interaction struct {
	id, token string
	typ       discordgo.InteractionType
	command   string // the command name, for the response's metadata
	user      *discordgo.User
	channelID string
	messageID string // the message whose component was used
	sentAt    time.Time
	payload   wireInteraction // as dispatched, for Redeliver
	acked     bool
	original  string // the original response's message ID, once there is one
}

// CommandOption is a slash command option as the user filled it in.
type CommandOption struct {
	Name    string
	Type    discordgo.ApplicationCommandOptionType
	Value   any             // string, int64, float64, bool, or a user ID; nil for subcommands
	Options []CommandOption // a subcommand's options
	Focused bool            // the option being typed, for autocomplete
}

// MarshalJSON writes the option as Discord does: with a value, even "", for
// every type but subcommands.
func (o CommandOption) MarshalJSON() ([]byte, error) {
	var value *any
	if o.Type != discordgo.ApplicationCommandOptionSubCommand && o.Type != discordgo.ApplicationCommandOptionSubCommandGroup {
		value = &o.Value
	}
	return json.Marshal(struct {
		Name    string                                 `json:"name"`
		Type    discordgo.ApplicationCommandOptionType `json:"type"`
		Value   *any                                   `json:"value,omitempty"`
		Options []CommandOption                        `json:"options,omitempty"`
		Focused bool                                   `json:"focused,omitempty"`
	}{o.Name, o.Type, value, o.Options, o.Focused})
}

// Subcommand is a subcommand with its options.
func Subcommand(name string, opts ...CommandOption) CommandOption {
	return CommandOption{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}
}

// SubcommandGroup is a group of subcommands.
func SubcommandGroup(name string, subs ...CommandOption) CommandOption {
	return CommandOption{Name: name, Type: discordgo.ApplicationCommandOptionSubCommandGroup, Options: subs}
}

// StringOption is a string option.
func StringOption(name, value string) CommandOption {
	return CommandOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: value}
}

// IntegerOption is an integer option.
func IntegerOption(name string, value int64) CommandOption {
	return CommandOption{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: value}
}

// BooleanOption is a boolean option.
func BooleanOption(name string, value bool) CommandOption {
	return CommandOption{Name: name, Type: discordgo.ApplicationCommandOptionBoolean, Value: value}
}

// UserOption is a user option; the interaction resolves the user.
func UserOption(name, userID string) CommandOption {
	return CommandOption{Name: name, Type: discordgo.ApplicationCommandOptionUser, Value: userID}
}

// Focused marks the option the user is typing in an autocomplete
// interaction. Discord sends what was typed so far as a string, whatever
// the option's type.
func Focused(o CommandOption) CommandOption {
	o.Focused = true
	o.Value = fmt.Sprint(o.Value)
	return o
}

// SlashCommand sends a chat input command, like /name sub option:value.
func (s *Server) SlashCommand(o Origin, name string, opts ...CommandOption) Interaction {
	return s.interact(o, discordgo.InteractionApplicationCommand, s.commandData(o, name, opts), nil)
}

// Autocomplete sends an autocomplete request for a command; one option
// should be Focused.
func (s *Server) Autocomplete(o Origin, name string, opts ...CommandOption) Interaction {
	return s.interact(o, discordgo.InteractionApplicationCommandAutocomplete, s.commandData(o, name, opts), nil)
}

// Button sends a click on a button of a message in o's channel. The message
// should be one the bot posted through the fake: an UPDATE_MESSAGE answer
// edits it.
func (s *Server) Button(o Origin, messageID, customID string) Interaction {
	data := componentData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
	return s.interact(o, discordgo.InteractionMessageComponent, data, s.componentMessage(o, messageID))
}

// Select sends a choice in a string select menu of a message in o's
// channel, like Button.
func (s *Server) Select(o Origin, messageID, customID string, values ...string) Interaction {
	data := componentData{CustomID: customID, ComponentType: discordgo.SelectMenuComponent, Values: values}
	return s.interact(o, discordgo.InteractionMessageComponent, data, s.componentMessage(o, messageID))
}

type commandData struct {
	ID       string                           `json:"id"`
	Name     string                           `json:"name"`
	Type     discordgo.ApplicationCommandType `json:"type"`
	GuildID  string                           `json:"guild_id,omitempty"`
	Options  []CommandOption                  `json:"options,omitempty"`
	Resolved *resolved                        `json:"resolved,omitempty"`
}

type resolved struct {
	Users       map[string]*discordgo.User              `json:"users,omitempty"`
	Members     map[string]*discordgo.Member            `json:"members,omitempty"`
	Attachments map[string]*discordgo.MessageAttachment `json:"attachments,omitempty"`
}

type componentData struct {
	CustomID      string                  `json:"custom_id"`
	ComponentType discordgo.ComponentType `json:"component_type"`
	Values        []string                `json:"values,omitempty"`
}

// commandData names the command by the ID the bot registered it under, and
// resolves user options, as Discord does.
func (s *Server) commandData(o Origin, name string, opts []CommandOption) commandData {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := commandData{ID: s.NewID(), Name: name, Type: discordgo.ChatApplicationCommand, Options: opts}
	for _, guildID := range []string{"", o.GuildID} {
		for _, c := range s.commands[guildID] {
			if c.Name == name && c.Type == discordgo.ChatApplicationCommand {
				d.ID, d.GuildID = c.ID, c.GuildID
			}
		}
	}
	var walk func([]CommandOption)
	walk = func(opts []CommandOption) {
		for _, opt := range opts {
			walk(opt.Options)
			if a, ok := s.attachments[fmt.Sprint(opt.Value)]; ok && opt.Type == discordgo.ApplicationCommandOptionAttachment {
				if d.Resolved == nil {
					d.Resolved = &resolved{}
				}
				if d.Resolved.Attachments == nil {
					d.Resolved.Attachments = map[string]*discordgo.MessageAttachment{}
				}
				d.Resolved.Attachments[a.ID] = a
				continue
			}
			id, ok := opt.Value.(string)
			if opt.Type != discordgo.ApplicationCommandOptionUser || !ok || opt.Focused {
				continue
			}
			if d.Resolved == nil {
				d.Resolved = &resolved{Users: map[string]*discordgo.User{}}
			}
			u := s.users[id]
			if u == nil {
				u = &discordgo.User{ID: id}
			}
			d.Resolved.Users[id] = u
			if o.GuildID != "" {
				if d.Resolved.Members == nil {
					d.Resolved.Members = map[string]*discordgo.Member{}
				}
				// Resolved members omit user, guild_id and the like.
				d.Resolved.Members[id] = &discordgo.Member{JoinedAt: joinedAt, Roles: []string{}, Permissions: memberPermissions}
			}
		}
	}
	walk(opts)
	return d
}

// componentMessage is the message that carries the component: the stored
// one, or a bare one for a message the fake never saw.
func (s *Server) componentMessage(o Origin, messageID string) *discordgo.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sm := s.findMessageLocked(o.ChannelID, messageID); sm != nil {
		m := sm.msg
		return &m
	}
	return &discordgo.Message{ID: messageID, ChannelID: o.ChannelID, GuildID: o.GuildID, Author: s.BotUser(), Timestamp: time.Now()}
}

// joinedAt is when every member joined the fake guild.
var joinedAt = time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)

// wireInteraction is INTERACTION_CREATE's payload as Discord sends it.
// discordgo.Interaction cannot write it: it lacks the channel object.
type wireInteraction struct {
	ID             string                           `json:"id"`
	ApplicationID  string                           `json:"application_id"`
	Type           discordgo.InteractionType        `json:"type"`
	Data           any                              `json:"data"`
	GuildID        string                           `json:"guild_id,omitempty"`
	Channel        *discordgo.Channel               `json:"channel"`
	ChannelID      string                           `json:"channel_id"`
	Member         *discordgo.Member                `json:"member,omitempty"`
	User           *discordgo.User                  `json:"user,omitempty"`
	Token          string                           `json:"token"`
	Version        int                              `json:"version"`
	Message        *wireMessage                     `json:"message,omitempty"`
	AppPermissions int64                            `json:"app_permissions,string"`
	Locale         discordgo.Locale                 `json:"locale"`
	GuildLocale    discordgo.Locale                 `json:"guild_locale,omitempty"`
	Entitlements   []*discordgo.Entitlement         `json:"entitlements"`
	Context        discordgo.InteractionContextType `json:"context"`
}

// interact records the interaction, so its answers can be judged, and
// sends it to the bot, over the gateway or its endpoint.
func (s *Server) interact(o Origin, typ discordgo.InteractionType, data any, msg *discordgo.Message) Interaction {
	if o.User == nil || o.ChannelID == "" {
		s.t.Errorf("fakediscord: an interaction needs a user and a channel, got %+v", o)
		return Interaction{}
	}
	in := &interaction{id: s.NewID(), token: newToken(), typ: typ, user: o.User, channelID: o.ChannelID}
	if cd, ok := data.(commandData); ok {
		in.command = cd.Name
	}
	if msg != nil {
		in.messageID = msg.ID
	}
	p := wireInteraction{
		ID:             in.id,
		ApplicationID:  s.bot.ID,
		Type:           typ,
		Data:           data,
		ChannelID:      o.ChannelID,
		Token:          in.token,
		Version:        1,
		Message:        wireOrNil(msg),
		AppPermissions: discordgo.PermissionAllText | discordgo.PermissionUseApplicationCommands,
		Locale:         discordgo.EnglishUS,
		Entitlements:   []*discordgo.Entitlement{},
	}
	if o.GuildID != "" {
		p.GuildID = o.GuildID
		p.GuildLocale = discordgo.EnglishUS
		p.Context = discordgo.InteractionContextGuild
		p.Member = &discordgo.Member{User: o.User, JoinedAt: joinedAt, Roles: []string{}, Permissions: o.Permissions}
	} else {
		p.User = o.User
		p.Context = discordgo.InteractionContextBotDM
	}
	s.mu.Lock()
	ch := *s.channelLocked(o.ChannelID)
	p.Channel = &ch
	in.sentAt = time.Now()
	in.payload = p
	s.interactions[in.id] = in // before the bot can answer
	s.mu.Unlock()
	s.send(p)
	return Interaction{ID: in.id, Token: in.token, ChannelID: in.channelID, SentAt: in.sentAt}
}

// Secrets are what must never appear in the bot's logs: its token and the
// tokens of every interaction sent so far.
func (s *Server) Secrets() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	if s.token != "" {
		out = append(out, s.token)
	}
	for _, in := range s.interactions {
		out = append(out, in.token)
	}
	return out
}

// ForgedClick sends a component interaction as a modified client could: on
// a message of the test's making, which may carry any custom ID, from
// anywhere. A select's values are given in values; none makes it a button.
func (s *Server) ForgedClick(o Origin, m *discordgo.Message, customID string, values ...string) Interaction {
	data := componentData{CustomID: customID, ComponentType: discordgo.ButtonComponent, Values: values}
	if len(values) > 0 {
		data.ComponentType = discordgo.SelectMenuComponent
	}
	return s.interact(o, discordgo.InteractionMessageComponent, data, m)
}

// Redeliver sends an interaction to the bot again, with the same ID and
// token, as a gateway may after a reconnect (or an attacker replaying a
// signed request may). The bot must not answer it a second time (the fake
// refuses a second acknowledgement).
func (s *Server) Redeliver(i Interaction) {
	s.mu.Lock()
	in := s.interactions[i.ID]
	s.mu.Unlock()
	if in == nil {
		s.t.Errorf("fakediscord: Redeliver of an unknown interaction %s", i.ID)
		return
	}
	s.send(in.payload)
}

func wireOrNil(m *discordgo.Message) *wireMessage {
	if m == nil {
		return nil
	}
	return wire(*m)
}

// newToken makes an interaction token, which like Discord's is long, opaque
// and URL-safe.
func newToken() string {
	b := make([]byte, 48)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return "aW50ZXJhY3Rpb24" + base64.RawURLEncoding.EncodeToString(b)
}
