// Package lib has a confined type with an exported field.
package lib

//confined:owner
type State struct{ Hits int } // want State:"confined:owner"
