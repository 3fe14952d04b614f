// Package cli holds what bench's commands share: finding the bench
// directory, reading a pinned target, running the go command.
package cli

import (
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// BenchDir returns the bench directory, which must be the working
// directory.
func BenchDir() string {
	dir, err := os.Getwd()
	Check(err)
	if _, err := os.Stat(filepath.Join(dir, "targets")); err != nil {
		log.Fatal("run from the bench directory")
	}
	return dir
}

// Target returns the directory of the pinned target name and its own
// packages (targets/NAME/packages.txt), with its modules downloaded.
func Target(benchDir, name string) (dir string, pkgs []string) {
	dir = filepath.Join(benchDir, "targets", name)
	data, err := os.ReadFile(filepath.Join(dir, "packages.txt"))
	Check(err)
	Run(dir, "go", "mod", "download")
	return dir, strings.Fields(string(data))
}

// Run runs argv in dir and returns its standard output; its standard error
// goes to ours. It exits on failure.
func Run(dir string, argv ...string) []byte {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		log.Fatalf("%s: %v", strings.Join(argv, " "), err)
	}
	return out
}

// Tail returns the end of a long output.
func Tail(s string) string {
	if len(s) > 4000 {
		return "..." + s[len(s)-4000:]
	}
	return s
}

// Check exits on an error.
func Check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
