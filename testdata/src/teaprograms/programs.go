// Package teaprograms: a Bubble Tea program run on a goroutine runs its
// model's turns there, so the code that started it goes on beside them,
// until it waits for the goroutine to end. Look-alikes: Run on the
// caller's goroutine, a goroutine running another model's program, and a
// harness whose other waits are not for the program's end.
package teaprograms

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

type board struct{ cursor int }

func (b *board) Init() tea.Cmd { return nil } // want Init:`summary\(\)`

func (b *board) Update(msg tea.Msg) (tea.Model, tea.Cmd) { // want Update:`summary\(arg0 writes teaprograms\.board\.cursor\)`
	b.cursor++
	return b, nil
}

func (b *board) View() string { return "" } // want View:`summary\(\)`

// A harness runs a program on a goroutine, as tests of a model do.
type harness struct {
	p    *tea.Program
	seen chan tea.Msg
	done chan error
}

func start(b *board) *harness {
	h := &harness{seen: make(chan tea.Msg, 8), done: make(chan error, 1)}
	h.p = tea.NewProgram(b)
	go func() {
		_, err := h.p.Run()
		h.done <- err
	}()
	return h
}

// quit waits for the program's end.
func (h *harness) quit() {
	h.p.Quit()
	<-h.done
}

// next waits for a message the program saw: the program goes on.
func (h *harness) next() tea.Msg { return <-h.seen }

// Watch reads the cursor while the program runs.
func Watch() int {
	b := &board{}
	h := start(b)
	h.p.Send("j")
	n := b.cursor // want `reads confined teaprograms.board.cursor off the owner: this code runs via the code that started the loop \(\*teaprograms.board\).Init, which goes on beside it`
	h.quit()
	return n
}

// Look-alike: Final reads the cursor once the program is over.
func Final() int {
	b := &board{}
	h := start(b)
	h.p.Send("j")
	h.quit()
	return b.cursor
}

// Look-alike: a wait for a message is no wait for the program's end.
func Step() int {
	b := &board{}
	h := start(b)
	h.next()
	return b.cursor // want `reads confined teaprograms.board.cursor off the owner`
}

// A closingHarness closes its done channel in a deferred call, once Run
// has returned.
type closingHarness struct {
	p    *tea.Program
	done chan struct{}
}

func startClosing(b *board) *closingHarness {
	h := &closingHarness{p: tea.NewProgram(b), done: make(chan struct{})}
	go func() {
		defer close(h.done)
		h.p.Run()
	}()
	return h
}

func (h *closingHarness) quit() {
	h.p.Quit()
	<-h.done
}

// Look-alike: Closed reads the cursor once the program is over.
func Closed() int {
	b := &board{}
	h := startClosing(b)
	h.quit()
	return b.cursor
}

// Direct runs the program itself on a goroutine and writes beside it.
func Direct() {
	b := &board{}
	p := tea.NewProgram(b)
	go p.Run()
	b.cursor = 3 // want `writes confined teaprograms.board.cursor off the owner`
}

// Look-alike: Run on the caller's goroutine returns once the program is
// over.
func Entered() int {
	b := &board{}
	tea.NewProgram(b).Run()
	return b.cursor
}

// Look-alike: the goroutine runs another model's program.
func Other() int {
	b, o := &board{}, &board{}
	go tea.NewProgram(o).Run()
	return b.cursor
}

// A harness handed the model as the interface starts the model it is
// handed, as one handed the model's own type does.
func startModel(m tea.Model) *harness {
	h := &harness{done: make(chan error, 1)}
	h.p = tea.NewProgram(m)
	go func() {
		_, err := h.p.Run()
		h.done <- err
	}()
	return h
}

func WatchModel() int {
	b := &board{}
	h := startModel(b)
	n := b.cursor // want `reads confined teaprograms.board.cursor off the owner`
	h.quit()
	return n + b.cursor
}

// A boundedHarness's quit waits with a timeout that fails the test: past
// it, the program is over.
type boundedHarness struct {
	p    *tea.Program
	done chan error
}

func startBounded(b *board) *boundedHarness {
	h := &boundedHarness{p: tea.NewProgram(b), done: make(chan error, 1)}
	go func() {
		_, err := h.p.Run()
		h.done <- err
	}()
	return h
}

func (h *boundedHarness) quit(t *testing.T) {
	h.p.Quit()
	select {
	case err := <-h.done:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(time.Second):
		t.Fatal("the program did not quit")
	}
}

// tryQuit gives up waiting after a while, and the program may go on.
func (h *boundedHarness) tryQuit() bool {
	h.p.Quit()
	select {
	case <-h.done:
		return true
	case <-time.After(time.Second):
		return false
	}
}

// Look-alike: Bounded reads the cursor once the program is over.
func Bounded(t *testing.T) int { // want Bounded:`summary\(\)`
	b := &board{}
	h := startBounded(b)
	h.quit(t)
	return b.cursor
}

func GaveUp() int {
	b := &board{}
	h := startBounded(b)
	h.tryQuit()
	return b.cursor // want `reads confined teaprograms.board.cursor off the owner`
}

// An app whose Run runs the program on the caller's goroutine, then reads
// the model it keeps: the program is over by then, and that read races
// with none of its turns, also on a goroutine a test starts. (A turn
// called by hand is no such run: see turns/app/drivers.go.)
type app struct {
	b *board
	p *tea.Program
}

func newApp(b *board) *app { return &app{b: b, p: tea.NewProgram(b)} }

func (a *app) run() int {
	_, _ = a.p.Run()
	return a.b.cursor
}

func TestAppRun(t *testing.T) {
	a := newApp(&board{})
	go a.run()
	a.p.Quit()
}
