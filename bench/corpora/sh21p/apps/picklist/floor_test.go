package picklist

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestEscalationRaisesPriority(t *testing.T) {
	r := newTestRouter(t, WithSLA(10*time.Millisecond))
	if err := r.AddPicker("ana", "A", 2); err != nil {
		t.Fatal(err)
	}
	if err := r.Submit(order("e1", PriorityNormal, "A01-B04-L0")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "escalation", func() bool {
		v, err := r.Order("e1")
		return err == nil && v.Priority == PriorityUrgent
	})

	b, err := r.NextBatch("ana")
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Orders) != 1 || b.Orders[0] != "e1" {
		t.Fatalf("batch = %+v", b)
	}
}

func TestReplanAfterStockMove(t *testing.T) {
	r := newTestRouter(t)
	if err := r.AddPicker("ana", "A", 2); err != nil {
		t.Fatal(err)
	}
	if err := r.Submit(order("m1", PriorityNormal, "A02-B09-L0", "A05-B01-L1")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "initial plan", func() bool {
		v, err := r.Order("m1")
		return err == nil && v.Planned
	})
	if err := r.Replan("m1"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)

	b, err := r.NextBatch("ana")
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Stops) != 2 {
		t.Fatalf("stops = %v", b.Stops)
	}
}

func TestHealthReportsBacklog(t *testing.T) {
	r := newTestRouter(t)
	srv := httptest.NewServer(r.Handler())
	defer srv.Close()

	if err := r.Submit(order("s1", PriorityNormal, "A03-B03-L0")); err != nil {
		t.Fatal(err)
	}
	var h healthReport
	waitFor(t, "order to be queued", func() bool {
		resp, err := http.Get(srv.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if err := json.NewDecoder(resp.Body).Decode(&h); err != nil {
			t.Fatal(err)
		}
		return h.Queued == 1
	})
	if h.Status != "ok" || h.Zones != 2 {
		t.Fatalf("health = %+v", h)
	}
}

func TestFloorReportAfterCompletion(t *testing.T) {
	r := newTestRouter(t)
	if err := r.AddPicker("ana", "A", 4); err != nil {
		t.Fatal(err)
	}
	if err := r.Submit(order("f1", PriorityNormal, "A01-B01-L0")); err != nil {
		t.Fatal(err)
	}
	if _, err := r.NextBatch("ana"); err != nil {
		t.Fatal(err)
	}
	pickers, err := r.Pickers()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Complete("f1"); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	waitFor(t, "picker to be free", func() bool {
		buf.Reset()
		if err := WriteFloorReport(&buf, pickers); err != nil {
			t.Fatal(err)
		}
		return strings.Contains(buf.String(), "  0%")
	})
	if !strings.Contains(buf.String(), "ana") {
		t.Fatalf("report:\n%s", buf.String())
	}
}
