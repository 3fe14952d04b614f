package groundstation

import "time"

// Calibration converts raw sensor counts for one spacecraft.
type Calibration struct {
	BatteryGain   float64
	BatteryOffset float64
	TempOffset    float64
}

var identity = Calibration{BatteryGain: 1}

// Reading is a calibrated housekeeping sample.
type Reading struct {
	Sat     SatID
	Seq     uint16
	CmdAck  uint8
	Battery float64
	TempC   float64
	Mode    byte
}

func calibrate(f Frame, c Calibration) Reading {
	return Reading{
		Sat:     f.Sat,
		Seq:     f.Seq,
		CmdAck:  f.CmdAck,
		Battery: float64(f.BatteryMV)/1000*c.BatteryGain + c.BatteryOffset,
		TempC:   float64(f.TempCenti)/100 + c.TempOffset,
		Mode:    f.Mode,
	}
}

// Anomaly is a telemetry value outside its limits.
type Anomaly struct {
	Sat   SatID
	Kind  string
	Value float64
	Seq   uint16
	At    time.Time
	Acked bool
}

// Limits are the thresholds that raise anomalies.
type Limits struct {
	MinBattery float64
	MaxTempC   float64
	MinTempC   float64
}

// Track is everything the station knows about one spacecraft.
type Track struct {
	Sat       SatID
	Frames    int
	Dropped   int
	LastSeq   uint16
	LastFrame time.Time
	Battery   float64
	TempC     float64
	Mode      byte
	Anomalies []Anomaly
}

// TrackStatus is a copy of a track's headline numbers.
type TrackStatus struct {
	Sat       SatID
	Frames    int
	Dropped   int
	LastFrame time.Time
	Battery   float64
	TempC     float64
	Mode      byte
	Open      int
}

func (t *Track) status() TrackStatus {
	open := 0
	for i := range t.Anomalies {
		if !t.Anomalies[i].Acked {
			open++
		}
	}
	return TrackStatus{
		Sat:       t.Sat,
		Frames:    t.Frames,
		Dropped:   t.Dropped,
		LastFrame: t.LastFrame,
		Battery:   t.Battery,
		TempC:     t.TempC,
		Mode:      t.Mode,
		Open:      open,
	}
}

// observe folds a reading into the track and returns any new anomalies.
func (t *Track) observe(r Reading, lim Limits, at time.Time) []Anomaly {
	if t.Frames > 0 {
		if gap := int(r.Seq - t.LastSeq - 1); gap > 0 && gap < 1<<15 {
			t.Dropped += gap
		}
	}
	t.Frames++
	t.LastSeq = r.Seq
	t.LastFrame = at
	t.Battery = r.Battery
	t.TempC = r.TempC
	prevMode := t.Mode
	t.Mode = r.Mode

	var raised []Anomaly
	add := func(kind string, v float64) {
		a := Anomaly{Sat: t.Sat, Kind: kind, Value: v, Seq: r.Seq, At: at}
		t.Anomalies = append(t.Anomalies, a)
		raised = append(raised, a)
	}
	if r.Battery < lim.MinBattery {
		add("battery-low", r.Battery)
	}
	if r.TempC > lim.MaxTempC {
		add("over-temperature", r.TempC)
	}
	if r.TempC < lim.MinTempC {
		add("under-temperature", r.TempC)
	}
	if r.Mode == ModeSafe && prevMode != ModeSafe {
		add("safe-mode", 0)
	}
	return raised
}
