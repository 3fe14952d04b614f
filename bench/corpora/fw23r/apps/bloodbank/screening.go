package bloodbank

import (
	"github.com/ergo-services/ergo/gen"
)

// startScreening sends the sample to the lab in the background; the result
// comes back to the desk as a screeningDone message.
func (b *Bank) startScreening(process *gen.ServerProcess, s Sample) {
	b.screening++
	self := process.Self()
	lab := b.opts.Lab
	ctx, cancel := b.requestContext()
	go func() {
		defer cancel()
		res, err := lab.Screen(ctx, s)
		if res.UnitID == "" {
			res.UnitID = s.UnitID
		}
		_ = process.Send(self, screeningDone{result: res, err: err})
	}()
}
