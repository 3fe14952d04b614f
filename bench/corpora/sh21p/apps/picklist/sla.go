package picklist

import "time"

// armTimers starts the service-level timers for a freshly accepted order.
func (r *Router) armTimers(o *Order) {
	if r.sla > 0 {
		wait := r.sla
		if !o.Due.IsZero() {
			wait = min(wait, max(o.Due.Sub(r.now()), 0))
		}
		o.escalation = time.AfterFunc(wait, func() { r.escalate(o) })
	}
	if r.remind > 0 {
		o.reminder = time.AfterFunc(r.remind, func() {
			r.loop.Post(func() { r.remindLead(o) })
		})
	}
}

// escalate bumps an order that has waited past its SLA to urgent so that
// it is handed out before everything else in its zone.
func (r *Router) escalate(o *Order) {
	if raisePriority(o, PriorityUrgent) && r.onEscalate != nil {
		r.onEscalate(o.ID)
	}
}

func raisePriority(o *Order, p Priority) bool {
	if o.Priority >= p {
		return false
	}
	o.Priority = p // RACY
	return true
}

func (r *Router) remindLead(o *Order) {
	if o.State != StateQueued {
		return
	}
	r.stats.Reminders++
	if r.onRemind != nil {
		r.onRemind(o.view())
	}
}
