package ui

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// The model-based test of the heaps panel's game: random sequences of
// what a person does (clicks on matches, keypad keys with digits, CLR,
// EXIT, STO, other menus, INIT and EVAL from the keys, New Game, Undo,
// Redo, Hint, a restart through the state file) run against the
// controller beside refModel, a small model of 1-3-5-7 Nim that knows
// nothing of the controller. After every action the game's position, turn
// and winner equal the model's, and while a game is played the calculator's
// variables A–D hold its heaps: no action is lost, none is taken twice.

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
	numActions
)

func (a action) String() string {
	names := [...]string{"click", "digit", "store", "EVAL", "INIT", "NewGame", "Undo", "Redo", "Hint", "CLR", "EXIT", "STO", "TIME", "restart"}
	switch a.kind {
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
	hist     [][4]int
	cur      [4]int
	pending  *[4]int
	over     bool
	resigned bool
	winner   programs.Outcome
	redo     []refModel
}

func (m *refModel) start() { *m = refModel{started: true, cur: [4]int{1, 3, 5, 7}} }

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
		m.over, m.winner = true, programs.PersonWon
	}
}

// personMove applies the person's wish to leave heap h at v.
func (m *refModel) personMove(h, v int) {
	if !m.started || m.over {
		return
	}
	if m.pending == nil {
		if v < m.cur[h] {
			p := m.cur
			p[h] = v
			m.setPending(p)
		}
		return
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
	}
}

// eval is the calculator's answer to the person's move, or its opening
// straight after the start; EVAL at any other time is refused.
func (m *refModel) eval() {
	if !m.started || m.over || m.pending == nil && len(m.hist) > 0 {
		return
	}
	pos := m.pos()
	moved, ok := programs.XORMove(pos[:])
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
		m.over, m.winner = true, programs.CalculatorWon
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
func (m *refModel) undoTurn() {
	if !m.started {
		return
	}
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
}

func (m *refModel) redoTurn() {
	if !m.started || m.over || len(m.redo) == 0 {
		return
	}
	rest := m.redo[:len(m.redo)-1]
	*m = m.redo[len(m.redo)-1]
	m.redo = rest
}

// check compares the controller with the model.
func (m *refModel) check(t require.TestingT, c *Controller, where string) {
	p := c.Panel()
	if !m.started {
		require.Equal(t, []int{1, 3, 5, 7}, p.Rows, where)
		return
	}
	pos := m.pos()
	require.Equal(t, pos[:], p.Rows, where+": position; "+p.Status)
	require.Equal(t, m.over, p.Over, where+": over; "+p.Status)
	if m.over {
		require.Equal(t, m.winner, p.Outcome, where+": winner; "+p.Status)
		return
	}
	require.Equal(t, m.turn(), p.Turn, where+": turn; "+p.Status)
	vals := c.Machine().Values("A", "B", "C", "D")
	for i, n := range []string{"A", "B", "C", "D"} {
		require.Equal(t, strconv.Itoa(pos[i]), vals[n].String(), where+": variable "+n+"; "+p.Status)
	}
}

// do makes the person's action on the controller and the model.
func (m *refModel) do(t *testing.T, c **Controller, store emulator.Store, a action) {
	ctl := *c
	nim := func(keys string) { press(ctl, "EXIT EXIT EXIT SHIFT EXIT SOLVE CALC "+keys) }
	switch a.kind {
	case actClick:
		ctl.TakeMatch(a.h, a.v)
		ctl.Wait()
		m.click(a.h, a.v)
	case actDigit:
		press(ctl, strconv.Itoa(a.digit))
	case actStoreHeap:
		nim(strconv.Itoa(a.v) + " " + string(rune('A'+a.h)))
		m.personMove(a.h, a.v)
	case actEVAL:
		nim("EVAL")
		m.eval()
	case actINIT:
		nim("INIT")
		m.start()
	case actNewGame:
		ctl.NewGame()
		ctl.Wait()
		m.start()
	case actUndo:
		ctl.Undo()
		ctl.Wait()
		m.undoTurn()
	case actRedo:
		ctl.Redo()
		ctl.Wait()
		m.redoTurn()
	case actHint:
		ctl.Hint()
		ctl.Wait()
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
	}
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
	var ref refModel
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

// TestGameReproductions are the two ways a game was lost or handed away,
// and the reload of a game mid-turn.
func TestGameReproductions(t *testing.T) {
	for name, seq := range map[string][]action{
		// Play one move (1346), key 5, New Game: INIT=1,357, not INIT=0.
		"new game after a keyed digit": {{kind: actNewGame}, {kind: actClick, h: 3, v: 6}, {kind: actDigit, digit: 5}, {kind: actNewGame}},
		// The calculator's answer, quit and reopen: still the person's turn.
		"restart after the calculator's answer": {{kind: actNewGame}, {kind: actClick, h: 3, v: 6}, {kind: actRestart}, {kind: actEVAL}, {kind: actClick, h: 2, v: 3}},
		// The person's move keyed, quit before EVAL: EVAL answers it after.
		"restart before EVAL": {{kind: actINIT}, {kind: actStoreHeap, h: 3, v: 6}, {kind: actRestart}, {kind: actEVAL}},
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
