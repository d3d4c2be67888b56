package fakediscord

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func jsonBody(t *testing.T, s string) body {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return body{mediaType: "application/json", json: v}
}

func TestSpecCheck(t *testing.T) {
	spec, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	const bot = "Bot test-token"
	cases := []struct {
		name        string
		method      string
		path        string
		query       url.Values
		auth        string
		body        body
		route       string // the template that must match
		wantStatus  int    // 0: conforms
		wantMessage string
	}{
		{name: "literal @original beats {message_id}", method: "PATCH", path: "/api/v9/webhooks/1/tok/messages/@original",
			body: jsonBody(t, `{"content":"done"}`), route: routeOriginal},
		{name: "message ID", method: "PATCH", path: "/api/v9/webhooks/1/tok/messages/2",
			body: jsonBody(t, `{"content":"done"}`), route: "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"},
		{name: "method the spec lacks", method: "PUT", path: "/api/v9/users/@me", auth: bot, wantStatus: 405, wantMessage: "GET, PATCH"},
		{name: "literal @me beats {user_id}", method: "GET", path: "/api/v10/users/@me", auth: bot, route: "/users/@me"},
		{name: "user ID", method: "GET", path: "/api/v10/users/80351110224678912", auth: bot, route: "/users/{user_id}"},
		{name: "any API version", method: "GET", path: "/api/v8/gateway", route: "/gateway"},
		{name: "outside the API", method: "GET", path: "/gateway", wantStatus: 404, wantMessage: "not under /api/v{version}"},
		{name: "escaped path parameter", method: "PUT", path: "/api/v9/channels/1/messages/2/reactions/%F0%9F%8D%B7/@me", auth: bot,
			route: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me"},
		{name: "path parameter against its schema", method: "GET", path: "/api/v9/channels/abc", auth: bot,
			wantStatus: 400, wantMessage: `path parameter channel_id="abc"`},

		{name: "boolean query parameter", method: "POST", path: "/api/v9/webhooks/1/tok", query: url.Values{"wait": {"true"}},
			body: jsonBody(t, `{"content":"hi"}`), route: routeFollowup},
		{name: "query parameter against its schema", method: "POST", path: "/api/v9/webhooks/1/tok", query: url.Values{"wait": {"maybe"}},
			body: jsonBody(t, `{"content":"hi"}`), wantStatus: 400, wantMessage: `query parameter wait="maybe"`},
		{name: "query parameter the spec lacks", method: "POST", path: "/api/v9/webhooks/1/tok", query: url.Values{"silent": {"1"}},
			body: jsonBody(t, `{"content":"hi"}`), wantStatus: 400, wantMessage: "query parameter silent is not in the spec"},

		{name: "bot endpoint without a token", method: "POST", path: "/api/v9/channels/1/messages",
			body: jsonBody(t, `{"content":"hi"}`), wantStatus: 401, wantMessage: "Authorization"},
		{name: "bot endpoint with an OAuth2 token", method: "POST", path: "/api/v9/channels/1/messages", auth: "Bearer x",
			body: jsonBody(t, `{"content":"hi"}`), wantStatus: 401, wantMessage: "Authorization"},
		{name: "interaction webhook without a token", method: "POST", path: "/api/v9/webhooks/1/tok",
			body: jsonBody(t, `{"content":"hi"}`), route: routeFollowup},

		{name: "missing required body", method: "POST", path: "/api/v9/interactions/1/tok/callback", wantStatus: 400, wantMessage: "body is required"},
		{name: "media type the spec lacks", method: "POST", path: "/api/v9/interactions/1/tok/callback",
			body: body{mediaType: "text/plain"}, wantStatus: 415, wantMessage: "text/plain"},
		{name: "body on an operation without one", method: "GET", path: "/api/v9/channels/1", auth: bot,
			body: jsonBody(t, `{}`), wantStatus: 400, wantMessage: "takes no request body"},
		{name: "message response", method: "POST", path: "/api/v9/interactions/1/tok/callback",
			body: jsonBody(t, `{"type":4,"data":{"content":"hi","flags":64}}`), route: routeCallback},
		{name: "callback type the spec lacks", method: "POST", path: "/api/v9/interactions/1/tok/callback",
			body: jsonBody(t, `{"type":999}`), wantStatus: 400, wantMessage: "/type"},
		{name: "response content over 2000 characters", method: "POST", path: "/api/v9/interactions/1/tok/callback",
			body: jsonBody(t, `{"type":4,"data":{"content":"`+strings.Repeat("x", 2001)+`"}}`), wantStatus: 400, wantMessage: "/data/content"},
		{name: "six buttons in one action row", method: "POST", path: "/api/v9/channels/1/messages", auth: bot,
			body:       jsonBody(t, `{"components":[{"type":1,"components":[`+strings.Repeat(`{"type":2,"style":1,"custom_id":"x","label":"x"},`, 5)+`{"type":2,"style":1,"custom_id":"y","label":"y"}]}]}`),
			wantStatus: 400, wantMessage: "/components/0/components"},

		{name: "permissions as a string, as Discord takes them", method: "PUT", path: "/api/v9/applications/1/guilds/2/commands", auth: bot,
			body: jsonBody(t, `[{"name":"admin","description":"Admin","default_member_permissions":"32"}]`), route: "/applications/{application_id}/guilds/{guild_id}/commands"},
		{name: "permissions as an integer, as the spec has them", method: "PUT", path: "/api/v9/applications/1/guilds/2/commands", auth: bot,
			body: jsonBody(t, `[{"name":"admin","description":"Admin","default_member_permissions":32}]`), route: "/applications/{application_id}/guilds/{guild_id}/commands"},
		{name: "permissions that are not digits", method: "PUT", path: "/api/v9/applications/1/guilds/2/commands", auth: bot,
			body: jsonBody(t, `[{"name":"admin","description":"Admin","default_member_permissions":"all"}]`), wantStatus: 400, wantMessage: "default_member_permissions"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, _, err := spec.check(c.method, c.path, c.query, c.auth, c.body)
			if c.wantStatus == 0 {
				if err != nil {
					t.Fatalf("check: %v", err)
				}
				if r.template != c.route {
					t.Errorf("matched %s, want %s", r.template, c.route)
				}
				return
			}
			var es *errStatus
			if !errors.As(err, &es) || es.status != c.wantStatus || !strings.Contains(err.Error(), c.wantMessage) {
				t.Errorf("check: %v, want status %d and a message with %q", err, c.wantStatus, c.wantMessage)
			}
		})
	}
}
