// Package syntax is the cheap path for packages with nothing confined in
// reach: no directive of their own and none in their dependencies. They
// cannot touch confined state, so they need no SSA; all their importers
// need from them is which func parameters their functions send off the
// owner (a util.Go(f) wrapper around a go statement) or to it (a wrapper
// around a hop), and which of their fields and interface methods their
// code calls off the owner. It extracts from the syntax the events the
// rules of where code runs read (package where) and applies those rules,
// as the SSA path does with the events its walk extracts;
// analyzer/sinks_test.go checks that the two paths agree.
package syntax
