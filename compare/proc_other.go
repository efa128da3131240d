//go:build !unix

package compare

import "os/exec"

// shellCommand runs command through the system's shell.
func shellCommand(command string) *exec.Cmd { return exec.Command("cmd", "/C", command) }

// killGroup kills c's process (its children are not reached off Unix).
func killGroup(c *exec.Cmd) {
	if c.Process != nil {
		_ = c.Process.Kill()
	}
}
