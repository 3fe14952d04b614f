// Package walk is the SSA stage of a pass, for packages that can reach
// confined state: it builds the package's SSA (leaving out the bodies of
// plain helpers), walks every function once its callees are walked, and
// summarizes what calling it touches and where it sends the func values
// it is handed. The walk extracts the events of each instruction and
// places their func values by the rules of package where; the touch model
// (what reading or writing confined state is), ownership following the
// value (origins), futures, joined goroutines and hand-offs are its own.
// Its result, a Package with the walks of its functions, is what report
// turns into findings and -suggest into proposals.
package walk
