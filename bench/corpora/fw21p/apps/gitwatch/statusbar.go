package gitwatch

import (
	"time"
)

type level int

const (
	levelInfo level = iota
	levelWarn
	levelError
)

func (l level) prefix() string {
	switch l {
	case levelWarn:
		return "! "
	case levelError:
		return "✗ "
	default:
		return ""
	}
}

// statusBar shows a short-lived message under the file list.
type statusBar struct {
	text  string
	level level
	timer *time.Timer
}

func (s *statusBar) flash(text string, lvl level, d time.Duration) {
	s.text = text
	s.level = lvl
	if s.timer != nil {
		s.timer.Stop()
	}
	if d > 0 {
		s.timer = time.AfterFunc(d, s.expire)
	}
}

func (s *statusBar) expire() {
	s.text = "" // RACY
}

func (s *statusBar) render() string {
	if s.text == "" {
		return ""
	}
	return s.level.prefix() + s.text
}

func (s *statusBar) stop() {
	if s.timer != nil {
		s.timer.Stop()
	}
}
