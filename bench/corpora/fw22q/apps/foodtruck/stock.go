package foodtruck

import (
	"fmt"
	"sync"
)

// MemoryStock counts portions left for each menu code. Codes that were never
// stocked are unlimited.
type MemoryStock struct {
	mu       sync.Mutex
	portions map[string]int
	reserved map[string]int
}

// NewMemoryStock starts the day with the given portions.
func NewMemoryStock(portions map[string]int) *MemoryStock {
	s := &MemoryStock{portions: make(map[string]int), reserved: make(map[string]int)}
	for code, n := range portions {
		s.portions[normalizeCode(code)] = n
	}
	return s
}

// Reserve takes qty portions of code.
func (s *MemoryStock) Reserve(code string, qty int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	left, tracked := s.portions[code]
	if !tracked {
		return nil
	}
	if left < qty {
		return fmt.Errorf("%w: %d left", ErrSoldOut, left)
	}
	s.portions[code] = left - qty
	s.reserved[code] += qty
	return nil
}

// Left reports the portions remaining for code, or -1 when untracked.
func (s *MemoryStock) Left(code string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	left, ok := s.portions[normalizeCode(code)]
	if !ok {
		return -1
	}
	return left
}
