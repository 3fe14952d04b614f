package main

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/confinecheck/confinecheck/analyzer"
)

// driverFlags are the flags the analysis driver (singlechecker) adds to
// the analyzer's, by name, with the kind of value they take. checkFlags
// needs them to tell a mistyped flag before the driver sees it, since the
// driver answers one with its error and the whole usage text;
// TestDriverFlagsAreKnown keeps the list in step with the driver's.
var driverFlags = map[string]string{
	"V": "any", "all": "bool", "c": "int", "cpuprofile": "string", "debug": "string", "diff": "bool", "fix": "bool",
	"flags": "bool", "json": "bool", "memprofile": "string", "source": "bool", "tags": "string", "test": "bool",
	"trace": "string", "v": "bool",
}

// checkFlags parses args, on a throwaway flag set, against the analyzer's
// flags (plain and qualified) and the driver's, and returns the first
// mistake in a flag's name or value, if any (-help is no mistake): a
// -declare file that does not read, a -packs name that is no pack. The
// values parsed go nowhere: the driver parses the command line again.
func checkFlags(args []string) error {
	fs := flag.NewFlagSet("confinecheck", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	// A throwaway analyzer's flags, not the analyzer's own: setting those
	// twice would add list entries twice. They check values as the real
	// ones do.
	throwaway, err := analyzer.New(analyzer.Settings{})
	if err != nil {
		return err
	}
	throwaway.Flags.VisitAll(func(f *flag.Flag) {
		for _, name := range []string{f.Name, analyzer.Analyzer.Name + "." + f.Name} {
			fs.Var(f.Value, name, "")
		}
	})
	addDriverFlags(fs)
	err = fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// addDriverFlags adds to fs, as stand-ins whose values go nowhere, the
// driver's flags it does not define yet.
func addDriverFlags(fs *flag.FlagSet) {
	for name, kind := range driverFlags {
		if fs.Lookup(name) != nil {
			continue
		}
		switch kind {
		case "bool":
			fs.Bool(name, false, "")
		case "int":
			fs.Int(name, 0, "")
		case "string":
			fs.String(name, "", "")
		default:
			fs.Var(anyValue{}, name, "")
		}
	}
}

// anyValue takes any value, or none: -V, -V=full.
type anyValue struct{}

func (anyValue) String() string   { return "" }
func (anyValue) Set(string) error { return nil }
func (anyValue) IsBoolFlag() bool { return true }

// versionRequest reports whether args ask for the version the way a user
// does (-V, -version), as opposed to go vet's -V=full.
func versionRequest(args []string) bool {
	if len(args) != 1 {
		return false
	}
	switch strings.TrimLeft(args[0], "-") {
	case "V", "V=true", "version":
		return true
	}
	return false
}

// version is the module version the binary was built from, or "devel"
// with a hash of the executable for builds from a clone.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	if exe, err := os.Executable(); err == nil {
		if data, err := os.ReadFile(exe); err == nil {
			return fmt.Sprintf("devel (build %x)", sha256.Sum256(data))[:len("devel (build ")+12] + ")"
		}
	}
	return "devel"
}
