// Command confinecheck reports code that runs off its owner's execution
// context and touches state confined to that owner.
//
// Standalone:
//
//	confinecheck ./...
//	confinecheck -json ./...
//	confinecheck -fix ./...
//
// Under go vet (the path must be absolute or relative, not a bare name):
//
//	go vet -vettool=$(command -v confinecheck) ./...
//
// It exits 3 when it reports findings, 1 on errors and 0 otherwise.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/confinecheck/confinecheck/analyzer"
)

func main() { singlechecker.Main(analyzer.Analyzer) }
