package main_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// domainsModule has three owners over three packages: the FSM's state
// (@fsm), the raft loop (@raft) that reaches it through a helper package,
// and a store declared @store in a -declare file.
var domainsModule = map[string]string{
	"go.mod": "module example.com/dom\n\ngo 1.26\n",
	"fsm/fsm.go": `package fsm

//confined:owner @fsm
type State struct{ applied int }

func (s *State) Apply() { s.applied++ }
`,
	"helper/helper.go": `package helper

import "example.com/dom/fsm"

func ApplyAll(s *fsm.State) { s.Apply() }
`,
	"store/store.go": `package store

type Store struct{ keys map[string]int }

func (s *Store) Put(k string) { s.keys[k]++ }
`,
	"raft/raft.go": `package raft

import (
	"example.com/dom/fsm"
	"example.com/dom/helper"
	"example.com/dom/store"
)

type Node struct {
	fsm   *fsm.State
	store *store.Store
	inbox chan func()
}

//confined:loop @raft
func (n *Node) run() {
	for f := range n.inbox {
		f()
		helper.ApplyAll(n.fsm)
		n.store.Put("k")
	}
}
`,
	"decls.txt": "owner @store example.com/dom/store.Store\n",
}

// Domains travel in facts: the standalone checker and go vet, which runs
// one process per package, report the same cross-domain touches.
func TestDomainsAcrossPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the go tool; skipped with -short")
	}
	c := setupModule(t, domainsModule)
	decls := filepath.Join(c.module, "decls.txt")
	want := []string{
		// At the write, the line the race detector names (a package of
		// the module, whose type its own directive confines)...
		"fsm.go:6:29: calls (*fsm.State).Apply on @fsm state from the @raft loop (raft.go:16); path helper.ApplyAll → (*fsm.State).Apply; inside, it writes fsm.State.applied",
		// ...but at the call for a type a declaration confines: its own
		// package may not know it confined, and the finding is where it
		// is however the declaration is passed.
		"raft.go:20:14: calls (*store.Store).Put on @store state from the @raft loop (raft.go:16)",
	}
	check := func(t *testing.T, out string) {
		for _, w := range want {
			requireContains(t, out, w)
		}
		if n := strings.Count(out, " from the @raft loop"); n != len(want) {
			t.Errorf("want %d cross-domain findings, got %d\n%s", len(want), n, out)
		}
	}
	t.Run("standalone", func(t *testing.T) {
		t.Parallel()
		res := c.run(t, c.binary, "-declare", decls, "./...")
		res.requireExit(t, exitFindings)
		check(t, res.stderr)
	})
	t.Run("vet", func(t *testing.T) {
		t.Parallel()
		res := c.runEnv(t, c.vetCache(t), c.goTool, "vet", "-vettool="+c.binary, "-confinecheck.declare="+decls, "./...")
		check(t, res.stderr)
	})
}
