//go:build race

package examplecheck

// RaceEnabled says whether the binary was built with -race (the race build
// tag holds for every package of the build, this one too).
const RaceEnabled = true
