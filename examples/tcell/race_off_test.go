//go:build !race

package tcell_test

// raceEnabled says whether this test binary was built with -race.
const raceEnabled = false
