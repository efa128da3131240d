package ui

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/programs"
)

// The model-based test of the heaps panel's game: random sequences of
// what a person does (clicks on matches, keypad keys with digits, CLR,
// EXIT, STO, other menus, INIT and EVAL from the keys, New Game, Undo,
// Redo, Hint, a restart through the state file, and changes of the SOLVE
// list: ▲ ▼, DELET, equations loaded) run against the controller beside
// world, a small model of the SOLVE list and of 1-3-5-7 Nim (normal and
// misère: NIM and NIMM) that knows nothing of the controller. After every
// action the game's program, position, turn and winner equal the model's;
// the panel draws the game a click plays (or a game program's start, which
// no click plays); while the game's program is current the calculator's
// variables A–D hold its heaps; after Undo, Redo and a refused move the
// display shows the position as INIT or EVAL does; and the SOLVE list
// changes only as the person changed it, or with a sentence on the panel.
// No action is lost, none is taken twice.

// action is one thing a person does; the heap and value are used by the
// kinds that take them.
type action struct {
	kind  actionKind
	h, v  int
	digit int
}

type actionKind int

const (
	actClick     actionKind = iota // click match v of heap h
	actDigit                       // key a digit (a number left pending)
	actStoreHeap                   // key v and heap h's menu key
	actEVAL                        // EVAL from the menu
	actINIT                        // INIT from the menu
	actNewGame                     // the panel's New Game
	actUndo
	actRedo
	actHint
	actCLR
	actEXIT
	actSTO      // STO, left waiting for a register
	actOtherApp // MAIN, then TIME
	actRestart  // quit and reopen through the state file
	actUp       // SOLVE ▲
	actDown     // SOLVE ▼
	actDelete   // SOLVE DELET of the current equation (its variables kept)
	actAdd      // load equation file h%3 (modelEquations)
	numActions
)

func (a action) String() string {
	names := [...]string{"click", "digit", "store", "EVAL", "INIT", "NewGame", "Undo", "Redo", "Hint", "CLR", "EXIT", "STO", "TIME", "restart",
		"UP", "DOWN", "DELET", "add"}
	switch a.kind {
	case actAdd:
		return "add(" + modelEquations[a.h%len(modelEquations)] + ")"
	case actClick, actStoreHeap:
		return fmt.Sprintf("%s(%c,%d)", names[a.kind], 'A'+a.h, a.v)
	case actDigit:
		return fmt.Sprintf("digit(%d)", a.digit)
	}
	return names[a.kind]
}

// randomAction draws an action, clicks and stores most often.
func randomAction(r *rand.Rand) action {
	a := action{kind: actionKind(r.IntN(int(numActions))), h: r.IntN(4), digit: r.IntN(10)}
	if r.IntN(3) == 0 {
		a.kind = []actionKind{actClick, actStoreHeap, actEVAL}[r.IntN(3)]
	}
	a.v = r.IntN(programs.Position{2, 4, 6, 8}[a.h])
	if a.kind == actStoreHeap && r.IntN(8) == 0 {
		a.v = r.IntN(10) // sometimes more than the heap holds
	}
	return a
}

// refModel is the reference: 1-3-5-7 Nim under normal play, the person
// first, the calculator answering with the nim-sum (programs.XORMove,
// trying D, C, B, A) or resigning, undo and redo by whole turns, kept as
// positions: the turn starts before this one (hist), this turn's start
// (cur), the person's move not yet answered (pending), the outcome.
type refModel struct {
	started  bool
	misere   bool // NIMM: whoever takes the last match loses
	hist     [][4]int
	cur      [4]int
	pending  *[4]int
	over     bool
	resigned bool
	winner   programs.Outcome
	redo     []refModel
}

func (m *refModel) start(misere bool) {
	*m = refModel{started: true, misere: misere, cur: [4]int{1, 3, 5, 7}}
}

// lastTaker is who wins by taking the last match: the taker under normal
// play, the other side under misère play.
func (m *refModel) lastTaker(by programs.Side) programs.Outcome {
	if (by == programs.Person) != m.misere {
		return programs.PersonWon
	}
	return programs.CalculatorWon
}

// pos is the position on the board.
func (m *refModel) pos() [4]int {
	if m.pending != nil {
		return *m.pending
	}
	return m.cur
}

// turn is the side to move.
func (m *refModel) turn() programs.Side {
	if m.pending != nil {
		return programs.Calculator
	}
	return programs.Person
}

// snapshot is the model without its redo stack, for the redo stack.
func (m *refModel) snapshot() refModel {
	s := *m
	s.hist, s.redo = slices.Clone(m.hist), nil
	if m.pending != nil {
		p := *m.pending
		s.pending = &p
	}
	return s
}

// setPending records the person's move (or its amendment) to p.
func (m *refModel) setPending(p [4]int) {
	m.pending, m.redo = &p, nil
	if p == [4]int{} {
		m.over, m.winner = true, m.lastTaker(programs.Person)
	}
}

// personMove applies the person's wish to leave heap h at v, and
// reports whether it stands.
func (m *refModel) personMove(h, v int) bool {
	if !m.started || m.over {
		return false
	}
	if m.pending == nil {
		if v < m.cur[h] {
			p := m.cur
			p[h] = v
			m.setPending(p)
			return true
		}
		return false
	}
	changed := -1
	for i := range m.cur {
		if m.pending[i] != m.cur[i] {
			changed = i
		}
	}
	switch {
	case h == changed && v == m.cur[h]: // taken back
		m.pending, m.redo = nil, nil
	case h == changed && v < m.cur[h]: // amended
		p := *m.pending
		p[h] = v
		m.setPending(p)
	default:
		return false
	}
	return true
}

// eval is the calculator's answer to the person's move, or its opening
// straight after the start; EVAL at any other time is refused.
func (m *refModel) eval() {
	if !m.started || m.over || m.pending == nil && len(m.hist) > 0 {
		return
	}
	pos := m.pos()
	moved, ok := programs.XORMove(pos[:])
	if m.misere {
		moved, ok = programs.MisereMove(pos[:])
	}
	var after [4]int
	copy(after[:], moved)
	m.redo = nil
	if !ok {
		m.over, m.resigned, m.winner = true, true, programs.PersonWon
		return
	}
	m.hist = append(m.hist, m.cur)
	m.cur, m.pending = after, nil
	if after == [4]int{} {
		m.over, m.winner = true, m.lastTaker(programs.Calculator)
	}
}

func (m *refModel) click(h, j int) {
	if !m.started || m.over || m.pending != nil || j >= m.cur[h] {
		return
	}
	m.personMove(h, j)
	if !m.over {
		m.eval()
	}
}

// undoTurn and redoTurn mirror Undo and Redo: the person's move and the
// calculator's answer together, or the unanswered move (or resignation)
// alone.
func (m *refModel) undoTurn() bool {
	if !m.started {
		return false
	}
	effective := m.resigned || m.pending != nil || len(m.hist) > 0
	redo := m.redo
	switch {
	case m.resigned:
		if m.pending != nil {
			x := m.snapshot()
			x.over, x.resigned = false, false
			redo = append(redo, x)
		}
		m.pending, m.over, m.resigned = nil, false, false
	case m.pending != nil:
		redo = append(redo, m.snapshot())
		m.pending, m.over = nil, false
	case len(m.hist) > 0:
		redo = append(redo, m.snapshot())
		m.cur, m.hist = m.hist[len(m.hist)-1], m.hist[:len(m.hist)-1]
		m.over = false
	}
	m.redo = redo
	return effective
}

func (m *refModel) redoTurn() bool {
	if !m.started || m.over || len(m.redo) == 0 {
		return false
	}
	rest := m.redo[:len(m.redo)-1]
	*m = m.redo[len(m.redo)-1]
	m.redo = rest
	return true
}

// moved reports whether the game has a move (or resignation) to show:
// the display then shows the position as EVAL does, else as INIT.
func (m *refModel) moved() bool { return m.resigned || m.pending != nil || len(m.hist) > 0 }

// modelEquations are the equations actAdd loads: the two game programs of
// a fresh calculator's SOLVE list, and an equation that shares their
// variables.
var modelEquations = []string{"nim", "nim-misere", "T=A+B+C+D"}

// world is the model of the SOLVE list and the game: the list by program
// ID (or an equation's text), its current equation, the game and its
// program ("" before the first).
type world struct {
	g    refModel
	prog string
	list []string
	cur  int
	// What the last action is expected to have shown: a program added to
	// the list by the panel (with its sentence), a click refused because
	// the panel shows another program's start, the position on the
	// display.
	added, notPlayed, lcd bool
}

func newWorld() world { return world{list: []string{"nim", "nim-misere"}} }

func isGame(id string) bool { return id == "nim" || id == "nim-misere" }

// current is the SOLVE list's current equation, "" when the list is empty.
func (w *world) current() string {
	if len(w.list) == 0 {
		return ""
	}
	return w.list[w.cur]
}

// preview reports whether the panel shows another game program's start
// while the game is kept.
func (w *world) preview() bool {
	return w.g.started && isGame(w.current()) && w.current() != w.prog
}

// following reports whether the game's program is current: the variables
// are its heaps.
func (w *world) following() bool { return w.g.started && w.current() == w.prog }

// ensure is the panel opening prog's equation: added at the end when it
// is missing, and made current.
func (w *world) ensure(id string) {
	i := slices.Index(w.list, id)
	if i < 0 {
		w.list, w.added = append(w.list, id), true
		i = len(w.list) - 1
	}
	w.cur = i
}

// equationText is the SOLVE list's text of a model equation.
func equationText(id string) string {
	if p, err := programs.ByID(id); err == nil {
		return flatText(p)
	}
	return id
}

// check compares the controller with the model.
func (w *world) check(t require.TestingT, c *Controller, where string) {
	p := c.Panel()
	where += "; " + p.Status
	eqs, cur := c.Machine().Equations()
	want := make([]string, len(w.list))
	for i, id := range w.list {
		want[i] = equationText(id)
	}
	require.Equal(t, want, append([]string{}, eqs...), where+": the SOLVE list")
	if len(w.list) > 0 {
		require.Equal(t, w.cur, cur, where+": the current equation")
	}
	if w.added {
		require.Contains(t, p.Status, "is added at the end", where+": the SOLVE list changed without a word")
	}
	if w.notPlayed {
		require.Contains(t, p.Status, "Not played", where+": a click on another program's start")
	}
	// The game kept.
	mt := c.game.match
	if !w.g.started {
		require.Nil(t, mt, where)
	} else {
		require.NotNil(t, mt, where)
		require.Equal(t, w.prog, mt.Program, where+": the game's program")
		pos := w.g.pos()
		require.Equal(t, pos[:], []int(mt.Position), where+": the game's position")
		require.Equal(t, w.g.over, mt.Over(), where+": over")
		if w.g.over {
			require.Equal(t, w.g.winner, mt.Outcome, where+": winner")
		} else {
			require.Equal(t, w.g.turn(), mt.Turn, where+": turn")
		}
	}
	// The panel draws the game a click plays, or a start no click plays.
	require.Equal(t, w.preview(), p.Preview, where+": preview")
	switch {
	case w.preview() || !w.g.started && isGame(w.current()):
		prog, _ := programs.ByID(w.current())
		require.True(t, strings.HasPrefix(p.Title, prog.Title+" ·"), where+": title "+p.Title)
		require.Equal(t, []int{1, 3, 5, 7}, p.Rows, where)
		require.Empty(t, p.Moves, where)
	case w.g.started:
		prog, _ := programs.ByID(w.prog)
		require.True(t, strings.HasPrefix(p.Title, prog.Title+" ·"), where+": title "+p.Title)
		pos := w.g.pos()
		require.Equal(t, pos[:], p.Rows, where+": position drawn")
		require.Equal(t, w.g.over, p.Over, where+": over drawn")
		if !w.g.over {
			require.Equal(t, w.g.turn(), p.Turn, where+": turn drawn")
		}
	default:
		require.False(t, p.Active, where+": no game and no game program")
	}
	if w.following() && !w.g.over {
		pos := w.g.pos()
		vals := c.Machine().Values("A", "B", "C", "D")
		for i, n := range []string{"A", "B", "C", "D"} {
			require.Equal(t, strconv.Itoa(pos[i]), vals[n].String(), where+": variable "+n)
		}
	}
	if w.lcd {
		pos := w.g.pos()
		name := "INIT"
		if w.g.moved() {
			name = "EVAL"
		}
		n := int64(pos[0]*1000 + pos[1]*100 + pos[2]*10 + pos[3])
		require.Equal(t, name+"="+hp17b.Format(hp17b.FromInt(n), c.Machine().Mode()), c.Frame().Top, where+": the display")
	}
}

// do makes the person's action on the controller and the model.
func (w *world) do(t *testing.T, c **Controller, store emulator.Store, a action) {
	ctl := *c
	w.added, w.notPlayed, w.lcd = false, false, false
	solve := func(keys string) { press(ctl, "EXIT EXIT EXIT SHIFT EXIT SOLVE "+keys) }
	// A panel button is clicked, or its PC key pressed (Action.Game).
	button := func(click func(), g GameCommand) {
		if a.digit%2 == 0 {
			click()
		} else {
			ctl.Do(Action{Game: g})
		}
		ctl.Wait()
	}
	m := &w.g
	switch a.kind {
	case actClick:
		ctl.TakeMatch(a.h, a.v)
		ctl.Wait()
		switch {
		case w.preview():
			w.notPlayed = true
		case m.started && !m.over && m.pending == nil && a.v < m.cur[a.h]:
			w.ensure(w.prog)
			m.click(a.h, a.v)
		}
	case actDigit:
		press(ctl, strconv.Itoa(a.digit))
	case actStoreHeap:
		solve("CALC " + strconv.Itoa(a.v) + " " + string(rune('A'+a.h)))
		if w.following() && !m.over {
			before := m.pos()
			if !m.personMove(a.h, a.v) && before[a.h] != a.v {
				w.lcd = true // refused: the heaps and the display put back
			}
		}
	case actEVAL:
		solve("CALC EVAL")
		if w.following() {
			m.eval()
		}
	case actINIT:
		solve("CALC INIT")
		if cur := w.current(); isGame(cur) {
			m.start(cur == "nim-misere")
			w.prog = cur
		}
	case actNewGame:
		button(ctl.NewGame, GameNew)
		id := w.current()
		switch {
		case isGame(id):
		case w.prog != "":
			id = w.prog
		default:
			id = "nim"
		}
		w.ensure(id)
		m.start(id == "nim-misere")
		w.prog = id
	case actUndo, actRedo:
		if a.kind == actUndo {
			button(ctl.Undo, GameUndo)
		} else {
			button(ctl.Redo, GameRedo)
		}
		if w.preview() {
			break
		}
		done := false
		if a.kind == actUndo {
			done = m.undoTurn()
		} else {
			done = m.redoTurn()
		}
		if done {
			w.ensure(w.prog)
			w.lcd = true
		}
	case actHint:
		button(ctl.Hint, GameHint)
	case actCLR:
		press(ctl, "CLR")
	case actEXIT:
		press(ctl, "EXIT")
	case actSTO:
		press(ctl, "STO")
	case actOtherApp:
		press(ctl, "EXIT EXIT SHIFT EXIT TIME")
	case actRestart:
		ctl.Close()
		require.NoError(t, ctl.Machine().Flush())
		mach, _, err := emulator.Open(emulator.OpenOptions{Store: store, Equations: programs.DefaultEquations()})
		require.NoError(t, err)
		mach.SaveEvery(-1)
		*c = NewController(mach, nil)
	case actUp, actDown:
		solve(map[actionKind]string{actUp: "UP", actDown: "DOWN"}[a.kind])
		if a.kind == actUp && w.cur > 0 {
			w.cur--
		}
		if a.kind == actDown && w.cur < len(w.list)-1 {
			w.cur++
		}
	case actDelete:
		solve("DELET")
		if ctl.Frame().Top == "DELETE THE VARIABLES?" {
			press(ctl, "NO")
		}
		press(ctl, "YES")
		if len(w.list) > 0 {
			w.list = slices.Delete(w.list, w.cur, w.cur+1)
			if w.cur >= len(w.list) && w.cur > 0 {
				w.cur--
			}
		}
	case actAdd:
		id := modelEquations[a.h%len(modelEquations)]
		ctl.Load(fstest.MapFS{"added.eq": {Data: []byte(modelSource(id))}}, io.Discard)
		ctl.Wait()
		if !slices.Contains(w.list, id) {
			w.list = append(w.list, id)
		}
	}
}

// modelSource is a model equation's file text.
func modelSource(id string) string {
	if p, err := programs.ByID(id); err == nil {
		return p.Text()
	}
	return id
}

// memStore is continuous memory kept in memory, as the browser's storage
// keeps it (emulator.Store): a restart reads back what was saved.
type memStore struct{ b []byte }

func (s *memStore) Load() ([]byte, error) { return s.b, nil }

func (s *memStore) Save(_, b []byte) ([]byte, error) {
	s.b = slices.Clone(b)
	return b, nil
}

// runSequence plays one sequence from a fresh calculator, checking after
// every action.
func runSequence(t *testing.T, seq []action) {
	store := &memStore{}
	mach, _, err := emulator.Open(emulator.OpenOptions{Store: store, Equations: programs.DefaultEquations()})
	require.NoError(t, err)
	mach.SaveEvery(-1)
	c := NewController(mach, nil)
	defer func() { c.Close() }()
	ref := newWorld()
	for i, a := range seq {
		ref.do(t, &c, store, a)
		ref.check(t, c, fmt.Sprintf("after %v", seq[:i+1]))
	}
}

// TestGameModel runs 10,000 seeded random sequences on every core (under
// the race detector 1,000; -short 300). make test runs it once more
// without the race detector, so that all 10,000 run there.
func TestGameModel(t *testing.T) {
	n := 10000
	switch {
	case testing.Short():
		n = 300
	case raceEnabled:
		n = 1000
	}
	r := rand.New(rand.NewPCG(17, 35))
	seqs := make([][]action, n)
	for i := range seqs {
		seqs[i] = make([]action, 4+r.IntN(14))
		for j := range seqs[i] {
			seqs[i][j] = randomAction(r)
		}
	}
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		t.Run(strconv.Itoa(w), func(t *testing.T) {
			t.Parallel()
			for i := w; i < n; i += workers {
				runSequence(t, seqs[i])
			}
		})
	}
}

// TestGameReproductions are the ways a game was lost or handed away (or
// played behind the panel's back), and the reload of a game mid-turn.
func TestGameReproductions(t *testing.T) {
	for name, seq := range map[string][]action{
		// Play one move (1346), key 5, New Game: INIT=1,357, not INIT=0.
		"new game after a keyed digit": {{kind: actNewGame}, {kind: actClick, h: 3, v: 6}, {kind: actDigit, digit: 5}, {kind: actNewGame}},
		// The calculator's answer, quit and reopen: still the person's turn.
		"restart after the calculator's answer": {{kind: actNewGame}, {kind: actClick, h: 3, v: 6}, {kind: actRestart}, {kind: actEVAL}, {kind: actClick, h: 2, v: 3}},
		// The person's move keyed, quit before EVAL: EVAL answers it after.
		"restart before EVAL": {{kind: actINIT}, {kind: actStoreHeap, h: 3, v: 6}, {kind: actRestart}, {kind: actEVAL}},
		// Issue 48, item 1: NIM played, SOLVE ▼ makes NIMM current; the
		// panel draws NIMM's start and a click on it plays no hidden game
		// of NIM; ▲ goes back to NIM's game.
		"another game program made current": {{kind: actNewGame}, {kind: actClick, h: 3, v: 6}, {kind: actDown},
			{kind: actClick, h: 3, v: 6}, {kind: actClick, h: 3, v: 4}, {kind: actUndo}, {kind: actUp}, {kind: actClick, h: 2, v: 3}},
		// NIM deleted from the SOLVE list: NIMM's start shows and clicks
		// are refused; with NIMM deleted too the game of NIM shows again,
		// and a click adds NIM back with a sentence.
		"the game's program deleted": {{kind: actNewGame}, {kind: actClick, h: 3, v: 6}, {kind: actDelete},
			{kind: actClick, h: 2, v: 3}, {kind: actDelete}, {kind: actClick, h: 2, v: 3}},
		"undo with the program deleted":        {{kind: actNewGame}, {kind: actClick, h: 3, v: 6}, {kind: actDown}, {kind: actDelete}, {kind: actUp}, {kind: actDelete}, {kind: actUndo}},
		"new game with no game program listed": {{kind: actDelete}, {kind: actDelete}, {kind: actNewGame}},
		// Undo, Redo and a refused keyed heap leave the position on the
		// display.
		"the display follows undo and redo": {{kind: actNewGame}, {kind: actClick, h: 3, v: 6}, {kind: actUndo}, {kind: actRedo}, {kind: actUndo}},
		"a refused keyed heap":              {{kind: actNewGame}, {kind: actStoreHeap, h: 3, v: 9}},
		// Another equation sharing the heaps' variables changes A: no move
		// of NIM, whose heaps are put back when it is current again.
		"heaps changed by another equation": {{kind: actNewGame}, {kind: actClick, h: 3, v: 6}, {kind: actAdd, h: 2}, {kind: actDown},
			{kind: actDown}, {kind: actStoreHeap, h: 0, v: 0}, {kind: actUp}, {kind: actUp}, {kind: actEVAL}, {kind: actClick, h: 2, v: 1}},
		"INIT after the game's program deleted": {{kind: actStoreHeap, h: 2, v: 1}, {kind: actStoreHeap, h: 2, v: 2}, {kind: actDelete},
			{kind: actUp}, {kind: actRedo}, {kind: actINIT}},
		"restart while another game program is current": {{kind: actNewGame}, {kind: actClick, h: 3, v: 6}, {kind: actDown},
			{kind: actStoreHeap, h: 1, v: 0}, {kind: actRestart}, {kind: actUp}, {kind: actClick, h: 2, v: 3}},
	} {
		t.Run(name, func(t *testing.T) { runSequence(t, seq) })
	}
}

// FuzzGameActions drives the controller with actions made from the
// fuzzer's bytes, beside the model.
func FuzzGameActions(f *testing.F) {
	f.Add([]byte{byte(actNewGame), byte(actClick), 3, 6, byte(actDigit), 5, byte(actNewGame)})
	f.Add([]byte{byte(actINIT), byte(actStoreHeap), 3, 6, byte(actRestart), byte(actEVAL), byte(actUndo), byte(actRedo)})
	f.Fuzz(func(t *testing.T, b []byte) {
		var seq []action
		for i := 0; i+2 < len(b) && len(seq) < 24; i += 3 {
			a := action{kind: actionKind(b[i]) % numActions, h: int(b[i+1]) % 4, digit: int(b[i+2]) % 10}
			a.v = int(b[i+2]) % (2 * (a.h + 1))
			if a.kind == actStoreHeap {
				a.v = int(b[i+2]) % 10
			}
			seq = append(seq, a)
		}
		if slices.ContainsFunc(seq, func(a action) bool { return a.kind == actRestart }) && len(seq) > 12 {
			seq = seq[:12]
		}
		runSequence(t, seq)
	})
}

// TestClickOnHeapsSeen: two clicks made before the first is played (the
// controller busy meanwhile) play one move pair; the second, made on heaps
// the calculator has since changed, is refused with a sentence (issue 48,
// item 6).
func TestClickOnHeapsSeen(t *testing.T) {
	mach, _, err := emulator.Open(emulator.OpenOptions{Store: &memStore{}, Equations: programs.DefaultEquations()})
	require.NoError(t, err)
	mach.SaveEvery(-1)
	c := NewController(mach, nil)
	defer c.Close()
	c.NewGame()
	c.Wait()
	hold := make(chan struct{})
	c.enqueue(func() { <-hold }) // the controller is busy: both clicks wait
	c.TakeMatch(3, 6)
	c.TakeMatch(2, 3)
	close(hold)
	c.Wait()
	p := c.Panel()
	require.Len(t, p.Moves, 2, p.Status)
	require.Contains(t, p.Status, "Not played: the heaps changed to 1,346")
	require.Equal(t, []int{1, 3, 4, 6}, p.Rows)
}
