package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Request is one REST request the bot sent, as the fake understood it.
type Request struct {
	Method string
	Path   string // as sent, e.g. /api/v9/channels/123/messages
	Query  url.Values
	Header http.Header // without Authorization

	// Route is the spec's path template that matched, such as
	// /interactions/{interaction_id}/{interaction_token}/callback, and Params
	// holds its path parameters. Route is "" for a path the spec lacks.
	Route  string
	Params map[string]string

	// JSON is the JSON body, or the payload_json part of a multipart body;
	// nil without a body.
	JSON  json.RawMessage
	Files []File // the file parts of a multipart body

	// Err says how the request breaks the spec; nil if it conforms.
	Err error
	// Status is the HTTP status the fake answered.
	Status int
	// At is when the request arrived.
	At time.Time
}

// File is an uploaded file.
type File struct {
	Field       string // the form field, e.g. files[0]
	Name        string
	ContentType string
	Data        []byte
}

// Decode unmarshals the request's JSON into v, e.g. a
// *discordgo.InteractionResponse or a *discordgo.WebhookParams.
func (r Request) Decode(v any) error {
	if r.JSON == nil {
		return fmt.Errorf("fakediscord: %s %s has no JSON body", r.Method, r.Path)
	}
	return json.Unmarshal(r.JSON, v)
}

// errClientGone is a request whose body never arrived whole: the bot died
// or gave up while sending it. That breaks no rule of Discord's.
var errClientGone = errors.New("the client went away")

// readRequest records what the bot sent and prepares the body for the
// spec check. A body the fake cannot decode is itself a violation.
func readRequest(hr *http.Request) (Request, body, error) {
	header := hr.Header.Clone()
	header.Del("Authorization")
	r := Request{Method: hr.Method, Path: hr.URL.EscapedPath(), Query: hr.URL.Query(), Header: header, At: time.Now()}

	raw, err := io.ReadAll(hr.Body)
	if err != nil {
		return r, body{}, fmt.Errorf("%w: %v", errClientGone, err)
	}
	if len(raw) == 0 {
		return r, body{}, nil
	}
	mediaType, params, err := mime.ParseMediaType(hr.Header.Get("Content-Type"))
	if err != nil {
		return r, body{}, fmt.Errorf("Content-Type %q: %w", hr.Header.Get("Content-Type"), err)
	}
	b := body{mediaType: mediaType}
	switch mediaType {
	case "application/json":
		r.JSON = raw
	case "multipart/form-data":
		r.JSON, r.Files, err = readMultipart(raw, params["boundary"])
		if err != nil {
			return r, b, err
		}
	default:
		return r, b, fmt.Errorf("the fake does not decode %s bodies", mediaType)
	}
	// The schema validator wants json.Number rather than float64.
	b.json, err = jsonschema.UnmarshalJSON(bytes.NewReader(r.JSON))
	if err != nil {
		return r, b, fmt.Errorf("invalid JSON body: %w", err)
	}
	return r, b, nil
}

// readMultipart splits a body the way Discord reads it: the JSON in the
// payload_json part, the rest files.
func readMultipart(raw []byte, boundary string) (json.RawMessage, []File, error) {
	var payload json.RawMessage
	var files []File
	mr := multipart.NewReader(bytes.NewReader(raw), boundary)
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("multipart body: %w", err)
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return nil, nil, fmt.Errorf("multipart part %s: %w", part.FormName(), err)
		}
		switch {
		case part.FormName() == "payload_json":
			payload = data
		case part.FileName() != "":
			files = append(files, File{Field: part.FormName(), Name: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: data})
		default:
			// discordgo sends everything but files in payload_json; so
			// does the fake insist, rather than merge form fields.
			return nil, nil, fmt.Errorf("multipart field %s is neither payload_json nor a file", part.FormName())
		}
	}
	if payload == nil {
		return nil, nil, errors.New("multipart body has no payload_json part")
	}
	for _, f := range files {
		if !strings.HasPrefix(f.Field, "files[") {
			return nil, nil, fmt.Errorf("file part %s: Discord reads files from fields named files[n]", f.Field)
		}
	}
	return payload, files, nil
}
