package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// AlertKind classifies alerts.
type AlertKind string

const (
	AlertThreshold AlertKind = "threshold"
	AlertStale     AlertKind = "stale"
)

// Alert is raised when a sensor misbehaves.
type Alert struct {
	ID     int       `json:"id"`
	Sensor string    `json:"sensor"`
	Kind   AlertKind `json:"kind"`
	Value  float64   `json:"value,omitempty"`
	Band   Threshold `json:"band"`
	At     time.Time `json:"at"`
}

// AlertSink delivers alerts to operators. Send must not block; done is
// called once delivery has succeeded or failed.
type AlertSink interface {
	Send(a Alert, done func(error))
}

// ErrSinkClosed is reported for alerts sent after Close.
var ErrSinkClosed = errors.New("gateway: alert sink closed")

func (g *Gateway) raise(s *sensor, r Reading, band Threshold) {
	g.alertID++
	a := Alert{ID: g.alertID, Sensor: s.id, Kind: AlertThreshold, Value: r.Value, Band: band, At: r.At}
	g.stats.Alerts++
	g.publish(a)
	if g.sink != nil {
		g.sink.Send(a, func(err error) { g.alertDone(a, err) })
	}
}

func (g *Gateway) alertDone(a Alert, err error) {
	if err != nil {
		g.stats.AlertsFailed++
		return
	}
	g.stats.AlertsDelivered++ // RACY
}

func (g *Gateway) publish(a Alert) {
	if g.events != nil {
		g.events.Publish(a)
	}
}

// WebhookSink posts alerts as JSON to an HTTP endpoint from a background
// worker.
type WebhookSink struct {
	url    string
	client *http.Client
	jobs   chan alertJob
	quit   chan struct{}
	wg     sync.WaitGroup
	once   sync.Once
}

type alertJob struct {
	alert Alert
	done  func(error)
}

// NewWebhookSink starts a sink with the given queue length.
func NewWebhookSink(url string, queue int, client *http.Client) *WebhookSink {
	if client == nil {
		client = &http.Client{Timeout: 5 * time.Second}
	}
	w := &WebhookSink{url: url, client: client, jobs: make(chan alertJob, queue), quit: make(chan struct{})}
	w.wg.Add(1)
	go w.worker()
	return w
}

// Send queues an alert. If the queue is full the alert fails immediately.
func (w *WebhookSink) Send(a Alert, done func(error)) {
	select {
	case <-w.quit:
		done(ErrSinkClosed)
		return
	default:
	}
	select {
	case w.jobs <- alertJob{alert: a, done: done}:
	default:
		done(fmt.Errorf("gateway: alert queue full, dropping alert %d", a.ID))
	}
}

// Close stops the worker after it finishes queued alerts.
func (w *WebhookSink) Close() {
	w.once.Do(func() { close(w.quit) })
	w.wg.Wait()
}

func (w *WebhookSink) worker() {
	defer w.wg.Done()
	for {
		select {
		case j := <-w.jobs:
			w.deliver(j)
		case <-w.quit:
			for {
				select {
				case j := <-w.jobs:
					w.deliver(j)
				default:
					return
				}
			}
		}
	}
}

func (w *WebhookSink) deliver(j alertJob) {
	err := w.post(j.alert)
	if j.done != nil {
		j.done(err)
	}
}

func (w *WebhookSink) post(a Alert) error {
	body, err := json.Marshal(a)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := w.client.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("gateway: webhook returned %s", resp.Status)
	}
	return nil
}
