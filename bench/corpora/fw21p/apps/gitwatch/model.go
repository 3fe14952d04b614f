// Package gitwatch is a terminal UI that keeps `git status` of a working copy
// on screen and refreshes it when files change.
package gitwatch

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"golang.org/x/sync/errgroup"
)

// Option configures a Model.
type Option func(*Model)

// WithRemote sets the remote used by fetch (default "origin").
func WithRemote(name string) Option {
	return func(m *Model) { m.repo.remote = name }
}

// WithFlashDuration sets how long status messages stay visible.
func WithFlashDuration(d time.Duration) Option {
	return func(m *Model) { m.flashFor = d }
}

// WithDebounce sets how long the model waits after the last file change
// before reloading the status.
func WithDebounce(d time.Duration) Option {
	return func(m *Model) { m.debounce = d }
}

// WithClock replaces time.Now.
func WithClock(now func() time.Time) Option {
	return func(m *Model) { m.now = now }
}

// WithContext sets the context used for git invocations.
func WithContext(ctx context.Context) Option {
	return func(m *Model) { m.ctx = ctx }
}

// Model is the Bubble Tea model of the watcher.
type Model struct {
	ctx      context.Context
	src      StatusSource
	repo     *repo
	bar      *statusBar
	stats    *watchStats
	cursor   int
	seq      int
	flashFor time.Duration
	debounce time.Duration
	now      func() time.Time
	width    int
	quitting bool
}

// New returns a model watching the repository at root.
func New(root string, src StatusSource, opts ...Option) Model {
	m := Model{
		ctx:      context.Background(),
		src:      src,
		repo:     newRepo(root, "origin"),
		bar:      &statusBar{},
		stats:    &watchStats{},
		flashFor: 3 * time.Second,
		debounce: 250 * time.Millisecond,
		now:      time.Now,
		width:    80,
	}
	for _, opt := range opts {
		opt(&m)
	}
	return m
}

// debounceMsg fires after file changes settled.
type debounceMsg struct{ seq int }

// Init implements tea.Model.
func (m Model) Init() tea.Cmd {
	m.repo.loading = true
	return loadStatus(m.ctx, m.src, m.repo.root)
}

// Update implements tea.Model.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		return m.handleKey(msg)
	case tea.WindowSizeMsg:
		m.width = msg.Width
	case statusMsg:
		if msg.err != nil {
			m.repo.loading = false
			m.repo.lastErr = msg.err
			m.bar.flash(msg.err.Error(), levelError, m.flashFor)
			return m, nil
		}
		m.repo.replace(msg.branch, msg.tree, m.now())
		m.clampCursor()
	case streamDoneMsg:
		m.repo.finishStream(msg, m.now())
		m.clampCursor()
	case fsEventMsg:
		m.repo.pending++
		m.seq++
		seq := m.seq
		return m, tea.Tick(m.debounce, func(time.Time) tea.Msg { return debounceMsg{seq: seq} })
	case debounceMsg:
		if msg.seq != m.seq || m.repo.loading {
			return m, nil
		}
		m.repo.loading = true
		return m, loadStatus(m.ctx, m.src, m.repo.root)
	case fetchedMsg:
		if msg.err != nil {
			m.bar.flash("fetch failed: "+msg.err.Error(), levelWarn, m.flashFor)
			return m, nil
		}
		m.repo.branch.Ahead, m.repo.branch.Behind = msg.branch.Ahead, msg.branch.Behind
		m.bar.flash("fetched "+m.repo.remote, levelInfo, m.flashFor)
	case stagedMsg:
		if msg.err != nil {
			m.bar.flash(msg.err.Error(), levelError, m.flashFor)
			return m, nil
		}
		m.markStaged(msg.paths)
		m.bar.flash(stagedText(msg.paths), levelInfo, m.flashFor)
	}
	return m, nil
}

func (m Model) handleKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch msg.String() {
	case "q", "ctrl+c":
		m.quitting = true
		m.bar.stop()
		return m, tea.Quit
	case "j", "down":
		if m.cursor < m.repo.tree.Len()-1 {
			m.cursor++
		}
	case "k", "up":
		if m.cursor > 0 {
			m.cursor--
		}
	case "r":
		if m.repo.loading {
			return m, nil
		}
		m.repo.loading = true
		return m, m.repo.streamStatus(m.ctx, m.src)
	case "f":
		root, remote := m.repo.root, m.repo.remote
		return m, fetchRemote(m.ctx, m.src, root, remote)
	case "s":
		p, ok := m.selected()
		if !ok {
			return m, nil
		}
		return m, stagePaths(m.ctx, m.src, m.repo.root, []string{p})
	case "A":
		return m.stageAll()
	case "i":
		p, ok := m.selected()
		if !ok {
			return m, nil
		}
		pat := m.repo.addIgnore(p)
		m.bar.flash("ignoring "+pat, levelInfo, m.flashFor)
	}
	return m, nil
}

func (m Model) selected() (string, bool) {
	if m.cursor < 0 || m.cursor >= len(m.repo.paths) {
		return "", false
	}
	return m.repo.paths[m.cursor], true
}

func (m *Model) clampCursor() {
	if m.cursor >= len(m.repo.paths) {
		m.cursor = len(m.repo.paths) - 1
	}
	if m.cursor < 0 {
		m.cursor = 0
	}
}

// stageAll stages every unstaged path, one git invocation per directory so a
// failure in one submodule does not block the rest.
func (m Model) stageAll() (tea.Model, tea.Cmd) {
	groups := groupByDir(m.unstagedPaths())
	if len(groups) == 0 {
		return m, nil
	}
	errs := make([]error, len(groups))
	g, ctx := errgroup.WithContext(m.ctx)
	for i, paths := range groups {
		g.Go(func() error {
			errs[i] = m.src.Stage(ctx, m.repo.root, paths...)
			return nil
		})
	}
	_ = g.Wait()
	var staged []string
	for i, paths := range groups {
		if errs[i] != nil {
			m.bar.flash(errs[i].Error(), levelError, m.flashFor)
			continue
		}
		staged = append(staged, paths...)
	}
	m.markStaged(staged)
	if err := errors.Join(errs...); err == nil {
		m.bar.flash(stagedText(staged), levelInfo, m.flashFor)
	}
	return m, nil
}

func (m Model) unstagedPaths() []string {
	var out []string
	for _, p := range m.repo.paths {
		if e, ok := m.repo.tree.Get(p); ok && (e.Unstaged() || e.IsUntracked()) {
			out = append(out, p)
		}
	}
	return out
}

func (m Model) markStaged(paths []string) {
	for _, p := range paths {
		e, ok := m.repo.tree.Get(p)
		if !ok {
			continue
		}
		if e.IsUntracked() {
			e.Index = 'A'
		} else if e.Work != ' ' {
			e.Index = e.Work
		}
		e.Work = ' '
		m.repo.tree.Apply(e)
	}
}

func stagedText(paths []string) string {
	switch len(paths) {
	case 0:
		return "nothing staged"
	case 1:
		return "staged " + paths[0]
	default:
		return fmt.Sprintf("staged %d files", len(paths))
	}
}
