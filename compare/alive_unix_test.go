//go:build unix

package compare

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// alive reports whether process pid runs (a zombie counts as ended).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	f := strings.Fields(string(b))
	return len(f) < 3 || f[2] != "Z"
}
