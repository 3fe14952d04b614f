package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/confinecheck/confinecheck/bench/internal/cli"
)

// goEnv is the environment of every go command run in a module copy: no
// workspace, the copy's go.mod may gain the sums of test dependencies, and
// the toolchain that runs realcheck is the one that checks.
func goEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
}

// runGo runs the go command in dir and returns its standard output.
func runGo(dir string, args ...string) ([]byte, error) {
	return runIn(dir, "go", args...)
}

// runIn runs name in dir with goEnv and returns its standard output; on
// failure the error carries the command and the end of its standard error.
func runIn(dir, name string, args ...string) ([]byte, error) {
	cmd := command(dir, name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, cli.Tail(stderr.String()))
	}
	return out, nil
}

// command is name with args, to run in dir with goEnv.
func command(dir, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = goEnv()
	return cmd
}

// download fetches module@version through the module proxy (checked
// against go.sum's database) and returns its directory in the module cache.
func download(tmp, module, version string) (string, error) {
	out, err := runGo(tmp, "mod", "download", "-json", module+"@"+version)
	if err != nil {
		return "", err
	}
	var m struct{ Dir, Error string }
	if err := json.Unmarshal(out, &m); err != nil {
		return "", err
	}
	if m.Error != "" {
		return "", fmt.Errorf("%s@%s: %s", module, version, m.Error)
	}
	return m.Dir, nil
}

// copyTree copies the module cache's read-only tree src to dst, writable.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(path, target)
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// buildConfinecheck builds the repository's confinecheck into dir.
func buildConfinecheck(repo, dir string) (string, error) {
	bin := filepath.Join(dir, "confinecheck")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/confinecheck")
	cmd.Dir = repo
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building confinecheck in %s: %v", repo, err)
	}
	return bin, nil
}

// vetFindings runs go vet with confinecheck as the vet tool on the patterns
// in root; go vet always includes test files. A flag value that changes
// nothing and differs on every run (an -async naming a function that does
// not exist) keeps go vet's result cache from answering.
func vetFindings(root, bin string, lines lineMap, patterns []string) ([]finding, error) {
	nonce := fmt.Sprintf("-async=realcheck.invalid/nonce.F%d", time.Now().UnixNano())
	args := append([]string{"vet", "-vettool=" + bin, "-json", nonce}, patterns...)
	out, err := runGo(root, args...)
	if err != nil {
		return nil, err
	}
	return decodeFindings(root, lines, out)
}

// standaloneFindings runs confinecheck itself, without test files.
func standaloneFindings(root, bin string, lines lineMap, patterns []string) ([]finding, error) {
	out, err := runIn(root, bin, append([]string{"-test=false", "-json"}, patterns...)...)
	if err != nil {
		return nil, err
	}
	return decodeFindings(root, lines, out)
}
