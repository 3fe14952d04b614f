// Package fixed is package buggy's rate server with the refresh fixed: the
// cron job fetches on its own goroutine (the slow part stays off the loop)
// and sends the rates to the loop, which stores them in a turn of its own.
package fixed

import (
	"github.com/robfig/cron/v3"
)

// Service is the rate server. Its loop, run, owns it.
//
//confined:owner
type Service struct {
	rates   map[string]float64
	reqs    chan request
	updates chan map[string]float64
	quit    chan struct{}
	cron    *cron.Cron
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
		rates:   map[string]float64{},
		reqs:    make(chan request),
		updates: make(chan map[string]float64),
		quit:    make(chan struct{}),
		cron:    cron.New(opts...),
	}
	_, err := s.cron.AddFunc(RefreshSpec, func() {
		rates := fetch()
		// FIX: hand the rates to the loop; it stores them.
		select {
		case s.updates <- rates:
		case <-s.quit:
		}
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
		case rates := <-s.updates:
			s.rates = rates
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
