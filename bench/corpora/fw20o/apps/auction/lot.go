package auction

import (
	"errors"
	"fmt"
	"time"

	"example.com/corpus/trial-fw20o/apps/auction/feed"
)

var (
	// ErrLotClosed is returned for bids on a lot that is no longer open.
	ErrLotClosed = errors.New("auction: lot closed")
	// ErrBidTooLow is returned for bids below the asking price.
	ErrBidTooLow = errors.New("auction: bid below asking price")
	// ErrUnknownLot is returned for lots the house does not run.
	ErrUnknownLot = errors.New("auction: unknown lot")
)

// LotStatus is the stage of a lot.
type LotStatus int

// Lot stages.
const (
	Open LotStatus = iota
	Sold
	Unsold
)

func (s LotStatus) String() string {
	switch s {
	case Open:
		return "open"
	case Sold:
		return "sold"
	case Unsold:
		return "unsold"
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// Bid is an offer on a lot.
type Bid struct {
	Bidder string
	Amount int64
	At     time.Time
}

// Lot is an item under the hammer.
type Lot struct {
	ID        string
	Title     string
	Start     int64
	Reserve   int64
	Increment int64
	ClosesAt  time.Time

	status    LotStatus
	finalCall bool
	high      Bid
	bids      []Bid
	cancel    func()
}

// LotView is the read-only summary of a lot.
type LotView struct {
	ID        string
	Title     string
	Status    string
	FinalCall bool
	High      Bid
	Bids      int
	Asking    int64
	ClosesAt  time.Time
}

func (l *Lot) asking() int64 {
	if len(l.bids) == 0 {
		return l.Start
	}
	return l.high.Amount + l.Increment
}

func (l *Lot) accept(b Bid) error {
	if l.status != Open {
		return ErrLotClosed
	}
	if ask := l.asking(); b.Amount < ask {
		return fmt.Errorf("%w: asking %d", ErrBidTooLow, ask)
	}
	l.high = b
	l.bids = append(l.bids, b)
	return nil
}

func (l *Lot) enterFinalCall() {
	l.finalCall = true // RACY
}

// Quote renders the current standing of the lot for the live feed.
func (l *Lot) Quote() feed.Quote {
	return feed.Quote{LotID: l.ID, Amount: l.high.Amount, Bidder: l.high.Bidder, Bids: len(l.bids)} // RACY
}

func (l *Lot) hammer() feed.Result {
	r := feed.Result{LotID: l.ID, Title: l.Title}
	if len(l.bids) > 0 && l.high.Amount >= l.Reserve {
		l.status = Sold
		r.Sold, r.Winner, r.Amount = true, l.high.Bidder, l.high.Amount
	} else {
		l.status = Unsold
	}
	return r
}

func (l *Lot) view() LotView {
	return LotView{
		ID:        l.ID,
		Title:     l.Title,
		Status:    l.status.String(),
		FinalCall: l.finalCall,
		High:      l.high,
		Bids:      len(l.bids),
		Asking:    l.asking(),
		ClosesAt:  l.ClosesAt,
	}
}
