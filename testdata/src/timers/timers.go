package timers

import (
	"sync"
	"sync/atomic"
	"time"
)

//confined:owner
type Server struct { // want Server:"confined:owner"
	pending map[int]string
	nextID  int
	ch      chan int
	mu      sync.Mutex
	hits    atomic.Int64
	raw     int64
	//confined:any
	name string
}

func (s *Server) bump() int {
	s.nextID++ // want `calls confined \(\*timers.Server\).bump off the owner: this code runs via time.AfterFunc .*; path \(\*timers.Coordinator\).retry → \(\*timers.Coordinator\).terminate → \(\*timers.Server\).bump` `calls confined` `path \(\*timers.Coordinator\).retry → \(\*timers.Coordinator\).terminate → \(\*timers.Server\).bump`
	return s.nextID
}

func (s *Server) helper() { s.helper2() }

func (s *Server) helper2() { s.pending[1] = "x" }

type Coordinator struct {
	srv *Server
}

func (c *Coordinator) retry()     { c.terminate() }
func (c *Coordinator) terminate() { c.srv.bump() }

func timerClosure(s *Server) {
	time.AfterFunc(time.Second, func() {
		s.nextID++ // want `writes confined timers.Server.nextID off the owner`
	})
}

func timerMethodValue(c *Coordinator) {
	time.AfterFunc(time.Second, c.retry)
}

func goNamed(c *Coordinator) {
	go c.retry()
}

func goLiteral(c *Coordinator) {
	go func() {
		c.retry()
	}()
}

func onlySends(s *Server, ch chan int) {
	time.AfterFunc(time.Second, func() {
		ch <- 1
		s.ch <- 1
		s.mu.Lock()
		s.hits.Add(1)
		atomic.AddInt64(&s.raw, 1)
		_ = s.name
		s.mu.Unlock()
	})
}

func ownLocal() {
	go func() {
		s := &Server{pending: map[int]string{}}
		s.bump()
	}()
}

func onceDo(s *Server, once *sync.Once) {
	once.Do(func() { s.bump() })
}
