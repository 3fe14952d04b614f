package orderbook

import (
	"fmt"
	"sync"
)

// RiskLimits caps the notional value of any single order per trader. It is
// updated by the risk desk while trading is live.
type RiskLimits struct {
	mu       sync.RWMutex
	perOrder map[string]int64
	fallback int64
}

// NewRiskLimits returns limits with a default cap for unknown traders.
func NewRiskLimits(fallback int64) *RiskLimits {
	return &RiskLimits{perOrder: make(map[string]int64), fallback: fallback}
}

// Set changes a trader's cap.
func (l *RiskLimits) Set(trader string, notional int64) {
	l.mu.Lock()
	l.perOrder[trader] = notional
	l.mu.Unlock()
}

// Check returns ErrRiskLimit when notional exceeds the trader's cap.
func (l *RiskLimits) Check(trader string, notional int64) error {
	if l == nil {
		return nil
	}
	l.mu.RLock()
	limit, ok := l.perOrder[trader]
	if !ok {
		limit = l.fallback
	}
	l.mu.RUnlock()
	if limit > 0 && notional > limit {
		return fmt.Errorf("%w: %s order of %d exceeds %d", ErrRiskLimit, trader, notional, limit)
	}
	return nil
}
