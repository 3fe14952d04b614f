package quiz

import (
	"fmt"
	"time"
)

type answer struct {
	choice int
	at     time.Time
	late   bool
}

type round struct {
	Number  int
	Q       Question
	Opened  time.Time
	Hurried bool

	answers    map[string]answer
	timer      *time.Timer
	hurryTimer *time.Timer
}

func (r *round) stopTimers() {
	if r.timer != nil {
		r.timer.Stop()
	}
	if r.hurryTimer != nil {
		r.hurryTimer.Stop()
	}
}

// RoundSummary describes a closed round.
type RoundSummary struct {
	Round     int            `json:"round"`
	Prompt    string         `json:"prompt"`
	Correct   string         `json:"correct"`
	Answered  int            `json:"answered"`
	Points    map[string]int `json:"points"`
	Hurried   bool           `json:"hurried"`
	Standings []Standing     `json:"standings"`
}

func (s RoundSummary) clone() RoundSummary {
	pts := make(map[string]int, len(s.Points))
	for k, v := range s.Points {
		pts[k] = v
	}
	s.Points = pts
	s.Standings = append([]Standing(nil), s.Standings...)
	return s
}

func (h *Host) startRound() (int, error) {
	if h.phase == PhaseAsking {
		return 0, ErrRoundInProgress
	}
	if h.nextQ >= len(h.cfg.Questions) {
		h.phase = PhaseFinished
		return 0, ErrNoMoreQuestions
	}
	q := h.cfg.Questions[h.nextQ]
	h.nextQ++
	h.roundNo++
	r := &round{Number: h.roundNo, Q: q, Opened: time.Now(), answers: make(map[string]answer)}
	h.cur = r
	h.phase = PhaseAsking
	h.broadcast(Message{Kind: KindQuestion, Round: r.Number, Prompt: q.Prompt, Choices: q.Choices})

	n := r.Number
	r.timer = time.AfterFunc(h.cfg.RoundTime, func() { h.expire(n) })
	if b := h.cfg.HurryBefore; b > 0 && b < h.cfg.RoundTime {
		r.hurryTimer = time.AfterFunc(h.cfg.RoundTime-b, func() { h.hurry(r) })
	}
	return n, nil
}

// expire tells the loop that round n ran out of time.
func (h *Host) expire(n int) {
	select {
	case h.timeoutc <- n:
	case <-h.quit:
	}
}

// hurry warns players that the round is about to close. Answers that arrive
// after the warning earn no speed bonus.
func (h *Host) hurry(r *round) {
	secs := int(h.cfg.HurryBefore.Round(time.Second) / time.Second)
	h.broadcast(Message{Kind: KindHurry, Round: r.Number, Text: fmt.Sprintf("%ds left!", secs)})
	r.Hurried = true // RACY
}

func (h *Host) answer(a Answer) {
	r := h.cur
	if r == nil || h.phase != PhaseAsking || a.Round != r.Number {
		return
	}
	p, ok := h.players[a.Player]
	if !ok {
		return
	}
	if _, dup := r.answers[p.ID]; dup {
		return
	}
	if a.Choice < 0 || a.Choice >= len(r.Q.Choices) {
		return
	}
	r.answers[p.ID] = answer{choice: a.Choice, at: time.Now(), late: r.Hurried}
	_ = p.conn.Send(Message{Kind: KindAck, Round: r.Number})
	if len(r.answers) >= h.connected() {
		h.closeRound(r.Number)
	}
}

func (h *Host) closeRound(n int) {
	r := h.cur
	if r == nil || r.Number != n || h.phase != PhaseAsking {
		return
	}
	r.stopTimers()
	points := h.score(r)
	h.phase = PhaseReveal

	summary := RoundSummary{
		Round:     r.Number,
		Prompt:    r.Q.Prompt,
		Correct:   r.Q.Choices[r.Q.Answer],
		Answered:  len(r.answers),
		Points:    points,
		Hurried:   r.Hurried,
		Standings: h.scoreboard(),
	}
	h.history = append(h.history, summary)
	h.broadcast(Message{Kind: KindReveal, Round: r.Number, Correct: r.Q.Answer, Standings: summary.Standings})
	if h.cfg.OnRoundClosed != nil {
		go h.cfg.OnRoundClosed(summary.clone())
	}

	if h.nextQ >= len(h.cfg.Questions) {
		h.phase = PhaseFinished
		h.broadcast(Message{Kind: KindGameOver, Standings: summary.Standings})
		return
	}
	if h.cfg.AutoAdvance {
		time.AfterFunc(h.cfg.Pause, func() {
			select {
			case h.advancec <- n:
			case <-h.quit:
			}
		})
	}
}

// score applies the round's points to the players and returns them.
func (h *Host) score(r *round) map[string]int {
	points := make(map[string]int, len(r.answers))
	for _, p := range h.roster {
		a, ok := r.answers[p.ID]
		if !ok || a.choice != r.Q.Answer {
			p.Streak = 0
			continue
		}
		p.Streak++
		pts := r.Q.Points + streakBonus(p.Streak)
		if !a.late {
			pts += speedBonus(r.Q.Points, a.at.Sub(r.Opened), h.cfg.RoundTime)
		}
		p.Score += pts
		points[p.ID] = pts
	}
	return points
}
