package examplecheck

import (
	"os/exec"
	"syscall"
)

// startXvfb has the kernel kill Xvfb when the thread that started it exits
// (the test process's threads live as long as it does), so that a test
// process killed by go test's timeout leaves no server behind.
func startXvfb(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
