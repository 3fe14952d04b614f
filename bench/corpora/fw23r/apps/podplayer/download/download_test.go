package download

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

type fixedSource struct {
	body     string
	announce int64
}

func (s fixedSource) Open(ctx context.Context, url string) (io.ReadCloser, int64, error) {
	return io.NopCloser(strings.NewReader(s.body)), s.announce, nil
}

func TestFetchWritesBodyAndMeters(t *testing.T) {
	f := NewFetcher(fixedSource{body: strings.Repeat("x", 1000), announce: 1000}, WithChunkSize(64))
	var buf bytes.Buffer
	j := f.Start(context.Background(), "https://cdn.example/ep1.mp3", 1000, &buf)
	<-j.Done()
	if j.Err != nil {
		t.Fatal(j.Err)
	}
	if buf.Len() != 1000 || j.Fraction() != 1 {
		t.Fatalf("len %d fraction %v", buf.Len(), j.Fraction())
	}
	if f.Meter().Bytes() != 1000 || f.Meter().Files() != 1 {
		t.Fatalf("meter %d bytes %d files", f.Meter().Bytes(), f.Meter().Files())
	}
}

func TestFetchDetectsShortBody(t *testing.T) {
	f := NewFetcher(fixedSource{body: "abc", announce: 10})
	j := f.Start(context.Background(), "https://cdn.example/ep2.mp3", 0, io.Discard)
	<-j.Done()
	if !errors.Is(j.Err, ErrShort) {
		t.Fatalf("err = %v", j.Err)
	}
	if f.Meter().Files() != 0 {
		t.Fatal("short download counted as complete")
	}
}
