package ciqueue

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// scriptExec pretends to run jobs. A first command of "false" exits 1,
// "flaky" fails the first attempt and "hang" runs until canceled.
type scriptExec struct {
	d time.Duration

	mu       sync.Mutex
	ran      []string
	attempts map[string]int
}

func newExec(d time.Duration) *scriptExec {
	return &scriptExec{d: d, attempts: make(map[string]int)}
}

func (e *scriptExec) Run(ctx context.Context, spec Spec, log func(string)) Result {
	e.mu.Lock()
	e.ran = append(e.ran, spec.Name)
	e.attempts[spec.Name]++
	attempt := e.attempts[spec.Name]
	e.mu.Unlock()

	log("$ " + strings.Join(spec.Commands, " && "))
	d := e.d
	if spec.Commands[0] == "hang" {
		d = time.Hour
	}
	select {
	case <-time.After(d):
	case <-ctx.Done():
		return Result{ExitCode: -1, Err: ctx.Err()}
	}
	log("done")
	switch {
	case spec.Commands[0] == "false":
		return Result{ExitCode: 1}
	case spec.Commands[0] == "flaky" && attempt == 1:
		return Result{ExitCode: 2}
	}
	return Result{Artifacts: []string{spec.Pipeline + "/" + spec.Name + ".tar.gz"}}
}

func (e *scriptExec) order() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.ran...)
}

func testConfig() Config {
	return Config{
		Runners:      2,
		SweepEvery:   time.Hour,
		PollEvery:    time.Millisecond,
		RetryBackoff: time.Millisecond,
		Retention:    time.Hour,
		MaxLogLines:  50,
	}
}

func newTestQueue(t *testing.T, cfg Config, exec Executor, opts ...Option) *Queue {
	t.Helper()
	q := New(cfg, exec, opts...)
	t.Cleanup(q.Close)
	return q
}

func spec(name string, cmds ...string) Spec {
	if len(cmds) == 0 {
		cmds = []string{"make test"}
	}
	return Spec{Pipeline: "api", Name: name, Commands: cmds}
}

func mustSubmit(t *testing.T, q *Queue, s Spec) JobID {
	t.Helper()
	id, err := q.Submit(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// waitSnapshot polls copies of the job until it reaches a terminal state.
func waitSnapshot(t *testing.T, q *Queue, id JobID) Job {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		j, err := q.Snapshot(id)
		if err != nil {
			t.Fatal(err)
		}
		if j.Status.Terminal() {
			return j
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s stuck in %v", id, j.Status)
		}
		time.Sleep(200 * time.Microsecond)
	}
}

func TestSpecValidation(t *testing.T) {
	q := newTestQueue(t, testConfig(), newExec(0))
	for _, s := range []Spec{{}, {Pipeline: "a", Name: "b"}, {Pipeline: "a", Name: "b", Commands: []string{"x"}, MaxRetries: -1}} {
		if _, err := q.Submit(s); err == nil {
			t.Fatalf("spec %+v accepted", s)
		}
	}
	if _, err := q.Job("job-99"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing job: %v", err)
	}
}

func TestPriorityOrder(t *testing.T) {
	cfg := testConfig()
	cfg.Runners = 1
	exec := newExec(2 * time.Millisecond)
	q := newTestQueue(t, cfg, exec)

	first := mustSubmit(t, q, spec("lint"))
	low := spec("docs")
	low.Priority = -1
	high := spec("hotfix")
	high.Priority = 10
	ids := []JobID{mustSubmit(t, q, low), mustSubmit(t, q, spec("unit")), mustSubmit(t, q, high)}
	for _, id := range append(ids, first) {
		if j := waitSnapshot(t, q, id); j.Status != Succeeded {
			t.Fatalf("%s: %v", id, j.Status)
		}
	}
	got := strings.Join(exec.order(), ",")
	if got != "lint,hotfix,unit,docs" {
		t.Fatalf("ran %s", got)
	}
}

func TestRetryThenSucceed(t *testing.T) {
	q := newTestQueue(t, testConfig(), newExec(time.Millisecond))
	s := spec("integration", "flaky")
	s.MaxRetries = 2
	id := mustSubmit(t, q, s)
	j := waitSnapshot(t, q, id)
	if j.Status != Succeeded || j.Attempts != 2 {
		t.Fatalf("job = %+v", j)
	}
	if len(j.Log) != 4 || j.Log[3] != "done" {
		t.Fatalf("log = %q", j.Log)
	}
	failing := mustSubmit(t, q, spec("broken", "false"))
	if j := waitSnapshot(t, q, failing); j.Status != Failed || j.Error != "exit code 1" {
		t.Fatalf("failing job = %+v", j)
	}
	st, _ := q.Stats()
	if st.Retried != 1 || st.Succeeded != 1 || st.Failed != 1 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestTimeoutAndCancel(t *testing.T) {
	cfg := testConfig()
	cfg.SweepEvery = time.Millisecond
	q := newTestQueue(t, cfg, newExec(time.Millisecond))
	slow := spec("e2e", "hang")
	slow.Timeout = 3 * time.Millisecond
	timedOut := mustSubmit(t, q, slow)
	stuck := mustSubmit(t, q, spec("deploy", "hang"))
	queued := mustSubmit(t, q, spec("bench", "hang"))

	if j := waitSnapshot(t, q, timedOut); j.Status != TimedOut {
		t.Fatalf("timeout job = %+v", j)
	}
	for _, id := range []JobID{stuck, queued} {
		if err := q.Cancel(id); err != nil {
			t.Fatal(err)
		}
		if j := waitSnapshot(t, q, id); j.Status != Canceled {
			t.Fatalf("%s = %+v", id, j)
		}
	}
	st, _ := q.Stats()
	if st.TimedOut != 1 || st.Canceled != 2 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestConcurrentSubmitters(t *testing.T) {
	cfg := testConfig()
	cfg.Runners = 3
	q := newTestQueue(t, cfg, newExec(500*time.Microsecond))
	var wg sync.WaitGroup
	ids := make(chan JobID, 40)
	for p := 0; p < 4; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 10; i++ {
				id, err := q.Submit(spec("shard"))
				if err != nil {
					t.Error(err)
					return
				}
				ids <- id
				if _, err := q.Stats(); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	close(ids)
	for id := range ids {
		if j := waitSnapshot(t, q, id); j.Status != Succeeded || len(j.Artifacts) != 1 {
			t.Fatalf("%s = %+v", id, j)
		}
	}
	if got := q.metrics.Counter("attempts_finished_total"); got != 40 {
		t.Fatalf("attempts_finished_total = %d", got)
	}
}

type memStore struct {
	mu      sync.Mutex
	deleted []string
}

func (m *memStore) Delete(path string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.deleted = append(m.deleted, path)
	return nil
}

func TestPruneDeletesArtifacts(t *testing.T) {
	cfg := testConfig()
	cfg.Retention = 0
	store := &memStore{}
	q := newTestQueue(t, cfg, newExec(time.Millisecond), WithArtifactStore(store))
	var ids []JobID
	for _, name := range []string{"a", "b", "c"} {
		ids = append(ids, mustSubmit(t, q, spec(name)))
	}
	for _, id := range ids {
		waitSnapshot(t, q, id)
	}
	n, err := q.Prune()
	if err != nil || n != 3 {
		t.Fatalf("pruned %d, %v", n, err)
	}
	store.mu.Lock()
	defer store.mu.Unlock()
	if len(store.deleted) != 3 {
		t.Fatalf("deleted %v", store.deleted)
	}
	if _, err := q.Snapshot(ids[0]); !errors.Is(err, ErrNotFound) {
		t.Fatalf("pruned job still visible: %v", err)
	}
}

func TestHTTPSubmitGetCancel(t *testing.T) {
	q := newTestQueue(t, testConfig(), newExec(time.Millisecond))
	h := q.Handler()

	do := func(method, path string, body any) *httptest.ResponseRecorder {
		var buf bytes.Buffer
		if body != nil {
			_ = json.NewEncoder(&buf).Encode(body)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, path, &buf))
		return rec
	}
	rec := do(http.MethodPost, "/jobs", submitRequest{Pipeline: "web", Name: "build", Commands: []string{"npm ci"}})
	if rec.Code != http.StatusAccepted {
		t.Fatalf("submit status %d: %s", rec.Code, rec.Body)
	}
	var created map[string]JobID
	_ = json.Unmarshal(rec.Body.Bytes(), &created)
	hang := do(http.MethodPost, "/jobs", submitRequest{Pipeline: "web", Name: "soak", Commands: []string{"hang"}})
	var soak map[string]JobID
	_ = json.Unmarshal(hang.Body.Bytes(), &soak)

	for i := 0; i < 5; i++ {
		if rec := do(http.MethodGet, "/jobs/"+string(created["id"]), nil); rec.Code != http.StatusOK {
			t.Fatalf("get status %d", rec.Code)
		}
		time.Sleep(200 * time.Microsecond)
	}
	if rec := do(http.MethodPost, "/jobs/"+string(soak["id"])+"/cancel", nil); rec.Code != http.StatusNoContent {
		t.Fatalf("cancel status %d", rec.Code)
	}
	waitSnapshot(t, q, created["id"])
	rec = do(http.MethodGet, "/jobs/"+string(created["id"]), nil)
	var view jobView
	_ = json.Unmarshal(rec.Body.Bytes(), &view)
	if view.Status != "succeeded" || len(view.Log) != 2 {
		t.Fatalf("view = %+v", view)
	}
	if rec := do(http.MethodGet, "/jobs/job-404", nil); rec.Code != http.StatusNotFound {
		t.Fatalf("missing job status %d", rec.Code)
	}
	if rec := do(http.MethodPost, "/jobs", "not a job"); rec.Code != http.StatusBadRequest {
		t.Fatalf("bad body status %d", rec.Code)
	}
	if rec := do(http.MethodGet, "/stats", nil); !strings.Contains(rec.Body.String(), `"Canceled":1`) {
		t.Fatalf("stats %s", rec.Body)
	}
}
