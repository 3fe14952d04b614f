package gitwatch

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"example.com/corpus/trial-fw21p/internal/gitstat"
)

// StatusSource runs git on behalf of the watcher.
type StatusSource interface {
	// Status starts `git status --porcelain=v1 -b` in root and streams its output.
	Status(ctx context.Context, root string) (io.ReadCloser, error)
	// Stage adds paths to the index.
	Stage(ctx context.Context, root string, paths ...string) error
	// Fetch updates the remote tracking refs and reports the new branch state.
	Fetch(ctx context.Context, root, remote string) (gitstat.Branch, error)
}

// Git is a StatusSource backed by the git binary.
type Git struct {
	// Binary is the git executable; "git" when empty.
	Binary string
}

func (g Git) bin() string {
	if g.Binary == "" {
		return "git"
	}
	return g.Binary
}

type cmdReader struct {
	io.ReadCloser
	cmd *exec.Cmd
}

func (c *cmdReader) Close() error {
	err := c.ReadCloser.Close()
	if werr := c.cmd.Wait(); werr != nil && err == nil {
		err = werr
	}
	return err
}

// Status implements StatusSource.
func (g Git) Status(ctx context.Context, root string) (io.ReadCloser, error) {
	cmd := exec.CommandContext(ctx, g.bin(), "-C", root, "status", "--porcelain=v1", "-b")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("git status: %w", err)
	}
	return &cmdReader{ReadCloser: out, cmd: cmd}, nil
}

// Stage implements StatusSource.
func (g Git) Stage(ctx context.Context, root string, paths ...string) error {
	args := append([]string{"-C", root, "add", "--"}, paths...)
	return g.run(ctx, args...)
}

// Fetch implements StatusSource.
func (g Git) Fetch(ctx context.Context, root, remote string) (gitstat.Branch, error) {
	if err := g.run(ctx, "-C", root, "fetch", "--quiet", remote); err != nil {
		return gitstat.Branch{}, err
	}
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, g.bin(), "-C", root, "status", "--porcelain=v1", "-b", "--untracked-files=no")
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return gitstat.Branch{}, fmt.Errorf("git status: %w", err)
	}
	first, _, _ := strings.Cut(out.String(), "\n")
	return gitstat.ParseBranch(first)
}

func (g Git) run(ctx context.Context, args ...string) error {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, g.bin(), args...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return fmt.Errorf("git %s: %w", args[2], err)
		}
		return fmt.Errorf("git %s: %s", args[2], msg)
	}
	return nil
}
