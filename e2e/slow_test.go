package e2e

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// The live tests wait on what they check (the LCD read back, the state
// file, a log line), each wait bounded by a deadline that is generous on
// an idle machine. On a loaded one everything takes longer, so every
// deadline is scaled: scaled(d) is d times the machine's slowness now.

// maxSlowness bounds the scale, so that a test that fails still ends.
const maxSlowness = 20

// slowness is how many times slower than idle this machine is taken to
// be: HP17B_TEST_SLOWNESS when set (a number of 1 or more), otherwise
// 1 + the load average of the last minute per CPU (Linux's /proc/loadavg;
// 6 at a load of 10 on 2 cores), at most maxSlowness. It is read at
// each wait, so a load that rises during the run is followed.
func slowness() float64 {
	if s, err := strconv.ParseFloat(os.Getenv("HP17B_TEST_SLOWNESS"), 64); err == nil && s >= 1 {
		return min(s, maxSlowness)
	}
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 1
	}
	fields := strings.Fields(string(b))
	if len(fields) == 0 {
		return 1
	}
	load, err := strconv.ParseFloat(fields[0], 64)
	if err != nil || load < 0 {
		return 1
	}
	return min(1+load/float64(runtime.NumCPU()), maxSlowness)
}

// scaled is the deadline d stretched by the machine's slowness now.
func scaled(d time.Duration) time.Duration {
	return time.Duration(float64(d) * slowness())
}
