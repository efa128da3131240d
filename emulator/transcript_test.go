package emulator

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/transcript"
)

// TestTranscripts runs every testdata/*.txt file on a fresh calculator
// (the format of internal/transcript). A step is a key script; it shows
// the display it leaves: the top line, then the menu line; a script the
// calculator cannot run shows its error instead. "interrupt N" makes a
// search stop after N progress reports. The host's clock reads 10:00 on
// Sunday, April 20, 2003 (chapter 11's first date) at the start of every
// transcript, and stands still: "wait D" moves it on by the duration D
// (Go's form: 90s, 2h) and lets the calculator's clock run (alarms).
// "stack X=a Y=b ..." checks the RPN stack's levels in use, each shown in
// the display mode, as appendix E's diagrams list them. "printed a | b"
// checks the lines printed since the last such check, each without the
// spaces that set it right, joined by " | ". "labels off" makes each step
// show the top line alone, as the owner's manual's keystroke tables print
// it (the menu labels are in its menu maps); "labels on" shows both again.
func TestTranscripts(t *testing.T) {
	transcript.RunAll(t, func() transcript.Session {
		k := &keySession{m: New(defaults), now: time.Date(2003, time.April, 20, 10, 0, 0, 0, time.Local)}
		k.m.Clock = func() time.Time { return k.now }
		return k
	})
}

type keySession struct {
	m       *Machine
	now     time.Time
	printed int  // the print-out's lines already checked
	topOnly bool // "labels off"
}

func (k *keySession) Directive(word, arg string) (bool, error) {
	switch word {
	case "interrupt":
		n, err := strconv.Atoi(arg)
		k.m.InterruptAfter = n
		return true, err
	case "stack":
		var parts []string
		for i, v := range k.m.Stack() {
			parts = append(parts, fmt.Sprintf("%c=%s", "XYZT"[i], hp17b.Format(v, k.m.Mode())))
		}
		if got := strings.Join(parts, " "); got != arg {
			return true, fmt.Errorf("stack: got %q, want %q", got, arg)
		}
		return true, nil
	case "printed":
		out := k.m.PrintOut()
		lines := out[min(k.printed, len(out)):]
		k.printed = len(out)
		for i, l := range lines {
			lines[i] = strings.TrimSpace(l)
		}
		if got := strings.TrimSpace(strings.Join(lines, " | ")); got != arg {
			return true, fmt.Errorf("printed: got %q, want %q", got, arg)
		}
		return true, nil
	case "labels":
		if arg != "on" && arg != "off" {
			return true, fmt.Errorf("labels %q: want on or off", arg)
		}
		k.topOnly = arg == "off"
		return true, nil
	case "wait":
		d, err := time.ParseDuration(arg)
		if err != nil || d < 0 {
			return true, fmt.Errorf("wait %q: want a duration such as 30s", arg)
		}
		k.now = k.now.Add(d)
		k.m.Tick()
		return true, nil
	}
	return false, nil
}

func (k *keySession) Step(input string) ([]string, error) {
	if err := Run(k.m, input, nil); err != nil {
		return []string{err.Error()}, nil
	}
	f := k.m.Frame()
	if k.topOnly {
		return []string{f.Top}, nil
	}
	return []string{f.Top, f.MenuLine()}, nil
}
