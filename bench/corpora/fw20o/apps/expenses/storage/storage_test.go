package storage

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestJSONFileRoundTrip(t *testing.T) {
	f := JSONFile{Path: filepath.Join(t.TempDir(), "expenses.json")}
	if recs, err := f.Load(); err != nil || recs != nil {
		t.Fatalf("empty load: %v %v", recs, err)
	}
	in := []Record{{ID: 1, When: time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC), Description: "Lunch", Category: "Food", AmountCents: 1250, Currency: "USD", OriginalCents: 1250}}
	if err := f.Save(in); err != nil {
		t.Fatal(err)
	}
	out, err := f.Load()
	if err != nil || len(out) != 1 || out[0].Description != "Lunch" || !out[0].When.Equal(in[0].When) {
		t.Fatalf("load = %+v %v", out, err)
	}
}

func TestWriteCSV(t *testing.T) {
	var buf bytes.Buffer
	err := WriteCSV(&buf, []Record{{ID: 3, When: time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC), Description: "Taxi, late", Category: "Travel", AmountCents: 1999, Currency: "EUR", OriginalCents: 1800}})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || lines[1] != `3,2024-02-29,"Taxi, late",Travel,19.99,EUR,18.00` {
		t.Fatalf("csv = %q", buf.String())
	}
}

func TestFormatCents(t *testing.T) {
	for in, want := range map[int64]string{0: "0.00", 5: "0.05", 1234: "12.34", -250: "-2.50"} {
		if got := FormatCents(in); got != want {
			t.Errorf("FormatCents(%d) = %q, want %q", in, got, want)
		}
	}
}
