package examplecheck

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// StartDisplay starts an X server, Xvfb (Debian's package xvfb), for a run
// of a driven scenario whose framework's only desktop driver needs a
// display (Fyne's GLFW driver, Ebitengine), and returns its display name
// (":N", for DISPLAY) and a func that stops it. Xvfb renders with Mesa's
// software OpenGL (libgl1-mesa-dri), so no GPU is needed. A server per run,
// on a display number Xvfb picks itself (-displayfd), keeps parallel tests
// apart and leaves nothing behind: stop kills it, and so does the kernel if
// the process that started it dies first (see startXvfb).
func StartDisplay() (display string, stop func(), err error) {
	if _, err := exec.LookPath("Xvfb"); err != nil {
		return "", nil, fmt.Errorf("no Xvfb to run the scenario's window in (install Debian's xvfb): %v", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		return "", nil, err
	}
	defer r.Close()
	var stderr bytes.Buffer
	// -displayfd 3: Xvfb picks a free display and writes its number to
	// fd 3 once it accepts connections. -nolisten tcp: a Unix socket only.
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "800x600x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	cmd.Stderr = &stderr
	startXvfb(cmd)
	if err := cmd.Start(); err != nil {
		w.Close()
		return "", nil, fmt.Errorf("starting Xvfb: %v", err)
	}
	w.Close()
	number := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		number <- strings.TrimSpace(line)
	}()
	stop = func() {
		cmd.Process.Kill()
		cmd.Wait()
	}
	select {
	case n := <-number:
		if n == "" {
			stop()
			return "", nil, fmt.Errorf("no display from Xvfb, which exited: %s", stderr.String())
		}
		return ":" + n, stop, nil
	case <-time.After(20 * time.Second):
		stop()
		return "", nil, fmt.Errorf("no display from Xvfb in 20s: %s", stderr.String())
	}
}
