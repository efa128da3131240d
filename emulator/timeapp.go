package emulator

import (
	"context"
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

// The TIME application (17bII+ owner's manual, chapter 11, "Time,
// Appointments, and Date Arithmetic"): CALC does the date arithmetic
// (pp.150–151): DATE1 and DATE2 (stored as M.DDYYYY and shown with their
// weekday, "DATE1=04/20/2003 SUN"), DAYS between them by the actual
// calendar, 360D and 365D by the 360- and 365-day calendars, TODAY. Any
// two of DATE1, DATE2 and DAYS give the third. The clock's display and
// its settings (SET, ADJST) and the appointments (APPT) are not built
// yet.

func init() {
	register(application{label: "TIME", slot: 3, menu: func(*Machine) menu { return timeMenu }})
}

// timeMenu is TIME: CALC APPT ADJST SET.
var timeMenu = &table{
	{label: "CALC", open: openTimeCalc},
	{label: "APPT", do: notBuilt("APPT")},
	{label: "ADJST", do: notBuilt("ADJST")},
	{label: "SET", do: notBuilt("SET")},
}

func notBuilt(label string) func(*Machine) {
	return func(m *Machine) {
		m.finishEntry()
		m.setMsg(label+" IS NOT BUILT YET", "", nil)
	}
}

// openTimeCalc is TIME's CALC: DATE1 DATE2 DAYS 360D 365D TODAY over
// TIME's own variables.
func openTimeCalc(m *Machine) menu {
	v := m.appStore("TIME")
	days := func(cal int64, label string) calcKey {
		return calcKey{label: label, name: label, result: cal != 1,
			show: func(m *Machine, x hp17b.Number) string {
				if cal == 1 {
					return m.varLine("ACTUAL DAYS", x)
				}
				return m.varLine(label[:3]+" DAYS", x)
			},
			calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
				return solved(hp17b.Ddays(v.Value("DATE1"), v.Value("DATE2"), hp17b.FromInt(cal)))
			}}
	}
	daysKey := days(1, "DAYS")
	daysKey.check = func(x hp17b.Number) error {
		if !x.IsInteger() {
			return hp17b.ErrInvalidInput
		}
		return nil
	}
	return &calcMenu{vars: v, cleared: []string{"DATE1", "DATE2", "DAYS"}, keys: [6]calcKey{
		{label: "DATE1", name: "DATE1", show: dateLine("DATE1"), check: checkDate,
			calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
				return solved(hp17b.DateAdd(v.Value("DATE2"), hp17b.Neg(v.Value("DAYS"))))
			}},
		{label: "DATE2", name: "DATE2", show: dateLine("DATE2"), check: checkDate,
			calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
				return solved(hp17b.DateAdd(v.Value("DATE1"), v.Value("DAYS")))
			}},
		daysKey,
		days(3, "360D"),
		days(2, "365D"),
		{label: "TODAY", do: func(m *Machine) {
			m.finishEntry()
			t := m.Clock()
			m.setX(hp17b.FromDate(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)))
			m.fresh = true
			m.setMsg(hp17b.Format(m.x, hp17b.Mode{Fix: 6}), "", nil)
		}},
	}}
}
