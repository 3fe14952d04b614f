package gateway

import "time"

// feedWatchdog restarts the sensor's silence timer.
func (g *Gateway) feedWatchdog(s *sensor) {
	if g.cfg.StaleAfter <= 0 {
		return
	}
	if s.watchdog == nil {
		s.watchdog = time.AfterFunc(g.cfg.StaleAfter, func() { g.markStale(s) })
		return
	}
	s.watchdog.Reset(g.cfg.StaleAfter)
}

func (g *Gateway) markStale(s *sensor) {
	s.health = HealthStale // RACY
	g.publish(Alert{Sensor: s.id, Kind: AlertStale, At: time.Now()})
}
