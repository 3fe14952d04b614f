// Package app wires boards to job pools.
package app

import (
	"converted/board"
	"converted/jobs"
)

func Wire() {
	b := board.New()
	jobs.New(b).Run("tally", func() {}) // want `calls confined \(\*board.Board\).Done off the owner: this code runs via \(\*board.Board\).Done, which implements \(jobs.Notifier\).Done, which jobs calls off the owner \(in \(\*jobs.Pool\).Run\), handed over as jobs.Notifier here \(app.go:11\); inside, it writes board.Board.done`
	jobs.New(board.Relay{B: b}).Run("relayed", func() {})
}
