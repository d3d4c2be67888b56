package fakediscord

import (
	"bytes"
	"fmt"
	"io"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// Users attach files to slash commands (an export to import): the test
// uploads one with Attach, names it in an AttachmentOption, and the bot
// downloads it from Discord's CDN, which the fake's transport serves.

// cdnHost serves attachments.
const cdnHost = "cdn.discordapp.com"

// Attach stores a file a user attaches and returns its attachment ID.
func (s *Server) Attach(name, contentType string, data []byte) string {
	id := s.NewID()
	a := &discordgo.MessageAttachment{ID: id, Filename: name, ContentType: contentType, Size: len(data),
		URL: fmt.Sprintf("https://%s/ephemeral-attachments/%s/%s", cdnHost, id, name)}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.attachments[id] = a
	s.uploads[a.URL] = data
	return id
}

// AttachmentOption is an attachment option naming a file given to Attach.
func AttachmentOption(name, attachmentID string) CommandOption {
	return CommandOption{Name: name, Type: discordgo.ApplicationCommandOptionAttachment, Value: attachmentID}
}

// serveAttachment answers a download from the CDN.
func (s *Server) serveAttachment(req *http.Request) *http.Response {
	if req.Body != nil {
		req.Body.Close()
	}
	s.mu.Lock()
	data, ok := s.uploads[req.URL.String()]
	s.mu.Unlock()
	resp := &http.Response{StatusCode: http.StatusOK, Status: "200 OK", Header: http.Header{}, Request: req,
		Body: io.NopCloser(bytes.NewReader(data)), ContentLength: int64(len(data))}
	if !ok || req.Method != http.MethodGet {
		resp.StatusCode, resp.Status, resp.Body = http.StatusNotFound, "404 Not Found", io.NopCloser(bytes.NewReader(nil))
	}
	return resp
}
