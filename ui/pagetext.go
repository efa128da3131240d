package ui

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/solver"
)

// Offer is what a text brought from outside (an equation link, a file
// opened in the page) holds, read before anything is added, for the
// person to accept or decline: the equations read, each with its name,
// menu and whether the SOLVE list already holds it, and the first error
// with its place. Its JSON is what the page shows (web/hp17b.js).
type Offer struct {
	Equations []OfferedEquation `json:"equations"`
	// Error is the text's first error, nil when every equation reads.
	Error *OfferError `json:"error,omitempty"`
}

// OfferedEquation is one equation of an Offer.
type OfferedEquation struct {
	// Title is the equation's name, or its text cut to 22 characters
	// with … (solver.Equation.Title).
	Title string `json:"title"`
	// Text is the equation in the calculator's spelling.
	Text string `json:"text"`
	// Menu is its menu variables, in the order the menu shows them.
	Menu []string `json:"menu"`
	// Known is set when the SOLVE list already holds this text (it is
	// not added twice).
	Known bool `json:"known"`
}

// OfferError is an Offer's error: its line and column in the text (1
// based), what is wrong and what to do, and the caret line under the
// offending character (the line itself, then spaces and ^).
type OfferError struct {
	Line  int    `json:"line"`
	Col   int    `json:"col"`
	Msg   string `json:"msg"`
	Caret string `json:"caret"`
}

// ReadOffer reads text as an equation file (solver.ReadFile, leniently:
// every good equation, and the first error) without adding anything;
// known lists the SOLVE list's equations. Text that is not text or too
// large gives an Offer with only that error.
func ReadOffer(text string, known []string) Offer {
	var o Offer
	if err := emulator.CheckFileText("the link", text); err != nil {
		o.Error = &OfferError{Line: 1, Col: 1, Msg: err.Error()}
		return o
	}
	entries, bad := solver.ReadFile("the link", text, true)
	have := make(map[string]bool, len(known))
	for _, k := range known {
		have[k] = true
	}
	for _, e := range entries {
		oe := OfferedEquation{Title: e.Text, Text: e.Text, Menu: []string{}, Known: have[e.Text]}
		if e.Eq != nil {
			oe.Title, oe.Menu = e.Eq.Title(), append(oe.Menu, e.Eq.Menu...)
		}
		o.Equations = append(o.Equations, oe)
	}
	if o.Equations == nil {
		o.Equations = []OfferedEquation{}
	}
	var se *solver.SyntaxError
	switch {
	case errors.As(bad, &se):
		o.Error = &OfferError{Line: se.Pos.Line, Col: se.Pos.Col, Msg: se.Msg, Caret: se.Caret()}
	case bad != nil:
		o.Error = &OfferError{Line: 1, Col: 1, Msg: bad.Error()}
	}
	return o
}

// Offer reads text as ReadOffer does against the SOLVE list now.
func (c *Controller) Offer(text string) Offer {
	eqs, _ := c.m.Equations()
	return ReadOffer(text, eqs)
}

// LoadText adds the equations of text (an equation file's, named name in
// errors) to the SOLVE list as a job after whatever runs now, as a paste
// in MAIN does: the good equations added (not those already there), the
// first new one made current, a bad one shown as INVALID EQUATION
// line:col with its reason in the heaps panel's status and on stderr.
func (c *Controller) LoadText(name, text string, stderr io.Writer) {
	c.enqueue(func() {
		before, cur := c.m.Equations()
		if err := c.loadEquations(name, text, "BAD FILE "+name, before, cur); err != nil {
			fmt.Fprintln(stderr, solver.Explain(err))
			c.after(err.Error())
			return
		}
		c.after("")
	})
}

// SolveListText is the SOLVE list as an equation file, the same text
// Ctrl+S writes on the desktop (solver.FormatFile), and how many
// equations it holds.
func (c *Controller) SolveListText() (string, int) {
	eqs, _ := c.m.Equations()
	return solver.FormatFile(eqs), len(eqs)
}

// CurrentEquation is the SOLVE list's current equation ("" when the list
// is empty): what the page shares and links.
func (c *Controller) CurrentEquation() string {
	eqs, cur := c.m.Equations()
	if cur < 0 || cur >= len(eqs) {
		return ""
	}
	return strings.TrimSpace(eqs[cur])
}
