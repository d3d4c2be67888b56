package fakediscord

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// apiVersionPrefix matches the "/api/vN" prefix of a REST path. The spec's
// server is /api/v10, but discordgo v0.29.0 hardcodes v9 in its endpoint
// variables, so any version is accepted and checked against the same spec.
var apiVersionPrefix = regexp.MustCompile(`^/api/v[0-9]+/`)

// errStatus is a request that does not conform to the spec, with the status
// the fake answers it with.
type errStatus struct {
	status int
	err    error
}

func (e *errStatus) Error() string { return e.err.Error() }
func (e *errStatus) Unwrap() error { return e.err }

func violation(status int, format string, args ...any) error {
	return &errStatus{status: status, err: fmt.Errorf(format, args...)}
}

// match finds the route for an escaped request path such as
// /api/v9/channels/123/messages and returns it with the unescaped path
// parameters. Literal segments beat parameters, as OpenAPI requires, so
// /webhooks/{id}/{token}/messages/@original wins over .../{message_id}.
func (s *apiSpec) match(escapedPath string) (*route, map[string]string, error) {
	loc := apiVersionPrefix.FindStringIndex(escapedPath)
	if loc == nil {
		return nil, nil, violation(http.StatusNotFound, "path %s is not under /api/v{version}", escapedPath)
	}
	segs := strings.Split(escapedPath[loc[1]:], "/")
	var best *route
	for _, r := range s.routes[len(segs)] {
		if r.matches(segs) && (best == nil || r.moreSpecific(best)) {
			best = r
		}
	}
	if best == nil {
		return nil, nil, violation(http.StatusNotFound, "no path in the spec matches %s", escapedPath)
	}
	params := map[string]string{}
	for i, seg := range best.segs {
		if name, ok := paramName(seg); ok {
			v, err := url.PathUnescape(segs[i])
			if err != nil {
				return nil, nil, violation(http.StatusBadRequest, "path parameter %s: %v", name, err)
			}
			params[name] = v
		}
	}
	return best, params, nil
}

func paramName(seg string) (string, bool) {
	if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
		return seg[1 : len(seg)-1], true
	}
	return "", false
}

func (r *route) matches(segs []string) bool {
	for i, seg := range r.segs {
		if _, ok := paramName(seg); !ok && seg != segs[i] {
			return false
		}
	}
	return true
}

func (r *route) moreSpecific(other *route) bool {
	for i, seg := range r.segs {
		_, p := paramName(seg)
		_, q := paramName(other.segs[i])
		if p != q {
			return q
		}
	}
	return false
}

func (r *route) methods() string {
	var ms []string
	for m := range r.ops {
		ms = append(ms, m)
	}
	sort.Strings(ms)
	return strings.Join(ms, ", ")
}

// body is a request body prepared for the checker.
type body struct {
	mediaType string // "" when the request has no body
	json      any    // the decoded JSON, or multipart payload_json; nil if absent
}

// check validates a request against the spec: the path, the method, the
// Authorization scheme, the path and query parameters and the body.
func (s *apiSpec) check(method, escapedPath string, query url.Values, authorization string, b body) (*route, map[string]string, error) {
	r, params, err := s.match(escapedPath)
	if err != nil {
		return nil, nil, err
	}
	op, ok := r.ops[method]
	if !ok {
		return r, params, violation(http.StatusMethodNotAllowed, "%s %s: the spec allows only %s", method, r.template, r.methods())
	}
	if err := s.compile(op); err != nil {
		return r, params, fmt.Errorf("fakediscord: compiling the spec's schemas for %s %s: %w", method, r.template, err)
	}
	err = op.checkAuth(authorization)
	if err == nil {
		err = op.checkParams(params, query)
	}
	if err == nil {
		err = op.checkBody(b)
	}
	if err != nil {
		return r, params, fmt.Errorf("%s (%s %s): %w", op.id, method, r.template, err)
	}
	return r, params, nil
}

func (op *operation) checkAuth(authorization string) error {
	if op.auth == nil {
		return nil
	}
	for _, scheme := range op.auth {
		if scheme == "" || (authorization != "" && strings.HasPrefix(authorization, scheme)) {
			return nil
		}
	}
	return violation(http.StatusUnauthorized, "Authorization header must start with one of %q", op.auth)
}

func (op *operation) checkParams(path map[string]string, query url.Values) error {
	known := map[string]bool{}
	for _, p := range op.params {
		switch p.in {
		case "path":
			if err := p.validate(path[p.name]); err != nil {
				return err
			}
		case "query":
			known[p.name] = true
			vs, ok := query[p.name]
			if !ok {
				if p.required {
					return violation(http.StatusBadRequest, "missing required query parameter %s", p.name)
				}
				continue
			}
			for _, v := range vs {
				if err := p.validate(v); err != nil {
					return err
				}
			}
		}
	}
	for name := range query {
		if !known[name] {
			return violation(http.StatusBadRequest, "query parameter %s is not in the spec", name)
		}
	}
	return nil
}

// validate checks a parameter's text. A URL carries only strings, so a value
// that is also valid JSON (true, 25) is tried as such for boolean and
// integer schemas.
func (p *param) validate(text string) error {
	err := p.schema.schema.Validate(text)
	if err == nil {
		return nil
	}
	if v, jerr := jsonschema.UnmarshalJSON(strings.NewReader(text)); jerr == nil && p.schema.schema.Validate(v) == nil {
		return nil
	}
	return violation(http.StatusBadRequest, "%s parameter %s=%q: %v", p.in, p.name, text, err)
}

func (op *operation) checkBody(b body) error {
	if b.mediaType == "" {
		if op.bodyRequired {
			return violation(http.StatusBadRequest, "the request body is required")
		}
		return nil
	}
	if op.bodies == nil {
		return violation(http.StatusBadRequest, "the operation takes no request body, got %s", b.mediaType)
	}
	ref, ok := op.bodies[b.mediaType]
	if !ok {
		return violation(http.StatusUnsupportedMediaType, "content type %s is not one of the spec's", b.mediaType)
	}
	if err := ref.schema.Validate(b.json); err != nil {
		return violation(http.StatusBadRequest, "request body: %v", err)
	}
	return nil
}
