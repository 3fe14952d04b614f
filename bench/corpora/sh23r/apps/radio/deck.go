package radio

import "time"

// deck is the playout deck: it tracks the fade of the outgoing item.
type deck struct {
	fadeFrom  time.Time
	fadeUntil time.Time
}

func (d *deck) startFade(dur time.Duration) {
	d.fadeUntil = time.Now().Add(dur) // RACY
}

// level returns the output level in [0,1] at now.
func (d *deck) level(now time.Time) float64 {
	if d.fadeUntil.IsZero() || now.After(d.fadeUntil) {
		return 1
	}
	if d.fadeFrom.IsZero() {
		d.fadeFrom = now
	}
	total := d.fadeUntil.Sub(d.fadeFrom)
	if total <= 0 {
		return 0
	}
	return float64(d.fadeUntil.Sub(now)) / float64(total)
}

func (d *deck) reset() {
	d.fadeFrom = time.Time{}
	d.fadeUntil = time.Time{}
}
