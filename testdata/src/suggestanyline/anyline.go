// Package suggestanyline: a field only set-up code writes and code off the
// owner reads is proposed :any unless it shares its line with a field that
// must stay confined (a directive there would free both); fields on one
// line that all qualify are marked at once.
package suggestanyline

type Server struct { // want `suggest for suggestanyline.Server: //confined:owner: code on the owner \(func literal in \(\*suggestanyline.Server\).Hit\) writes 2 of its fields \(hits, seen\)`
	name, hits string
	host, port string // want `suggest for field host: //confined:any: only code building a Server writes it` `suggest for field port: //confined:any`
	mailbox    chan func()
	seen       map[string]int
}

func NewServer(name, host, port string) *Server { // want NewServer:"summary\\(started result; starts a loop\\)"
	s := &Server{name: name, host: host, port: port, mailbox: make(chan func()), seen: map[string]int{}}
	go s.run()
	return s
}

func (s *Server) run() { // want `suggest for \(\*suggestanyline.Server\).run: //confined:loop` run:`confined:loop`
	for f := range s.mailbox {
		f()
	}
}

func (s *Server) post(f func()) { s.mailbox <- f } // want `suggest for \(\*suggestanyline.Server\).post: //confined:hop f`

func (s *Server) Hit(p string) {
	s.post(func() {
		s.hits += p
		s.seen[p]++
	})
}

func (s *Server) Describe() { // want Describe:"summary\\(started arg0\\)"
	go func() {
		println(s.name, s.host, s.port)
	}()
}
