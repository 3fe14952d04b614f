package examplecheck

import (
	"os/exec"
	"syscall"
)

// startXvfb has the kernel kill Xvfb when the thread that starts it exits:
// the driven scenarios start it from the main goroutine, which the GUI
// frameworks lock to the main thread, so the server goes with the
// scenario's process, also when RunDriven's timeout kills that.
func startXvfb(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
