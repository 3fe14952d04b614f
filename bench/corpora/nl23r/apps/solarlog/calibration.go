package solarlog

import "time"

// calibration corrects the inverter's power measurement.
type calibration struct {
	gain     float64
	offset   float64
	loadedAt time.Time
}

func (c calibration) apply(w float64) float64 {
	if c.gain == 0 {
		return w
	}
	v := w*c.gain + c.offset
	if v < 0 {
		return 0
	}
	return v
}

// CalibrationLoader fetches gain and offset, for example from the
// installer's configuration service.
type CalibrationLoader func() (gain, offset float64, err error)

func (a *Aggregator) loadCalibration() {
	c := calibration{gain: 1, loadedAt: time.Now()}
	if a.opts.loader != nil {
		if gain, offset, err := a.opts.loader(); err == nil {
			c.gain, c.offset = gain, offset
		}
	}
	a.calib = c // RACY
}

// calibration returns the calibration, loading it on first use.
func (a *Aggregator) calibration() calibration {
	a.calOnce.Do(a.loadCalibration)
	return a.calib
}

// CalibrationAge reports how long ago the calibration was loaded.
func (a *Aggregator) CalibrationAge() time.Duration {
	if a.calib.loadedAt.IsZero() {
		return 0
	}
	return time.Since(a.calib.loadedAt)
}

// Gain returns the calibration gain in use.
func (a *Aggregator) Gain() float64 { return a.calibration().gain }
