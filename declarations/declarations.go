// Package declarations holds the built-in packs: the declarations of the
// frameworks confinecheck knows, one *.conf file each, in the -declare
// format. They are compiled into the checker, and each applies, with no
// flag, to every pass in which a package it names is in view (see
// docs/packs.md). A pack's header says which version of the framework it
// was checked against; its example module under examples/ checks it
// against that version.
package declarations

import (
	"embed"
	"io/fs"
	"strings"

	"github.com/confinecheck/confinecheck/internal/directive"
)

//go:embed *.conf
var files embed.FS

// Packs reads the built-in packs, in name order. A pack that does not read
// is a bug of this repository, which TestPacks catches.
func Packs() ([]directive.Pack, error) {
	names, err := fs.Glob(files, "*.conf")
	if err != nil {
		return nil, err
	}
	var packs []directive.Pack
	for _, name := range names {
		text, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		p, err := directive.ParsePack(strings.TrimSuffix(name, ".conf"), string(text))
		if err != nil {
			return nil, err
		}
		packs = append(packs, p)
	}
	return packs, nil
}
