// Package srv is a server library without directives: it calls the
// service it is given from its connection goroutines, and its codec only
// while it is set up.
package srv

// Service is what the server calls for each request.
type Service interface {
	Handle(req string)
}

// Codec names the service; the server asks it only while registering.
type Codec interface {
	Name() string
}

type Server struct {
	svc   Service
	conns chan string
}

// Register sets the service up, on its caller's goroutine.
func (s *Server) Register(svc Service, c Codec) {
	_ = c.Name()
	s.svc = svc
}

// Serve serves each connection on a goroutine of its own.
func (s *Server) Serve() {
	for c := range s.conns {
		go s.serveConn(c)
	}
}

func (s *Server) serveConn(req string) {
	s.svc.Handle(req)
}
