// Package known is what confinecheck knows of libraries beyond what their
// packs can say, kept as data with a why per row: how a framework runs
// code (a Bubble Tea program runs its model's turns on the goroutine
// calling Run; hollywood's SpawnFunc spawns a func as an actor), how its
// test harnesses wait, which messages set an actor up, which runners run
// a func once or in place, and which functions never return.
//
// A pack's directives say where code runs; these tables say what the
// directive language has no word for. A new framework's knowledge lands
// here, and the stages (walk, where, suggest) ask it by function or type.
// Rows are keyed by package path first: the stages ask of every call.
package known
