package groundstation

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func testConfig() Config {
	return Config{
		Name:          "svalbard",
		Limits:        Limits{MinBattery: 7.0, MaxTempC: 45, MinTempC: -10},
		UplinkGap:     300 * time.Microsecond,
		DecodeWorkers: 3,
	}
}

func newTestStation(t *testing.T, cfg Config, opts ...Option) *Station {
	t.Helper()
	st := New(cfg, opts...)
	st.Start()
	t.Cleanup(st.Close)
	return st
}

func nominal(sat SatID, seq uint16) Frame {
	return Frame{Sat: sat, Seq: seq, BatteryMV: 7900, TempCenti: 2150, Mode: ModeNominal}
}

func pass(sat SatID, n int) []Frame {
	out := make([]Frame, n)
	for i := range out {
		out[i] = nominal(sat, uint16(100+i))
	}
	return out
}

// fakeRadio delivers frames from its own receive goroutine, reusing one
// buffer, and records uplinked commands.
type fakeRadio struct {
	rxMu    sync.Mutex
	handler func([]byte)

	txMu sync.Mutex
	sent [][]byte
}

func (r *fakeRadio) Subscribe(h func([]byte)) func() {
	r.rxMu.Lock()
	r.handler = h
	r.rxMu.Unlock()
	return func() {
		r.rxMu.Lock()
		r.handler = nil
		r.rxMu.Unlock()
	}
}

func (r *fakeRadio) Transmit(cmd []byte) error {
	r.txMu.Lock()
	r.sent = append(r.sent, cmd)
	r.txMu.Unlock()
	return nil
}

func (r *fakeRadio) transmitted() int {
	r.txMu.Lock()
	defer r.txMu.Unlock()
	return len(r.sent)
}

func (r *fakeRadio) play(frames []Frame, gap time.Duration) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 0, frameLen)
		for _, f := range frames {
			buf = AppendFrame(buf[:0], f)
			r.rxMu.Lock()
			h := r.handler
			r.rxMu.Unlock()
			if h != nil {
				h(buf)
			}
			time.Sleep(gap)
		}
	}()
	return done
}

type reportBox struct {
	ch chan PassReport
}

func (b reportBox) PassComplete(r PassReport) { b.ch <- r }

type alertLog struct {
	mu    sync.Mutex
	kinds []string
}

func (a *alertLog) Raised(an Anomaly) {
	a.mu.Lock()
	a.kinds = append(a.kinds, an.Kind)
	a.mu.Unlock()
}

func TestDecodeRoundTrip(t *testing.T) {
	f := Frame{Sat: 7, Seq: 65535, CmdAck: 3, BatteryMV: 8123, TempCenti: -1250, Mode: ModeSafe}
	got, err := Decode(Encode(f))
	if err != nil {
		t.Fatal(err)
	}
	if got != f {
		t.Fatalf("got %+v, want %+v", got, f)
	}
}

func TestDecodeErrors(t *testing.T) {
	good := Encode(nominal(1, 1))
	corrupt := func(i int) []byte {
		b := append([]byte(nil), good...)
		b[i] ^= 0xFF
		return b
	}
	cases := map[string]struct {
		raw  []byte
		want error
	}{
		"short": {good[:5], ErrShortFrame},
		"sync":  {corrupt(0), ErrSync},
		"type":  {corrupt(5), ErrFrameType},
		"crc":   {corrupt(8), ErrCRC},
	}
	for name, tc := range cases {
		if _, err := Decode(tc.raw); !errors.Is(err, tc.want) {
			t.Fatalf("%s: err = %v", name, err)
		}
	}
}

func TestIngestTracksGaps(t *testing.T) {
	st := newTestStation(t, testConfig())
	for _, seq := range []uint16{10, 11, 14, 15, 65535, 0} {
		if err := st.Ingest(Encode(nominal(3, seq))); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Ingest([]byte("noise")); !errors.Is(err, ErrShortFrame) {
		t.Fatalf("noise: %v", err)
	}
	s, err := st.Status(3)
	if err != nil {
		t.Fatal(err)
	}
	if s.Frames != 6 || s.Dropped != 2 || s.Battery != 7.9 {
		t.Fatalf("status = %+v", s)
	}
	stats, _ := st.Stats()
	if stats.FramesOK != 6 || stats.FramesBad != 1 {
		t.Fatalf("stats = %+v", stats)
	}
	if _, err := st.Status(99); !errors.Is(err, ErrUnknownSat) {
		t.Fatalf("unknown sat: %v", err)
	}
}

func TestAnomaliesRaisedAndAcked(t *testing.T) {
	alerts := &alertLog{}
	st := newTestStation(t, testConfig(), WithAnomalySink(alerts))
	frames := []Frame{
		{Sat: 5, Seq: 1, BatteryMV: 6800, TempCenti: 2000, Mode: ModeNominal},
		{Sat: 5, Seq: 2, BatteryMV: 7800, TempCenti: 4700, Mode: ModeSafe},
		{Sat: 5, Seq: 3, BatteryMV: 7800, TempCenti: -1500, Mode: ModeSafe},
	}
	for _, f := range frames {
		if err := st.Ingest(Encode(f)); err != nil {
			t.Fatal(err)
		}
	}
	h := st.Handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/satellites/5/anomalies/1/ack", nil))
	if rec.Code != http.StatusNoContent {
		t.Fatalf("ack status %d", rec.Code)
	}
	log, _ := st.AnomalyLog(5)
	var kinds []string
	for _, a := range log {
		kinds = append(kinds, a.Kind)
	}
	want := "battery-low,over-temperature,safe-mode,under-temperature"
	if strings.Join(kinds, ",") != want || !log[1].Acked || log[0].Acked {
		t.Fatalf("log = %+v", log)
	}
	alerts.mu.Lock()
	defer alerts.mu.Unlock()
	if strings.Join(alerts.kinds, ",") != want {
		t.Fatalf("alerts = %v", alerts.kinds)
	}
	s, _ := st.Status(5)
	if s.Open != 3 {
		t.Fatalf("open anomalies = %d", s.Open)
	}
}

func TestRadioDownlinkCopiesBuffer(t *testing.T) {
	st := newTestStation(t, testConfig())
	radio := &fakeRadio{}
	st.Attach(radio)
	frames := pass(9, 30)
	frames[10].Mode = ModeSafe

	done := radio.play(frames, 200*time.Microsecond)
	for i := 0; i < 10; i++ {
		if _, err := st.AnomalyLog(9); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Status(9); err != nil && !errors.Is(err, ErrUnknownSat) {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Microsecond)
	}
	<-done
	stats, err := st.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if stats.FramesOK != 30 || stats.BytesIn != 30*frameLen {
		t.Fatalf("stats = %+v", stats)
	}
	s, _ := st.Status(9)
	if s.Dropped != 0 || s.Mode != ModeNominal {
		t.Fatalf("status = %+v", s)
	}
	log, _ := st.AnomalyLog(9)
	if len(log) != 1 || log[0].Seq != 110 {
		t.Fatalf("anomalies = %+v", log)
	}
}

func TestIngestBatchUsesCalibration(t *testing.T) {
	st := newTestStation(t, testConfig())
	if err := st.SetCalibration(4, Calibration{BatteryGain: 1.02, BatteryOffset: -0.1, TempOffset: 1.5}); err != nil {
		t.Fatal(err)
	}
	var raws [][]byte
	for _, f := range pass(4, 25) {
		raws = append(raws, Encode(f))
	}
	raws = append(raws, []byte{0xEB, 0x90, 0, 0})
	bad, err := st.IngestBatch(context.Background(), raws)
	if err != nil || bad != 1 {
		t.Fatalf("bad %d, err %v", bad, err)
	}
	s, _ := st.Status(4)
	if s.Frames != 25 || s.TempC != 23 || s.Battery < 7.95 || s.Battery > 7.96 {
		t.Fatalf("status = %+v", s)
	}
}

func TestEndPassEarly(t *testing.T) {
	box := reportBox{ch: make(chan PassReport, 1)}
	st := newTestStation(t, testConfig(), WithReportSink(box))
	radio := &fakeRadio{}
	h, err := st.BeginPass(PassPlan{Sat: 2, Duration: time.Hour, ExpectedFrames: 20}, radio)
	if err != nil {
		t.Fatal(err)
	}
	<-h.UplinkDone()
	if _, err := st.BeginPass(PassPlan{Sat: 2, Duration: time.Hour}, radio); !errors.Is(err, ErrPassActive) {
		t.Fatalf("second pass: %v", err)
	}
	for _, f := range pass(2, 10) {
		if err := st.Ingest(Encode(f)); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := st.EndPass(2)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Frames != 10 || rep.Quality() != 0.5 || (<-box.ch) != rep {
		t.Fatalf("report = %+v", rep)
	}
	if _, err := st.EndPass(2); !errors.Is(err, ErrUnknownSat) {
		t.Fatalf("second end: %v", err)
	}
}

func TestConsoleHandlersDuringIngest(t *testing.T) {
	st := newTestStation(t, testConfig())
	h := st.Handler()
	if err := st.Ingest(Encode(nominal(8, 1))); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, f := range pass(8, 30) {
			_ = st.Ingest(Encode(f))
			time.Sleep(200 * time.Microsecond)
		}
	}()
	for i := 0; i < 6; i++ {
		for _, path := range []string{"/satellites/8", "/limits", "/metrics"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: status %d", path, rec.Code)
			}
		}
		time.Sleep(time.Millisecond)
	}
	<-done
	for path, want := range map[string]int{
		"/satellites/200": http.StatusNotFound,
		"/satellites/abc": http.StatusBadRequest,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != want {
			t.Fatalf("%s: status %d, want %d", path, rec.Code, want)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/satellites/8", nil))
	if !bytes.Contains(rec.Body.Bytes(), []byte(`"frames":31`)) {
		t.Fatalf("status body %s", rec.Body)
	}
}
