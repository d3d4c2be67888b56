package ops

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Check is one condition of readiness: Err is nil when it holds, else it
// says what is wrong.
type Check struct {
	Name string
	Err  func() error
}

// Server is the operations endpoint: /metrics in Prometheus' text format,
// /healthz (the process answers) and /readyz (every check holds). Other
// parts of the bot add their own handlers with Handle.
type Server struct {
	mux    *http.ServeMux
	checks []Check
	log    *slog.Logger
}

// NewServer serves m's metrics and readiness made of checks.
func NewServer(m *Metrics, log *slog.Logger, checks ...Check) *Server {
	s := &Server{mux: http.NewServeMux(), checks: checks, log: log}
	s.mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn), Registry: m.reg}))
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	s.mux.HandleFunc("GET /readyz", s.ready)
	return s
}

// Handle serves pattern (an http.ServeMux pattern) with h.
func (s *Server) Handle(pattern string, h http.Handler) { s.mux.Handle(pattern, h) }

// ServeHTTP serves the endpoint's handlers.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// ready answers 200 when every check holds and 503 when one does not, with
// a line per check saying which.
func (s *Server) ready(w http.ResponseWriter, _ *http.Request) {
	var b strings.Builder
	status := http.StatusOK
	for _, c := range s.checks {
		if err := c.Err(); err != nil {
			status = http.StatusServiceUnavailable
			fmt.Fprintf(&b, "%s: %v\n", c.Name, err)
		} else {
			fmt.Fprintf(&b, "%s: ok\n", c.Name)
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	if status == http.StatusOK {
		fmt.Fprint(w, "ready\n", b.String())
	} else {
		fmt.Fprint(w, "not ready\n", b.String())
	}
}

// Serve serves the endpoint on ln until ctx is done.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelWarn)}
	stopped := context.AfterFunc(ctx, func() {
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	})
	defer stopped()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("ops: %w", err)
	}
	return nil
}
