package emulator

import (
	"strconv"
	"testing"
	"time"

	"github.com/hp17b/hp17b/internal/transcript"
)

// TestTranscripts runs every testdata/*.txt file on a fresh calculator
// (the format of internal/transcript). A step is a key script; it shows
// the display it leaves: the top line, then the menu line; a script the
// calculator cannot run shows its error instead. "interrupt N" makes a
// search stop after N progress reports. The clock reads 10:00 on
// Sunday, April 20, 2003 (chapter 11's first date) in every transcript.
func TestTranscripts(t *testing.T) {
	transcript.RunAll(t, func() transcript.Session {
		m := New()
		m.Clock = func() time.Time { return time.Date(2003, time.April, 20, 10, 0, 0, 0, time.Local) }
		return &keySession{m: m}
	})
}

type keySession struct{ m *Machine }

func (k *keySession) Directive(word, arg string) (bool, error) {
	if word != "interrupt" {
		return false, nil
	}
	n, err := strconv.Atoi(arg)
	k.m.InterruptAfter = n
	return true, err
}

func (k *keySession) Step(input string) ([]string, error) {
	if err := Run(k.m, input, nil); err != nil {
		return []string{err.Error()}, nil
	}
	f := k.m.Frame()
	return []string{f.Top, f.MenuLine()}, nil
}
