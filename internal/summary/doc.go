// Package summary holds the values the stages hand on, within a pass and
// across packages through facts: where a function's values come from
// (Source, Origin), what calling it may touch and where it sends the func
// values it is handed (Summary, with a Witness path per touch), and the
// fact that carries a summary to the packages that call the function.
// Facts are gob-encoded by go vet and nogo, so everything here is
// exported, deterministic data: no maps, no token.Pos.
package summary
