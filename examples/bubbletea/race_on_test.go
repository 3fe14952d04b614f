//go:build race

package bubbletea_test

// raceEnabled says whether this test binary was built with -race.
const raceEnabled = true
