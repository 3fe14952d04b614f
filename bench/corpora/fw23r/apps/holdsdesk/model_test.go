package holdsdesk

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"example.com/corpus/trial-fw23r/apps/holdsdesk/scanner"
)

type mail struct{ to, subject string }

type mailer struct {
	delay time.Duration
	mu    sync.Mutex
	sent  []mail
}

func (m *mailer) Notify(ctx context.Context, to, subject, body string) error {
	select {
	case <-time.After(m.delay):
	case <-ctx.Done():
		return ctx.Err()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, mail{to: to, subject: subject})
	return nil
}

func (m *mailer) Sent() []mail {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]mail(nil), m.sent...)
}

type memStore struct {
	mu    sync.Mutex
	saves [][]Record
}

func (s *memStore) Save(ctx context.Context, recs []Record) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.saves = append(s.saves, recs)
	return nil
}

func (s *memStore) Saves() [][]Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]Record(nil), s.saves...)
}

var (
	dune     = Title{ISBN: "9780441172719", Name: "Dune", Author: "Frank Herbert"}
	piranesi = Title{ISBN: "9781526622426", Name: "Piranesi", Author: "Susanna Clarke"}
	duneCopy = scanner.WithCheckDigit("3100100000017")
	piraCopy = scanner.WithCheckDigit("3100100000028")
)

func testDesk() *Desk {
	d := NewDesk(1)
	d.AddPatron(Patron{ID: "P001", Name: "Ada Lovelace", Email: "ada@example.org"})
	d.AddPatron(Patron{ID: "P002", Name: "Bo Diddley", Email: "bo@example.org"})
	d.AddPatron(Patron{ID: "P003", Name: "Cy Twombly"})
	d.AddTitle(dune, duneCopy)
	d.AddTitle(piranesi, piraCopy)
	return d
}

type session struct {
	t      *testing.T
	prog   *tea.Program
	seen   chan string
	done   chan struct{}
	final  tea.Model
	closed bool
}

func start(t *testing.T, m Model) *session {
	t.Helper()
	s := &session{t: t, seen: make(chan string, 64), done: make(chan struct{})}
	s.prog = tea.NewProgram(m,
		tea.WithInput(nil),
		tea.WithOutput(io.Discard),
		tea.WithoutRenderer(),
		tea.WithoutSignalHandler(),
		tea.WithFilter(func(_ tea.Model, msg tea.Msg) tea.Msg {
			select {
			case s.seen <- fmt.Sprintf("%T", msg):
			default:
			}
			return msg
		}))
	go func() {
		defer close(s.done)
		s.final, _ = s.prog.Run()
	}()
	t.Cleanup(func() { s.stop() })
	return s
}

func (s *session) send(msg tea.Msg) { s.prog.Send(msg) }

func (s *session) waitFor(kind string) {
	s.t.Helper()
	timeout := time.After(3 * time.Second)
	for {
		select {
		case k := <-s.seen:
			if k == kind {
				return
			}
		case <-timeout:
			s.t.Fatalf("no %s message", kind)
		}
	}
}

func (s *session) stop() Model {
	if !s.closed {
		s.closed = true
		s.prog.Quit()
		<-s.done
	}
	return s.final.(Model)
}

func key(r rune) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}} }

func TestPlaceHoldsAndQueuePosition(t *testing.T) {
	s := start(t, NewModel(testDesk(), &mailer{}, &memStore{}, WithTick(0)))
	s.send(PlaceHoldMsg{PatronID: "P001", ISBN: dune.ISBN})
	s.send(PlaceHoldMsg{PatronID: "P003", ISBN: dune.ISBN})
	s.send(PlaceHoldMsg{PatronID: "P003", ISBN: dune.ISBN})
	s.send(PlaceHoldMsg{PatronID: "P999", ISBN: dune.ISBN})
	m := s.stop()
	if got := len(m.desk.Holds()); got != 2 {
		t.Fatalf("holds = %d", got)
	}
	if !strings.Contains(m.Status(), "unknown patron") {
		t.Fatalf("status = %q", m.Status())
	}
	if pos := m.desk.Position(m.desk.Holds()[1]); pos != 2 {
		t.Fatalf("position = %d", pos)
	}
}

func TestHoldFormKeys(t *testing.T) {
	s := start(t, NewModel(testDesk(), &mailer{}, &memStore{}, WithTick(0)))
	s.send(key('h'))
	for _, r := range "P002 " + piranesi.ISBN {
		if r == ' ' {
			s.send(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
			continue
		}
		s.send(key(r))
	}
	s.send(tea.KeyMsg{Type: tea.KeyEnter})
	m := s.stop()
	if hs := m.desk.Holds(); len(hs) != 1 || hs[0].PatronID != "P002" || hs[0].ISBN != piranesi.ISBN {
		t.Fatalf("holds = %+v (status %q)", hs, m.Status())
	}
}

func TestWandCheckInPutsBookOnShelf(t *testing.T) {
	s := start(t, NewModel(testDesk(), &mailer{}, &memStore{}, WithTick(0)))
	s.send(PlaceHoldMsg{PatronID: "P003", ISBN: piranesi.ISBN})

	wand := scanner.NewReader(strings.NewReader(piraCopy+"\n"), "front-desk",
		scanner.SinkFunc(func(sc scanner.Scan) { s.send(ScanMsg(sc)) }))
	if err := wand.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m := s.stop()
	h := m.desk.Holds()[0]
	if h.Status != Ready || h.ItemBarcode != piraCopy {
		t.Fatalf("hold = %+v", h)
	}
}

func TestReadyHoldEmailsPatron(t *testing.T) {
	ml := &mailer{}
	s := start(t, NewModel(testDesk(), ml, &memStore{}, WithTick(0)))
	s.send(PlaceHoldMsg{PatronID: "P001", ISBN: dune.ISBN})
	s.send(ScanMsg{Barcode: duneCopy, Station: "front-desk", At: time.Now()})
	s.waitFor("holdsdesk.patronNotifiedMsg")
	s.send(TickMsg(time.Now()))
	m := s.stop()

	if sent := ml.Sent(); len(sent) != 1 || sent[0].to != "ada@example.org" {
		t.Fatalf("sent = %+v", sent)
	}
	if h := m.desk.Holds()[0]; h.NotifiedAt.IsZero() || h.NotifyAttempts != 1 {
		t.Fatalf("hold = %+v", h)
	}
}

func TestPickupReminders(t *testing.T) {
	ml := &mailer{}
	s := start(t, NewModel(testDesk(), ml, &memStore{}, WithTick(0)))
	s.send(PlaceHoldMsg{PatronID: "P002", ISBN: dune.ISBN})
	s.send(PlaceHoldMsg{PatronID: "P002", ISBN: piranesi.ISBN})
	s.send(ScanMsg{Barcode: duneCopy})
	s.waitFor("holdsdesk.patronNotifiedMsg")
	s.send(ScanMsg{Barcode: piraCopy})
	s.waitFor("holdsdesk.patronNotifiedMsg")
	s.send(key('r'))
	s.waitFor("holdsdesk.remindersSentMsg")
	m := s.stop()

	if m.Status() != "Sent 1 pickup reminders" {
		t.Fatalf("status = %q", m.Status())
	}
	if sent := ml.Sent(); len(sent) != 3 || sent[2].subject != "Holds waiting for you" {
		t.Fatalf("sent = %+v", sent)
	}
}

func TestExportSavesSnapshot(t *testing.T) {
	st := &memStore{}
	s := start(t, NewModel(testDesk(), &mailer{}, st, WithTick(0)))
	s.send(PlaceHoldMsg{PatronID: "P001", ISBN: dune.ISBN})
	s.send(PlaceHoldMsg{PatronID: "P002", ISBN: dune.ISBN})
	s.send(key('e'))
	s.send(PlaceHoldMsg{PatronID: "P003", ISBN: dune.ISBN})
	s.waitFor("holdsdesk.exportedMsg")
	m := s.stop()

	saves := st.Saves()
	if len(saves) != 1 || len(saves[0]) != 2 || saves[0][1].PatronID != "P002" {
		t.Fatalf("saves = %+v", saves)
	}
	if m.lastSave.IsZero() {
		t.Fatalf("export not recorded (status %q)", m.Status())
	}
}

func TestNotificationRetryCheck(t *testing.T) {
	ml := &mailer{delay: 100 * time.Millisecond}
	s := start(t, NewModel(testDesk(), ml, &memStore{}, WithTick(0)))
	s.send(PlaceHoldMsg{PatronID: "P001", ISBN: dune.ISBN})
	s.send(ScanMsg{Barcode: duneCopy, Station: "front-desk", At: time.Now()})
	time.Sleep(30 * time.Millisecond)
	s.send(TickMsg(time.Now()))
	s.waitFor("holdsdesk.patronNotifiedMsg")
	m := s.stop()
	if len(ml.Sent()) != 1 {
		t.Fatalf("sent %d emails", len(ml.Sent()))
	}
	if h := m.desk.Holds()[0]; h.NotifiedAt.IsZero() {
		t.Fatalf("hold = %+v", h)
	}
}

func TestSaveKey(t *testing.T) {
	st := &memStore{}
	s := start(t, NewModel(testDesk(), &mailer{}, st, WithTick(0)))
	s.send(PlaceHoldMsg{PatronID: "P001", ISBN: dune.ISBN})
	s.send(tea.KeyMsg{Type: tea.KeyCtrlS})
	time.Sleep(30 * time.Millisecond)
	s.send(PlaceHoldMsg{PatronID: "P002", ISBN: piranesi.ISBN})
	deadline := time.Now().Add(2 * time.Second)
	for len(st.Saves()) == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	m := s.stop()
	if saves := st.Saves(); len(saves) != 1 || len(saves[0]) != 1 {
		t.Fatalf("saves = %+v", saves)
	}
	if len(m.desk.Holds()) != 2 {
		t.Fatalf("holds = %d", len(m.desk.Holds()))
	}
}

func TestReturnsChute(t *testing.T) {
	desk := testDesk()
	s := start(t, NewModel(desk, &mailer{}, &memStore{}, WithTick(0)))
	s.send(PlaceHoldMsg{PatronID: "P003", ISBN: dune.ISBN})

	chute := scanner.NewReader(strings.NewReader(duneCopy+"\n"), "returns-chute", desk.Returns())
	chuteDone := make(chan error, 1)
	go func() { chuteDone <- chute.Run(context.Background()) }()

	time.Sleep(30 * time.Millisecond)
	s.send(TickMsg(time.Now()))
	if err := <-chuteDone; err != nil {
		t.Fatal(err)
	}
	s.send(TickMsg(time.Now()))
	m := s.stop()
	if h := m.desk.Holds()[0]; h.Status != Ready {
		t.Fatalf("hold = %+v (status %q)", h, m.Status())
	}
}
