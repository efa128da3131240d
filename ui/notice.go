package ui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hp17b/hp17b/solver"
)

// NoticeLine is one line of a Notice: words, or (Mono) a line of an
// equation or the caret under it, drawn in a monospaced face so that the
// caret stands under the character it points at.
type NoticeLine struct {
	Text string
	Mono bool
}

// Notice is a message the window shows whole over the calculator until
// the next key or click: why a dropped file, a paste or an equation
// typed was refused, every reason with its place, the equation's line
// and a caret, where the display has room for BAD FILE line:col only.
type Notice struct {
	// Title says what was refused ("BAD FILE bad.eq").
	Title string
	Lines []NoticeLine
}

// Add appends err as a person should read it (solver.Explain): its
// message, and for a *solver.SyntaxError the line at fault and the caret
// under its column.
func (n *Notice) Add(err error) {
	var se *solver.SyntaxError
	if errors.As(err, &se) {
		n.Lines = append(n.Lines, NoticeLine{Text: err.Error()})
		if c := se.Caret(); c != "" {
			for _, l := range strings.Split(c, "\n") {
				n.Lines = append(n.Lines, NoticeLine{Text: l, Mono: true})
			}
		}
		return
	}
	n.Lines = append(n.Lines, NoticeLine{Text: err.Error()})
}

// Say appends a line of words.
func (n *Notice) Say(format string, a ...any) {
	n.Lines = append(n.Lines, NoticeLine{Text: fmt.Sprintf(format, a...)})
}

// String is the notice as text, a line each (for tests and logs).
func (n *Notice) String() string {
	if n == nil {
		return ""
	}
	lines := []string{n.Title}
	for _, l := range n.Lines {
		lines = append(lines, l.Text)
	}
	return strings.Join(lines, "\n")
}

// TextNotice is the notice for an equation file's text (a dropped file,
// a paste, --load) whose reading failed (err) or held invalid equations
// (bad, the first of them): every invalid equation's error in the file's
// order (solver.ReadFileAll), and what was added. title is the notice's
// title ("BAD FILE bad.eq"); nil when there is nothing to say.
func TextNotice(title, name, text string, added int, err, bad error) *Notice {
	n := &Notice{Title: title}
	switch {
	case err != nil:
		n.Add(err)
		n.Say("Nothing was added to the SOLVE list.")
		return n
	case bad == nil:
		return nil
	}
	items, rerr := solver.ReadFileAll(name, text)
	if rerr != nil {
		n.Add(bad)
		return n
	}
	count := 0
	for _, it := range items {
		if it.Err != nil {
			count++
		}
	}
	word := "equations"
	if len(items) == 1 {
		word = "equation"
	}
	n.Say("%d of its %d %s cannot be read; %s added to the SOLVE list.", count, len(items), word, addedWords(added, len(items)-count))
	for i, it := range items {
		if it.Err != nil {
			n.Say("")
			n.Say("Equation %d:", i+1)
			n.Add(it.Err)
		}
	}
	return n
}

// addedWords says how many good equations were added.
func addedWords(added, good int) string {
	switch {
	case good == 0:
		return "nothing was"
	case added == 0:
		return "the good ones were already there, nothing was"
	case added == 1:
		return "1 good equation was"
	}
	return fmt.Sprintf("%d good equations were", added)
}

// SetNotice shows n over the window until the next key or click (nil
// closes it).
func (c *Controller) SetNotice(n *Notice) {
	c.mu.Lock()
	c.notice = n
	c.mu.Unlock()
	c.publish()
}

// CloseNotice closes the notice and reports whether one was shown.
func (c *Controller) CloseNotice() bool {
	c.mu.Lock()
	shown := c.notice != nil
	c.notice = nil
	c.mu.Unlock()
	if shown {
		c.publish()
	}
	return shown
}

// holdNotice sets the notice for the job's next publication (after).
func (c *Controller) holdNotice(n *Notice) {
	c.mu.Lock()
	c.notice = n
	c.mu.Unlock()
}
