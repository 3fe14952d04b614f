// Package buggy is a service that serves exchange rates from its own loop
// and refreshes them with a cron job: the job runs on a goroutine of the
// cron's and stores the new rates in the loop's state while the loop
// serves them. confinecheck reports the write (see ../checker_test.go); the
// race detector catches it too (../race_test.go).
package buggy

import (
	"github.com/robfig/cron/v3"
)

// Service is the rate server. Its loop, run, owns it.
//
//confined:owner
type Service struct {
	rates     map[string]float64
	refreshes int
	reqs      chan request
	quit      chan struct{}
	cron      *cron.Cron
}

// A request asks the loop for one currency's rate.
type request struct {
	currency string
	reply    chan float64
}

// RefreshSpec is when the rates are refreshed.
const RefreshSpec = "@every 10m"

// New starts a service whose cron job refreshes the rates with fetch, on
// the schedule RefreshSpec; opts configure the cron.
func New(fetch func() map[string]float64, opts ...cron.Option) (*Service, error) {
	s := &Service{
		rates: map[string]float64{},
		reqs:  make(chan request),
		quit:  make(chan struct{}),
		cron:  cron.New(opts...),
	}
	_, err := s.cron.AddFunc(RefreshSpec, func() {
		rates := fetch()
		s.rates = rates // BUG: the cron's goroutine writes the loop's state
	})
	if err != nil {
		return nil, err
	}
	go s.run()
	s.cron.Start()
	return s, nil
}

// run is the service's loop: it alone touches the rates.
//
//confined:loop
func (s *Service) run() {
	for {
		select {
		case r := <-s.reqs:
			r.reply <- s.rates[r.currency]
		case <-s.quit:
			return
		}
	}
}

// Rate asks the loop for currency's rate; any goroutine may call it.
func (s *Service) Rate(currency string) float64 {
	reply := make(chan float64)
	s.reqs <- request{currency, reply}
	return <-reply
}

// Stop stops the cron, waits for a job that is running, and stops the loop.
func (s *Service) Stop() {
	<-s.cron.Stop().Done()
	close(s.quit)
}
