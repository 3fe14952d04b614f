// Package kept: a loop makes jobs, keeps them in its list and hands them
// to workers, which send them back; a retry timer bumps a job's attempts,
// which the loop reads. A job has a mutex for its progress, so its fields
// are proposed one by one: attempts is the loop's, as the loop keeps the
// jobs it makes. Look-alike: a report the loop makes and only sends away.
package kept

import (
	"sync"
	"time"
)

type Job struct {
	ID       int
	attempts int // want `suggest for field attempts: //confined:owner: code off the owner \(func literal in \(\*kept\.Manager\)\.finish\) writes it without a lock and \(\*kept\.Manager\)\.finish reads it, and the owner keeps the values it makes of it`
	state    string

	mu       sync.Mutex
	received int
}

type Report struct {
	done  int
	notes string
}

type Manager struct { // want `suggest for kept\.Manager: //confined:owner`
	jobs    []*Job
	nextID  int
	urls    chan string
	results chan *Job
	retries chan *Job
	reports chan *Report
}

func New() *Manager { // want New:`summary\(started result; starts a loop\)`
	m := &Manager{urls: make(chan string), results: make(chan *Job), retries: make(chan *Job), reports: make(chan *Report, 1)}
	go m.run()
	return m
}

func (m *Manager) run() { // want `suggest for \(\*kept\.Manager\)\.run: //confined:loop` run:`confined:loop`
	for {
		select {
		case <-m.urls:
			m.add()
		case j := <-m.results:
			m.finish(j)
		case j := <-m.retries:
			go m.work(j)
		}
	}
}

func (m *Manager) add() {
	m.nextID++
	j := &Job{ID: m.nextID}
	m.jobs = append(m.jobs, j)
	go m.work(j)
}

func (m *Manager) work(j *Job) {
	j.mu.Lock()
	j.received++
	j.mu.Unlock()
	m.results <- j
}

func (m *Manager) finish(j *Job) {
	j.state = "failed"
	if j.attempts > 3 {
		r := &Report{}
		r.done = len(m.jobs)
		r.notes = "gave up"
		m.reports <- r
		return
	}
	time.AfterFunc(time.Second, func() {
		j.attempts++
		m.retries <- j
	})
}

// Summary reads a report the loop sent; a goroutine annotates it.
func (m *Manager) Summary() string { // want Summary:`summary\(waits on arg0\)`
	r := <-m.reports
	go func() { r.notes += "!" }()
	return r.notes
}
