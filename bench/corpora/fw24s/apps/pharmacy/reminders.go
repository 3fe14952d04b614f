package pharmacy

import (
	"fmt"
	"time"
)

// schedulePickupReminder texts the patient if the bag is still waiting after
// the reminder delay.
func (c *Counter) schedulePickupReminder(rx *Prescription) {
	patient, drug := rx.Patient, rx.Drug
	time.AfterFunc(c.reminderDelay, func() {
		c.notifier.Notify(patient, reminderText(drug))
		recordReminder(rx)
	})
}

func reminderText(drug string) string {
	return fmt.Sprintf("Your %s refill is ready for pickup.", drug)
}

func recordReminder(rx *Prescription) {
	rx.RemindersSent++ // RACY
}

// scheduleReorderCheck reviews the reorder list on the actor once the
// delay has passed.
func (c *Counter) scheduleReorderCheck() {
	system, self := c.system, c.self
	if system == nil || self == nil {
		return
	}
	time.AfterFunc(c.reorderDelay, func() {
		system.Root.Send(self, reorderCheck{})
	})
}
