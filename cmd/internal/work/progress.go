package work

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/hp17b/hp17b/internal/text"
)

// ProgressLine shows how far a comparison is on a terminal's line, once it
// has run a second, at most ten times a second; on a file or a pipe it
// shows nothing.
type ProgressLine struct {
	w           io.Writer
	on          bool
	start, last time.Time
	shown       bool
}

// NewProgressLine is the progress line on w: on when w (seen through
// text.EscapingWriter) is a character device, a terminal.
func NewProgressLine(w io.Writer) *ProgressLine {
	w = text.Unescaped(w) // the line's own \r and erase, on the terminal itself
	f, ok := w.(*os.File)
	on := false
	if ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			on = true
		}
	}
	return &ProgressLine{w: w, on: on, start: time.Now()}
}

// Update shows done of total points (total < 0: unknown) and the rate.
func (p *ProgressLine) Update(done, total int64) {
	if !p.on {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last, p.shown = now, true
	rate := float64(done) / now.Sub(p.start).Seconds()
	if total >= 0 {
		fmt.Fprintf(p.w, "\r\x1b[Kcompared %d of %d points (%d%%), %.0f points/s", done, total, done*100/max(total, 1), rate)
		return
	}
	fmt.Fprintf(p.w, "\r\x1b[Kcompared %d points, %.0f points/s", done, rate)
}

// Clear erases the line if it was shown.
func (p *ProgressLine) Clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
