package ui

import (
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/solver"
)

// Paper is the print-out panel's state in a snapshot: the printer's paper
// (emulator.Machine.PrintOut) shown in place of the heaps panel, F9
// showing and hiding it, the mouse wheel scrolling it.
type Paper struct {
	// Shown is set while the panel shows.
	Shown bool
	// Lines are the lines in view, oldest first: at most PaperLines,
	// ending Scroll lines before the newest.
	Lines []string
	// Scroll is how many lines the view is scrolled back from the end;
	// Total is how many lines the paper holds.
	Scroll, Total int
	// Status says what the last Save or Clear did.
	Status string
}

// PaperLines is how many printed lines the panel shows at once.
const PaperLines = 24

// paperState is the controller's part of Paper.
type paperState struct {
	shown  bool
	scroll int
	status string
	// file is where Save writes the print-out.
	file string
}

// paperView reads the lines the panel shows, before publish takes c.mu
// (the machine's lock is never taken under the controller's).
func (c *Controller) paperView() (lines []string, total int) {
	c.mu.Lock()
	shown, scroll := c.pap.shown, c.pap.scroll
	c.mu.Unlock()
	if !shown {
		return nil, 0
	}
	return c.m.PrintOutTail(PaperLines, scroll)
}

// paper returns the panel's state for a snapshot from its view (the
// caller holds c.mu).
func (c *Controller) paper(lines []string, total int) Paper {
	p := Paper{Shown: c.pap.shown, Status: c.pap.status}
	if !p.Shown {
		return p
	}
	p.Lines, p.Total = lines, total
	p.Scroll = min(c.pap.scroll, max(total-PaperLines, 0))
	return p
}

// TogglePaper shows or hides the print-out panel.
func (c *Controller) TogglePaper() {
	c.mu.Lock()
	c.pap.shown, c.pap.scroll, c.pap.status = !c.pap.shown, 0, ""
	c.mu.Unlock()
	c.publish()
}

// ScrollPaper scrolls the print-out by n lines: back towards the first
// line for n > 0, on towards the newest for n < 0.
func (c *Controller) ScrollPaper(n int) {
	_, total := c.m.PrintOutTail(0, 0)
	c.mu.Lock()
	c.pap.scroll = min(max(c.pap.scroll+n, 0), max(total-PaperLines, 0))
	c.mu.Unlock()
	c.publish()
}

// ClearPaper tears the paper off: the print-out starts again empty.
func (c *Controller) ClearPaper() {
	c.m.ClearPrintOut()
	c.mu.Lock()
	c.pap.scroll, c.pap.status = 0, "Cleared"
	c.mu.Unlock()
	c.publish()
}

// SetPaperFile sets where SavePaper writes (hp17b-printout.txt in the
// working folder unless set).
func (c *Controller) SetPaperFile(path string) {
	c.mu.Lock()
	c.pap.file = path
	c.mu.Unlock()
}

// SavePaper writes the print-out as text, a line each, to the paper file
// (SetPaperFile), and says where in the panel; the error is the file's.
func (c *Controller) SavePaper() error {
	c.mu.Lock()
	path := c.pap.file
	c.mu.Unlock()
	if path == "" {
		path = "hp17b-printout.txt"
	}
	out := c.m.PrintOut()
	text := strings.Join(out, "\n")
	if len(out) > 0 {
		text += "\n"
	}
	err := files.WriteReplacing(path, []byte(text))
	c.mu.Lock()
	c.pap.status = "Saved to " + path
	if err != nil {
		c.pap.status = "Not saved: " + err.Error()
	}
	c.mu.Unlock()
	c.publish()
	return err
}

// paperText is the whole print-out as text, for Ctrl+C while the panel
// shows.
func (c *Controller) paperText() string { return strings.Join(c.m.PrintOut(), "\n") }

// paperShown reports whether the panel is to show.
func (c *Controller) paperShown() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pap.shown
}

// SaveEquations writes the SOLVE list to path (hp17b-equations.txt in the
// working folder when empty) as an equation file that loads back to the
// same list, byte for byte (solver.FormatFile: one equation a line, a
// blank line between two, an invalid one on a solver.KeptMark line). The display says how
// many were saved ("3 EQUATIONS SAVED") or NOT SAVED; the error is the
// file's.
func (c *Controller) SaveEquations(path string) error {
	if path == "" {
		path = "hp17b-equations.txt"
	}
	eqs, _ := c.m.Equations()
	err := files.WriteReplacing(path, []byte(solver.FormatFile(eqs)))
	msg := "NOT SAVED"
	if err == nil {
		msg = SavedMessage(len(eqs))
	}
	c.Message(msg)
	return err
}

// SavedMessage is the display's word for n equations saved (Ctrl+S's
// file, the page's download): "1 EQUATION SAVED", "3 EQUATIONS SAVED".
func SavedMessage(n int) string {
	if n == 1 {
		return "1 EQUATION SAVED"
	}
	return strconv.Itoa(n) + " EQUATIONS SAVED"
}

// Message shows a message on the display (as the calculator shows one: the
// next key clears it) after whatever runs now, and publishes it.
func (c *Controller) Message(msg string) {
	c.enqueue(func() { c.m.Message(msg); c.after("") })
}
