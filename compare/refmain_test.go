package compare

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// TestMain makes the test binary a reference program when
// HP17B_TEST_REF names a behaviour (refProgram), so that the tests of a
// broken reference need nothing but Go.
func TestMain(m *testing.M) {
	if mode := os.Getenv("HP17B_TEST_REF"); mode != "" {
		os.Exit(refProgram(mode))
	}
	os.Exit(m.Run())
}

// testRef is the command line of the test binary as a reference program
// for sum.eq (Y=A×B+C) with the given behaviour.
func testRef(t testing.TB, mode string) string {
	if runtime.GOOS == "windows" {
		t.Skip("the test reference is started with a Unix shell's environment assignment")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// Built with -race, the binary would sleep a second as it exits.
	return fmt.Sprintf("GORACE=atexit_sleep_ms=0 HP17B_TEST_REF=%s %s", mode, strconv.Quote(exe))
}

// refProgram answers Y=A×B+C; mode says how it misbehaves:
//
//	ok        answers every point right
//	wrong     answers Y+1 at A=3, B=4 only
//	crash     answers 5 points, then exits 3 with a message
//	hang      answers 5 points, then hangs
//	child     starts a child that sleeps (its pid in $HP17B_TEST_PIDS), then hangs
//	garbage   answers "hello" at point 5
//	few       answers 5 points, then exits 0
//	many      answers every point twice
//	extra     answers every point, then one line more at the end
//	stderr    answers every point and writes a warning to its standard error
//	noflush   answers without ever flushing until its input ends
//	long      answers point 5 with a line of 2 MB
func refProgram(mode string) int {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	if mode == "stderr" {
		fmt.Fprintln(os.Stderr, "warning: something")
	}
	if mode == "child" {
		c := exec.Command("sleep", "300")
		if err := c.Start(); err == nil {
			_ = os.WriteFile(os.Getenv("HP17B_TEST_PIDS"), []byte(fmt.Sprintf("%d %d", os.Getpid(), c.Process.Pid)), 0o644)
		}
		time.Sleep(time.Hour)
	}
	k := 0
	for {
		line, err := in.ReadBytes('\n')
		if err != nil {
			break
		}
		var p struct {
			N  int64
			In map[string]float64
		}
		if err := json.Unmarshal(line, &p); err != nil {
			return 1
		}
		if k == 5 {
			switch mode {
			case "crash":
				out.Flush()
				fmt.Fprintln(os.Stderr, "panic: the reference broke")
				return 3
			case "hang":
				out.Flush()
				time.Sleep(time.Hour)
			case "few":
				return 0
			case "long":
				out.Write(bytes.Repeat([]byte("x"), 2<<20))
				out.Flush()
				time.Sleep(time.Hour)
			case "garbage":
				fmt.Fprintln(out, "hello")
				out.Flush()
				k++
				continue
			}
		}
		k++
		y := p.In["A"]*p.In["B"] + p.In["C"]
		if mode == "wrong" && p.In["A"] == 3 && p.In["B"] == 4 {
			y++
		}
		b, _ := json.Marshal(map[string]any{"n": p.N, "out": map[string]float64{"Y": y}})
		out.Write(append(b, '\n'))
		if mode == "many" {
			out.Write(append(b, '\n'))
		}
		if in.Buffered() == 0 && mode != "noflush" {
			out.Flush()
		}
	}
	if mode == "extra" {
		fmt.Fprintln(out, `{"out":{"Y":1}}`)
	}
	return 0
}
