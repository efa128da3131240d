package emulator

import (
	"fmt"
	"strings"
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

// The calculator's clock (17bII+ owner's manual, chapter 11, "Time,
// Appointments, and Date Arithmetic"): the time it keeps is the host's
// clock (Machine.Clock) moved by what TIME's SET and ADJST changed, read as
// a wall-clock time (its date and time of day, in no time zone). Its
// display formats (month/day or day/month, 12- or 24-hour) are settings,
// and its ten appointments ring on it: an appointment that comes due shows
// its message with the alarm annunciator until a key acknowledges it; left
// alone for ringTime it becomes past due, and the annunciator stays lit
// until it is viewed in APPT.

// numAppts is the number of appointments, APT1 to APT10.
const numAppts = 10

// ringTime is how long an appointment's alarm shows before it becomes past
// due.
const ringTime = 20 * time.Second

// clockState is the clock's part of continuous memory.
type clockState struct {
	offset   time.Duration // SET's and ADJST's change to the host's time
	dayFirst bool          // D/M: dates keyed D.MMYYYY and shown 20.04.03
	h24      bool          // the 24-hour display
	appts    [numAppts]appointment
	ringing  int       // the appointment whose alarm shows (1-based), 0 when none
	rangAt   time.Time // when its alarm began (the calculator's time)
}

// repeatUnit is an appointment's repeat interval's unit.
type repeatUnit int

// The repeat units, as RPT's menu names them.
const (
	repeatNone repeatUnit = iota
	repeatMin
	repeatHour
	repeatDay
	repeatWeek
)

var repeatNames = [...]string{"NONE", "MIN", "HR", "DAY", "WEEK"}

// appointment is one of the ten: when it is due (the calculator's wall
// time), its message, its repeat interval (Every units), and whether it
// came due without being acknowledged.
type appointment struct {
	Set   bool
	When  time.Time
	Msg   string
	Every int
	Unit  repeatUnit
	Due   bool
}

// repeatSteps are the repeat units' lengths, by repeatUnit.
var repeatSteps = [...]time.Duration{repeatNone: 0, repeatMin: time.Minute, repeatHour: time.Hour,
	repeatDay: 24 * time.Hour, repeatWeek: 7 * 24 * time.Hour}

// interval is the repeat interval, 0 for none.
func (a *appointment) interval() time.Duration {
	return repeatSteps[a.Unit] * time.Duration(a.Every)
}

// acknowledge ends an appointment's alarm: a repeating appointment moves to
// its next time after now; any other is cleared.
func (a *appointment) acknowledge(now time.Time) {
	step := a.interval()
	if step <= 0 {
		*a = appointment{}
		return
	}
	if !a.When.After(now) {
		n := now.Sub(a.When)/step + 1
		a.When = a.When.Add(n * step)
	}
	a.Due = false
}

// now is the calculator's time: the host's wall clock moved by the offset.
func (m *Machine) now() time.Time {
	h := m.Clock()
	wall := time.Date(h.Year(), h.Month(), h.Day(), h.Hour(), h.Minute(), h.Second(), h.Nanosecond(), time.UTC)
	return wall.Add(m.clk.offset)
}

// setNow moves the calculator's time to t (SET's DATE and TIME, ADJST).
func (m *Machine) setNow(t time.Time) { m.clk.offset += t.Sub(m.now()) }

// Tick lets the clock run: an appointment that has come due rings, and one
// that rang for ringTime unacknowledged becomes past due. The window and
// the terminal call it a few times a second; a key calls it too. It does
// nothing while the Solver works.
func (m *Machine) Tick() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.busy {
		m.tick()
	}
}

func (m *Machine) tick() {
	now := m.now()
	c := &m.clk
	if c.ringing != 0 && now.Sub(c.rangAt) >= ringTime {
		c.ringing = 0 // past due: Due stays set
	}
	editing := -1 // the appointment whose menu shows does not ring
	for _, mn := range m.menus {
		if e, ok := mn.(*apptEdit); ok {
			editing = e.n
		}
	}
	for i := range c.appts {
		a := &c.appts[i]
		if i != editing && a.Set && !a.Due && !a.When.After(now) {
			a.Due = true
			if c.ringing == 0 {
				c.ringing, c.rangAt = i+1, now
				m.beepNow() // the alarm sounds
			}
		}
	}
}

// acknowledgeAlarm is a key pressed while an alarm shows: the key only
// acknowledges it.
func (m *Machine) acknowledgeAlarm() bool {
	c := &m.clk
	if c.ringing == 0 {
		return false
	}
	c.appts[c.ringing-1].acknowledge(m.now())
	c.ringing = 0
	return true
}

// alarmLit reports whether the alarm annunciator shows: an alarm rings or
// an appointment is past due.
func (m *Machine) alarmLit() bool {
	for _, a := range m.clk.appts {
		if a.Set && a.Due {
			return true
		}
	}
	return false
}

// pastDue lists the past-due appointments' numbers.
func (m *Machine) pastDue() []int {
	var out []int
	for i, a := range m.clk.appts {
		if a.Set && a.Due && m.clk.ringing != i+1 {
			out = append(out, i+1)
		}
	}
	return out
}

// ringLines are the two lines an appointment's alarm shows (apptLines).
func (m *Machine) ringLines() (string, string) { return m.apptLines(m.clk.ringing) }

// stamp is a date and time as the clock shows them: "SUN 04/20/03
// 10:00:00A" with seconds, "SUN 04/20/03 10:00A" without; D/M shows the
// date as 20.04.03, 24-hour the time as 22:00:00 with no A or P.
func (m *Machine) stamp(t time.Time, seconds bool) string {
	date := t.Format("01/02/06")
	if m.clk.dayFirst {
		date = t.Format("02.01.06")
	}
	h := t.Hour()
	suffix := ""
	if !m.clk.h24 {
		suffix = "A"
		if h >= 12 {
			suffix = "P"
		}
		h = (h+11)%12 + 1
	}
	clock := fmt.Sprintf("%2d:%02d", h, t.Minute())
	if seconds {
		clock += fmt.Sprintf(":%02d", t.Second())
	}
	return strings.ToUpper(t.Format("Mon")) + " " + date + " " + clock + suffix
}

// clockLine is the clock's display: the date and time to the second.
func (m *Machine) clockLine() string { return m.stamp(m.now(), true) }

// dateHelp is HELP's line for dates in the current format.
func (m *Machine) dateHelp() string {
	if m.clk.dayFirst {
		return "DATE: DD.MMYYYY"
	}
	return "DATE: MM.DDYYYY"
}

// clockFormat turns a date number between M.DDYYYY and the clock's
// format: unchanged under M/D, day and month swapped under D/M (the swap
// is its own inverse, so the one function goes either way).
func (m *Machine) clockFormat(x hp17b.Number) (hp17b.Number, error) {
	if !m.clk.dayFirst {
		return x, nil
	}
	return hp17b.SwapDayMonth(x)
}

// readDate reads x as a date in the clock's format (M.DDYYYY, or
// D.MMYYYY under D/M).
func (m *Machine) readDate(x hp17b.Number) (time.Time, error) {
	x, err := m.clockFormat(x)
	if err != nil {
		return time.Time{}, err
	}
	return hp17b.ToDate(x)
}

// dateNumber gives a date as a number in the clock's format.
func (m *Machine) dateNumber(t time.Time) hp17b.Number {
	x, _ := m.clockFormat(hp17b.FromDate(t))
	return x
}

// readTime reads x as a time of day H.MMSS: hours 0 to 23, minutes and
// seconds 0 to 59. ErrInvalidInput otherwise.
func readTime(x hp17b.Number) (time.Duration, error) {
	scaled, err := hp17b.Mul(x, hp17b.FromInt(10000))
	if err != nil || x.Sign() < 0 {
		return 0, hp17b.ErrInvalidInput
	}
	v, ok := hp17b.IP(scaled).Int64()
	h, mi, s := v/10000, v/100%100, v%100
	if !ok || h > 23 || mi > 59 || s > 59 {
		return 0, hp17b.ErrInvalidInput
	}
	return time.Duration(h)*time.Hour + time.Duration(mi)*time.Minute + time.Duration(s)*time.Second, nil
}

// midnight is t's date at 0:00.
func midnight(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// onDate is t's time of day on day d.
func onDate(t, d time.Time) time.Time { return midnight(d).Add(t.Sub(midnight(t))) }

// atTime is t's day at the time of day at.
func atTime(t time.Time, at time.Duration) time.Time { return midnight(t).Add(at) }

// The clock's section of the state file, "time" (TIME registers it,
// timeapp.go): the clock's settings and the appointments.

// timeSection is the clock's settings and the appointments: the clock's
// offset from the host's in seconds, and each appointment's wall time as
// "2006-01-02T15:04:05".
type timeSection struct {
	Offset   int64      `json:"offset,omitempty"`
	DayFirst bool       `json:"dayFirst,omitempty"`
	H24      bool       `json:"h24,omitempty"`
	Appts    []apptJSON `json:"appointments,omitempty"`
}

type apptJSON struct {
	N     int    `json:"n"`
	When  string `json:"when"`
	Msg   string `json:"msg,omitempty"`
	Every int    `json:"every,omitempty"`
	Unit  string `json:"unit,omitempty"`
	Due   bool   `json:"due,omitempty"`
}

const wallLayout = "2006-01-02T15:04:05"

// snapshot is the clock's part of the state; nil when it holds nothing.
func (c *clockState) snapshot() *timeSection {
	s := &timeSection{Offset: int64(c.offset / time.Second), DayFirst: c.dayFirst, H24: c.h24}
	for i, a := range c.appts {
		if a.Set {
			j := apptJSON{N: i + 1, When: a.When.Format(wallLayout), Msg: a.Msg, Due: a.Due}
			if a.Unit != repeatNone {
				j.Every, j.Unit = a.Every, repeatNames[a.Unit]
			}
			s.Appts = append(s.Appts, j)
		}
	}
	if s.Offset == 0 && !s.DayFirst && !s.H24 && len(s.Appts) == 0 {
		return nil
	}
	return s
}

// maxOffset is the largest clock offset kept, in seconds (a hundred
// years; time.Duration holds 292).
const maxOffset = 100 * 366 * 24 * 3600

// restore takes the clock's part of the state; an offset of more than a
// hundred years is taken as 0, and an appointment with a bad number, time
// or repeat unit is dropped; notes says what was changed so. The
// settings and appointments it does not hold (all of them when there is
// none, nil) are cleared.
func (c *clockState) restore(s *timeSection) (notes []string) {
	if s == nil {
		s = &timeSection{}
	}
	clear(c.appts[:])
	off := s.Offset
	if off > maxOffset || off < -maxOffset {
		notes = append(notes, fmt.Sprintf("the clock's offset of %d seconds (more than a hundred years) taken as 0", off))
		off = 0
	}
	c.offset, c.dayFirst, c.h24 = time.Duration(off)*time.Second, s.DayFirst, s.H24
	for _, j := range s.Appts {
		when, err := time.Parse(wallLayout, j.When)
		if err != nil || j.N < 1 || j.N > numAppts {
			notes = append(notes, fmt.Sprintf("appointment %d (%q) dropped", j.N, visible(j.When)))
			continue
		}
		a := appointment{Set: true, When: when, Msg: fit(j.Msg), Due: j.Due}
		for u, name := range repeatNames {
			if name == j.Unit && u != int(repeatNone) && j.Every >= 1 && j.Every <= 999 {
				a.Unit, a.Every = repeatUnit(u), j.Every
			}
		}
		c.appts[j.N-1] = a
	}
	return notes
}

// saveTime is the clock's section now (nil when it holds nothing).
func saveTime(m *Machine) *timeSection { return m.clk.snapshot() }

// restoreTime takes the clock's section on (restore).
func restoreTime(m *Machine, s *timeSection) (notes []string) { return m.clk.restore(s) }
