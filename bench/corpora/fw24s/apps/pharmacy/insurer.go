package pharmacy

import (
	"strings"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Formulary maps NDC prefixes to copay tiers in cents.
type Formulary map[string]int

// Insurer is a pharmacy benefit manager actor.
type Insurer struct {
	formulary Formulary
	latency   time.Duration
	denied    map[string]bool
	claims    int
}

// NewInsurer returns a producer for an insurer actor.
func NewInsurer(f Formulary, latency time.Duration) actor.Producer {
	return func() actor.Actor {
		return &Insurer{formulary: f, latency: latency, denied: map[string]bool{}}
	}
}

// Receive implements actor.Actor.
func (in *Insurer) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Claim:
		in.claims++
		if in.latency > 0 {
			time.Sleep(in.latency)
		}
		ctx.Respond(in.adjudicate(m))
	case *PriorAuth:
		if in.latency > 0 {
			time.Sleep(in.latency)
		}
		d := &AuthDecision{RxID: m.RxID, Decision: "approved", Expires: time.Now().Add(180 * 24 * time.Hour)}
		if m.Schedule == ScheduleII || in.denied[m.Member] {
			d.Decision = "review"
		}
		ctx.Respond(d)
	}
}

func (in *Insurer) adjudicate(c *Claim) *Adjudication {
	if in.denied[c.Member] {
		return &Adjudication{RxID: c.RxID, Reason: "member not eligible"}
	}
	tier := 1500
	for prefix, copay := range in.formulary {
		if strings.HasPrefix(c.NDC, prefix) {
			tier = copay
			break
		}
	}
	return &Adjudication{RxID: c.RxID, Paid: true, Copay: tier}
}
