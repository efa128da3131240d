package ui

import (
	"fmt"
	"sync"
	"time"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/nim"
	"github.com/hp17b/hp17b/programs"
)

// Panel is the heaps panel's state: shown while the SOLVE list's current
// equation is a Nim program of the library.
type Panel struct {
	Active  bool
	Program programs.Program
	// Heaps are A, B, C, D as the variables hold them.
	Heaps programs.Heaps
	// Status says whose turn it is, the winner, and the native player's
	// verdict on the calculator's last move.
	Status string
}

// Controller feeds keys to the calculator on a goroutine of its own, so
// that a long solve never holds up drawing; a key that arrives while the
// Solver works interrupts it, as on the calculator. It also owns the heaps
// panel and the pressed-key highlight.
type Controller struct {
	m      *emulator.Machine
	redraw func()
	jobs   chan func()
	wg     sync.WaitGroup

	mu       sync.Mutex
	panel    Panel
	verdict  string
	pressed  emulator.Key
	pressEnd time.Time
	help     bool
	pending  int
}

// NewController starts the controller's goroutine; redraw is called
// whenever the display may have changed (from any goroutine).
func NewController(m *emulator.Machine, redraw func()) *Controller {
	if redraw == nil {
		redraw = func() {}
	}
	c := &Controller{m: m, redraw: redraw, jobs: make(chan func(), 64), pressed: -1}
	c.refresh()
	go c.loop()
	return c
}

func (c *Controller) loop() {
	for job := range c.jobs {
		done := make(chan struct{})
		go func() { // keep the busy display moving while the Solver works
			t := time.NewTicker(100 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-done:
					return
				case <-t.C:
					c.redraw()
				}
			}
		}()
		job()
		close(done)
		c.refresh()
		c.mu.Lock()
		c.pending--
		c.mu.Unlock()
		c.wg.Done()
		c.redraw()
	}
}

func (c *Controller) enqueue(job func()) {
	c.mu.Lock()
	c.pending++
	c.mu.Unlock()
	c.wg.Add(1)
	c.jobs <- job
}

// Wait returns when every key given so far has been processed.
func (c *Controller) Wait() { c.wg.Wait() }

// Close stops the controller's goroutine after the keys given so far.
func (c *Controller) Close() {
	c.Wait()
	close(c.jobs)
}

// Machine returns the calculator.
func (c *Controller) Machine() *emulator.Machine { return c.m }

// Frame returns the display.
func (c *Controller) Frame() emulator.Frame { return c.m.Frame() }

// Do applies an action: a key (interrupting the Solver if it is busy),
// text typed into an equation, or the help overlay.
func (c *Controller) Do(a Action) {
	if a.Help {
		c.mu.Lock()
		c.help = !c.help
		c.mu.Unlock()
		c.redraw()
		return
	}
	if c.m.Busy() {
		c.m.Interrupt()
		return
	}
	if a.Text != "" {
		c.enqueue(func() { _ = c.m.TypeText(a.Text) })
		return
	}
	if a.Key < 0 || a.Key >= emulator.NumKeys {
		return
	}
	c.mu.Lock()
	c.pressed, c.pressEnd = a.Key, time.Now().Add(150*time.Millisecond)
	c.mu.Unlock()
	c.enqueue(func() {
		c.mu.Lock()
		c.verdict = "" // the last move's verdict goes with the next key
		c.mu.Unlock()
		if a.Shift {
			c.m.Press(emulator.KeyShift)
		}
		c.m.Press(a.Key)
	})
	time.AfterFunc(160*time.Millisecond, c.redraw)
}

// Pressed returns the key to show pressed, if any.
func (c *Controller) Pressed() (emulator.Key, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pressed, c.pressed >= 0 && time.Now().Before(c.pressEnd)
}

// Help reports whether the key-map overlay shows.
func (c *Controller) Help() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.help
}

// Panel returns the heaps panel's state.
func (c *Controller) Panel() Panel {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.panel
}

// Click handles a click at (x, y) in layout units: a key, or a match of
// the heaps panel.
func (c *Controller) Click(l Layout, x, y float64) {
	if k, ok := l.KeyAt(x, y); ok {
		c.Do(Action{Key: k})
		return
	}
	if h, j, ok := l.MatchAt(x, y); ok {
		c.TakeMatch(h, j)
	}
}

// TakeMatch takes match j of heap h and every match to its right: it types
// what a person would (the new count, the heap's menu key, then EVAL), so
// the calculator computes its reply. After the last match it does not ask
// for a reply.
func (c *Controller) TakeMatch(h, j int) {
	if c.m.Busy() {
		c.m.Interrupt()
		return
	}
	p := c.Panel()
	if !p.Active || j >= p.Heaps[h] {
		return
	}
	before := p.Heaps
	before[h] = j
	letter := string(rune('A' + h))
	script := fmt.Sprintf("%d [%s]", j, letter)
	if !nim.Over(before[:]) {
		script += " [EVAL]"
	}
	text := flatText(p.Program)
	c.enqueue(func() {
		if !c.m.InVarMenu(text) {
			_ = emulator.Run(c.m, "MAIN SOLVE CALC", nil)
		}
		err := emulator.Run(c.m, script, nil)
		after := programs.ReadHeaps(c.m.Vars())
		c.mu.Lock()
		c.verdict = verdict(p.Program, before, after, c.m.Frame().Top, err)
		c.mu.Unlock()
	})
}

// verdict says what the move did, the native player's opinion, and the
// winner when the game is over.
func verdict(p programs.Program, before, after programs.Heaps, display string, err error) string {
	if err != nil {
		return "The keys could not be typed: " + err.Error()
	}
	if before == (programs.Heaps{}) {
		if p.Misere {
			return "You took the last match. The calculator wins."
		}
		return "You took the last match. You win."
	}
	want, ok := programs.Natives[p.Native](before)
	if after == before {
		if ok {
			return fmt.Sprintf("The calculator did not move (%s); the native player would leave %s.", display, want.String())
		}
		return fmt.Sprintf("The calculator cannot move (%s). You win.", display)
	}
	var s string
	if ok && after == want {
		s = fmt.Sprintf("The calculator left %s; the native player agrees.", after.String())
	} else {
		s = fmt.Sprintf("The calculator left %s; the native player would leave %s.", after.String(), want.String())
	}
	if after == (programs.Heaps{}) {
		if p.Misere {
			return s + " It took the last match. You win."
		}
		return s + " It took the last match. The calculator wins."
	}
	return s + " Your move."
}

// refresh recomputes the panel from the calculator (on the controller's
// goroutine or before it starts, so the variables are not in use).
func (c *Controller) refresh() {
	eqs, cur := c.m.Equations()
	var p Panel
	if cur < len(eqs) {
		for _, prog := range programs.All() {
			if prog.Nim && flatText(prog) == eqs[cur] {
				p.Active, p.Program = true, prog
			}
		}
	}
	if p.Active {
		p.Heaps = programs.ReadHeaps(c.m.Vars())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case !p.Active:
	case c.verdict != "":
		p.Status = c.verdict
	case p.Heaps == (programs.Heaps{}):
		p.Status = "Press INIT (after CALC) to set the heaps to 1 3 5 7."
	default:
		p.Status = "Your move: click a match to take it and those to its right."
	}
	c.panel = p
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
			flatTexts[q.ID] = emulator.Flatten(q.Text())
		}
	})
	return flatTexts[p.ID]
}
