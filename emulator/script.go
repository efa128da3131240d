package emulator

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hp17b/hp17b/internal/text"
)

// ScriptError says which token of a key script failed and why.
type ScriptError struct {
	// Token is the failing token as written; Index is its place (1-based).
	Token string
	Index int
	Msg   string
}

// Error gives "key script token N "TOKEN": why".
func (e *ScriptError) Error() string {
	return fmt.Sprintf("key script token %d %s: %s", e.Index, text.Quote(e.Token), e.Msg)
}

// SplitScript splits a key script into tokens: words separated by spaces,
// "quoted text" and [MENU LABEL] kept whole. A # standing alone as a word
// starts a comment that runs to the end of its line (hp17b check --keys
// writes one before each equation). An unclosed quote or bracket is an
// error.
func SplitScript(script string) ([]string, error) {
	var out []string
	rs := []rune(script)
	for i := 0; i < len(rs); {
		switch {
		case rs[i] == '#' && (i+1 == len(rs) || rs[i+1] == ' ' || rs[i+1] == '\t' || rs[i+1] == '\n' || rs[i+1] == '\r'):
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
		case rs[i] == ' ' || rs[i] == '\t' || rs[i] == '\n' || rs[i] == '\r':
			i++
		case rs[i] == '"' || rs[i] == '[':
			closer := '"'
			if rs[i] == '[' {
				closer = ']'
			}
			j := i + 1
			for j < len(rs) && rs[j] != closer {
				j++
			}
			if j == len(rs) {
				return nil, &ScriptError{Token: string(rs[i:]), Index: len(out) + 1, Msg: fmt.Sprintf("no closing %c", closer)}
			}
			out = append(out, string(rs[i:j+1]))
			i = j + 1
		default:
			j := i
			for j < len(rs) && rs[j] != ' ' && rs[j] != '\t' && rs[j] != '\n' && rs[j] != '\r' {
				j++
			}
			out = append(out, string(rs[i:j]))
			i = j
		}
	}
	return out, nil
}

// Keyboard is what a key script presses its keys on: a *Machine, or an
// owner's narrower view of one (the window's ui.Machine).
type Keyboard interface {
	Press(k Key)
	PressHeld(held, k Key)
	TypeText(s string) error
	Frame() Frame
	Interrupt()
}

// Run presses the keys of a script (the syntax of `hp17b keys`, listed in
// docs/command-line.md, Key scripts): key names, numbers typed digit by digit, [LABEL] for the menu
// key showing LABEL, and "text" typed into an equation. after, when set, is
// called with each token and the frame it leaves. It stops at the first bad
// token with a *ScriptError.
func Run(m Keyboard, script string, after func(token string, f Frame)) error {
	_, err := RunContext(context.Background(), m, script, after)
	return err
}

// StoppedError is a key script stopped between two keys by its context
// (--timeout, Ctrl-C): Done of its Total tokens ran, and what they did
// stands (the machine keeps it; saving it is the caller's). Err is the
// context's error; errors.Is sees through to it.
type StoppedError struct {
	Done, Total int
	Err         error
}

// Error gives "stopped after N of M tokens: …".
func (e *StoppedError) Error() string {
	return fmt.Sprintf("stopped after %d of %d tokens: %v", e.Done, e.Total, e.Err)
}

// Unwrap is the context's error.
func (e *StoppedError) Unwrap() error { return e.Err }

// RunContext is Run that stops once ctx is done: between two tokens, with
// a *StoppedError saying how many ran, and within a key that is running
// then (a long solve), which is interrupted as any key interrupts the
// calculator (Machine.Interrupt, pressed again every 5 ms until the key
// returns: a solve may start after one press). It returns the number of
// tokens run.
func RunContext(ctx context.Context, m Keyboard, script string, after func(token string, f Frame)) (int, error) {
	tokens, err := SplitScript(script)
	if err != nil {
		return 0, err
	}
	if ctx.Done() != nil {
		done := make(chan struct{})
		defer close(done)
		go interruptWhenDone(ctx, m, done)
	}
	for i, tok := range tokens {
		if err := ctx.Err(); err != nil {
			return i, &StoppedError{Done: i, Total: len(tokens), Err: err}
		}
		if err := runToken(m, tok); err != nil {
			return i, &ScriptError{Token: tok, Index: i + 1, Msg: err.Error()}
		}
		if after != nil {
			after(tok, m.Frame())
		}
	}
	return len(tokens), nil
}

// interruptWhenDone interrupts m once ctx is done, and again every 5 ms,
// until done is closed.
func interruptWhenDone(ctx context.Context, m Keyboard, done <-chan struct{}) {
	select {
	case <-ctx.Done():
	case <-done:
		return
	}
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		m.Interrupt()
		select {
		case <-done:
			return
		case <-tick.C:
		}
	}
}

func isNumberToken(tok string) bool {
	if tok == "" || tok == "." {
		return false
	}
	dot := false
	for _, r := range tok {
		switch {
		case r >= '0' && r <= '9':
		case r == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return true
}

func runToken(m Keyboard, tok string) error {
	if held, k, ok := chord(tok); ok {
		m.PressHeld(held, k)
		return nil
	}
	switch {
	case strings.HasPrefix(tok, `"`):
		return m.TypeText(strings.Trim(tok, `"`))
	case strings.HasPrefix(tok, "["):
		label := strings.TrimSpace(tok[1 : len(tok)-1])
		// A message on the second line covers the labels, not the keys
		// under them (SUM's running total after INPUT).
		f := m.Frame()
		for i, l := range f.Labels {
			if l != "" && strings.EqualFold(l, label) {
				m.Press(KeyF1 + Key(i))
				return nil
			}
		}
		return fmt.Errorf("no menu key is labelled %s here (the menu is: %s)", label, f.MenuLine())
	case isNumberToken(tok):
		for _, r := range tok {
			if r == '.' {
				m.Press(KeyDot)
			} else {
				m.Press(digitKey(byte(r)))
			}
		}
		return nil
	}
	if f, ok := FunctionByName(tok); ok {
		if f.Shifted {
			m.Press(KeyShift)
		}
		m.Press(f.Key)
		return nil
	}
	// A bare word that is no key's name is a menu label (SOLVE = [SOLVE]).
	if err := runToken(m, "["+tok+"]"); err == nil {
		return nil
	}
	return fmt.Errorf("not a key nor a label of this menu: use a key name (STO, F1, ×, ...), a number, [LABEL], \"text\" or a chord of two keys (CLR+F5)")
}

// chord reads HELD+KEY ("CLR+F5": F5 pressed while CLR is held down), two
// key names joined by a plus sign.
func chord(tok string) (held, k Key, ok bool) {
	a, b, found := strings.Cut(tok, "+")
	if !found || a == "" || b == "" {
		return 0, 0, false
	}
	held, ok1 := KeyByName(a)
	k, ok2 := KeyByName(b)
	return held, k, ok1 && ok2
}
