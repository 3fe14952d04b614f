package bounce

import (
	"context"
	"testing"
)

func TestPipelineRun(t *testing.T) {
	raws := [][]byte{
		hardBounce("a@example.org"),
		[]byte(plainMail),
		dsn("b@example.org", "5.2.2", "552 5.2.2 over quota"),
		[]byte(outOfOffice),
		hardBounce("c@other.example"),
		dsn("d@example.org", "4.4.1", "421 4.4.1 timeout"),
	}
	p := NewPipeline(NewClassifier(), WithWorkers(2))
	vs, err := p.Run(context.Background(), raws)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 5 {
		t.Fatalf("got %d verdicts, want 5", len(vs))
	}
	if vs[0].Recipient != "a@example.org" || vs[3].Recipient != "c@other.example" {
		t.Errorf("verdicts out of order: %+v", vs)
	}
	sum := p.Stats().Summary()
	if sum.Processed != 6 || sum.Ignored != 1 || sum.Malformed != 0 {
		t.Errorf("summary = %+v", sum)
	}
	if sum.ByCategory[Hard] != 2 || sum.ByDomain["example.org"] != 3 {
		t.Errorf("breakdown = %v %v", sum.ByCategory, sum.ByDomain)
	}
}

func TestPipelineFilter(t *testing.T) {
	raws := [][]byte{hardBounce("a@example.org"), []byte(outOfOffice), hardBounce("b@example.org")}
	p := NewPipeline(NewClassifier(), WithWorkers(2), WithFilter(func(v Verdict) bool { return v.Category != AutoReply }))
	vs, err := p.Run(context.Background(), raws)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 2 || p.Stats().Summary().Ignored != 1 {
		t.Errorf("verdicts %+v, summary %+v", vs, p.Stats().Summary())
	}
}

func TestPipelineRunCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := NewPipeline(NewClassifier(), WithWorkers(2))
	if _, err := p.Run(ctx, [][]byte{hardBounce("a@example.org")}); err == nil {
		t.Fatal("expected context error")
	}
}

func TestPipelineCountsMalformed(t *testing.T) {
	raws := make([][]byte, 8)
	for i := range raws {
		raws[i] = []byte(garbage)
	}
	p := NewPipeline(NewClassifier(), WithWorkers(2))
	vs, err := p.Run(context.Background(), raws)
	if err != nil {
		t.Fatal(err)
	}
	sum := p.Stats().Summary()
	if len(vs) != 0 || sum.Processed != 8 || sum.Malformed == 0 {
		t.Errorf("verdicts %d, summary %+v", len(vs), sum)
	}
}
