package printshop

import (
	"context"
	"errors"
	"sync"
	"time"
)

// ErrPaperOut is reported by a printer that ran out of paper mid-job.
var ErrPaperOut = errors.New("printshop: paper out")

// PrintJob is what a printer is asked to print.
type PrintJob struct {
	ID    string
	Pages int
	Color bool
}

// Result is reported when a printer finishes or abandons a job.
type Result struct {
	JobID string
	Pages int
	Err   error
}

// DeviceStatus is an unsolicited status report from a printer.
type DeviceStatus struct {
	Offline bool
	Reason  string
}

// Printer is a print device driver. Print must not block; the driver reports
// progress and completion through the callbacks.
type Printer interface {
	Name() string
	Color() bool
	Print(ctx context.Context, job PrintJob, progress func(pages int), done func(Result))
	SetStatusHandler(func(DeviceStatus))
}

// SimPrinter is a simulated printer used for demos and tests.
type SimPrinter struct {
	name     string
	color    bool
	pageTime time.Duration

	mu       sync.Mutex
	paper    int
	onStatus func(DeviceStatus)
}

// NewSimPrinter returns a simulated printer with the given sheet capacity.
func NewSimPrinter(name string, color bool, pageTime time.Duration, paper int) *SimPrinter {
	return &SimPrinter{name: name, color: color, pageTime: pageTime, paper: paper}
}

func (p *SimPrinter) Name() string { return p.name }
func (p *SimPrinter) Color() bool  { return p.color }

// SetStatusHandler installs the status callback. Call it before printing.
func (p *SimPrinter) SetStatusHandler(fn func(DeviceStatus)) { p.onStatus = fn }

// Refill adds sheets of paper.
func (p *SimPrinter) Refill(sheets int) {
	p.mu.Lock()
	p.paper += sheets
	p.mu.Unlock()
}

func (p *SimPrinter) takeSheet() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.paper <= 0 {
		return false
	}
	p.paper--
	return true
}

// Print prints on a driver goroutine.
func (p *SimPrinter) Print(ctx context.Context, job PrintJob, progress func(int), done func(Result)) {
	go func() {
		printed := 0
		t := time.NewTicker(p.pageTime)
		defer t.Stop()
		for printed < job.Pages {
			select {
			case <-ctx.Done():
				done(Result{JobID: job.ID, Pages: printed, Err: ctx.Err()})
				return
			case <-t.C:
			}
			if !p.takeSheet() {
				p.report(DeviceStatus{Offline: true, Reason: "paper out"})
				done(Result{JobID: job.ID, Pages: printed, Err: ErrPaperOut})
				return
			}
			printed++
			progress(printed)
		}
		done(Result{JobID: job.ID, Pages: printed})
	}()
}

func (p *SimPrinter) report(s DeviceStatus) {
	if p.onStatus != nil {
		p.onStatus(s)
	}
}
