package entrypoints

import "entrypoints/srv"

// rpcService is registered with srv, which calls Handle from its
// connection goroutines: Handle runs off the owner, though nothing here
// says so.
type rpcService struct {
	book *Book
}

func (s *rpcService) Handle(req string) { // want Handle:"summary\\(arg0 writes entrypoints.Book.hits\\)"
	s.book.hits[req]++ // want `writes confined entrypoints.Book.hits off the owner: this code runs via \(\*entrypoints.rpcService\).Handle, which implements \(srv.Service\).Handle, which srv calls off the owner \(in \(\*srv.Server\).serveConn\)`
}

// Name is asked only while the service is set up: on the owner.
func (s *rpcService) Name() string { // want Name:"summary\\(arg0 reads entrypoints.Book.total\\)"
	_ = s.book.total
	return "rpc"
}

func register(s *srv.Server, b *Book) {
	svc := &rpcService{book: b}
	s.Register(svc, svc)
}
