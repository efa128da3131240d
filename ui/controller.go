package ui

import (
	"io"
	"io/fs"
	"sync"
	"time"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// Panel is the heaps panel's state, made from the game the controller
// owns (programs.Match), never from the display: shown while a game is
// kept or the SOLVE list's current equation is a game program.
type Panel struct {
	Active  bool
	Program programs.Program
	// Title names the program and its game ("NIM · 1-3-5-7 Nim"); Rule
	// says what a move may do and who wins (programs.Game.Move).
	Title, Rule string
	// Preview is set while the panel shows the start of a game program
	// made current (SOLVE ▲ ▼) while the game of another is kept: a click
	// on a match plays neither, New Game plays this one (Status says so
	// and names the kept game).
	Preview bool
	// Rows are the heaps drawn, one a row (a program's slots, or its
	// packed number's digits), each within the grid; Labels their names
	// (A, B… or 1, 2…), Grid their arrangement.
	Rows   []int
	Labels []string
	Grid   Grid
	// Turn is the side to move; Over is set once the game has a winner
	// (clicks on matches then do nothing until New Game or INIT), Outcome
	// says who.
	Turn    programs.Side
	Over    bool
	Outcome programs.Outcome
	// Status says whose turn it is, what the last move did, a move that
	// was refused, and the winner.
	Status string
	// Moves are the moves so far, one line each, oldest first ("You: D
	// 7 → 6", "Calculator: C 5 → 4").
	Moves []string
	// Why is the why view's lines while it shows (programs.Match.Why),
	// nil otherwise; WhyView the same as a table, for the window to lay
	// out (nil when the view could not be made: Why then says why).
	Why     []string
	WhyView *programs.WhyView
	// CanUndo and CanRedo say whether Undo and Redo have a move pair.
	CanUndo, CanRedo bool
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
	// Edit is the equation being entered or edited, whole, with its
	// cursor, shown in the panel beside the calculator; nil when none is.
	Edit *emulator.EditView
	// Recording is set while keys are recorded, Playing while a key
	// script is played (record.go).
	Recording, Playing bool
	// Notice is the message shown whole over the window (why a drop, a
	// paste or an equation was refused: notice.go), nil when none is.
	Notice *Notice
}

// Controller owns the calculator's input: every key, click, typed text and
// file load becomes a job that runs on the controller's goroutine, one after
// another, so nothing interleaves with a solve; a key that arrives while the
// Solver works interrupts it, as on the calculator. After every job, and
// every 100 ms while one runs (the search's estimates), it publishes one
// Snapshot and asks for a redraw.
type Controller struct {
	m      Machine
	redraw func()
	jobs   chan func()
	wg     sync.WaitGroup

	// game is the heaps panel's game (games.go); only the controller's
	// goroutine (or NewController, before it starts) touches it.
	game gameState

	pubMu    sync.Mutex // one publication at a time (publish)
	mu       sync.Mutex
	inFlight int // jobs queued or running
	// idle, when set, is closed once no job is queued or running
	// (WaitFor).
	idle     chan struct{}
	snap     Snapshot
	panel    Panel
	pressed  emulator.Key
	pressEnd time.Time
	held     KeySet // keys held down (keys.go)
	// panelHidden and menu are the heaps panel hidden and the window's
	// menu open (keys.go).
	panelHidden, menu bool
	help              bool
	pap               paperState  // the print-out panel (paper.go)
	about             bool        // the About overlay
	notice            *Notice     // the message over the window (notice.go)
	failReport        func(error) // where a failed job is reported (guard.go)
	rec               recorder    // keys being recorded (record.go)
	recorded          func(script string)
	playing           chan struct{} // closed to stop a key script being played
	closed            bool
	stop              chan struct{} // closed by Close: the clock's ticker ends
}

// NewController starts the controller's goroutine over the calculator m
// (an *emulator.Machine); redraw is called after every new snapshot (from
// any goroutine).
func NewController(m Machine, redraw func()) *Controller {
	if redraw == nil {
		redraw = func() {}
	}
	c := &Controller{m: m, redraw: redraw, jobs: make(chan func(), 256), pressed: -1, stop: make(chan struct{})}
	c.game.load(m)
	c.game.away = c.game.match != nil && !c.matchCurrent()
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
		if c.inFlight == 0 && c.idle != nil {
			close(c.idle)
			c.idle = nil
		}
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
	if err := Guard("the calculator's work", job); err != nil {
		c.fail(err)
	}
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
// published, however long a solve takes: for tests, and for Close once
// the window has gone. The window's ticks wait with WaitFor.
func (c *Controller) Wait() { c.wg.Wait() }

// WaitFor is Wait bounded by d: it reports whether every job given so far
// has run within d. When d passes first it returns false and the jobs
// run on (a solve goes on, and a key may still interrupt it): nothing is
// dropped, and the caller asks again later. Each call starts no
// goroutine, so a tick may ask as often as it likes.
func (c *Controller) WaitFor(d time.Duration) bool {
	c.mu.Lock()
	if c.inFlight == 0 {
		c.mu.Unlock()
		return true
	}
	if c.idle == nil {
		c.idle = make(chan struct{})
	}
	idle := c.idle
	c.mu.Unlock()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-idle:
		return true
	case <-t.C:
		return false
	}
}

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

// publish takes a new snapshot and asks for a redraw. Publications are
// one at a time (pubMu), so that one that read the display earlier never
// lands after one that read it later: the 100 ms publisher of a job and
// the job's own last publication otherwise raced, and the snapshot could
// go back to the display before the job's last key.
func (c *Controller) publish() {
	c.pubMu.Lock()
	defer c.pubMu.Unlock()
	f := c.m.Frame()
	lines, total := c.paperView()
	var edit *emulator.EditView
	if v, ok := c.m.Edit(); ok {
		edit = &v
	}
	c.mu.Lock()
	pressed := c.held
	if time.Now().Before(c.pressEnd) {
		pressed = pressed.With(c.pressed, true)
	}
	c.snap = Snapshot{Version: c.snap.Version + 1, Frame: f, Panel: c.panel, Pressed: pressed, Help: c.help,
		Paper: c.paper(lines, total), About: c.about, PanelHidden: c.panelHidden, Menu: c.menu, Edit: edit,
		Recording: c.rec.on, Playing: c.playing != nil, Notice: c.notice}
	c.mu.Unlock()
	c.redraw()
}

// Do applies an action: a key (interrupting the Solver if it is busy),
// text typed into an equation, a cursor movement of the editor, or the
// help overlay. While the overlay shows, Escape (EXIT) or '?' closes it and
// every other key is ignored.
func (c *Controller) Do(a Action) {
	if c.StopPlaying() {
		return // a key stops a key script being played, and does nothing else
	}
	if c.CloseNotice() {
		return // a key closes the notice, and does nothing else
	}
	if a.Paper {
		c.TogglePaper()
		return
	}
	if c.windowAction(a) {
		return
	}
	// About, then the key map: asked for, or shown and a bare EXIT, it
	// opens or closes; while it shows, other keys do nothing.
	exit := a.Key == emulator.KeyEXIT && !a.Shift && a.Text == "" && a.Cursor == nil && a.Line == 0
	snap := c.Snapshot()
	for _, o := range []struct {
		asked, shown bool
		on           *bool
	}{{a.About, snap.About, &c.about}, {a.Help, snap.Help, &c.help}} {
		if o.asked || (o.shown && exit) {
			c.mu.Lock()
			*o.on = !*o.on
			c.mu.Unlock()
			c.publish()
			return
		}
		if o.shown {
			return
		}
	}
	if c.m.Busy() {
		c.m.Interrupt()
		return
	}
	if a.Cursor == nil && a.Line == 0 {
		c.record(a)
	}
	switch {
	case a.Text != "":
		c.enqueue(func() { _ = c.m.TypeText(a.Text); c.after("") })
		return
	case a.Cursor != nil:
		move := *a.Cursor
		c.enqueue(func() { c.m.EditCursor(move); c.after("") })
		return
	case a.Line != 0:
		g := EditGrid{Cols: a.LineCols}
		c.enqueue(func() {
			if v, ok := c.m.Edit(); ok {
				c.m.EditCursorAt(g.LineMove(len([]rune(v.Text)), v.Cursor, a.Line))
			}
			c.after("")
		})
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
	// The key is drawn up again when its highlight ends: a new snapshot,
	// not a job (a job would race with Wait, which a person's next key
	// may be in).
	time.AfterFunc(130*time.Millisecond, c.publish)
}

// Load adds the equations of the dropped files as a job, after whatever
// runs now (so never in the middle of a solve).
func (c *Controller) Load(fsys fs.FS, stderr io.Writer) {
	c.enqueue(func() {
		c.holdNotice(LoadFiles(c.m, fsys, stderr))
		c.after("")
	})
}

// Click handles a click at (x, y) in layout units: a key, a match of the
// heaps panel, or its New Game button; while the print-out panel shows,
// its Clear and Save buttons instead.
func (c *Controller) Click(l Layout, x, y float64) {
	if c.CloseNotice() {
		return // a click closes the notice, and does nothing else
	}
	if k, ok := l.KeyAt(x, y); ok {
		c.Do(Action{Key: k})
		return
	}
	if c.Help() || c.Snapshot().Edit != nil {
		return // the panel shows the whole equation: no buttons or matches
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
	for _, b := range []struct {
		r  Rect
		do func()
	}{{l.NewGame, c.NewGame}, {l.Undo, c.Undo}, {l.Redo, c.Redo}, {l.Hint, c.Hint}, {l.Why, c.ToggleWhy}} {
		if b.r.W > 0 && b.r.Contains(x, y) {
			b.do()
			return
		}
	}
	grid := c.panelNow().Grid
	if grid.Rows == 0 {
		grid = NimGrid
	}
	if h, j, ok := l.MatchAtIn(grid, x, y); ok {
		c.TakeMatch(h, j)
	}
}

// panelNow is the panel as the last job left it.
func (c *Controller) panelNow() Panel {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.panel
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
