package bloodbank

import (
	"fmt"
	"time"

	"github.com/ergo-services/ergo"
	"github.com/ergo-services/ergo/etf"
	"github.com/ergo-services/ergo/gen"
	"github.com/ergo-services/ergo/node"

	"example.com/corpus/trial-fw23r/apps/bloodbank/stock"
)

// ProcessName is the registered name of the desk process.
const ProcessName = "bloodbank"

// Service runs an Ergo node with one Bank on it.
type Service struct {
	node node.Node
	proc gen.Process
	bank *Bank
}

// Start boots a node called nodeName and spawns the desk on it.
func Start(nodeName string, opts ...Option) (*Service, error) {
	n, err := ergo.StartNode(nodeName, "bloodbank-cookie", node.Options{
		System: node.System{DisableAnonMetrics: true},
	})
	if err != nil {
		return nil, fmt.Errorf("bloodbank: start node: %w", err)
	}
	bank := NewBank(opts...)
	proc, err := n.Spawn(ProcessName, gen.ProcessOptions{}, bank)
	if err != nil {
		n.Stop()
		return nil, fmt.Errorf("bloodbank: spawn desk: %w", err)
	}
	return &Service{node: n, proc: proc, bank: bank}, nil
}

// Stop lets outstanding lab results and timers settle, then shuts the node
// down.
func (s *Service) Stop() {
	_, _ = s.direct(drainRequest{})
	s.node.Stop()
	s.node.Wait()
}

// Pid is the desk's process id.
func (s *Service) Pid() etf.Pid { return s.proc.Self() }

func (s *Service) direct(req interface{}) (interface{}, error) {
	timeout := int(s.bank.opts.RequestTimeout / time.Second)
	return s.proc.DirectWithTimeout(req, timeout)
}

// CheckIn registers a new unit.
func (s *Service) CheckIn(c CheckIn) error {
	_, err := s.direct(c)
	return err
}

// Reserve places a hold.
func (s *Service) Reserve(r Reserve) (HoldInfo, error) {
	v, err := s.direct(r)
	if err != nil {
		return HoldInfo{}, err
	}
	return v.(HoldInfo), nil
}

// Issue issues a hold.
func (s *Service) Issue(holdID string) (Dispatch, error) {
	v, err := s.direct(Issue{HoldID: holdID})
	if err != nil {
		return Dispatch{}, err
	}
	return v.(Dispatch), nil
}

// CancelHold returns the units of a hold without waiting.
func (s *Service) CancelHold(holdID string) error {
	return s.proc.Send(s.proc.Self(), CancelHold{HoldID: holdID})
}

// Levels returns the current red-cell levels.
func (s *Service) Levels() (stock.Levels, error) {
	v, err := s.direct(LevelsQuery{})
	if err != nil {
		return nil, err
	}
	return v.(stock.Levels), nil
}

// Rejections reports discarded units and why.
func (s *Service) Rejections() (map[string]string, error) {
	v, err := s.direct(RejectionsQuery{})
	if err != nil {
		return nil, err
	}
	return v.(map[string]string), nil
}

// Counters returns the running totals.
func (s *Service) Counters() (stock.Stats, error) {
	v, err := s.direct(StatsQuery{})
	if err != nil {
		return stock.Stats{}, err
	}
	return v.(stock.Stats), nil
}

// LastSweep reports when expired units were last swept off the shelf.
func (s *Service) LastSweep() time.Time {
	return s.bank.lastSweep // RACY
}

// WaitAvailable polls until at least n red-cell units of type t are usable.
func (s *Service) WaitAvailable(t stock.BloodType, n int, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		lv, err := s.Levels()
		if err != nil {
			return err
		}
		if lv[t] >= n {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("bloodbank: %s stuck at %d units, want %d", t, lv[t], n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
