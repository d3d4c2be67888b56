package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// specPath is the Discord OpenAPI document, relative to the module root. It
// lives beside the repository and is never copied into it.
var specPath = filepath.Join("..", "shared", "discord-api-spec", "openapi.json")

// specURL names the document for the schema compiler; $refs such as
// "#/components/schemas/SnowflakeType" resolve against it.
const specURL = "https://discord.com/openapi.json"

// loadSpec parses the spec once per test binary: it is 1.2 MB, and tests
// may start many servers. Schemas are compiled when first needed, which
// spares the hundreds of operations a test never calls.
var loadSpec = sync.OnceValues(func() (*apiSpec, error) {
	path, err := findSpec()
	if err != nil {
		return nil, err
	}
	return parseSpec(path)
})

// findSpec walks up from the working directory to the module root.
func findSpec() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, specPath), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("fakediscord: no go.mod above the working directory, cannot locate the Discord OpenAPI spec")
		}
		dir = parent
	}
}

// apiSpec is the part of the OpenAPI document the fake checks requests
// against: every path template with its operations.
type apiSpec struct {
	routes map[int][]*route // by number of path segments

	mu       sync.Mutex // the compiler is not safe for concurrent use
	compiler *jsonschema.Compiler
}

type route struct {
	template string   // as in the spec, e.g. /channels/{channel_id}/messages
	segs     []string // literal segments, or "{name}" for parameters
	ops      map[string]*operation
}

type operation struct {
	id           string
	params       []*param
	bodies       map[string]*schemaRef // by media type
	bodyRequired bool
	auth         []string // accepted Authorization schemes ("" for none); nil means unchecked

	compileOnce sync.Once
	compileErr  error
}

type param struct {
	name     string
	in       string // "path" or "query"
	required bool
	schema   schemaRef
}

// schemaRef is a schema's location in the document, and the schema once
// compiled.
type schemaRef struct {
	loc    string
	schema *jsonschema.Schema
}

// The subset of OpenAPI 3.1 the checker reads.
type specDoc struct {
	Paths map[string]map[string]json.RawMessage `json:"paths"`
}

type specParam struct {
	Name     string `json:"name"`
	In       string `json:"in"`
	Required bool   `json:"required"`
}

type specOperation struct {
	OperationID string      `json:"operationId"`
	Parameters  []specParam `json:"parameters"`
	RequestBody *struct {
		Required bool                       `json:"required"`
		Content  map[string]json.RawMessage `json:"content"`
	} `json:"requestBody"`
	Security []map[string][]string `json:"security"`
}

var httpMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

func parseSpec(path string) (*apiSpec, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("fakediscord: reading the Discord OpenAPI spec: %w", err)
	}
	var doc specDoc
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("fakediscord: parsing %s: %w", path, err)
	}
	// The schema compiler wants the document with json.Number values.
	schemaDoc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("fakediscord: parsing %s: %w", path, err)
	}
	acceptPermissionStrings(schemaDoc)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020) // the OpenAPI 3.1 dialect
	c.AssertFormat()                     // date-time, uri; Discord's own formats (snowflake, int32) are ignored
	if err := c.AddResource(specURL, schemaDoc); err != nil {
		return nil, err
	}
	loc := func(ptr ...string) string {
		l := specURL + "#"
		for _, tok := range ptr {
			l += "/" + url.PathEscape(strings.NewReplacer("~", "~0", "/", "~1").Replace(tok))
		}
		return l
	}

	s := &apiSpec{routes: map[int][]*route{}, compiler: c}
	for template, item := range doc.Paths {
		r := &route{template: template, segs: strings.Split(strings.TrimPrefix(template, "/"), "/"), ops: map[string]*operation{}}
		var shared []specParam
		if p, ok := item["parameters"]; ok {
			if err := json.Unmarshal(p, &shared); err != nil {
				return nil, fmt.Errorf("fakediscord: %s parameters: %w", template, err)
			}
		}
		for _, method := range httpMethods {
			rawOp, ok := item[method]
			if !ok {
				continue
			}
			var so specOperation
			if err := json.Unmarshal(rawOp, &so); err != nil {
				return nil, fmt.Errorf("fakediscord: %s %s: %w", method, template, err)
			}
			op := &operation{id: so.OperationID, auth: authSchemes(so.Security)}
			for i, sp := range shared {
				if !overridden(sp, so.Parameters) {
					op.params = append(op.params, &param{name: sp.Name, in: sp.In, required: sp.Required,
						schema: schemaRef{loc: loc("paths", template, "parameters", fmt.Sprint(i), "schema")}})
				}
			}
			for i, sp := range so.Parameters {
				op.params = append(op.params, &param{name: sp.Name, in: sp.In, required: sp.Required,
					schema: schemaRef{loc: loc("paths", template, method, "parameters", fmt.Sprint(i), "schema")}})
			}
			if rb := so.RequestBody; rb != nil {
				op.bodyRequired = rb.Required
				op.bodies = map[string]*schemaRef{}
				for media := range rb.Content {
					op.bodies[media] = &schemaRef{loc: loc("paths", template, method, "requestBody", "content", media, "schema")}
				}
			}
			r.ops[strings.ToUpper(method)] = op
		}
		s.routes[len(r.segs)] = append(s.routes[len(r.segs)], r)
	}
	return s, nil
}

// compile compiles an operation's schemas on its first use.
func (s *apiSpec) compile(op *operation) error {
	op.compileOnce.Do(func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		refs := make([]*schemaRef, 0, len(op.params)+len(op.bodies))
		for _, p := range op.params {
			refs = append(refs, &p.schema)
		}
		for _, b := range op.bodies {
			refs = append(refs, b)
		}
		for _, ref := range refs {
			if ref.schema, op.compileErr = s.compiler.Compile(ref.loc); op.compileErr != nil {
				return
			}
		}
	})
	return op.compileErr
}

// permissionFields are the bit sets that Discord serializes as strings of
// digits. The spec types them as integers in request bodies, yet the API
// takes strings too, and discordgo sends default_member_permissions as one.
var permissionFields = map[string]bool{"permissions": true, "default_member_permissions": true, "allow": true, "deny": true}

// acceptPermissionStrings widens every integer permission property in the
// document to also take a string of digits: the one place where the fake
// knowingly accepts more than the spec.
func acceptPermissionStrings(v any) {
	switch v := v.(type) {
	case map[string]any:
		if props, ok := v["properties"].(map[string]any); ok {
			for name, p := range props {
				if ps, ok := p.(map[string]any); ok && permissionFields[name] && allowsInteger(ps["type"]) {
					props[name] = map[string]any{"anyOf": []any{ps, map[string]any{"type": "string", "pattern": "^[0-9]+$"}}}
				}
			}
		}
		for _, e := range v {
			acceptPermissionStrings(e)
		}
	case []any:
		for _, e := range v {
			acceptPermissionStrings(e)
		}
	}
}

func allowsInteger(typ any) bool {
	switch t := typ.(type) {
	case string:
		return t == "integer"
	case []any:
		for _, e := range t {
			if e == "integer" {
				return true
			}
		}
	}
	return false
}

func overridden(p specParam, ops []specParam) bool {
	for _, o := range ops {
		if o.Name == p.Name && o.In == p.In {
			return true
		}
	}
	return false
}

// authSchemes turns an operation's security requirements into the
// Authorization header prefixes that satisfy one of them.
func authSchemes(reqs []map[string][]string) []string {
	var schemes []string
	for _, req := range reqs {
		if len(req) == 0 {
			schemes = append(schemes, "") // anonymous access allowed
		}
		for name := range req {
			switch name {
			case "BotToken":
				schemes = append(schemes, "Bot ")
			case "OAuth2":
				schemes = append(schemes, "Bearer ")
			}
		}
	}
	return schemes
}
