package ui

import (
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/nim"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// Panel is the heaps panel's state: shown while the SOLVE list's current
// equation is a Nim program of the library.
type Panel struct {
	Active  bool
	Program programs.Program
	// Title names the program and its rule ("NIM · 1-3-5-7 · the last match
	// wins"); Rule, for a game program, says what a move may do and who
	// wins (programs.Game.Move).
	Title, Rule string
	// Heaps are A, B, C, D as the variables hold them, each kept within the
	// game's limits (0..1, 0..3, 0..5, 0..7) for drawing; Status says when a
	// variable holds a count the game does not allow. (1-3-5-7 programs.)
	Heaps programs.Heaps
	// Rows are the heaps drawn, one a row (Heaps' four for a 1-3-5-7
	// program; a game program's slots, or its packed number's digits),
	// Labels their names (A, B… or 1, 2…), Grid their arrangement.
	Rows   []int
	Labels []string
	Grid   Grid
	// Over is set once the game has a winner (or the calculator resigned):
	// clicks on matches then do nothing until New Game or INIT.
	Over bool
	// Status says whose turn it is, what the last move did, and the winner.
	Status string
}

// Snapshot is everything the window draws, taken at one instant: it never
// changes once published. Version grows with every publication, so the
// window draws exactly when a new snapshot exists.
type Snapshot struct {
	Version uint64
	Frame   emulator.Frame
	Panel   Panel
	// Pressed are the keys drawn pressed: those held down by the mouse or a
	// PC key (Controller.Hold) and, briefly, a key pressed otherwise.
	Pressed KeySet
	// PanelHidden is set while the heaps panel is hidden (keys.go).
	PanelHidden bool
	// Menu is the window's menu.
	Menu bool
	// Help is the key-map overlay.
	Help bool
	// Paper is the print-out panel.
	Paper Paper
	// About is the About overlay (version, licence, address).
	About bool
}

// Controller owns the calculator's input: every key, click, typed text and
// file load becomes a job that runs on the controller's goroutine, one after
// another, so nothing interleaves with a solve; a key that arrives while the
// Solver works interrupts it, as on the calculator. After every job, and
// every 100 ms while one runs (the search's estimates), it publishes one
// Snapshot and asks for a redraw.
type Controller struct {
	m      *emulator.Machine
	redraw func()
	jobs   chan func()
	wg     sync.WaitGroup

	// game is the heaps panel's game; only the controller's goroutine (or
	// NewController, before it starts) touches it.
	game gameState

	mu       sync.Mutex
	inFlight int // jobs queued or running
	snap     Snapshot
	panel    Panel
	pressed  emulator.Key
	pressEnd time.Time
	held     KeySet // keys held down (keys.go)
	// panelHidden and menu are the heaps panel hidden and the window's
	// menu open (keys.go).
	panelHidden, menu bool
	help              bool
	pap               paperState // the print-out panel (paper.go)
	about             bool       // the About overlay
	closed            bool
	stop              chan struct{} // closed by Close: the clock's ticker ends
}

// gameState follows the game from the heaps after each job.
type gameState struct {
	prog   string // the program's ID, "" when none is current
	heaps  programs.Heaps
	pos    programs.Position // a game program's position
	over   bool
	status string
}

// NewController starts the controller's goroutine; redraw is called after
// every new snapshot (from any goroutine).
func NewController(m *emulator.Machine, redraw func()) *Controller {
	if redraw == nil {
		redraw = func() {}
	}
	c := &Controller{m: m, redraw: redraw, jobs: make(chan func(), 256), pressed: -1, stop: make(chan struct{})}
	c.after("")
	go c.loop()
	go c.clock(tickEvery)
	return c
}

// tickEvery is how often the controller lets the calculator's clock run:
// the clock's display changes once a second, and an alarm shows within
// this much of its time.
const tickEvery = 200 * time.Millisecond

// clock lets the calculator's clock run (emulator.Machine.Tick) every
// period while no job runs, and publishes a snapshot when the display
// changed: the TIME menu's clock moves each second and an appointment's
// alarm shows when due.
func (c *Controller) clock(period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
			if c.Working() || c.m.Busy() {
				continue
			}
			c.m.Tick()
			if c.m.Frame() != c.Frame() {
				c.publish()
			}
		}
	}
}

func (c *Controller) loop() {
	for job := range c.jobs {
		c.mu.Lock()
		closed := c.closed
		c.mu.Unlock()
		if !closed { // the window closing drops what was queued
			c.run(job)
		}
		c.mu.Lock()
		c.inFlight--
		c.mu.Unlock()
		c.redraw()
		c.wg.Done()
	}
}

// run runs one job, publishing snapshots every 100 ms while it works so
// that a search's estimates keep moving.
func (c *Controller) run(job func()) {
	done := make(chan struct{})
	defer close(done)
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				c.publish()
			}
		}
	}()
	job()
}

// enqueue queues a job; it reports false once the controller is closed.
func (c *Controller) enqueue(job func()) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return false
	}
	c.wg.Add(1)
	c.inFlight++
	c.jobs <- job
	return true
}

// Working reports whether jobs are queued or running: the window keeps
// drawing frames until they are done, so that a snapshot published while a
// frame is being drawn is drawn by the next one.
func (c *Controller) Working() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.inFlight > 0
}

// Wait returns when every job given so far has run and its snapshot is
// published.
func (c *Controller) Wait() { c.wg.Wait() }

// Close interrupts a solve in progress, drops the jobs not yet started and
// stops the controller's goroutine: the window's process ends at once.
func (c *Controller) Close() {
	c.m.Interrupt()
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	close(c.stop)
	c.mu.Unlock()
	c.Wait()
	close(c.jobs)
}

// Machine returns the calculator.
func (c *Controller) Machine() *emulator.Machine { return c.m }

// Snapshot returns the latest published snapshot.
func (c *Controller) Snapshot() Snapshot {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.snap
}

// Frame returns the display of the latest snapshot.
func (c *Controller) Frame() emulator.Frame { return c.Snapshot().Frame }

// Panel returns the heaps panel of the latest snapshot.
func (c *Controller) Panel() Panel { return c.Snapshot().Panel }

// Help reports whether the key-map overlay shows.
func (c *Controller) Help() bool { return c.Snapshot().Help }

// publish takes a new snapshot and asks for a redraw.
func (c *Controller) publish() {
	f := c.m.Frame()
	lines, total := c.paperView()
	c.mu.Lock()
	pressed := c.held
	if time.Now().Before(c.pressEnd) {
		pressed = pressed.With(c.pressed, true)
	}
	c.snap = Snapshot{Version: c.snap.Version + 1, Frame: f, Panel: c.panel, Pressed: pressed, Help: c.help,
		Paper: c.paper(lines, total), About: c.about, PanelHidden: c.panelHidden, Menu: c.menu}
	c.mu.Unlock()
	c.redraw()
}

// Do applies an action: a key (interrupting the Solver if it is busy),
// text typed into an equation, a cursor movement of the editor, or the
// help overlay. While the overlay shows, Escape (EXIT) or '?' closes it and
// every other key is ignored.
func (c *Controller) Do(a Action) {
	if a.Paper {
		c.TogglePaper()
		return
	}
	if c.windowAction(a) {
		return
	}
	if a.About || (c.Snapshot().About && a.Key == emulator.KeyEXIT && !a.Shift && a.Text == "" && a.Cursor == nil) {
		c.mu.Lock()
		c.about = !c.about
		c.mu.Unlock()
		c.publish()
		return
	}
	if c.Snapshot().About {
		return // keys do nothing under the overlay
	}
	if a.Help || (c.Help() && a.Key == emulator.KeyEXIT && !a.Shift && a.Text == "" && a.Cursor == nil) {
		c.mu.Lock()
		c.help = !c.help
		c.mu.Unlock()
		c.publish()
		return
	}
	if c.Help() {
		return
	}
	if c.m.Busy() {
		c.m.Interrupt()
		return
	}
	switch {
	case a.Text != "":
		c.enqueue(func() { _ = c.m.TypeText(a.Text); c.after("") })
		return
	case a.Cursor != nil:
		move := *a.Cursor
		c.enqueue(func() { c.m.EditCursor(move); c.after("") })
		return
	case a.Key < 0 || a.Key >= emulator.NumKeys:
		return
	}
	c.mu.Lock()
	c.pressed, c.pressEnd = a.Key, time.Now().Add(120*time.Millisecond)
	c.mu.Unlock()
	c.enqueue(func() {
		c.pressKey(a)
		c.after("")
	})
	// The key is drawn up again when its highlight ends.
	time.AfterFunc(130*time.Millisecond, func() { c.enqueue(func() { c.publish() }) })
}

// Load adds the equations of the dropped files as a job, after whatever
// runs now (so never in the middle of a solve).
func (c *Controller) Load(fsys fs.FS, stderr io.Writer) {
	c.enqueue(func() { LoadFiles(c.m, fsys, stderr); c.after("") })
}

// Click handles a click at (x, y) in layout units: a key, a match of the
// heaps panel, or its New Game button; while the print-out panel shows,
// its Clear and Save buttons instead.
func (c *Controller) Click(l Layout, x, y float64) {
	if k, ok := l.KeyAt(x, y); ok {
		c.Do(Action{Key: k})
		return
	}
	if c.Help() {
		return
	}
	if c.paperShown() {
		switch {
		case l.PaperClear.W > 0 && l.PaperClear.Contains(x, y):
			c.ClearPaper()
		case l.PaperSave.W > 0 && l.PaperSave.Contains(x, y):
			_ = c.SavePaper() // the panel says what happened
		}
		return
	}
	if l.NewGame.W > 0 && l.NewGame.Contains(x, y) {
		c.NewGame()
		return
	}
	grid := c.panelNow().Grid
	if grid.Rows == 0 {
		grid = NimGrid
	}
	if h, j, ok := l.MatchAtIn(grid, x, y); ok {
		c.TakeMatch(h, j)
	}
}

// NewGame starts a game of the current Nim program as a person would:
// whatever is pending is finished (CLR, EXIT), then SOLVE, the program,
// CALC and INIT.
func (c *Controller) NewGame() {
	if c.m.Busy() {
		c.m.Interrupt()
		return
	}
	c.enqueue(func() {
		prog, ok := c.currentProgram()
		if !ok {
			prog, _ = programs.ByID("nim")
		}
		c.newGame(prog)
	})
}

// Play starts a game of prog, adding it to the SOLVE list first when it is
// not there (the window's --program).
func (c *Controller) Play(prog programs.Program) {
	c.enqueue(func() {
		if _, err := c.m.LoadText(prog.File, prog.Text()); err != nil {
			c.after(err.Error())
			return
		}
		c.newGame(prog)
	})
}

// newGame finishes what is pending, opens prog and presses INIT, on the
// controller's goroutine.
func (c *Controller) newGame(prog programs.Program) {
	if !c.ready(prog) {
		return
	}
	c.pressLabel("INIT")
	c.after("")
}

// ready finishes what is pending as a person would and opens prog's menu;
// when it cannot, the panel says why and it returns false.
func (c *Controller) ready(prog programs.Program) bool {
	if msg := c.settle(); msg != "" {
		c.after(msg)
		return false
	}
	if err := c.openProgram(prog); err != nil {
		c.after(err.Error())
		return false
	}
	return true
}

// TakeMatch takes match j of heap h and every match to its right, keying
// what a person would (the new count, the heap's menu key, then EVAL), so
// the calculator computes its reply. A number being keyed is cleared and a
// prompt cancelled first; while an equation is being edited it does
// nothing and says why; after the game's end it does nothing.
func (c *Controller) TakeMatch(h, j int) {
	if c.m.Busy() {
		c.m.Interrupt()
		return
	}
	c.enqueue(func() {
		p := c.panelNow()
		if p.Active && p.Program.Game != nil {
			c.takeInGame(p, h, j)
			return
		}
		if !p.Active || p.Over || h < 0 || h > 3 || j >= p.Heaps[h] {
			return
		}
		if !c.ready(p.Program) {
			return
		}
		c.typeNumber(j)
		c.pressLabel(string(rune('A' + h)))
		after := p.Heaps
		after[h] = j
		if nim.Over(after[:]) {
			c.after("")
			return
		}
		c.game.heaps = after // the calculator answers this position
		c.pressLabel("EVAL")
		c.after("")
	})
}

// settle finishes what is pending as a person would before using the menu
// keys, and returns a message when it cannot.
func (c *Controller) settle() string {
	for range 4 {
		switch c.m.Pending() {
		case emulator.PendingNone:
			return ""
		case emulator.PendingEdit:
			return "An equation is being typed: press INPUT to keep it or shift EXIT (MAIN) to leave it, then play."
		case emulator.PendingBusy:
			return "The calculator is busy."
		case emulator.PendingNumber:
			c.m.Press(emulator.KeyCLR)
		case emulator.PendingPrompt:
			c.m.Press(emulator.KeyEXIT)
		}
	}
	return "The calculator is waiting for a key: press EXIT, then play."
}

// openProgram makes the program's variable menu show: MAIN, SOLVE, the
// program in the list, CALC.
func (c *Controller) openProgram(p programs.Program) error {
	text := flatText(p)
	if c.m.InVarMenu(text) {
		return nil
	}
	c.m.Press(emulator.KeyShift)
	c.m.Press(emulator.KeyEXIT) // MAIN
	c.pressLabel("SOLVE")
	eqs, cur := c.m.Equations()
	want := -1
	for i, t := range eqs {
		if t == text {
			want = i
		}
	}
	if want < 0 {
		return fmt.Errorf("%s is not in the SOLVE list", p.Title)
	}
	for ; cur < want; cur++ {
		c.m.Press(emulator.KeyDown)
	}
	for ; cur > want; cur-- {
		c.m.Press(emulator.KeyUp)
	}
	c.pressLabel("CALC")
	if !c.m.InVarMenu(text) {
		return fmt.Errorf("%s did not open: %s", p.Title, c.m.Frame().Top)
	}
	return nil
}

// pressLabel presses the menu key labelled label, paging with MORE.
func (c *Controller) pressLabel(label string) bool {
	for range 8 {
		f := c.m.Frame()
		more := -1
		for i, l := range f.Labels {
			if l == label {
				c.m.Press(emulator.KeyF1 + emulator.Key(i))
				return true
			}
			if l == "MORE" {
				more = i
			}
		}
		if more < 0 {
			return false
		}
		c.m.Press(emulator.KeyF1 + emulator.Key(more))
	}
	return false
}

// typeNumber keys a whole number's digits.
func (c *Controller) typeNumber(n int) {
	for _, d := range strconv.Itoa(n) {
		k, _ := emulator.KeyByName(string(d))
		c.m.Press(k)
	}
}

// currentProgram is the Nim program that is the SOLVE list's current
// equation.
func (c *Controller) currentProgram() (programs.Program, bool) {
	eqs, cur := c.m.Equations()
	if cur < len(eqs) {
		for _, prog := range programs.All() {
			if (prog.Nim || prog.Game != nil) && flatText(prog) == eqs[cur] {
				return prog, true
			}
		}
	}
	return programs.Program{}, false
}

// panelNow is the panel as the last job left it.
func (c *Controller) panelNow() Panel {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.panel
}

// after updates the game from the calculator after a job (msg, when set,
// is the status to show) and publishes a snapshot. It runs on the
// controller's goroutine, when no solve runs.
func (c *Controller) after(msg string) {
	prog, active := c.currentProgram()
	p := Panel{Active: active, Program: prog}
	g := &c.game
	if !active {
		*g = gameState{}
	} else if prog.Game != nil {
		c.followGame(prog, &p)
	} else {
		p.Title = title(prog)
		c.follow(prog)
		p.Heaps, p.Over, p.Status = clampHeaps(g.heaps), g.over, g.status
		if bad := outOfRange(g.heaps); bad != "" {
			p.Status = bad
		}
		p.Rows, p.Labels, p.Grid = append([]int(nil), p.Heaps[:]...), []string{"A", "B", "C", "D"}, NimGrid
	}
	if msg != "" {
		p.Status = msg
	}
	c.showGame(p)
	c.mu.Lock()
	c.panel = p
	c.mu.Unlock()
	c.publish()
}

// title names a program and its rule.
func title(p programs.Program) string {
	if p.Misere {
		return p.Title + " · 1-3-5-7 · misère: whoever takes the last match loses"
	}
	return p.Title + " · 1-3-5-7 · whoever takes the last match wins"
}

// follow reads the heaps after a job and says what happened: a new game
// (INIT), the calculator's move or resignation (EVAL), the player's move
// (a heap stored), and the winner.
func (c *Controller) follow(prog programs.Program) {
	g := &c.game
	if g.prog != prog.ID {
		*g = gameState{prog: prog.ID, status: firstHint}
	}
	top := c.m.Frame().Top
	now := programs.ReadHeaps(c.m.Vars())
	before := g.heaps
	switch {
	case strings.HasPrefix(top, "INIT="):
		g.heaps, g.over, g.status = now, false, "Your move: click a match to take it and those to its right, or key a heap's new size, its menu key (A–D) and EVAL."
	case top == hp17b.MsgSolutionNotFound && !g.over && now != before && c.m.Model() == solver.Model17BIIPlus:
		// The 17bII+ moved, then its second run of EVAL found no move.
		g.calculatorMoved(prog, before, now, " "+plusNote)
	case top == hp17b.MsgSolutionNotFound && !g.over && c.m.InVarMenu(flatText(prog)):
		g.heaps, g.over = now, true
		g.status = "SOLUTION NOT FOUND: the calculator has no winning move in " + show(now) + " and resigns. You win. New Game plays again."
	case strings.HasPrefix(top, "EVAL=") && !g.over && now != before:
		g.calculatorMoved(prog, before, now, "")
		if want, ok := programs.Natives[prog.Native](before); ok && want != now {
			g.status += " (By the nim-sum rule it should have left " + show(want) + ".)"
		}
	case now != before && !g.over:
		g.heaps = now
		if nim.Over(now[:]) {
			g.over = true
			if prog.Misere {
				g.status = "You took the last match: the calculator wins."
			} else {
				g.status = "You took the last match: you win."
			}
		} else {
			g.status = "You left " + show(now) + ": press EVAL for the calculator's move."
		}
	}
}

// plusNote says why the 17bII+ shows SOLUTION NOT FOUND after its move.
const plusNote = "(17bII+: EVAL runs twice and the second run finds no move, hence SOLUTION NOT FOUND; the heaps hold the move.)"

// calculatorMoved records the calculator's move from before to now (note
// follows the move's description) and names the winner when it took the
// last match.
func (g *gameState) calculatorMoved(prog programs.Program, before, now programs.Heaps, note string) {
	g.heaps = now
	g.status = "The calculator took " + took(before, now) + ", leaving " + show(now) + "." + note
	switch {
	case !nim.Over(now[:]):
		g.status += " Your move."
	case prog.Misere:
		g.over = true
		g.status += " It took the last match: you win."
	default:
		g.over = true
		g.status += " It took the last match: the calculator wins."
	}
}

// firstHint is the panel's status before the first game.
const firstHint = "New Game (or SOLVE, CALC, INIT) sets the heaps to 1 3 5 7. Then click a match, or key a heap's new size, its menu key (A–D) and EVAL."

// show writes the heaps as the LCD shows NIM's number (1,346).
func show(h programs.Heaps) string { return hp17b.Group(strconv.Itoa(h.Number())) }

// took says what one move took: "2 from C".
func took(before, after programs.Heaps) string {
	for i := range before {
		if before[i] != after[i] {
			return fmt.Sprintf("%d from %c", before[i]-after[i], 'A'+i)
		}
	}
	return "nothing"
}

// clampHeaps keeps each heap within the game's limits for drawing.
func clampHeaps(h programs.Heaps) programs.Heaps {
	for i := range h {
		h[i] = max(0, min(h[i], programs.Limits[i]))
	}
	return h
}

// outOfRange says which heap holds a count the game does not allow.
func outOfRange(h programs.Heaps) string {
	for i := range h {
		if h[i] < 0 || h[i] > programs.Limits[i] {
			return fmt.Sprintf("%c holds %d, but this game allows 0 to %d: key a count from 0 to %d and press %c, or New Game.",
				'A'+i, h[i], programs.Limits[i], programs.Limits[i], 'A'+i)
		}
	}
	return ""
}

var (
	flatOnce  sync.Once
	flatTexts map[string]string
)

// flatText is a program's text as the SOLVE list holds it, flattened once.
func flatText(p programs.Program) string {
	flatOnce.Do(func() {
		flatTexts = map[string]string{}
		for _, q := range programs.All() {
			flatTexts[q.ID] = solver.Flatten(q.Text())
		}
	})
	return flatTexts[p.ID]
}
