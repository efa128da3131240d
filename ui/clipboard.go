package ui

import (
	"regexp"
	"strings"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/solver"
)

// CopyText is what Ctrl+C copies: the whole print-out while its panel
// shows, and otherwise emulator.Machine.CopyText (the equation being
// entered or edited, the SOLVE list's current equation, or the calculator
// line's number at full precision).
func (c *Controller) CopyText() string {
	if c.Snapshot().Paper.Shown {
		return c.paperText()
	}
	return c.m.CopyText()
}

// pastedNumber is a number as a person copies one: an optional sign,
// digits with an optional point (',' groups thousands), an optional
// exponent.
var pastedNumber = regexp.MustCompile(`^([+\-−]?)(\d[\d,]*\.?\d*|\.\d+)(?:[Ee]([+\-−]?)(\d+))?$`)

// NumberKeys returns the keys that key text in as a number on the
// calculator line, as a person would press them: the digits and point,
// +/- for a negative number, E (shifted +/-), +/- again for a negative
// exponent, the exponent's digits. ok is false when text (spaces around it
// aside) is not a number.
func NumberKeys(text string) (keys []Action, ok bool) {
	m := pastedNumber.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return nil, false
	}
	digits := func(s string) {
		for _, r := range s {
			if r == ',' {
				continue
			}
			a, _ := CharAction(r, false)
			keys = append(keys, a)
		}
	}
	digits(m[2])
	if m[1] == "-" || m[1] == "−" {
		keys = append(keys, Action{Key: emulator.KeyChs})
	}
	if m[4] != "" {
		keys = append(keys, Action{Key: emulator.KeyChs, Shift: true})
		if m[3] == "-" || m[3] == "−" {
			keys = append(keys, Action{Key: emulator.KeyChs})
		}
		digits(m[4])
	}
	return keys, true
}

// Paste gives the calculator text from the clipboard, as a job after
// whatever runs now: while an equation is entered or edited the text is
// typed into it as one line (solver.Flatten); otherwise a number is keyed
// onto the calculator line (NumberKeys), and any other text is loaded into
// the SOLVE list as a dropped equation file is (one or many equations; a
// bad one shows INVALID EQUATION line:col and the good ones are added;
// text too large or not text shows PASTE TOO LARGE: 1 MB or PASTE IS NOT
// TEXT, an empty clipboard NO TEXT TO PASTE, and the whole reason shows
// over the window: a Notice, emulator.LoadPaste). Pasted in
// the SOLVE list, the first new equation becomes the current one. During
// a solve it interrupts, as any key does.
func (c *Controller) Paste(text string) {
	if c.Help() {
		return
	}
	if c.m.Busy() {
		c.m.Interrupt()
		return
	}
	c.enqueue(func() {
		switch keys, isNumber := NumberKeys(text); {
		case c.m.Editing():
			if err := c.m.TypeText(solver.Flatten(text)); err != nil {
				n := &Notice{Title: "PASTE REFUSED"}
				n.Add(err)
				c.holdNotice(n)
				c.after(err.Error())
				return
			}
		case isNumber:
			for _, a := range keys {
				if a.Shift {
					c.m.Press(emulator.KeyShift)
				}
				c.m.Press(a.Key)
			}
		default:
			before, cur := c.m.Equations()
			if strings.TrimSpace(text) == "" {
				c.m.Message("NO TEXT TO PASTE")
				c.after("the clipboard holds no text to paste (an image or a file is not pasted)")
				return
			}
			if err := c.loadEquations("clipboard", text, "INVALID EQUATION in the paste", before, cur); err != nil {
				c.after(err.Error())
				return
			}
		}
		c.after("")
	})
}

// loadEquations adds the equations of text to the SOLVE list as a paste
// does (emulator.LoadPaste); before and cur are the list and its current
// equation before. In the SOLVE list, the first equation added becomes
// the current one, ready for CALC. The error is the load's, or the
// text's first bad equation (the good ones are added all the same); the
// window then shows every reason over itself (TextNotice, titled title).
func (c *Controller) loadEquations(name, text, title string, before []string, cur int) error {
	rep, err := c.m.LoadEquations(name, text, emulator.LoadPaste)
	if err != nil {
		c.holdNotice(TextNotice(title, name, text, 0, err, nil))
		return err
	}
	c.holdNotice(TextNotice(title, name, text, rep.Added, nil, rep.Err))
	if f := c.m.Frame(); rep.Added > 0 && rep.Err == nil && f.Labels[0] == "CALC" && f.Labels[3] == "NEW" {
		for ; cur < len(before); cur++ {
			c.m.Press(emulator.KeyDown)
		}
	}
	return rep.Err
}
