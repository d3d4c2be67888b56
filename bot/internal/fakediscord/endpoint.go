package fakediscord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"time"
)

// endpoint is where the fake POSTs interactions, as Discord does for an
// application with an Interactions Endpoint URL.
type endpoint struct {
	url    string
	key    ed25519.PrivateKey
	client *http.Client
}

// DeliverOverHTTP makes the fake deliver the interactions that follow by
// POSTing them to url, signed with key as Discord signs them (the
// X-Signature-Ed25519 of the X-Signature-Timestamp followed by the body),
// instead of over the gateway. The HTTP answer is taken as the
// interaction's callback: it is checked against the spec and recorded like
// a POST to the callback route, so IsCallback matches it. Until it has
// arrived, the webhook requests that use the interaction's token wait for
// it, as Discord has the answer before the bot can follow it up.
func (s *Server) DeliverOverHTTP(url string, key ed25519.PrivateKey) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.endpoint = &endpoint{url: url, key: key, client: &http.Client{Timeout: 2 * AckDeadline}}
	if s.answering == nil {
		s.answering = map[string]chan struct{}{}
	}
}

// Delivery is how the bot's endpoint answered one POST of an interaction.
type Delivery struct {
	InteractionID string
	Status        int // 0: the request failed
	Body          []byte
}

// Deliveries returns the answers of the bot's endpoint so far, oldest
// first.
func (s *Server) Deliveries() []Delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Delivery(nil), s.deliveries...)
}

// WaitDeliveries waits until the endpoint has answered n POSTs.
func (s *Server) WaitDeliveries(n int, timeout time.Duration) ([]Delivery, error) {
	deadline := time.Now().Add(timeout)
	for {
		if d := s.Deliveries(); len(d) >= n {
			return d, nil
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("fakediscord: fewer than %d deliveries within %v", n, timeout)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// send delivers an interaction over the gateway, or POSTs it to the
// endpoint in the background.
func (s *Server) send(p wireInteraction) {
	s.mu.Lock()
	ep := s.endpoint
	if ep != nil {
		if _, ok := s.answering[p.Token]; !ok {
			s.answering[p.Token] = make(chan struct{})
		}
	}
	s.mu.Unlock()
	if ep == nil {
		s.Dispatch("INTERACTION_CREATE", p)
		return
	}
	s.posting.Go(func() { s.post(ep, p) })
}

// post POSTs one interaction and takes the answer as its callback. The
// delivery is recorded before the callback, so that a test that has seen
// the callback sees the delivery too.
func (s *Server) post(ep *endpoint, p wireInteraction) {
	d := Delivery{InteractionID: p.ID}
	record := sync.OnceFunc(func() {
		s.mu.Lock()
		s.deliveries = append(s.deliveries, d)
		s.mu.Unlock()
	})
	defer func() {
		record()
		s.mu.Lock()
		if ch, ok := s.answering[p.Token]; ok {
			close(ch)
			delete(s.answering, p.Token)
		}
		s.mu.Unlock()
	}()
	body, err := json.Marshal(p)
	if err != nil {
		s.t.Errorf("fakediscord: %v", err)
		return
	}
	req, err := http.NewRequest(http.MethodPost, ep.url, bytes.NewReader(body))
	if err != nil {
		s.t.Errorf("fakediscord: %v", err)
		return
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(ep.key, append([]byte(ts), body...))))
	resp, err := ep.client.Do(req)
	if err != nil {
		return // the bot is gone; the interaction stays unanswered
	}
	defer resp.Body.Close()
	d.Status = resp.StatusCode
	d.Body, _ = io.ReadAll(resp.Body)
	record()
	if resp.StatusCode != http.StatusOK {
		return
	}
	// The answer, as the callback it stands for.
	cb := httptest.NewRequestWithContext(context.WithValue(context.Background(), httpAnswerKey{}, true), http.MethodPost,
		"/api/v10/interactions/"+p.ID+"/"+p.Token+"/callback", bytes.NewReader(d.Body))
	cb.Header.Set("Content-Type", resp.Header.Get("Content-Type"))
	rec := httptest.NewRecorder()
	s.serveREST(rec, cb)
	if rec.Code >= 300 {
		s.t.Errorf("fakediscord: the HTTP answer to interaction %s was refused: %d %s", p.ID, rec.Code, rec.Body)
	}
}

// httpAnswerKey marks the context of a callback that stands for an HTTP
// answer.
type httpAnswerKey struct{}

// awaitAnswer holds a request that uses an interaction's token until the
// bot's HTTP answer to that interaction, if one is coming, is taken.
func (s *Server) awaitAnswer(hr *http.Request, r Request) {
	if hr.Context().Value(httpAnswerKey{}) != nil {
		return
	}
	token := r.Params["webhook_token"]
	if token == "" {
		token = r.Params["interaction_token"]
	}
	if token == "" {
		return
	}
	s.mu.Lock()
	ch := s.answering[token]
	s.mu.Unlock()
	if ch == nil {
		return
	}
	select {
	case <-ch:
	case <-time.After(2 * AckDeadline):
	}
}
