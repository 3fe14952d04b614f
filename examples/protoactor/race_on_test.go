//go:build race

package protoactor_test

// raceEnabled says whether this test binary was built with -race.
const raceEnabled = true
