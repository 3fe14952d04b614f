package groundstation

// Radio is the RF front end. Subscribe registers a handler that the radio
// calls from its receive goroutine for every frame; the buffer is reused
// after the handler returns.
type Radio interface {
	Subscribe(handler func(raw []byte)) (unsubscribe func())
	Transmit(cmd []byte) error
}

// linkCounters describe the downlink as a whole.
type linkCounters struct {
	bytesIn   int
	lastBytes int
	rateBps   float64
}

func (l *linkCounters) account(n int) {
	l.bytesIn += n // RACY
}

// Attach subscribes the station to a radio's downlink.
func (st *Station) Attach(r Radio) {
	st.unsub = r.Subscribe(st.onRaw)
}

func (st *Station) onRaw(raw []byte) {
	st.link.account(len(raw))
	frame := append([]byte(nil), raw...)
	_ = st.loop.Post(func() { _ = st.ingest(frame) })
}

func (st *Station) sampleRate() {
	delta := st.link.bytesIn - st.link.lastBytes
	st.link.lastBytes = st.link.bytesIn
	st.link.rateBps = float64(delta) / st.cfg.RateEvery.Seconds()
	st.metrics.Set("downlink_bytes_per_second", st.link.rateBps)
}
