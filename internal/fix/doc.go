// Package fix builds every text edit the analyzer offers: a hop wrapped
// around the statements of an off-owner func literal that touch confined
// state, the repair or removal of a directive, the insertion of a
// proposed one, and the writing of insertions into files for a driver
// that applies -suggest's proposals across packages.
package fix
