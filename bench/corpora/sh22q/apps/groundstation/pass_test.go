package groundstation

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestPassTimerReportsDuringDownlink(t *testing.T) {
	box := reportBox{ch: make(chan PassReport, 1)}
	st := newTestStation(t, testConfig(), WithReportSink(box))
	radio := &fakeRadio{}
	st.Attach(radio)

	h, err := st.BeginPass(PassPlan{Sat: 6, Duration: 4 * time.Millisecond, ExpectedFrames: 40}, radio)
	if err != nil {
		t.Fatal(err)
	}
	done := radio.play(pass(6, 40), 300*time.Microsecond)
	rep := <-box.ch
	<-done
	<-h.UplinkDone()
	if rep.Sat != 6 || rep.Frames == 0 || rep.Frames >= 40 {
		t.Fatalf("report = %+v", rep)
	}
	if _, err := st.EndPass(6); !errors.Is(err, ErrUnknownSat) {
		t.Fatalf("pass still open: %v", err)
	}
}

func TestDownlinkRateDuringPass(t *testing.T) {
	cfg := testConfig()
	cfg.RateEvery = 500 * time.Microsecond
	st := newTestStation(t, cfg)
	radio := &fakeRadio{}
	st.Attach(radio)

	<-radio.play(pass(1, 40), 300*time.Microsecond)
	stats, err := st.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if stats.FramesOK != 40 || stats.BytesIn != 40*frameLen {
		t.Fatalf("stats = %+v", stats)
	}
}

func TestAnomalyPageWhileOperatorsAck(t *testing.T) {
	st := newTestStation(t, testConfig())
	for i := 0; i < 20; i++ {
		f := nominal(7, uint16(i))
		f.BatteryMV = 6500
		if err := st.Ingest(Encode(f)); err != nil {
			t.Fatal(err)
		}
	}
	h := st.Handler()

	acked := make(chan error)
	go func() {
		for i := 0; i < 20; i++ {
			if err := st.Ack(7, i); err != nil {
				acked <- err
				return
			}
			time.Sleep(300 * time.Microsecond)
		}
		acked <- nil
	}()
	var page string
	for i := 0; i < 8; i++ {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/satellites/7/anomalies", nil))
		page = rec.Body.String()
		time.Sleep(time.Millisecond)
	}
	if err := <-acked; err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(page, "\n"); n != 20 {
		t.Fatalf("page has %d lines:\n%s", n, page)
	}
	log, _ := st.AnomalyLog(7)
	for _, a := range log {
		if !a.Acked {
			t.Fatalf("unacked anomaly %+v", a)
		}
	}
}

func TestUplinkDuringPass(t *testing.T) {
	box := reportBox{ch: make(chan PassReport, 1)}
	st := newTestStation(t, testConfig(), WithReportSink(box))
	radio := &fakeRadio{}
	st.Attach(radio)

	var cmds [][]byte
	for i := 0; i < 20; i++ {
		cmds = append(cmds, []byte{0x1A, byte(i)})
	}
	h, err := st.BeginPass(PassPlan{Sat: 3, Duration: time.Hour, ExpectedFrames: 40, Commands: cmds}, radio)
	if err != nil {
		t.Fatal(err)
	}
	frames := pass(3, 40)
	for i := range frames {
		frames[i].CmdAck = uint8(i / 4)
	}
	done := radio.play(frames, 300*time.Microsecond)
	<-h.UplinkDone()
	<-done
	rep, err := st.EndPass(3)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Sent != 20 || rep.Acked != 9 || rep.Frames != 40 || radio.transmitted() != 20 {
		t.Fatalf("report = %+v", rep)
	}
}
