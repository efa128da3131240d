package ui

import (
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/assets"
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// frames gathers display frames from real key scripts.
func frames(t *testing.T) []emulator.Frame {
	var out []emulator.Frame
	for _, script := range []string{
		"", "SOLVE", "SOLVE CALC INIT", "SOLVE CALC INIT 6 D EVAL", "4 + 2 × 3", "1 ÷ 0 =",
		`SOLVE NEW "Q=R×(S+T)^2" EXIT`, "MATH", "DSP", "MODES", `SOLVE NEW "W=SQRT(-1-SQ(V))+V" INPUT CALC 1 V V`,
		`SOLVE NEW "A+B+C+D+E+F+G=H" INPUT CALC`, "SOLVE DELET", "1.5 E - 3 SHOW",
		"TIME", "TIME SET 12/24", "TIME ADJST", "TIME APPT MORE", "TIME APPT APT1 RPT", "TIME SET HELP",
		"CURRX SELCT US$ EURO", "CURRX [STO]", "CURRX [RCL]", "CURRX SELCT MORE",
	} {
		m := emulator.New(programs.DefaultEquations())
		m.Clock = func() time.Time { return time.Date(2003, time.April, 20, 22, 0, 0, 0, time.Local) }
		require.NoError(t, emulator.Run(m, script, nil), script)
		out = append(out, m.Frame())
	}
	return append(out,
		emulator.Frame{Top: "ÀÉ unknown ∫", Cursor: -1, Labels: [6]string{"R~D", "%ERN", "B$$", "#P", "I?", "x_y"}},
		emulator.Frame{Top: "|<- ->| ≤≥≠Σ×÷←→▲▼√²π", Cursor: 21})
}

// knownLarge reports whether the top-line font draws r.
func knownLarge(r rune) ([]uint8, bool) {
	g, ok := assets.Large.Glyphs[normalize(r)]
	return g, ok
}

func TestLCDReadsBackWhatItShows(t *testing.T) {
	for _, f := range frames(t) {
		checkReadBack(t, f)
	}
}

// checkReadBack renders a frame's dots and reads them back: the top line
// (characters the font lacks as '�'), the cursor, and the labels or the
// second line.
func checkReadBack(t assert.TestingT, f emulator.Frame) {
	got := ReadLCD(RenderLCD(f))
	want := strings.TrimRight(strings.Map(func(r rune) rune {
		if r == '−' {
			return '-'
		}
		if _, ok := knownLarge(r); !ok {
			return '�'
		}
		return r
	}, f.Top), " ")
	assert.Equal(t, want, got.Top, "top of %q", f.Top)
	assert.Equal(t, f.Cursor, got.Cursor, "cursor of %q", f.Top)
	if f.Bottom != "" {
		assert.Equal(t, f.Bottom, got.Bottom)
		return
	}
	for i, l := range f.Labels {
		want := strings.Map(func(r rune) rune {
			if _, ok := assets.Small.Glyphs[r]; !ok {
				return Missing
			}
			return r
		}, ShownLabel(l))
		assert.Equal(t, want, got.Labels[i], "label %d of %v", i, f.Labels)
	}
}

func TestLCDDots(t *testing.T) {
	d := RenderLCD(emulator.Frame{Top: "1", Cursor: -1, Labels: [6]string{"A"}})
	// "1" is 04 0C 04 04 04 04 0E: its first row lights only the middle dot.
	assert.Equal(t, []bool{false, false, true, false, false}, d[0][0:5])
	assert.True(t, d[8][0] && d[8][20], "a label has its bar")
	assert.False(t, d[8][22], "a blank label has none")
	on := 0
	for _, row := range d {
		for _, v := range row {
			if v {
				on++
			}
		}
	}
	assert.Equal(t, 10+21+10, on, "the digit's 10 dots, the bar's 21, the A's 10")
}

func TestLayout(t *testing.T) {
	for _, panel := range []bool{false, true} {
		l := NewLayout(panel)
		for k := emulator.Key(0); k < emulator.NumKeys; k++ {
			r := l.Keys[k]
			assert.True(t, r.W > 20 && r.H > 20, "key %v has a size", k)
			assert.True(t, r.X >= 0 && r.X+r.W <= BodyWidth && r.Y+r.H <= BodyHeight, "key %v inside the body", k)
			got, ok := l.KeyAt(r.X+r.W/2, r.Y+r.H/2)
			assert.True(t, ok)
			assert.Equal(t, k, got, "the centre of %v hits it", k)
			for k2 := k + 1; k2 < emulator.NumKeys; k2++ {
				o := l.Keys[k2]
				overlap := r.X < o.X+o.W && o.X < r.X+r.W && r.Y < o.Y+o.H && o.Y < r.Y+r.H
				assert.False(t, overlap, "%v and %v overlap", k, k2)
			}
		}
		_, ok := l.KeyAt(1, 1)
		assert.False(t, ok)
		last := l.Dot(LCDHeight-1, LCDWidth-1)
		assert.True(t, l.Bezel.Contains(last.X, last.Y), "the dots fit the LCD window")
	}
	l := NewLayout(false)
	assert.Equal(t, 2*l.Keys[emulator.KeyChs].W+keyGap, l.Keys[emulator.KeyINPUT].W, "INPUT is double width")
	scale, ox, oy := l.Fit(2*l.Width, 3*l.Height)
	assert.Equal(t, 2.0, scale, "scaled to the tighter side")
	assert.Equal(t, 0.0, ox)
	assert.Equal(t, l.Height/2, oy, "centred")
	lp := NewLayout(true)
	assert.Equal(t, BodyWidth+PanelWidth, lp.Width)
	m := lp.Match(3, 6)
	h, j, ok := lp.MatchAt(m.X+m.W/2, m.Y+m.H/2)
	assert.True(t, ok)
	assert.Equal(t, [2]int{3, 6}, [2]int{h, j})
	_, _, ok = l.MatchAt(m.X, m.Y)
	assert.False(t, ok, "no panel, no matches")
}

func TestKeyMap(t *testing.T) {
	for name, want := range map[string]emulator.Key{"Enter": emulator.KeyEquals, "Backspace": emulator.KeyBack,
		"Escape": emulator.KeyEXIT, "Delete": emulator.KeyCLR, "Tab": emulator.KeyINPUT, "ArrowUp": emulator.KeyUp,
		"F6": emulator.KeyF6, "ControlLeft": emulator.KeyShift} {
		a, ok := NamedKeyAction(name, false)
		assert.True(t, ok, name)
		assert.Equal(t, want, a.Key, name)
	}
	a, _ := NamedKeyAction("Escape", false)
	assert.True(t, a.Cancel, "Escape's EXIT cancels a pending shift")
	_, ok := NamedKeyAction("PageUp", false)
	assert.False(t, ok)
	// While an equation is edited the keys work as in a text field.
	for name, want := range map[string]emulator.CursorMove{"ArrowLeft": emulator.CursorLeft,
		"ArrowRight": emulator.CursorRight, "Home": emulator.CursorHome, "End": emulator.CursorEnd,
		"Delete": emulator.CursorDelete} {
		a, ok := NamedKeyAction(name, true)
		require.True(t, ok, name)
		require.NotNil(t, a.Cursor, name)
		assert.Equal(t, want, *a.Cursor, name)
	}
	a, _ = NamedKeyAction("Enter", true)
	assert.Equal(t, emulator.KeyINPUT, a.Key, "Enter is INPUT while editing")
	a, _ = NamedKeyAction("Escape", true)
	assert.Equal(t, emulator.KeyEXIT, a.Key)
	for _, name := range []string{"Backspace", "ArrowUp", "ArrowDown"} {
		a, _ := NamedKeyAction(name, false)
		assert.True(t, Repeats(a), "%s repeats as the calculator's key does", name)
	}
	for _, name := range []string{"F1", "Enter", "Delete"} {
		a, _ := NamedKeyAction(name, false)
		assert.False(t, Repeats(a), name)
	}
	a, _ = NamedKeyAction("ArrowLeft", true)
	assert.True(t, Repeats(a), "the editor's cursor keys repeat")
	a, ok = CharAction('7', false)
	assert.True(t, ok)
	assert.Equal(t, emulator.Key7, a.Key)
	a, _ = CharAction('^', false)
	assert.Equal(t, Action{Key: emulator.KeyMul, Shift: true}, a)
	a, _ = CharAction('?', false)
	assert.True(t, a.Help)
	a, _ = CharAction('U', false)
	assert.Equal(t, Action{Key: emulator.KeyRCL, Shift: true}, a, "a letter in either case: U is RND")
	_, ok = CharAction('J', false)
	assert.False(t, ok, "a letter the map leaves out does nothing outside equation entry")
	for r, g := range map[rune]GameCommand{'g': GameNew, 'Z': GameUndo, 'y': GameRedo, 'c': GameHint, 'b': GameWhy} {
		a, _ = CharAction(r, false)
		assert.Equal(t, Action{Game: g}, a, "the heaps panel's buttons have keys: %c", r)
		assert.False(t, Repeats(a))
	}
	a, _ = CharAction('Q', true)
	assert.Equal(t, "Q", a.Text)
	a, _ = CharAction('*', true)
	assert.Equal(t, "×", a.Text)
	a, _ = CharAction('?', true)
	assert.Equal(t, "?", a.Text, "? is a name character while editing")
}

func press(c *Controller, script string) {
	toks, _ := emulator.SplitScript(script)
	for _, tok := range toks {
		if k, ok := emulator.KeyByName(tok); ok {
			c.Do(Action{Key: k})
			c.Wait()
			continue
		}
		f := c.Frame()
		for i, l := range f.Labels {
			if l == tok {
				c.Do(Action{Key: emulator.KeyF1 + emulator.Key(i)})
			}
		}
		c.Wait()
	}
	c.Wait()
}

func TestControllerHeapsPanel(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	p := c.Panel()
	require.True(t, p.Active, "NIM is the current equation of a fresh calculator")
	assert.Equal(t, "nim", p.Program.ID)
	assert.Contains(t, p.Status, "New Game")
	assert.Contains(t, p.Rule, "the last match wins")

	press(c, "SOLVE CALC INIT")
	assert.Equal(t, "INIT=1,357.00", c.Frame().Top)
	p = c.Panel()
	assert.Equal(t, []int{1, 3, 5, 7}, p.Rows)
	assert.Contains(t, p.Status, "Your move")

	c.TakeMatch(3, 6) // the seventh match of D: D = 6
	c.Wait()
	assert.Equal(t, "EVAL=1,346.00", c.Frame().Top)
	p = c.Panel()
	assert.Equal(t, []int{1, 3, 4, 6}, p.Rows)
	assert.Equal(t, "The calculator took 1 from C, leaving 1,346. Your move.", p.Status)

	c.TakeMatch(3, 7) // no such match: nothing happens
	c.Wait()
	assert.Equal(t, []int{1, 3, 4, 6}, c.Panel().Rows)

	// From another menu the panel first brings up NIM's menu.
	press(c, "EXIT EXIT")
	c.TakeMatch(2, 3)
	c.Wait()
	assert.Equal(t, "EVAL=1,331.00", c.Frame().Top)
	assert.Equal(t, "INIT A B C D EVAL", c.Frame().MenuLine())

	// NIMM is a Nim program too; another equation hides the panel.
	press(c, "EXIT DOWN")
	assert.Equal(t, "nim-misere", c.Panel().Program.ID)
	assert.Contains(t, c.Panel().Title, "misère")
	assert.Contains(t, c.Panel().Status, "New Game", "NIMM's start until New Game or INIT")
	press(c, "NEW")
	c.Do(Action{Text: "X=Y"})
	press(c, "INPUT")
	p = c.Panel()
	assert.True(t, p.Active, "the game being played stays on the panel")
	assert.Equal(t, "nim", p.Program.ID)
	assert.Equal(t, []int{1, 3, 3, 1}, p.Rows)
}

// longSolve is a controller whose Solver is busy with a long Σ.
func longSolve(t *testing.T) (*Controller, *emulator.Machine) {
	t.Helper()
	m := emulator.New(programs.DefaultEquations())
	require.NoError(t, emulator.Run(m, `SOLVE NEW "T×T=Σ(I:1:300000:1:I+0×SQRT(I))" INPUT CALC 1 T`, nil))
	c := NewController(m, nil)
	t.Cleanup(c.Close)
	c.Do(Action{Key: emulator.KeyF1})
	deadline := time.Now().Add(10 * time.Second)
	for !m.Busy() && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	require.True(t, m.Busy())
	return c, m
}

func TestControllerInterrupts(t *testing.T) {
	c, _ := longSolve(t)
	c.Do(Action{Key: emulator.Key5}) // any key halts the search
	c.Wait()
	assert.Equal(t, "INTERRUPTED", c.Frame().Top)
}

func TestHelpToggle(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	assert.False(t, c.Help())
	c.Do(Action{Help: true})
	assert.True(t, c.Help())
	assert.Contains(t, DefaultKeyMap().Help(false), HelpItem{Keys: "F1-F6", What: "menu keys"})
}

// TestLabelsFollowRPN: after MODES RPN the frame says so, the = key reads
// ENTER and the overlay says Enter is ENTER; back in ALG they read = again.
func TestLabelsFollowRPN(t *testing.T) {
	m := emulator.New(programs.DefaultEquations())
	for _, c := range []struct {
		script string
		rpn    bool
		equals string
	}{
		{"MODES RPN", true, "ENTER"},
		{"MODES ALG", false, "="},
	} {
		require.NoError(t, emulator.Run(m, c.script, nil))
		f := m.Frame()
		assert.Equal(t, c.rpn, f.RPN, c.script)
		label, gold := KeyLabels(emulator.KeyEquals, f.RPN)
		assert.Equal(t, c.equals, label, c.script)
		assert.Equal(t, "LAST", gold, c.script)
		assert.Equal(t, c.rpn, slices.ContainsFunc(DefaultKeyMap().Help(f.RPN), func(h HelpItem) bool { return h.What == "ENTER" }), c.script)
		label, _ = KeyLabels(emulator.KeyLParen, f.RPN)
		assert.Equal(t, "(", label, "the ( key keeps its label; R↓ is above it")
	}
}

func TestLoadFiles(t *testing.T) {
	m := emulator.New(programs.DefaultEquations())
	before, _ := m.Equations()
	var errs strings.Builder
	LoadFiles(m, fstest.MapFS{"bad.eq": {Data: []byte("A=B+\n  C×)\n")}}, &errs)
	after, _ := m.Equations()
	assert.Equal(t, before, after, "a bad file changes nothing")
	assert.Equal(t, "BAD FILE 2:5", m.Frame().Top)
	assert.Contains(t, errs.String(), "bad.eq:2:5")
	assert.Contains(t, errs.String(), "  C×)\n    ^")

	LoadFiles(m, fstest.MapFS{"two.eq": {Data: []byte("AREA:A=L×W\n\nP=2×(L+W)\n")}}, &errs)
	after, _ = m.Equations()
	assert.Equal(t, append(before, "AREA:A=L×W", "P=2×(L+W)"), after)
	assert.Equal(t, "2 EQUATIONS ADDED", m.Frame().Top)
}

// newGame is a controller with NIM's game started by New Game.
func newGame(t *testing.T) *Controller {
	t.Helper()
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	t.Cleanup(c.Close)
	c.NewGame()
	c.Wait()
	require.Equal(t, "INIT=1,357.00", c.Frame().Top)
	require.Equal(t, []int{1, 3, 5, 7}, c.Panel().Rows)
	return c
}

func TestPanelOverPendingInput(t *testing.T) {
	// A stray digit: the click clears it (CLR) and stores B=2, not 12.
	c := newGame(t)
	c.Do(Action{Key: emulator.Key1})
	c.Wait()
	c.TakeMatch(1, 2)
	c.Wait()
	assert.Equal(t, "2", c.Machine().Vars().Value("B").String())
	assert.Equal(t, "EVAL=1,256.00", c.Frame().Top)

	// The DSP FIX prompt: EXIT cancels it, then the move.
	press(c, "DSP")
	c.Do(Action{Key: emulator.KeyF1}) // FIX, waiting for digits
	c.Wait()
	require.Equal(t, emulator.PendingPrompt, c.Machine().Pending())
	c.TakeMatch(2, 1)
	c.Wait()
	assert.Equal(t, "1", c.Machine().Vars().Value("C").String())
	assert.NotContains(t, c.Panel().Status, "key script")

	// STO waiting for a register: cancelled the same way.
	c.Do(Action{Key: emulator.KeySTO})
	c.Wait()
	require.Equal(t, emulator.PendingPrompt, c.Machine().Pending())
	before := c.Panel().Rows
	c.TakeMatch(0, 0)
	c.Wait()
	assert.NotEqual(t, before, c.Panel().Rows)
}

func TestPanelDuringEdit(t *testing.T) {
	c := newGame(t)
	press(c, "EXIT NEW")
	c.Do(Action{Text: "Q=R+1"})
	c.Wait()
	c.TakeMatch(3, 0)
	c.Wait()
	assert.True(t, c.Machine().Editing(), "the edit is kept")
	assert.Equal(t, "Q=R+1", c.Frame().Top)
	assert.Contains(t, c.Panel().Status, "being typed")
	assert.Equal(t, []int{1, 3, 5, 7}, c.Panel().Rows, "no move was made")
}

func TestPanelLostPositionResigns(t *testing.T) {
	// EVAL straight after INIT hands the calculator a lost position.
	c := newGame(t)
	press(c, "EVAL")
	assert.Equal(t, "SOLUTION NOT FOUND", c.Frame().Top)
	p := c.Panel()
	assert.True(t, p.Over)
	assert.Contains(t, p.Status, "no winning move")
	assert.Contains(t, p.Status, "resigns")
	assert.Contains(t, p.Status, "You win")
	c.TakeMatch(3, 0) // the game is over: nothing happens
	c.Wait()
	assert.Equal(t, []int{1, 3, 5, 7}, c.Panel().Rows)
	// New Game starts again.
	c.NewGame()
	c.Wait()
	assert.False(t, c.Panel().Over)
	assert.Contains(t, c.Panel().Status, "Your move")
}

func TestPanelWinnerFromKeys(t *testing.T) {
	// A whole game played with calculator keys: the panel names the winner.
	c := newGame(t)
	for _, move := range []string{"6 D EVAL", "3 C EVAL", "2 B EVAL", "0 A EVAL", "0 B EVAL"} {
		press(c, move)
		if c.Panel().Over {
			break
		}
	}
	assert.True(t, c.Panel().Over)
	assert.Equal(t, []int{0, 0, 0, 0}, c.Panel().Rows)
	assert.Contains(t, c.Panel().Status, "the calculator wins")
}

func TestPanelHeapOutOfRange(t *testing.T) {
	c := newGame(t)
	press(c, "1 2 B")
	p := c.Panel()
	assert.Equal(t, 3, p.Rows[1], "the game goes on from B=3")
	assert.Contains(t, p.Status, "B was 3: a move takes objects away")
	assert.Equal(t, "3", c.Machine().Vars().Value("B").String(), "the heaps are put back")
}

// TestLoadDuringSolve drops a file while a long Σ solve runs: the load
// waits for the solve (it is a job after it), nothing races, nothing is
// lost (go test -race checks the first).
func TestLoadDuringSolve(t *testing.T) {
	m := emulator.New(programs.DefaultEquations())
	require.NoError(t, emulator.Run(m, `SOLVE NEW "T=Σ(I:1:200000:1:I+0×SQRT(I))" INPUT CALC`, nil))
	c := NewController(m, nil)
	defer c.Close()
	c.Do(Action{Key: emulator.KeyF1}) // solve T
	deadline := time.Now().Add(10 * time.Second)
	for !m.Busy() && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	var errs strings.Builder
	c.Load(fstest.MapFS{"one.eq": {Data: []byte("AREA:A=L×W\n")}}, &errs)
	_ = c.Snapshot() // the window reads snapshots meanwhile
	c.Wait()
	eqs, _ := m.Equations()
	assert.Contains(t, eqs, "AREA:A=L×W")
	assert.Equal(t, "20000100000", m.Vars().Value("T").String(), "the solve finished")
	assert.Empty(t, errs.String())
}

func TestSnapshotVersions(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	v := c.Snapshot().Version
	c.Do(Action{Key: emulator.Key7})
	c.Wait()
	s := c.Snapshot()
	assert.Greater(t, s.Version, v, "every job publishes a new snapshot")
	assert.Equal(t, "7", s.Frame.Top)
	// The key is drawn pressed, then up again without further input.
	deadline := time.Now().Add(2 * time.Second)
	for c.Snapshot().Pressed != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	assert.Zero(t, c.Snapshot().Pressed)
}

// TestHeldKeysDrawnPressed: a key held down by the mouse or a PC key is in
// the snapshot's pressed set until released, however long that is.
func TestHeldKeysDrawnPressed(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	c.Hold(emulator.KeyUp, true)
	c.Hold(emulator.Key5, true)
	assert.True(t, c.Snapshot().Pressed.Has(emulator.KeyUp))
	assert.True(t, c.Snapshot().Pressed.Has(emulator.Key5))
	assert.False(t, c.Snapshot().Pressed.Has(emulator.Key6))
	c.Hold(emulator.Key5, false)
	assert.False(t, c.Snapshot().Pressed.Has(emulator.Key5))
	assert.True(t, c.Snapshot().Pressed.Has(emulator.KeyUp))
	c.Release()
	assert.Zero(t, c.Snapshot().Pressed)
}

// TestShiftCancel: the PC's Escape after the shift key cancels the shift
// instead of giving MAIN; without shift it is EXIT.
func TestShiftCancel(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	press(c, "FIN")
	esc, _ := NamedKeyAction("Escape", false)
	c.Do(Action{Key: emulator.KeyShift})
	c.Do(esc)
	c.Wait()
	f := c.Frame()
	assert.False(t, f.Shift, "the shift is cancelled")
	assert.Equal(t, "TVM ICNV CFLO BOND DEPRC -", f.MenuLine(), "still in FIN")
	c.Do(esc)
	c.Wait()
	assert.Equal(t, "FIN BUS SUM TIME SOLVE CURRX", c.Frame().MenuLine(), "EXIT")
}

// TestPanelShowsForGame: the heaps panel hidden stays hidden for plain
// calculator use, and shows again when a game program is made current.
func TestPanelShowsForGame(t *testing.T) {
	m := emulator.New(programs.DefaultEquations())
	require.NoError(t, emulator.Run(m, "SOLVE NEW \"X=Y\" INPUT", nil))
	c := NewController(m, nil)
	defer c.Close()
	require.False(t, c.Panel().Active)
	c.Do(Action{Panel: true})
	assert.True(t, c.Snapshot().PanelHidden)
	press(c, "7")
	assert.True(t, c.Snapshot().PanelHidden)
	press(c, "UP")
	assert.True(t, c.Panel().Active, "a game program is current")
	assert.False(t, c.Snapshot().PanelHidden, "and the panel shows itself")
}

func TestHelpBlocksKeys(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	c.Do(Action{Help: true})
	c.Do(Action{Key: emulator.Key7})
	c.Wait()
	assert.NotEqual(t, "7", c.Frame().Top, "keys under the overlay do nothing")
	c.Do(Action{Key: emulator.KeyEXIT}) // Escape closes it
	assert.False(t, c.Help())
}

// TestCloseDuringLongSolve: closing the window during a long nested Σ
// interrupts it and drops what was queued behind it, so Close returns (and
// the window's process ends) without waiting for the work.
func TestCloseDuringLongSolve(t *testing.T) {
	m := emulator.New(programs.DefaultEquations())
	require.NoError(t, emulator.Run(m, `SOLVE NEW "T=Σ(I:1:999999:1:Σ(J:1:999999:1:1))" INPUT CALC`, nil))
	c := NewController(m, nil)
	c.Do(Action{Key: emulator.KeyF1}) // solve T: hours of work without limits
	c.Do(Action{Key: emulator.KeyF1}) // queued behind it
	for !m.Busy() {
		time.Sleep(time.Millisecond)
	}
	closed := make(chan struct{})
	go func() { c.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(30 * time.Second): // a hang, not a speed figure
		t.Fatal("Close waited for the solve")
	}
	assert.False(t, m.Busy())
	assert.Equal(t, "INTERRUPTED", m.Frame().Top, "the solve was interrupted, the queued one dropped")
}

// TestControllerClock: with no key pressed, the controller lets the
// clock run: the TIME menu's clock moves with the host's clock, and an
// appointment's alarm shows when due.
func TestControllerClock(t *testing.T) {
	var host atomic.Int64 // the host's clock, in seconds after 10:00
	start := time.Date(2003, time.April, 20, 10, 0, 0, 0, time.Local)
	m := emulator.New(programs.DefaultEquations())
	m.Clock = func() time.Time { return start.Add(time.Duration(host.Load()) * time.Second) }
	require.NoError(t, emulator.Run(m, "TIME APPT APT1 10.01 TIME EXIT EXIT", nil))
	c := NewController(m, nil)
	defer c.Close()
	shows := func(top string) func() bool { return func() bool { return c.Frame().Top == top } }
	require.Eventually(t, shows("SUN 04/20/03 10:00:00A"), 5*time.Second, 10*time.Millisecond)
	host.Store(1)
	require.Eventually(t, shows("SUN 04/20/03 10:00:01A"), 5*time.Second, 10*time.Millisecond)
	host.Store(60)
	require.Eventually(t, shows("APPOINTMENT 1"), 5*time.Second, 10*time.Millisecond)
	assert.True(t, c.Frame().Alarm)
	c.Do(Action{Key: emulator.KeyCLR})
	c.Wait()
	assert.Equal(t, "SUN 04/20/03 10:01:00A", c.Frame().Top)
	assert.False(t, c.Frame().Alarm)
}

// TestControllerGamePrograms plays game programs on the panel: Play adds
// the program to the SOLVE list and starts it; clicks make the rule's
// moves (a refused one says why); the end is announced.
func TestControllerGamePrograms(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	kayles, err := programs.ByID("kayles")
	require.NoError(t, err)
	c.Play(kayles)
	c.Wait()
	p := c.Panel()
	require.True(t, p.Active)
	assert.Equal(t, "kayles", p.Program.ID)
	assert.Equal(t, "INIT=1,357.00", c.Frame().Top)
	assert.Equal(t, []int{1, 3, 5, 7}, p.Rows)
	assert.Equal(t, []string{"1", "2", "3", "4"}, p.Labels)
	assert.Equal(t, Grid{Rows: 4, Cols: 9}, p.Grid)

	c.TakeMatch(3, 3) // the middle pin of the 7: 1 3 5 3 3
	c.Wait()
	p = c.Panel()
	// The calculator splits the 5 into 3 and 1 (the new row goes last).
	assert.Equal(t, "EVAL=133,331.00", c.Frame().Top)
	assert.Equal(t, []int{1, 3, 3, 3, 3, 1}, p.Rows)
	assert.Equal(t, Grid{Rows: 6, Cols: 9}, p.Grid)
	assert.Equal(t, "The calculator left 133331. Your move.", p.Status)
	assert.False(t, p.Over)

	// Dawson's Kayles refuses a single pin.
	dawson, err := programs.ByID("dawson")
	require.NoError(t, err)
	c.Play(dawson)
	c.Wait()
	c.TakeMatch(0, 0)
	c.Wait()
	p = c.Panel()
	assert.Contains(t, p.Status, "does not allow that move")
	assert.Equal(t, []int{1, 3, 5, 7}, p.Rows)

	// N567: EVAL lets the calculator open; the slots are A, B, C.
	n567, err := programs.ByID("n567")
	require.NoError(t, err)
	c.Play(n567)
	c.Wait()
	press(c, "EVAL")
	p = c.Panel()
	assert.Equal(t, "EVAL=563.00", c.Frame().Top)
	assert.Equal(t, []int{5, 6, 3}, p.Rows)
	assert.Equal(t, []string{"A", "B", "C"}, p.Labels)
	assert.Contains(t, p.Status, "The calculator took 4 from C, leaving A 5 · B 6 · C 3. Your move.")
	c.TakeMatch(0, 4) // A: 5 → 4
	c.Wait()
	assert.Equal(t, "EVAL=462.00", c.Frame().Top)

	// PNIM: taking the last object wins, and the panel then stays still.
	pnim, err := programs.ByID("pnim")
	require.NoError(t, err)
	c.Play(pnim)
	c.Wait()
	press(c, "2 P") // not one move from 1357: refused, P put back
	assert.Equal(t, "2 does not follow from 1357 by one move of Nim. The heaps are back at 1357.", c.Panel().Status)
	assert.Equal(t, "1357", c.Machine().Vars().Value("P").String())
	press(c, "1 3 5 6 P")
	assert.Equal(t, "You left 1356: press EVAL for the calculator's move.", c.Panel().Status)
	press(c, "1 3 5 7 P") // the person takes the move back before EVAL
	press(c, "EVAL")      // 1357 is lost for the player to move
	p = c.Panel()
	assert.True(t, p.Over)
	assert.Contains(t, p.Status, "resigns. You win.")
	c.TakeMatch(0, 0) // the game is over: the panel stays still
	c.Wait()
	assert.Equal(t, "SOLUTION NOT FOUND", c.Frame().Top)
	assert.Equal(t, []int{1, 3, 5, 7}, c.Panel().Rows)
}

// TestControllerPlusModel: under the HP-17bII+ EVAL shows SOLUTION NOT
// FOUND after moving (its second run finds no move); the panel reads the
// move from the heaps and says why, and a lost position still resigns.
func TestControllerPlusModel(t *testing.T) {
	m := emulator.New(programs.DefaultEquations())
	require.NoError(t, m.SetModel(solver.Model17BIIPlus))
	c := NewController(m, nil)
	defer c.Close()
	press(c, "SOLVE CALC INIT")
	c.TakeMatch(3, 6) // D = 6
	c.Wait()
	assert.Equal(t, "SOLUTION NOT FOUND", c.Frame().Top)
	p := c.Panel()
	assert.Equal(t, []int{1, 3, 4, 6}, p.Rows)
	assert.Contains(t, p.Status, "The calculator took 1 from C, leaving 1,346.")
	assert.Contains(t, p.Status, "17bII+")
	assert.False(t, p.Over)
	press(c, "INIT EVAL") // 1357 is lost for the player to move
	p = c.Panel()
	assert.True(t, p.Over)
	assert.Contains(t, p.Status, "resigns")
}

// TestControllerSelfTestChord: an action with CLR held reaches the
// calculator as a chord (Delete held and F5 in the window).
func TestControllerSelfTestChord(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	c.Do(Action{Key: emulator.KeyF5, WithCLR: true})
	c.Wait()
	assert.Equal(t, "OK-17B II - I", c.Frame().Top)
	c.Do(Action{Key: emulator.KeyF3, WithCLR: true})
	c.Wait()
	assert.Equal(t, "MACHINE RESET", c.Frame().Top)
}

// TestNewGameWhateverIsPending: New Game starts the game from any state a
// person can leave the calculator in, and stores nothing but the start.
func TestNewGameWhateverIsPending(t *testing.T) {
	for _, script := range []string{
		"5",                      // a number being keyed (once INIT=0.00)
		"SOLVE CALC INIT 6 D 5",  // a move keyed, then a digit
		"STO",                    // STO waiting for a register
		"DSP",                    // the DSP menu
		"SHIFT",                  // the shift key
		"FIN TVM 12 N",           // another application
		"SHIFT EXIT TIME CALC 4", // TIME CALC with a number keyed
		"MODES RPN 4 ENTER 5",    // RPN with a stack
	} {
		m := emulator.New(programs.DefaultEquations())
		require.NoError(t, emulator.Run(m, script, nil), script)
		regs := m.Values("N")
		c := NewController(m, nil)
		c.NewGame()
		c.Wait()
		assert.Equal(t, "INIT=1,357.00", c.Frame().Top, script)
		p := c.Panel()
		assert.Equal(t, []int{1, 3, 5, 7}, p.Rows, script)
		assert.Equal(t, programs.Person, p.Turn, script)
		assert.Empty(t, p.Moves, script)
		assert.Equal(t, regs, m.Values("N"), script+": nothing else stored")
		c.Close()
	}
	// The 17bII+ model: the same.
	m := emulator.New(programs.DefaultEquations())
	require.NoError(t, m.SetModel(solver.Model17BIIPlus))
	require.NoError(t, emulator.Run(m, "7", nil))
	c := NewController(m, nil)
	defer c.Close()
	c.NewGame()
	c.Wait()
	assert.Equal(t, []int{1, 3, 5, 7}, c.Panel().Rows)
	assert.Equal(t, "1", m.Values("A")["A"].String())
}

// TestNewGameAsksDuringEdit: while an equation is typed New Game asks
// first; a second New Game leaves the edit unsaved and starts.
func TestNewGameAsksDuringEdit(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	press(c, "SOLVE NEW")
	c.Do(Action{Text: "Q=R+1"})
	c.Wait()
	c.NewGame()
	c.Wait()
	assert.True(t, c.Machine().Editing(), "the edit is kept until asked twice")
	assert.Contains(t, c.Panel().Status, "New Game again")
	c.NewGame()
	c.Wait()
	assert.False(t, c.Machine().Editing())
	assert.Equal(t, "INIT=1,357.00", c.Frame().Top)
	eqs, _ := c.Machine().Equations()
	assert.NotContains(t, eqs, "Q=R+1", "left unsaved")
	// Asked, then something else: the next New Game asks again.
	press(c, "EXIT NEW")
	c.Do(Action{Text: "Z=1"})
	c.Wait()
	c.NewGame()
	c.Wait()
	c.Do(Action{Text: "2"})
	c.Wait()
	c.NewGame()
	c.Wait()
	assert.True(t, c.Machine().Editing())
}

// TestNewGameInterruptsSolve: New Game during a long solve interrupts it
// and then starts the game.
func TestNewGameInterruptsSolve(t *testing.T) {
	c, _ := longSolve(t)
	c.NewGame()
	c.Wait()
	assert.Equal(t, "INIT=1,357.00", c.Frame().Top)
	assert.Equal(t, []int{1, 3, 5, 7}, c.Panel().Rows)
}

// TestKeypadMoves: moves keyed on the calculator are the game's moves; a
// second heap changed before EVAL is named and put back.
func TestKeypadMoves(t *testing.T) {
	c := newGame(t)
	press(c, "6 D EVAL") // the post's first move: 1,346
	require.Equal(t, []int{1, 3, 4, 6}, c.Panel().Rows)
	press(c, "2 B")
	assert.Equal(t, programs.Calculator, c.Panel().Turn)
	press(c, "5 D")
	p := c.Panel()
	assert.Equal(t, "D was 6: a move takes from one heap only. The heaps are back at 1,246.", p.Status)
	assert.Equal(t, "6", c.Machine().Values("D")["D"].String())
	press(c, "EVAL") // answers 1,246
	p = c.Panel()
	assert.Equal(t, programs.Person, p.Turn)
	assert.Len(t, p.Moves, 4)
	assert.Equal(t, "You: took 1 from B, leaving 1,246", p.Moves[2])
	// EVAL again on the person's turn: refused, the heaps stay.
	before := p.Rows
	press(c, "EVAL")
	assert.Equal(t, before, c.Panel().Rows)
	assert.Equal(t, "It is your move: make one before EVAL. The heaps are back at 0,246.", c.Panel().Status)
	c.ToggleWhy() // the equation's bits of its last answer, beside the nim-sum
	c.Wait()
	assert.Contains(t, strings.Join(c.Panel().Why, "\n"), "the equation's L()")
	c.ToggleWhy()
	c.Wait()
	assert.Nil(t, c.Panel().Why)
	// Undo, Redo, Hint.
	c.Undo()
	c.Wait()
	assert.Equal(t, []int{1, 3, 4, 6}, c.Panel().Rows)
	assert.Equal(t, "4", c.Machine().Values("C")["C"].String(), "the variables follow")
	c.Redo()
	c.Wait()
	assert.Equal(t, before, c.Panel().Rows)
	c.Hint()
	c.Wait()
	assert.Contains(t, c.Panel().Status, "loses against perfect play")
}
