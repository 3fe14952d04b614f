package gitwatch

import (
	"context"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"example.com/corpus/trial-fw21p/internal/gitstat"
)

// TestMain keeps the collector out of the way: the suites are short and
// timing sensitive.
func TestMain(m *testing.M) {
	debug.SetGCPercent(-1)
	os.Exit(m.Run())
}

// fakeGit serves canned status output. Readers queued on next are handed
// out first; afterwards every call returns output.
type fakeGit struct {
	output string
	next   chan io.ReadCloser
	branch gitstat.Branch

	mu      sync.Mutex
	staged  [][]string
	fetches []string
	loads   int
}

func newFakeGit(lines ...string) *fakeGit {
	return &fakeGit{
		output: strings.Join(lines, "\n") + "\n",
		next:   make(chan io.ReadCloser, 4),
	}
}

func (f *fakeGit) Status(ctx context.Context, root string) (io.ReadCloser, error) {
	select {
	case rc := <-f.next:
		return rc, nil
	default:
	}
	f.mu.Lock()
	f.loads++
	f.mu.Unlock()
	return io.NopCloser(strings.NewReader(f.output)), nil
}

func (f *fakeGit) Stage(ctx context.Context, root string, paths ...string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.staged = append(f.staged, slices.Clone(paths))
	return nil
}

func (f *fakeGit) Fetch(ctx context.Context, root, remote string) (gitstat.Branch, error) {
	f.mu.Lock()
	f.fetches = append(f.fetches, root+" "+remote)
	f.mu.Unlock()
	return f.branch, nil
}

func (f *fakeGit) loadCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.loads
}

type chanWatcher chan string

func (w chanWatcher) Events() <-chan string { return w }
func (w chanWatcher) Close() error          { return nil }

func key(s string) tea.KeyMsg {
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// start runs the app headless and returns a function that stops it and
// returns the final model.
func start(t *testing.T, m Model, w Watcher) (*App, func() Model) {
	t.Helper()
	app := NewApp(m, w,
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
		fm, err := app.Run(context.Background())
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

func settle() { time.Sleep(100 * time.Millisecond) }

func TestViewListsEntries(t *testing.T) {
	m := New("/src/app", newFakeGit())
	_, tree, err := gitstat.Parse(strings.NewReader("## main...origin/main [ahead 1]\n M a.go\n?? notes.txt\n"))
	if err != nil {
		t.Fatal(err)
	}
	m.repo.replace(gitstat.Branch{Head: "main", Upstream: "origin/main", Ahead: 1}, tree, time.Unix(0, 0))
	out := m.View()
	for _, want := range []string{"main → origin/main ↑1", "1 modified, 1 untracked", ">  M a.go", "  ?? notes.txt"} {
		if !strings.Contains(out, want) {
			t.Errorf("view missing %q:\n%s", want, out)
		}
	}
}

func TestInitialLoad(t *testing.T) {
	git := newFakeGit("## main", " M a.go", "A  b.go", "?? c.txt")
	_, stop := start(t, New("/src/app", git), nil)
	settle()
	final := stop()
	if got := final.repo.paths; !slices.Equal(got, []string{"a.go", "b.go", "c.txt"}) {
		t.Fatalf("paths = %v", got)
	}
	if final.repo.loading {
		t.Error("still loading")
	}
}

func TestRefreshStreamsEntries(t *testing.T) {
	git := newFakeGit("## main", " M a.go")
	pr, pw := io.Pipe()
	app, stop := startWithRefresh(t, git, pr)
	if _, err := io.WriteString(pw, "## main\n M a.go\n?? b.txt\n"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(40 * time.Millisecond)
	app.Send(key("j"))
	time.Sleep(20 * time.Millisecond)
	pw.Close()
	settle()
	final := stop()
	if got := final.repo.paths; !slices.Equal(got, []string{"a.go", "b.txt"}) {
		t.Fatalf("paths = %v", got)
	}
}

func startWithRefresh(t *testing.T, git *fakeGit, stream io.ReadCloser) (*App, func() Model) {
	t.Helper()
	app, stop := start(t, New("/src/app", git), nil)
	settle()
	git.next <- stream
	app.Send(key("r"))
	return app, stop
}

func TestStagedMessageExpires(t *testing.T) {
	git := newFakeGit("## main", " M a.go", " M b.go")
	app, stop := start(t, New("/src/app", git, WithFlashDuration(10*time.Millisecond)), nil)
	settle()
	app.Send(key("s"))
	time.Sleep(100 * time.Millisecond)
	app.Send(key("j"))
	settle()
	final := stop()
	e, _ := final.repo.tree.Get("a.go")
	if !e.Staged() || e.Unstaged() {
		t.Fatalf("a.go not staged: %+v", e)
	}
}

func TestIgnoredDirectoryDropsEvents(t *testing.T) {
	git := newFakeGit("## main", " M build/out.o", " M main.go")
	events := make(chanWatcher)
	app, stop := start(t, New("/src/app", git, WithDebounce(time.Millisecond)), events)
	settle()
	app.Send(key("i"))
	time.Sleep(40 * time.Millisecond)
	events <- "build/out.o"
	settle()
	final := stop()
	if final.stats.dropped.Load() != 1 {
		t.Fatalf("dropped = %d, want 1", final.stats.dropped.Load())
	}
	if final.repo.pending != 0 {
		t.Fatalf("pending = %d", final.repo.pending)
	}
}

func TestWatcherEventsReloadOnce(t *testing.T) {
	git := newFakeGit("## main", " M a.go")
	events := make(chanWatcher)
	app, stop := start(t, New("/src/app", git, WithDebounce(80*time.Millisecond)), events)
	settle()
	before := git.loadCount()
	events <- "a.go"
	events <- "b.go"
	events <- "a.go"
	time.Sleep(300 * time.Millisecond)
	_ = app
	final := stop()
	if got := git.loadCount() - before; got != 1 {
		t.Fatalf("reloads after burst = %d, want 1", got)
	}
	if final.stats.seen.Load() != 3 || final.repo.pending != 0 {
		t.Fatalf("seen=%d pending=%d", final.stats.seen.Load(), final.repo.pending)
	}
}

func TestFetchUpdatesTracking(t *testing.T) {
	git := newFakeGit("## main...origin/main", " M a.go")
	git.branch = gitstat.Branch{Head: "main", Upstream: "origin/main", Ahead: 2, Behind: 3}
	app, stop := start(t, New("/src/app", git, WithRemote("upstream")), nil)
	settle()
	app.Send(key("f"))
	settle()
	final := stop()
	if b := final.repo.branch; b.Ahead != 2 || b.Behind != 3 {
		t.Fatalf("branch = %+v", b)
	}
	git.mu.Lock()
	defer git.mu.Unlock()
	if !slices.Equal(git.fetches, []string{"/src/app upstream"}) {
		t.Fatalf("fetches = %v", git.fetches)
	}
}

func TestStageAllGroupsByDirectory(t *testing.T) {
	git := newFakeGit("## main", " M cmd/a.go", " M cmd/b.go", "?? docs/x.md", " M go.mod", "A  done.go")
	app, stop := start(t, New("/src/app", git), nil)
	settle()
	app.Send(key("A"))
	settle()
	final := stop()
	s := final.repo.tree.Summarize()
	if s.Unstaged != 0 || s.Untracked != 0 || s.Staged != 5 {
		t.Fatalf("summary after stage all = %+v", s)
	}
	git.mu.Lock()
	defer git.mu.Unlock()
	if len(git.staged) != 3 {
		t.Fatalf("stage calls = %v", git.staged)
	}
}

func TestGroupByDir(t *testing.T) {
	got := groupByDir([]string{"a/x", "b", "a/y", "c/z", "d"})
	want := [][]string{{"a/x", "a/y"}, {"b", "d"}, {"c/z"}}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("group %d = %v, want %v", i, got[i], want[i])
		}
	}
}

func TestMatchPattern(t *testing.T) {
	cases := []struct {
		pat, p string
		want   bool
	}{
		{"build/", "build/out.o", true},
		{"build/", "buildx/out.o", false},
		{"*.log", "logs/app.log", true},
		{"vendor/*", "vendor/x", true},
	}
	for _, c := range cases {
		if got := matchPattern(c.pat, c.p); got != c.want {
			t.Errorf("matchPattern(%q, %q) = %v", c.pat, c.p, got)
		}
	}
}
