package invoicebatch

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"example.com/corpus/trial-nl21p/internal/fanout"
)

func sampleInvoices() []Invoice {
	var invs []Invoice
	for i := range 5 {
		invs = append(invs, sampleInvoice("acme", i))
	}
	for i := range 3 {
		invs = append(invs, sampleInvoice("globex", i))
	}
	invs = append(invs, sampleInvoice("initech", 0))
	return invs
}

type downStore struct{}

func (downStore) Put(context.Context, string, []byte) error { return ErrUnavailable }

func fixedClock() time.Time { return day0.AddDate(0, 1, 0) }

func TestPlan(t *testing.T) {
	invs := sampleInvoices()
	invs[0], invs[4] = invs[4], invs[0]
	batches := Plan(invs, 2)
	var ids []string
	for _, b := range batches {
		ids = append(ids, b.ID)
	}
	if got := strings.Join(ids, ","); got != "acme-001,acme-002,acme-003,globex-001,globex-002,initech-001" {
		t.Fatalf("batches = %s", got)
	}
	if batches[0].Invoices[0].Number != "acme-1000" || batches[2].Invoices[0].Number != "acme-1004" {
		t.Errorf("acme batches not ordered by issue date")
	}
}

func TestRun(t *testing.T) {
	store := NewMemStore()
	b := New(store, WithMaxPerBatch(2), WithWorkers(2), WithClock(fixedClock))
	m, err := b.Run(context.Background(), sampleInvoices())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Entries) != 6 || m.Stored() != 6 || len(m.Rejected) != 0 {
		t.Fatalf("manifest = %+v", m)
	}
	keys := store.Keys()
	if len(keys) != 6 || keys[0] != "invoices/acme-001.pdf" {
		t.Errorf("keys = %v", keys)
	}
	for _, e := range m.Entries {
		doc, _ := store.Get(e.Key)
		if len(doc) != e.Bytes || e.Pages != len(e.Invoices) || e.Attempts != 1 {
			t.Errorf("entry %+v does not match stored document (%d bytes)", e, len(doc))
		}
	}
	one := sampleInvoice("x", 0)
	if want := 9 * one.Totals().Gross; m.Totals["EUR"] != want {
		t.Errorf("EUR total = %v, want %v", m.Totals["EUR"], want)
	}
	if p := b.Progress(); p.Done() != 6 || p.Failed() != 0 || p.Retries() != 0 || len(p.InFlight()) != 0 {
		t.Errorf("progress done=%d failed=%d retries=%d", p.Done(), p.Failed(), p.Retries())
	}
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var back Manifest
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil || len(back.Entries) != 6 {
		t.Errorf("manifest JSON round trip: %v", err)
	}
}

func TestRunNothing(t *testing.T) {
	if _, err := New(NewMemStore()).Run(context.Background(), nil); err != ErrNothingToDo {
		t.Fatalf("err = %v", err)
	}
}

func TestAuditAsync(t *testing.T) {
	invs := sampleInvoices()
	invs[1].Number = invs[0].Number
	invs[2].Items = []LineItem{{SKU: "FREE", Quantity: 1}}
	invs[8].Customer.Email = ""
	warns := <-AuditAsync(invs, day0.AddDate(0, 0, 33))
	joined := strings.Join(warns, "\n")
	for _, want := range []string{"acme-1000: duplicate invoice number", "acme-1002: total is zero", "acme-1000: overdue by 3 days", "customer initech: no email address"} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings lack %q:\n%s", want, joined)
		}
	}
}

func TestRenderAll(t *testing.T) {
	docs, pages, err := RenderAll(context.Background(), sampleInvoices(), 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 9 || pages != 9 || docs[5].Number != "globex-1000" {
		t.Errorf("rendered %d docs, %d pages", len(docs), pages)
	}
	bad := sampleInvoices()
	bad[3].Items = nil
	if _, _, err := RenderAll(context.Background(), bad, 0, 3); err == nil {
		t.Error("expected validation error")
	}
}

func TestRunWithAudit(t *testing.T) {
	b := New(NewMemStore(), WithMaxPerBatch(2), WithWorkers(2), WithAudit(), WithClock(fixedClock))
	m, err := b.Run(context.Background(), sampleInvoices())
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(10 * time.Millisecond)
	if m.Stored() != 6 {
		t.Errorf("stored %d batches", m.Stored())
	}
}

func TestRunRejectsInvalid(t *testing.T) {
	invs := sampleInvoices()
	for i := range invs {
		invs[i].Currency = "euro"
	}
	b := New(NewMemStore(), WithMaxPerBatch(2), WithWorkers(2), WithClock(fixedClock))
	m, err := b.Run(context.Background(), invs)
	if err != nil {
		t.Fatal(err)
	}
	if m.Stored() != 0 || len(m.Rejected) == 0 {
		t.Errorf("stored %d, rejected %d", m.Stored(), len(m.Rejected))
	}
}

func TestRunStoreDown(t *testing.T) {
	b := New(downStore{}, WithMaxPerBatch(2), WithWorkers(2), WithBackoff(fanout.Backoff{Attempts: 3}), WithClock(fixedClock))
	m, err := b.Run(context.Background(), sampleInvoices())
	if err != nil {
		t.Fatal(err)
	}
	if m.Stored() != 0 || b.Progress().Failed() != 6 || b.Progress().Retries() == 0 {
		t.Errorf("stored %d, failed %d, retries %d", m.Stored(), b.Progress().Failed(), b.Progress().Retries())
	}
	for _, e := range m.Entries {
		if e.Attempts != 3 || !strings.Contains(e.Error, "unavailable") {
			t.Errorf("entry %+v", e)
		}
	}
}

func TestPreview(t *testing.T) {
	b := New(NewMemStore())
	docs, err := b.Preview(context.Background(), sampleInvoices())
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 9 || b.PreviewPages() == 0 {
		t.Errorf("docs %d, pages %d", len(docs), b.PreviewPages())
	}
}
