// Package decls only declares: it does not import what it names, and its
// declarations apply in the packages that import it.
package decls

//confined:declare async declare/lib.Every

// ReenterAfter continues a future on the actor: a hop fix hints offer in
// future callbacks only.
//
//confined:declare hop declare/lib.Context.ReenterAfter:continuation
