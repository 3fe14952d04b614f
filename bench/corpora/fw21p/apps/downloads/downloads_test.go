package downloads

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// TestMain keeps the collector out of the way: the suites are short and
// timing sensitive.
func TestMain(m *testing.M) {
	debug.SetGCPercent(-1)
	os.Exit(m.Run())
}

type openCall struct {
	url    string
	offset int64
	chunks chan []byte
}

// fakeFetcher serves fixed content for known URLs and hands a chunk channel
// to the test for every other URL.
type fakeFetcher struct {
	opened chan openCall

	mu      sync.Mutex
	content map[string]string
	fail    map[string]int
}

func newFakeFetcher() *fakeFetcher {
	return &fakeFetcher{
		opened:  make(chan openCall),
		content: make(map[string]string),
		fail:    make(map[string]int),
	}
}

func (f *fakeFetcher) Open(ctx context.Context, u string, offset int64) (io.ReadCloser, int64, error) {
	f.mu.Lock()
	if f.fail[u] > 0 {
		f.fail[u]--
		f.mu.Unlock()
		return nil, 0, errors.New("GET " + u + ": 503 Service Unavailable")
	}
	body, ok := f.content[u]
	f.mu.Unlock()
	if ok {
		return io.NopCloser(strings.NewReader(body[offset:])), int64(len(body)) - offset, nil
	}
	call := openCall{url: u, offset: offset, chunks: make(chan []byte)}
	f.opened <- call
	return &streamBody{ctx: ctx, chunks: call.chunks}, -1, nil
}

type streamBody struct {
	ctx     context.Context
	chunks  <-chan []byte
	pending []byte
}

func (b *streamBody) Read(p []byte) (int, error) {
	if len(b.pending) == 0 {
		select {
		case c, ok := <-b.chunks:
			if !ok {
				return 0, io.EOF
			}
			b.pending = c
		case <-b.ctx.Done():
			return 0, b.ctx.Err()
		}
	}
	n := copy(p, b.pending)
	b.pending = b.pending[n:]
	return n, nil
}

func (b *streamBody) Close() error { return nil }

func key(s string) tea.KeyPressMsg {
	return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
}

func start(t *testing.T, m Model) (*App, func() Model) {
	t.Helper()
	app := NewApp(m,
		tea.WithInput(nil),
		tea.WithOutput(io.Discard),
		tea.WithoutSignalHandler(),
		tea.WithoutRenderer(),
	)
	type result struct {
		m   Model
		err error
	}
	done := make(chan result, 1)
	go func() {
		fm, err := app.Run()
		done <- result{fm, err}
	}()
	var once sync.Once
	var final Model
	stop := func() Model {
		once.Do(func() {
			app.Quit()
			select {
			case r := <-done:
				if r.err != nil {
					t.Errorf("run: %v", r.err)
				}
				final = r.m
			case <-time.After(5 * time.Second):
				t.Fatal("program did not exit")
			}
		})
		return final
	}
	t.Cleanup(func() { stop() })
	return app, stop
}

func pause() { time.Sleep(40 * time.Millisecond) }

// waitFor polls cond for up to two seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestQueueNaming(t *testing.T) {
	q := newQueue(2)
	now := time.Now()
	a, err := q.add("https://example.com/a/file.tar.gz", "/dl", now)
	if err != nil {
		t.Fatal(err)
	}
	b, err := q.add("https://mirror.example.org/b/file.tar.gz", "/dl", now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.add("https://example.com/a/file.tar.gz", "/dl", now); err == nil {
		t.Fatal("duplicate URL accepted")
	}
	if _, err := q.add("ftp://example.com/x", "/dl", now); err == nil {
		t.Fatal("ftp accepted")
	}
	if filepath.Base(a.Dest) != "file.tar.gz" || filepath.Base(b.Dest) != "file.tar (1).gz" {
		t.Fatalf("names: %q %q", a.Dest, b.Dest)
	}
	if got := len(q.runnable()); got != 2 {
		t.Fatalf("runnable = %d", got)
	}
}

func TestDownloadThroughAPI(t *testing.T) {
	dir := t.TempDir()
	f := newFakeFetcher()
	f.content["https://example.com/notes.txt"] = "hello, world"
	app, stop := start(t, New(context.Background(), f, dir))
	srv := httptest.NewServer(app.API())
	defer srv.Close()

	resp, err := http.PostForm(srv.URL+"/downloads", url.Values{"url": {"https://example.com/notes.txt"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("status = %s", resp.Status)
	}
	waitFor(t, "notes.txt", func() bool { return exists(filepath.Join(dir, "notes.txt")) })
	pause()
	final := stop()
	if got := readFile(t, filepath.Join(dir, "notes.txt")); got != "hello, world" {
		t.Fatalf("content = %q", got)
	}
	j := final.queue.byID(1)
	if j == nil || j.state != StateDone || j.meter.Done() != 12 {
		t.Fatalf("job = %+v", j)
	}
	if final.total.Load() != 12 {
		t.Fatalf("total = %d", final.total.Load())
	}
}

func TestHistoryWhileDownloading(t *testing.T) {
	dir := t.TempDir()
	f := newFakeFetcher()
	for _, name := range []string{"a", "b", "c", "d"} {
		f.content["https://example.com/"+name] = strings.Repeat(name, 100)
	}
	f.fail["https://example.com/d"] = 1
	app, stop := start(t, New(context.Background(), f, dir, WithRetries(0, time.Millisecond)))
	api := app.API()

	var wg sync.WaitGroup
	stopPoll := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stopPoll:
				return
			default:
			}
			rec := httptest.NewRecorder()
			api.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/history", nil))
			time.Sleep(time.Millisecond)
		}
	}()
	for _, name := range []string{"a", "b", "c", "d"} {
		app.Send(AddMsg{URL: "https://example.com/" + name})
	}
	waitFor(t, "four history entries", func() bool { return len(api.history.Entries()) == 4 })
	close(stopPoll)
	wg.Wait()
	stop()

	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/history", nil))
	lines := strings.Split(strings.TrimSpace(rec.Body.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("history:\n%s", rec.Body.String())
	}
	if !strings.Contains(rec.Body.String(), "failed\t0\thttps://example.com/d\tGET") {
		t.Fatalf("missing failure in history:\n%s", rec.Body.String())
	}
}

func TestFailedDownloadIsRetried(t *testing.T) {
	dir := t.TempDir()
	f := newFakeFetcher()
	f.content["https://example.com/flaky.bin"] = "payload"
	f.fail["https://example.com/flaky.bin"] = 2
	app, stop := start(t, New(context.Background(), f, dir, WithRetries(3, 5*time.Millisecond)))
	app.Send(AddMsg{URL: "https://example.com/flaky.bin"})
	waitFor(t, "flaky.bin", func() bool { return exists(filepath.Join(dir, "flaky.bin")) })
	pause()
	final := stop()
	j := final.queue.byID(1)
	if j.state != StateDone || j.attempts != 3 {
		t.Fatalf("state=%v attempts=%d err=%v", j.state, j.attempts, j.err)
	}
	if got := readFile(t, filepath.Join(dir, "flaky.bin")); got != "payload" {
		t.Fatalf("content = %q", got)
	}
}

func TestResumeAfterPause(t *testing.T) {
	dir := t.TempDir()
	f := newFakeFetcher()
	app, stop := start(t, New(context.Background(), f, dir))
	app.Send(AddMsg{URL: "https://example.com/iso/disk.img"})
	first := <-f.opened
	first.chunks <- []byte("abc")
	pause()
	app.Send(key("p"))
	pause()
	app.Send(key("r"))
	pause()
	app.Send(key("j"))
	second := <-f.opened
	if second.offset != 3 {
		t.Errorf("resumed at %d, want 3", second.offset)
	}
	second.chunks <- []byte("defg")
	close(second.chunks)
	pause()
	final := stop()
	if got := readFile(t, filepath.Join(dir, "disk.img")); got != "abcdefg" {
		t.Fatalf("content = %q", got)
	}
	if j := final.queue.byID(1); j.state != StateDone || j.meter.Done() != 7 {
		t.Fatalf("state=%v done=%d", j.state, j.meter.Done())
	}
}

func TestStalledDownloadFlagged(t *testing.T) {
	dir := t.TempDir()
	f := newFakeFetcher()
	app, stop := start(t, New(context.Background(), f, dir, WithStallTimeout(15*time.Millisecond)))
	app.Send(AddMsg{URL: "https://example.com/slow.zip"})
	call := <-f.opened
	time.Sleep(80 * time.Millisecond)
	app.Send(key("j"))
	pause()
	call.chunks <- []byte("zip")
	close(call.chunks)
	pause()
	final := stop()
	if j := final.queue.byID(1); j.state != StateDone {
		t.Fatalf("state = %v", j.state)
	}
}

func TestListEndpoint(t *testing.T) {
	dir := t.TempDir()
	f := newFakeFetcher()
	app, stop := start(t, New(context.Background(), f, dir))
	app.Send(key("P"))
	app.Send(AddMsg{URL: "https://example.com/one.iso"})
	app.Send(AddMsg{URL: "https://example.com/two.iso"})
	app.Send(tea.WindowSizeMsg{Width: 120, Height: 40})

	api := app.API()
	client := newSlowClient()
	go api.ServeHTTP(client, httptest.NewRequest(http.MethodGet, "/downloads", nil))
	pause()
	app.Send(AddMsg{URL: "https://example.com/three.iso"})
	body := client.readBody(t)
	final := stop()

	want := "1\tqueued\t0\thttps://example.com/one.iso\n2\tqueued\t0\thttps://example.com/two.iso\n"
	if body != want {
		t.Fatalf("body:\n%s", body)
	}
	if len(final.queue.jobs) != 3 {
		t.Fatalf("jobs = %d", len(final.queue.jobs))
	}
}

// slowClient is a ResponseWriter whose body is consumed by the test, like a
// client reading the response over a slow link.
type slowClient struct {
	header http.Header
	pr     *io.PipeReader
	pw     *io.PipeWriter
}

func newSlowClient() *slowClient {
	pr, pw := io.Pipe()
	return &slowClient{header: make(http.Header), pr: pr, pw: pw}
}

func (c *slowClient) Header() http.Header         { return c.header }
func (c *slowClient) WriteHeader(int)             {}
func (c *slowClient) Write(b []byte) (int, error) { return c.pw.Write(b) }

func (c *slowClient) readBody(t *testing.T) string {
	t.Helper()
	buf := make([]byte, 4096)
	n, err := c.pr.Read(buf)
	if err != nil {
		t.Fatal(err)
	}
	return string(buf[:n])
}

func TestViewRendersRows(t *testing.T) {
	m := New(context.Background(), newFakeFetcher(), "/dl")
	if _, err := m.queue.add("https://example.com/a.iso", "/dl", time.Now()); err != nil {
		t.Fatal(err)
	}
	out := m.View().Content
	if !strings.Contains(out, "> a.iso") || !strings.Contains(out, "queued") {
		t.Fatalf("view:\n%s", out)
	}
}
