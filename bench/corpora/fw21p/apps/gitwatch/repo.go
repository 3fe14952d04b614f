package gitwatch

import (
	"bufio"
	"context"
	"path"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"example.com/corpus/trial-fw21p/internal/gitstat"
)

// repo is the working copy as currently shown on screen.
type repo struct {
	root        string
	remote      string
	branch      gitstat.Branch
	tree        *gitstat.Tree
	paths       []string
	ignore      []string
	pending     int
	loading     bool
	lastErr     error
	refreshedAt time.Time
}

func newRepo(root, remote string) *repo {
	return &repo{root: root, remote: remote, tree: gitstat.NewTree()}
}

// ignored reports whether changes to p should not trigger a refresh.
func (r *repo) ignored(p string) bool {
	for _, pat := range r.ignore { // RACY
		if matchPattern(pat, p) {
			return true
		}
	}
	return false
}

// addIgnore hides the directory containing p from the watcher.
func (r *repo) addIgnore(p string) string {
	pat := path.Dir(p) + "/"
	if pat == "./" {
		pat = p
	}
	for _, existing := range r.ignore {
		if existing == pat {
			return pat
		}
	}
	r.ignore = append(r.ignore, pat)
	return pat
}

// reindex rebuilds the display order after the tree changed.
func (r *repo) reindex() {
	r.paths = r.tree.Paths()
}

// replace swaps in a freshly loaded status.
func (r *repo) replace(b gitstat.Branch, t *gitstat.Tree, at time.Time) {
	r.branch = b
	r.tree = t
	r.pending = 0
	r.loading = false
	r.lastErr = nil
	r.refreshedAt = at
	r.reindex()
}

// statusMsg carries a freshly loaded status.
type statusMsg struct {
	branch gitstat.Branch
	tree   *gitstat.Tree
	err    error
}

// loadStatus reads the whole status into a new tree.
func loadStatus(ctx context.Context, src StatusSource, root string) tea.Cmd {
	return func() tea.Msg {
		rc, err := src.Status(ctx, root)
		if err != nil {
			return statusMsg{err: err}
		}
		defer rc.Close()
		b, t, err := gitstat.Parse(rc)
		return statusMsg{branch: b, tree: t, err: err}
	}
}

// streamDoneMsg ends an incremental refresh.
type streamDoneMsg struct {
	branch gitstat.Branch
	seen   map[string]bool
	err    error
}

// streamStatus refreshes the tree in place as lines arrive, so large
// repositories show progress instead of a blank list.
func (r *repo) streamStatus(ctx context.Context, src StatusSource) tea.Cmd {
	root := r.root
	tree := r.tree
	return func() tea.Msg {
		rc, err := src.Status(ctx, root)
		if err != nil {
			return streamDoneMsg{err: err}
		}
		defer rc.Close()
		var done streamDoneMsg
		done.seen = make(map[string]bool)
		sc := bufio.NewScanner(rc)
		for sc.Scan() {
			line := sc.Text()
			if gitstat.IsBranchLine(line) {
				if b, err := gitstat.ParseBranch(line); err == nil {
					done.branch = b
				}
				continue
			}
			e, err := gitstat.ParseLine(line)
			if err != nil {
				continue
			}
			tree.Apply(e)
			done.seen[e.Path] = true
		}
		done.err = sc.Err()
		return done
	}
}

// finishStream drops entries that disappeared during an incremental refresh.
func (r *repo) finishStream(msg streamDoneMsg, at time.Time) {
	r.loading = false
	if msg.err != nil {
		r.lastErr = msg.err
		return
	}
	r.branch = msg.branch
	for _, p := range r.tree.Paths() {
		if !msg.seen[p] {
			r.tree.Remove(p)
		}
	}
	r.pending = 0
	r.refreshedAt = at
	r.reindex()
}

// fetchedMsg reports the result of a background fetch.
type fetchedMsg struct {
	branch gitstat.Branch
	err    error
}

func fetchRemote(ctx context.Context, src StatusSource, root, remote string) tea.Cmd {
	return func() tea.Msg {
		b, err := src.Fetch(ctx, root, remote)
		return fetchedMsg{branch: b, err: err}
	}
}

// stagedMsg reports that paths were added to the index.
type stagedMsg struct {
	paths []string
	err   error
}

func stagePaths(ctx context.Context, src StatusSource, root string, paths []string) tea.Cmd {
	return func() tea.Msg {
		err := src.Stage(ctx, root, paths...)
		return stagedMsg{paths: paths, err: err}
	}
}

// groupByDir splits paths by their top-level directory, keeping the input
// order inside each group.
func groupByDir(paths []string) [][]string {
	index := make(map[string]int)
	var groups [][]string
	for _, p := range paths {
		top, _, _ := strings.Cut(p, "/")
		if !strings.Contains(p, "/") {
			top = "."
		}
		i, ok := index[top]
		if !ok {
			i = len(groups)
			index[top] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], p)
	}
	return groups
}
