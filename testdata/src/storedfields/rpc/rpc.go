// Package rpc is a server in small: it keeps each method's handler in a
// MethodDesc field and calls it on goroutines of its own.
package rpc

type MethodHandler func(srv any) error

type MethodDesc struct {
	Name    string
	Handler MethodHandler // want Handler:"entry point, called off the owner by rpc.wrap"
}

type StreamDesc struct {
	Handler MethodHandler // want Handler:"entry point, called off the owner by \\(\\*rpc.Server\\).Serve"
}

// Options holds a hook the server calls on the caller's goroutine only.
type Options struct {
	Validate func(name string) error
}

type ServiceDesc struct {
	Methods []MethodDesc
	Opts    Options
}

type Server struct {
	streams []StreamDesc
	impl    any
}

// RegisterService wraps each method in a stream handler, as grpc does.
func (s *Server) RegisterService(d *ServiceDesc, impl any) { // want RegisterService:`summary\(calls field storedfields/rpc\.Options\.UF0\)`
	for i := range d.Methods {
		if d.Opts.Validate != nil {
			d.Opts.Validate(d.Methods[i].Name) // the caller's goroutine
		}
		s.streams = append(s.streams, StreamDesc{Handler: wrap(&d.Methods[i])})
	}
	s.impl = impl
}

// wrap returns a stream handler calling md's handler.
func wrap(md *MethodDesc) MethodHandler {
	return func(srv any) error { return md.Handler(srv) }
}

// Serve runs every stream's handler on a goroutine of its own, through a
// local func as grpc's serveStreams does.
func (s *Server) Serve() {
	for _, sd := range s.streams {
		f := func() { sd.Handler(s.impl) }
		go f()
	}
}

// Logger is what the server logs to, from its goroutines.
type Logger interface{ Log(msg string) } // want Log:"entry point, called off the owner by rpc.init"

// tracer is an unexported interface the server also calls there: a type
// of another package with a Trace method is no entry point for it.
type tracer interface{ Trace(msg string) }

var (
	log   Logger
	trace tracer
)

// SetLogger sets what the server logs to.
func SetLogger(l Logger) { log = l }

func init() {
	go func() {
		log.Log("serving")
		trace.Trace("serving")
	}()
}
