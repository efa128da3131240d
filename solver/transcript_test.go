package solver

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/transcript"
)

// TestTranscripts runs every testdata/*.txt file (the format of package
// internal/transcript). Directives:
//
//	equation TEXT|FILE   parse TEXT, or FILE in testdata, with fresh variables
//	display MODE         set the display mode (fix2, all, ...)
//	vars NAME=VALUE...   the variables must hold these values
//	model 17bii|17bii+   the Solver's model for the steps that follow
//
// A step is steps of `hp17b solve`: NAME=VALUE stores, NAME solves and
// shows the solve's display lines.
func TestTranscripts(t *testing.T) {
	transcript.RunAll(t, func() transcript.Session { return &solveSession{mode: hp17b.DefaultMode} })
}

// solveSession is a Solver session for transcripts.
type solveSession struct {
	s     *Solver
	mode  hp17b.Mode
	model Model
}

func (ss *solveSession) Directive(word, arg string) (bool, error) {
	switch word {
	case "equation":
		src := arg
		if b, err := os.ReadFile(filepath.Join("testdata", arg)); err == nil {
			src = string(b)
		}
		eq, err := Parse(src)
		if err != nil {
			return true, err
		}
		ss.s = New(eq, NewVars())
	case "display":
		m, err := hp17b.ParseMode(arg)
		ss.mode = m
		return true, err
	case "vars":
		return true, checkVars(ss.s.vars, arg)
	case "model":
		m, err := ParseModel(arg)
		ss.model = m
		return true, err
	default:
		return false, nil
	}
	return true, nil
}

func (ss *solveSession) Step(input string) ([]string, error) {
	return ss.s.DoAll(context.Background(), input, Options{Model: ss.model}, ss.mode)
}

// checkVars checks "NAME=VALUE ..." against the store.
func checkVars(v *Vars, arg string) error {
	for _, kv := range strings.Fields(arg) {
		name, val, _ := strings.Cut(kv, "=")
		want, err := hp17b.Parse(val)
		if err != nil {
			return err
		}
		if got := v.Value(name); !got.Equal(want) {
			return &hp17b.Error{Msg: name + " is " + got.String() + ", not " + want.String()}
		}
	}
	return nil
}
