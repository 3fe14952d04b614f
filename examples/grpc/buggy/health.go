// Package buggy serves gRPC's health service from state that belongs to
// the service's loop: grpc-go calls Check on its per-stream goroutines.
// With no declaration at all, confinecheck reports Check's write (see
// ../checker_test.go): it infers that from grpc's own code.
package buggy

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
}

// NewState returns a state serving the services named.
func NewState(services ...string) *State {
	s := &State{serving: map[string]bool{}}
	for _, name := range services {
		s.serving[name] = true
	}
	return s
}

// server implements the health service on a State.
type server struct {
	healthpb.UnimplementedHealthServer
	state *State
}

// Check answers whether the service asked for is serving.
func (s *server) Check(_ context.Context, req *healthpb.HealthCheckRequest) (*healthpb.HealthCheckResponse, error) {
	s.state.checks++ // BUG: on grpc's goroutine
	serving, ok := s.state.serving[req.GetService()]
	if !ok {
		return nil, status.Error(codes.NotFound, "unknown service")
	}
	if !serving {
		return &healthpb.HealthCheckResponse{Status: healthpb.HealthCheckResponse_NOT_SERVING}, nil
	}
	return &healthpb.HealthCheckResponse{Status: healthpb.HealthCheckResponse_SERVING}, nil
}

// Register registers the health service on g.
func Register(g *grpc.Server, state *State) {
	healthpb.RegisterHealthServer(g, &server{state: state})
}
