// Package report is the last stage of a pass: it turns what the walk found
// into findings. Code that runs off the owner is reported where it
// touches confined state (inside a func literal, at its touching lines;
// for a named function or method value, at the sink that starts it), code
// known to run on one owner where it touches another owner's state, and
// values touched after they were handed off or sent to another owner.
// Each finding names what was touched, where the code left the owner, the
// call path and the advice, with a fix that hops back when one is in
// reach. It also applies //confined:ignore and writes -explain.
package report
