// Package gen stands in for ergo's gen package, in small: the built-in
// ergo pack applies to every package with it in view. A server has
// several turns, each a method the process's loop calls.
package gen

// ProcessBehavior is what a node spawns.
type ProcessBehavior interface {
	ProcessLoop(mailbox chan any)
}

// ServerBehavior is a server's turns.
type ServerBehavior interface {
	ProcessBehavior
	Init(process *ServerProcess) error
	HandleCall(process *ServerProcess, message any) any
	HandleInfo(process *ServerProcess, message any)
}

// ServerProcess is a server's, for its turns.
type ServerProcess struct{ behavior ServerBehavior }

// Call waits for another process's reply on this process's own mailbox:
// only its turns may call it (the pack says owner).
func (p *ServerProcess) Call(to any, message any) (any, error) { return nil, nil }

// Server gives a server the turns it does not declare.
type Server struct{}

func (s *Server) Init(process *ServerProcess) error                  { return nil }
func (s *Server) HandleCall(process *ServerProcess, message any) any { return nil }
func (s *Server) HandleInfo(process *ServerProcess, message any)     {}

// ProcessLoop calls the turns, one message at a time.
func (s *Server) ProcessLoop(mailbox chan any) {
	for range mailbox {
	}
}
