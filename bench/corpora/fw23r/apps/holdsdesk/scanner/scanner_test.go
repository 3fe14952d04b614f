package scanner

import (
	"context"
	"strings"
	"testing"
)

func TestValidItemBarcode(t *testing.T) {
	good := WithCheckDigit("3123400012345")
	if !ValidItemBarcode(good) {
		t.Fatalf("%s rejected", good)
	}
	bad := good[:13] + string('0'+(good[13]-'0'+1)%10)
	for _, s := range []string{bad, "2123400012345" + "0", "31234", "31234000123a5x"} {
		if ValidItemBarcode(s) {
			t.Errorf("%s accepted", s)
		}
	}
}

func TestReaderDeliversValidScans(t *testing.T) {
	a := WithCheckDigit("3123400000001")
	b := WithCheckDigit("3123400000002")
	input := "A" + a + "B\r\nnot-a-barcode\n\n" + b + "\n"
	var got []Scan
	r := NewReader(strings.NewReader(input), "front-desk", SinkFunc(func(s Scan) { got = append(got, s) }))
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Barcode != a || got[1].Barcode != b || got[0].Station != "front-desk" {
		t.Fatalf("got %+v", got)
	}
	if r.Rejected() != 1 {
		t.Fatalf("rejected = %d", r.Rejected())
	}
}

func TestLogRecentAndSince(t *testing.T) {
	var l Log
	for _, c := range []string{"1", "2", "3", "4"} {
		l.Add(Scan{Barcode: c})
	}
	if r := l.Recent(2); len(r) != 2 || r[0].Barcode != "4" || r[1].Barcode != "3" {
		t.Fatalf("recent = %+v", r)
	}
	if s := l.Since(3); len(s) != 1 || s[0].Barcode != "4" {
		t.Fatalf("since = %+v", s)
	}
	if s := l.Since(4); s != nil {
		t.Fatalf("since(4) = %+v", s)
	}
}
