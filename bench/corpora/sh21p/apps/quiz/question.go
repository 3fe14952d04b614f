package quiz

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Question is one multiple-choice question.
type Question struct {
	Prompt  string   `json:"prompt"`
	Choices []string `json:"choices"`
	Answer  int      `json:"answer"`
	Points  int      `json:"points"`
}

// Validate reports problems with a question.
func (q Question) Validate() error {
	if strings.TrimSpace(q.Prompt) == "" {
		return errors.New("quiz: question has no prompt")
	}
	if len(q.Choices) < 2 {
		return fmt.Errorf("quiz: %q needs at least two choices", q.Prompt)
	}
	if q.Answer < 0 || q.Answer >= len(q.Choices) {
		return fmt.Errorf("quiz: %q answer index %d out of range", q.Prompt, q.Answer)
	}
	if q.Points <= 0 {
		return fmt.Errorf("quiz: %q is worth %d points", q.Prompt, q.Points)
	}
	return nil
}

// Shuffled returns a copy of qs in random order with each question's
// choices shuffled too.
func Shuffled(qs []Question, rng *rand.Rand) []Question {
	out := make([]Question, len(qs))
	for i, q := range qs {
		choices := append([]string(nil), q.Choices...)
		correct := choices[q.Answer]
		rng.Shuffle(len(choices), func(a, b int) { choices[a], choices[b] = choices[b], choices[a] })
		for j, c := range choices {
			if c == correct {
				q.Answer = j
				break
			}
		}
		q.Choices = choices
		out[i] = q
	}
	rng.Shuffle(len(out), func(a, b int) { out[a], out[b] = out[b], out[a] })
	return out
}

// speedBonus awards up to half the question's points for answering early.
func speedBonus(points int, took, limit time.Duration) int {
	if limit <= 0 || took >= limit {
		return 0
	}
	frac := 1 - float64(took)/float64(limit)
	return int(float64(points) / 2 * frac)
}

// streakBonus rewards consecutive correct answers.
func streakBonus(streak int) int {
	switch {
	case streak >= 5:
		return 50
	case streak >= 3:
		return 20
	default:
		return 0
	}
}
