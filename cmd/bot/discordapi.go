package main

import (
	"fmt"
	"net/http"
	"net/url"
)

// discordAPI is the transport that sends the bot's requests for
// https://discord.com to discord_api instead (a REST proxy that several
// processes share, or a fake Discord in tests), or nil when it is unset.
// Other hosts (the CDN) are left alone; the gateway's address is the one
// discord_api's GET /gateway/bot gives.
func (c Config) discordAPI() (http.RoundTripper, error) {
	if c.DiscordAPI == "" {
		return nil, nil
	}
	base, err := url.Parse(c.DiscordAPI)
	if err != nil || base.Scheme != "http" && base.Scheme != "https" || base.Host == "" || base.Path != "" && base.Path != "/" {
		return nil, fmt.Errorf("config: discord_api %q must be an http or https address with no path, such as http://localhost:8080", c.DiscordAPI)
	}
	return &redirect{base: base, next: http.DefaultTransport}, nil
}

type redirect struct {
	base *url.URL
	next http.RoundTripper
}

func (r *redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != "discord.com" {
		return r.next.RoundTrip(req)
	}
	out := req.Clone(req.Context())
	out.URL.Scheme, out.URL.Host = r.base.Scheme, r.base.Host
	return r.next.RoundTrip(out)
}
