package vault

import (
	"io"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

var day = time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)

func fixtureEntries() []Entry {
	return []Entry{
		{ID: "1", Title: "GitHub", Username: "octo", Password: "x7$Kp!2mQz#9vL@4wR&8nT^1", URL: "https://github.com", Tags: []string{"dev"}, Updated: day},
		{ID: "2", Title: "Bank", Username: "jdoe", Password: "Summer2024!", Tags: []string{"money"}, Updated: day},
		{ID: "3", Title: "Forum", Username: "jdoe", Password: "hunter2", Updated: day},
		{ID: "4", Title: "Email", Username: "jdoe@example.com", Password: "correct horse battery staple", Updated: day},
		{ID: "5", Title: "Router", Username: "admin", Password: "letmein", Tags: []string{"home"}, Updated: day},
		{ID: "6", Title: "Gitea", Username: "jd", Password: "Tr0ub4dor", Tags: []string{"dev"}, Updated: day},
		{ID: "7", Title: "Cloud", Username: "ops", Password: "pa55-Word-pa55-Word", Tags: []string{"dev"}, Updated: day},
		{ID: "8", Title: "Streaming", Username: "family", Password: "netflix123", Updated: day},
	}
}

const testPass = "open sesame"

func sealedFixture(t *testing.T) *Sealed {
	t.Helper()
	s, err := Seal(fixtureEntries(), testPass, 1000)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type runResult struct {
	model tea.Model
	err   error
}

type harness struct {
	t    *testing.T
	p    *tea.Program
	seen chan tea.Msg
	done chan runResult
}

func startBrowser(t *testing.T, opts Options) *harness {
	t.Helper()
	h := &harness{t: t, seen: make(chan tea.Msg, 256), done: make(chan runResult, 1)}
	m := New(opts)
	h.p = tea.NewProgram(m,
		tea.WithInput(nil),
		tea.WithOutput(io.Discard),
		tea.WithoutSignalHandler(),
		tea.WithoutRenderer(),
		tea.WithWindowSize(100, 30),
		tea.WithFilter(func(_ tea.Model, msg tea.Msg) tea.Msg {
			switch msg.(type) {
			case unlockedMsg, copiedMsg, clipClearedMsg, auditDoneMsg, syncDoneMsg, pushDoneMsg, generatedMsg:
				select {
				case h.seen <- msg:
				default:
				}
			}
			return msg
		}),
	)
	m.SetSender(h.p)
	go func() {
		fm, err := h.p.Run()
		h.done <- runResult{fm, err}
	}()
	return h
}

func (h *harness) typeText(s string) {
	for _, r := range s {
		h.p.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func (h *harness) press(code rune) {
	h.p.Send(tea.KeyPressMsg{Code: code})
}

func (h *harness) unlock(pass string) unlockedMsg {
	h.t.Helper()
	h.typeText(pass)
	h.press(tea.KeyEnter)
	return waitFor[unlockedMsg](h)
}

func waitFor[T tea.Msg](h *harness) T {
	h.t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case msg := <-h.seen:
			if m, ok := msg.(T); ok {
				return m
			}
		case <-deadline:
			var zero T
			h.t.Fatalf("timed out waiting for %T", zero)
			return zero
		}
	}
}

func (h *harness) quit() *Browser {
	h.t.Helper()
	h.p.Quit()
	select {
	case r := <-h.done:
		if r.err != nil {
			h.t.Fatal(r.err)
		}
		return r.model.(*Browser)
	case <-time.After(5 * time.Second):
		h.t.Fatal("program did not quit")
		return nil
	}
}

// browse sends n cursor movements, one every interval.
func (h *harness) browse(n int, interval time.Duration) {
	for i := range n {
		if i%2 == 0 {
			h.press(tea.KeyDown)
		} else {
			h.press(tea.KeyUp)
		}
		time.Sleep(interval)
	}
}
