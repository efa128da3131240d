//go:build unix

package compare

import (
	"os/exec"
	"syscall"
)

// shellCommand runs command through sh in a process group of its own, so
// that killGroup ends whatever it started.
func shellCommand(command string) *exec.Cmd {
	c := exec.Command("sh", "-c", command)
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return c
}

// killGroup kills c's process group (nothing when c never started).
func killGroup(c *exec.Cmd) {
	if c.Process != nil {
		_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
	}
}
