// Package fixed is package buggy with Check fixed: it asks the service's
// loop, which alone touches the state, and waits for the answer.
package fixed

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
)

// State is the service's state. It belongs to the service's loop.
//
//confined:owner
type State struct {
	serving map[string]bool
	checks  int
	asks    chan func(*State) // what the loop runs on the state
}

// NewState returns a state serving the services named.
func NewState(services ...string) *State {
	s := &State{serving: map[string]bool{}, asks: make(chan func(*State))}
	for _, name := range services {
		s.serving[name] = true
	}
	return s
}

// Loop runs the service's loop until ctx is done.
//
//confined:loop
func (s *State) Loop(ctx context.Context) {
	for {
		select {
		case f := <-s.asks:
			f(s)
		case <-ctx.Done():
			return
		}
	}
}

// server implements the health service on a State.
type server struct {
	healthpb.UnimplementedHealthServer
	asks chan<- func(*State)
}

// Check answers whether the service asked for is serving.
func (s *server) Check(ctx context.Context, req *healthpb.HealthCheckRequest) (*healthpb.HealthCheckResponse, error) {
	type answer struct{ serving, known bool }
	reply := make(chan answer, 1)
	ask := func(st *State) { // FIX: runs on the loop
		st.checks++
		serving, ok := st.serving[req.GetService()]
		reply <- answer{serving, ok}
	}
	select {
	case s.asks <- ask:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	a := <-reply
	if !a.known {
		return nil, status.Error(codes.NotFound, "unknown service")
	}
	if !a.serving {
		return &healthpb.HealthCheckResponse{Status: healthpb.HealthCheckResponse_NOT_SERVING}, nil
	}
	return &healthpb.HealthCheckResponse{Status: healthpb.HealthCheckResponse_SERVING}, nil
}

// Register registers the health service on g.
func Register(g *grpc.Server, state *State) {
	healthpb.RegisterHealthServer(g, &server{asks: state.asks})
}
