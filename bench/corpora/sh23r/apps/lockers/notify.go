package lockers

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Notifier delivers text messages to recipients.
type Notifier interface {
	Send(ctx context.Context, phone, text string) error
}

// Outbox is a Notifier that records messages after a simulated gateway
// latency.
type Outbox struct {
	Latency time.Duration

	mu   sync.Mutex
	sent []Message
}

// Message is a delivered text.
type Message struct {
	Phone string
	Text  string
}

// Send records the message.
func (o *Outbox) Send(ctx context.Context, phone, text string) error {
	if o.Latency > 0 {
		select {
		case <-time.After(o.Latency):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	o.mu.Lock()
	o.sent = append(o.sent, Message{Phone: phone, Text: text})
	o.mu.Unlock()
	return nil
}

// Sent returns a copy of the delivered messages.
func (o *Outbox) Sent() []Message {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]Message(nil), o.sent...)
}

func arrivalText(p *Parcel, locker, code string) string {
	return fmt.Sprintf("Hi %s, parcel %s is in locker %s. Pickup code: %s", p.Recipient, p.Tracking, locker, code)
}

func reminderText(p *Parcel, locker string, n int) string {
	return fmt.Sprintf("Reminder %d: parcel %s is still waiting in locker %s", n, p.Tracking, locker)
}
