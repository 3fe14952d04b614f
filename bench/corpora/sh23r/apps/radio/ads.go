package radio

import (
	"context"
	"fmt"
	"time"
)

// SpotAd is one commercial booked into a break.
type SpotAd struct {
	Campaign string
	Track    Track
}

// AdBreak is a commercial break in the running order.
type AdBreak struct {
	ID       string
	AfterNth int
	Length   time.Duration
	Spots    []SpotAd
	Filled   bool
	Aired    bool
}

func (b *AdBreak) fill(spots []SpotAd) {
	b.Spots, b.Filled = spots, true // RACY
}

// BreakRequest asks the ad server for spots.
type BreakRequest struct {
	BreakID string
	Length  time.Duration
	Station string
}

// AdServer books spots into breaks. Fill must not block; it reports the
// booking through the callback.
type AdServer interface {
	Fill(ctx context.Context, req BreakRequest, done func([]SpotAd, error))
}

// SimAdServer books fixed-length spots after a delay.
type SimAdServer struct {
	Delay    time.Duration
	SpotLen  time.Duration
	Campaign string
}

// Fill books spots on a separate goroutine.
func (s SimAdServer) Fill(ctx context.Context, req BreakRequest, done func([]SpotAd, error)) {
	go func() {
		select {
		case <-time.After(s.Delay):
		case <-ctx.Done():
			done(nil, ctx.Err())
			return
		}
		n := int(req.Length / s.SpotLen)
		spots := make([]SpotAd, 0, n)
		for i := 0; i < n; i++ {
			spots = append(spots, SpotAd{ // RACY
				Campaign: s.Campaign,
				Track: Track{
					ID:       fmt.Sprintf("%s-%s-%d", s.Campaign, req.BreakID, i),
					Title:    s.Campaign,
					Duration: s.SpotLen,
					Kind:     Spot,
				},
			})
		}
		done(spots, nil)
	}()
}

// houseSpots fills a break with station promos when no ad server is used.
func houseSpots(station string, b *AdBreak) []SpotAd {
	return []SpotAd{{Campaign: "house", Track: Track{ID: "promo-" + b.ID, Title: station + " promo", Duration: b.Length, Kind: Jingle}}}
}
