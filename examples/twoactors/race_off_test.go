//go:build !race

package twoactors

// raceEnabled says whether this test binary was built with -race.
const raceEnabled = false
