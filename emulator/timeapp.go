package emulator

import (
	"context"
	"fmt"
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

// The TIME application (17bII+ owner's manual, chapter 11, "Time,
// Appointments, and Date Arithmetic"). TIME's menu, SET's and ADJST's show
// the clock ("SUN 04/20/03 10:00:00A", clock.go) while no number is keyed.
//   - CALC does the date arithmetic (pp.150–151): DATE1 and DATE2 (stored
//     as keyed and shown with their weekday, "DATE1=04/20/2003 SUN"), DAYS
//     between them by the actual calendar, 360D and 365D by the 360- and
//     365-day calendars, TODAY. Any two of DATE1, DATE2 and DAYS give the
//     third.
//   - SET sets the clock: a date keyed then DATE, a time H.MMSS keyed then
//     TIME, A/PM switching the half of the day, M/D the date format
//     (month/day or day/month), 12/24 the time's, HELP the forms to key.
//   - ADJST moves the clock by an hour, a minute or a second either way.
//   - APPT holds the ten appointments (APT1 to APT10 over two pages): each
//     has a date, a time, a message (MSG, the ALPHA editor) and a repeat
//     interval (RPT: a count keyed then WEEK, DAY, HR or MIN; NONE); its
//     alarm rings when it comes due (clock.go).

func init() {
	register(application{label: "TIME", slot: 3, menu: func(*Machine) menu { return timeMenu },
		memory: sectionOf("time", saveTime, restoreTime)})
}

// clockMenu is a fixed menu over which the clock shows.
type clockMenu struct{ *table }

func (clockMenu) topLine(m *Machine) string { return m.clockLine() }

// timeMenu is TIME: CALC APPT ADJST SET.
var timeMenu = clockMenu{&table{
	{label: "CALC", open: openTimeCalc},
	{label: "APPT", open: func(*Machine) menu { return &apptMenu{} }},
	{label: "ADJST", open: func(*Machine) menu { return adjstMenu }},
	{label: "SET", open: func(*Machine) menu { return setMenu }},
}}

// keyedNumber ends the number being keyed and returns it; ok is false
// when none was keyed (the key then only shows what it holds).
func (m *Machine) keyedNumber() (hp17b.Number, bool) {
	if !m.fresh && !m.pending() {
		return hp17b.Zero, false
	}
	m.complete()
	m.fresh = false
	return m.x, true
}

// setMenu is SET: DATE TIME A/PM M/D 12/24 HELP.
var setMenu = clockMenu{&table{
	{label: "DATE", do: func(m *Machine) {
		x, ok := m.keyedNumber()
		if !ok {
			return
		}
		d, err := m.readDate(x)
		if err != nil {
			m.setMsg(err.Error(), "", nil)
			return
		}
		m.setNow(onDate(m.now(), d))
	}},
	{label: "TIME", do: func(m *Machine) {
		x, ok := m.keyedNumber()
		if !ok {
			return
		}
		now := m.now()
		at, err := m.readClockTime(x, now)
		if err != nil {
			m.setMsg(err.Error(), "", nil)
			return
		}
		m.setNow(atTime(now, at))
	}},
	{label: "A/PM", do: func(m *Machine) { m.finishEntry(); m.setNow(otherHalf(m.now())) }},
	{label: "M/D", do: func(m *Machine) { m.finishEntry(); m.clk.dayFirst = !m.clk.dayFirst }},
	{label: "12/24", do: func(m *Machine) { m.finishEntry(); m.clk.h24 = !m.clk.h24 }},
	{label: "HELP", do: func(m *Machine) {
		m.finishEntry()
		m.setMsg(m.dateHelp(), "TIME: HH.MMSS", nil)
	}},
}}

// readClockTime reads x as a time of day H.MMSS. On the 12-hour clock an
// hour from 1 to 12 is in the half of the day of ref (12 being its first
// hour); 0 and 13 to 23 are read on the 24-hour clock.
func (m *Machine) readClockTime(x hp17b.Number, ref time.Time) (time.Duration, error) {
	at, err := readTime(x)
	if err != nil || m.clk.h24 {
		return at, err
	}
	h := at / time.Hour
	if h >= 1 && h <= 12 {
		at -= h * time.Hour
		h %= 12
		if ref.Hour() >= 12 {
			h += 12
		}
		at += h * time.Hour
	}
	return at, nil
}

// otherHalf is t twelve hours on or back, in the same day (A/PM).
func otherHalf(t time.Time) time.Time {
	if t.Hour() >= 12 {
		return t.Add(-12 * time.Hour)
	}
	return t.Add(12 * time.Hour)
}

// adjstMenu is ADJST: +HR -HR +MIN -MIN +SEC -SEC move the clock.
var adjstMenu = clockMenu{&table{
	adjust("+HR", time.Hour), adjust("-HR", -time.Hour),
	adjust("+MIN", time.Minute), adjust("-MIN", -time.Minute),
	adjust("+SEC", time.Second), adjust("-SEC", -time.Second),
}}

func adjust(label string, d time.Duration) item {
	return item{label: label, do: func(m *Machine) { m.finishEntry(); m.setNow(m.now().Add(d)) }}
}

// apptMenu is APPT: APT1 to APT10, five a page with MORE. Its line lists
// the past-due appointments ("PAST DUE: 1 3"), or shows the clock.
type apptMenu struct{ pager }

// apptNames are the APPT menu's labels, APT1 to APT10 (numAppts).
var apptNames = [numAppts]string{"APT1", "APT2", "APT3", "APT4", "APT5", "APT6", "APT7", "APT8", "APT9", "APT10"}

func (a *apptMenu) labels(*Machine) [6]string { return a.pager.labels(apptNames[:]) }

func (a *apptMenu) press(m *Machine, i int) {
	m.finishEntry()
	n := a.index(numAppts, i)
	if n < 0 {
		return
	}
	ap := &m.clk.appts[n]
	if ap.Set && ap.Due {
		// Viewing a past-due appointment acknowledges it.
		top, bottom := m.apptLines(n + 1)
		m.setMsg(top, bottom, nil)
		ap.acknowledge(m.now())
	}
	m.pushMenu(&apptEdit{n: n})
}

func (a *apptMenu) topLine(m *Machine) string {
	due := m.pastDue()
	if len(due) == 0 {
		return m.clockLine()
	}
	s := "PAST DUE:"
	for _, n := range due {
		s += fmt.Sprintf(" %d", n)
	}
	return s
}

// apptLines are an appointment's message (or "APPOINTMENT n") over its
// date and time.
func (m *Machine) apptLines(n int) (string, string) {
	a := m.clk.appts[n-1]
	top := a.Msg
	if top == "" {
		top = fmt.Sprintf("APPOINTMENT %d", n)
	}
	return top, m.stamp(a.When, false)
}

// apptEdit is one appointment's menu: DATE TIME A/PM MSG RPT HELP. Its
// line is the appointment's date and time ("MON 04/21/03  9:00A"), or
// "APT1 IS NOT SET". While it shows, the appointment does not ring.
type apptEdit struct{ n int }

func (e *apptEdit) labels(*Machine) [6]string {
	return [6]string{"DATE", "TIME", "A/PM", "MSG", "RPT", "HELP"}
}

func (e *apptEdit) topLine(m *Machine) string {
	a := m.clk.appts[e.n]
	if !a.Set {
		return fmt.Sprintf("APT%d IS NOT SET", e.n+1)
	}
	return m.stamp(a.When, false)
}

// clearData is CLEAR DATA: the appointment is cleared.
func (e *apptEdit) clearData(m *Machine) {
	m.finishEntry()
	m.clk.appts[e.n] = appointment{}
}

func (e *apptEdit) press(m *Machine, i int) {
	a := &m.clk.appts[e.n]
	now := m.now()
	when := a.When
	if !a.Set {
		when = midnight(now)
	}
	switch i {
	case 0, 1: // DATE, TIME
		x, ok := m.keyedNumber()
		if !ok {
			return
		}
		if i == 0 {
			d, err := m.readDate(x)
			if err != nil {
				m.setMsg(err.Error(), "", nil)
				return
			}
			when = onDate(when, d)
		} else {
			at, err := m.readClockTime(x, when)
			if err != nil {
				m.setMsg(err.Error(), "", nil)
				return
			}
			when = atTime(when, at)
		}
		a.Set, a.When, a.Due = true, when, false
	case 2: // A/PM
		m.finishEntry()
		if a.Set {
			a.When, a.Due = otherHalf(a.When), false
		}
	case 3: // MSG
		m.startName(a.Msg, "TYPE MESSAGE; [INPUT]", func(m *Machine, text string) {
			a.Msg = fit(text)
		})
	case 4: // RPT
		m.finishEntry()
		m.pushMenu(&repeatMenu{n: e.n})
		m.setMsg(m.repeatLine(e.n), "", nil)
	case 5: // HELP
		m.finishEntry()
		m.setMsg(m.dateHelp(), "TIME: HH.MM", nil)
	}
}

// repeatMenu is RPT: WEEK DAY HR MIN NONE; a count keyed before the unit
// makes the interval (1 when none is keyed).
type repeatMenu struct{ n int }

func (r *repeatMenu) labels(*Machine) [6]string {
	return [6]string{"WEEK", "DAY", "HR", "MIN", "NONE", ""}
}

func (r *repeatMenu) press(m *Machine, i int) {
	if i > 4 {
		return
	}
	a := &m.clk.appts[r.n]
	unit := [5]repeatUnit{repeatWeek, repeatDay, repeatHour, repeatMin, repeatNone}[i]
	count := int64(1)
	if x, ok := m.keyedNumber(); ok && unit != repeatNone {
		n, isInt := x.Int64()
		if !x.IsInteger() || !isInt || n < 1 || n > 999 {
			m.errMsg(hp17b.ErrInvalidInput.Error(), "", nil)
			return
		}
		count = n
	}
	a.Unit, a.Every = unit, int(count)
	if unit == repeatNone {
		a.Every = 0
	}
	m.setMsg(m.repeatLine(r.n), "", nil)
}

// repeatLine shows a repeat interval: "RPT=2 DAY" or "RPT=NONE".
func (m *Machine) repeatLine(n int) string {
	a := m.clk.appts[n]
	if a.Unit == repeatNone || a.Every < 1 {
		return "RPT=NONE"
	}
	return fmt.Sprintf("RPT=%d %s", a.Every, repeatNames[a.Unit])
}

// openTimeCalc is TIME's CALC: DATE1 DATE2 DAYS 360D 365D TODAY over
// TIME's own variables. Dates are keyed and shown in the clock's format
// (M/D or D/M, as SET left it).
func openTimeCalc(m *Machine) menu {
	v := m.appStore("TIME")
	md := func(name string) hp17b.Number { // a stored date as M.DDYYYY
		x, _ := m.clockFormat(v.Value(name)) // a bad one: the calculation says INVALID DATE
		return x
	}
	inFormat := func(x hp17b.Number, err error) (func(context.Context) (hp17b.Number, error), error) {
		if err == nil {
			x, err = m.clockFormat(x)
		}
		return solved(x, err)
	}
	days := func(cal int64, label string) calcKey {
		return calcKey{label: label, name: label, result: cal != 1,
			show: func(m *Machine, x hp17b.Number) string {
				if cal == 1 {
					return m.varLine("ACTUAL DAYS", x)
				}
				return m.varLine(label[:3]+" DAYS", x)
			},
			calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
				return solved(hp17b.Ddays(md("DATE1"), md("DATE2"), hp17b.FromInt(cal)))
			}}
	}
	daysKey := days(1, "DAYS")
	daysKey.check = func(x hp17b.Number) error {
		if !x.IsInteger() {
			return hp17b.ErrInvalidInput
		}
		return nil
	}
	check := func(x hp17b.Number) error {
		_, err := m.readDate(x)
		return err
	}
	return &calcMenu{vars: v, cleared: []string{"DATE1", "DATE2", "DAYS"}, keys: [6]calcKey{
		{label: "DATE1", name: "DATE1", show: clockDateLine("DATE1"), check: check,
			calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
				return inFormat(hp17b.DateAdd(md("DATE2"), hp17b.Neg(v.Value("DAYS"))))
			}},
		{label: "DATE2", name: "DATE2", show: clockDateLine("DATE2"), check: check,
			calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
				return inFormat(hp17b.DateAdd(md("DATE1"), v.Value("DAYS")))
			}},
		daysKey,
		days(3, "360D"),
		days(2, "365D"),
		{label: "TODAY", do: func(m *Machine) {
			m.finishEntry()
			m.setX(m.dateNumber(midnight(m.now())))
			m.fresh = true
			m.setMsg(hp17b.Format(m.x, hp17b.Mode{Fix: 6}), "", nil)
		}},
	}}
}

// clockDateLine shows a date variable in the clock's format with its
// weekday: "DATE1=04/20/2003 SUN", or "DATE1=20.04.2003 SUN" under D/M
// (p.151).
func clockDateLine(name string) func(m *Machine, x hp17b.Number) string {
	return func(m *Machine, x hp17b.Number) string {
		t, err := m.readDate(x)
		if err != nil {
			return m.varLine(name, x)
		}
		return name + "=" + dateText(t, m.clk.dayFirst)
	}
}
