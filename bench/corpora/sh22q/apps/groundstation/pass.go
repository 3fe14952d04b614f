package groundstation

import (
	"errors"
	"time"

	"example.com/corpus/trial-sh22q/internal/loop"
)

// PassPlan describes a scheduled contact window.
type PassPlan struct {
	Sat      SatID
	Duration time.Duration
	// ExpectedFrames is how many frames a full pass should deliver.
	ExpectedFrames int
	// Commands are uplinked in order once the pass begins.
	Commands [][]byte
}

// Pass is a contact window in progress.
type Pass struct {
	ID            int
	Sat           SatID
	Started       time.Time
	Expected      int
	Frames        int
	CommandsSent  int
	CommandsAcked int
	SpuriousAcks  int

	timer *time.Timer
}

func (p *Pass) record(r Reading) {
	p.Frames++
	if acked := int(r.CmdAck); acked > p.CommandsAcked {
		p.CommandsAcked = acked
	}
	if p.CommandsAcked > p.CommandsSent {
		p.SpuriousAcks++
	}
}

// PassReport summarises a finished pass.
type PassReport struct {
	ID       int
	Sat      SatID
	Frames   int
	Expected int
	Sent     int
	Acked    int
}

// Quality is the fraction of expected frames that arrived.
func (r PassReport) Quality() float64 {
	if r.Expected == 0 {
		return 0
	}
	return float64(r.Frames) / float64(r.Expected)
}

func (p *Pass) summary() PassReport {
	return PassReport{ID: p.ID, Sat: p.Sat, Frames: p.Frames, Expected: p.Expected, Sent: p.CommandsSent, Acked: p.CommandsAcked} // RACY
}

// PassHandle lets the scheduler follow a pass it started.
type PassHandle struct {
	ID     int
	Sat    SatID
	uplink chan struct{}
}

// UplinkDone is closed once every planned command has been transmitted.
func (h *PassHandle) UplinkDone() <-chan struct{} { return h.uplink }

// ErrPassActive is returned when a pass is already open for a spacecraft.
var ErrPassActive = errors.New("groundstation: pass already active")

// BeginPass opens a contact window, starts the uplink and arms the end of
// pass timer.
func (st *Station) BeginPass(plan PassPlan, radio Radio) (*PassHandle, error) {
	cmds := make([][]byte, len(plan.Commands))
	for i, c := range plan.Commands {
		cmds[i] = append([]byte(nil), c...)
	}
	type reply struct {
		p   *Pass
		err error
	}
	r, err := loop.Call(st.loop, func() reply {
		if _, busy := st.passes[plan.Sat]; busy {
			return reply{err: ErrPassActive}
		}
		st.nextPass++
		p := &Pass{ID: st.nextPass, Sat: plan.Sat, Started: st.now(), Expected: plan.ExpectedFrames}
		st.passes[plan.Sat] = p
		st.passCount++
		p.timer = time.AfterFunc(plan.Duration, func() { st.passEnded(p) })
		return reply{p: p}
	})
	if err != nil {
		return nil, err
	}
	if r.err != nil {
		return nil, r.err
	}
	h := &PassHandle{ID: r.p.ID, Sat: plan.Sat, uplink: make(chan struct{})}
	go st.uplink(r.p, radio, cmds, h.uplink)
	return h, nil
}

// uplink transmits the pass's commands with a gap between them.
func (st *Station) uplink(p *Pass, radio Radio, cmds [][]byte, done chan struct{}) {
	defer close(done)
	for i, cmd := range cmds {
		if i > 0 {
			time.Sleep(st.cfg.UplinkGap)
		}
		if err := radio.Transmit(cmd); err != nil {
			return
		}
		p.noteSent()
	}
}

func (p *Pass) noteSent() {
	p.CommandsSent++ // RACY
}

// passEnded runs when the pass timer expires.
func (st *Station) passEnded(p *Pass) {
	st.reports.PassComplete(p.summary())
	_ = st.loop.Post(func() { st.retirePass(p) })
}

func (st *Station) retirePass(p *Pass) {
	if cur, ok := st.passes[p.Sat]; ok && cur == p {
		delete(st.passes, p.Sat)
	}
}

// EndPass closes a pass early, for example when the antenna loses lock,
// and returns its report.
func (st *Station) EndPass(sat SatID) (PassReport, error) {
	type reply struct {
		rep PassReport
		ok  bool
	}
	r, err := loop.Call(st.loop, func() reply {
		p, ok := st.passes[sat]
		if !ok {
			return reply{}
		}
		p.timer.Stop()
		st.retirePass(p)
		return reply{rep: p.summary(), ok: true}
	})
	if err != nil {
		return PassReport{}, err
	}
	if !r.ok {
		return PassReport{}, ErrUnknownSat
	}
	st.reports.PassComplete(r.rep)
	return r.rep, nil
}
