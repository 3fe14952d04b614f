// Package flow holds the SSA helpers the stages share: which functions a
// func value may denote and what its closure captured, the declared
// function behind an SSA function, and where values are stored and loaded.
package flow
