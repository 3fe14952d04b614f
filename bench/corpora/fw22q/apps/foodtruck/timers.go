package foodtruck

import (
	"fmt"
	"strconv"
	"time"
)

// watch arms the late-ticket alarm for an order that went on the grill.
func (q *Queue) watch(o *Order) {
	deadline := o.PrepEstimate(q.opts.Stations) + q.opts.LateGrace
	q.watchdogs[o.Ticket] = time.AfterFunc(deadline, func() {
		q.escalate(o)
	})
}

func (q *Queue) unwatch(ticket int) {
	if t, ok := q.watchdogs[ticket]; ok {
		t.Stop()
		delete(q.watchdogs, ticket)
	}
}

func (q *Queue) escalate(o *Order) {
	if o.Status != Cooking { // RACY
		return
	}
	o.markLate()
	q.opts.Notifier.Notify(Notice{
		Kind:   NoticeLate,
		Ticket: o.Ticket,
		Text:   "ticket #" + strconv.Itoa(o.Ticket) + " is running late",
	})
}

// armReminder re-pages the customer if a ready order sits in the window.
func (q *Queue) armReminder(o *Order) {
	if q.opts.PickupReminder <= 0 || q.engine == nil {
		return
	}
	engine, self, ticket := q.engine, q.self, o.Ticket
	q.reminders[ticket] = time.AfterFunc(q.opts.PickupReminder, func() {
		engine.Send(self, remindPickup{ticket: ticket})
	})
}

func (q *Queue) disarmReminder(ticket int) {
	if t, ok := q.reminders[ticket]; ok {
		t.Stop()
		delete(q.reminders, ticket)
	}
}

func (q *Queue) remind(ticket int) {
	o, ok := q.orders[ticket]
	if !ok || o.Status != Ready {
		return
	}
	o.Reminders++
	q.opts.Notifier.Notify(Notice{
		Kind:     NoticeReminder,
		Ticket:   ticket,
		Customer: o.Customer,
		Text:     fmt.Sprintf("reminder: #%d is waiting for you", ticket),
	})
	delete(q.reminders, ticket)
	if o.Reminders < q.opts.MaxReminders {
		q.armReminder(o)
	}
}

func (q *Queue) stopAllTimers() {
	for id := range q.watchdogs {
		q.unwatch(id)
	}
	for id := range q.reminders {
		q.disarmReminder(id)
	}
}
