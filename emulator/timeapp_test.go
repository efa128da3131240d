package emulator

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
)

// fakeClock is a host clock a test moves by hand.
type fakeClock struct{ now time.Time }

func (c *fakeClock) read() time.Time { return c.now }

// clocked is a fresh calculator on a fake clock at 10:00 on April 20, 2003.
func clocked() (*Machine, *fakeClock) {
	c := &fakeClock{now: time.Date(2003, time.April, 20, 10, 0, 0, 0, time.Local)}
	m := New(defaults)
	m.Clock = c.read
	return m, c
}

// TestAlarms: an appointment rings at its time and not before, shows its
// message with the annunciator, and the key that acknowledges it does
// nothing else; an unacknowledged one is past due after ringTime; a
// repeating one comes back after each interval, however long the
// calculator was left alone.
func TestAlarms(t *testing.T) {
	tests := []struct {
		name string
		keys string        // sets APT1 (the clock at 10:00)
		wait time.Duration // then the clock runs this long
		top  string
		ring bool
		lit  bool
		then time.Duration // after ack, the appointment's time minus 10:00 (0: cleared)
		ack  string        // the keys pressed after the wait ("" for none)
	}{
		{"not yet", `10.05 TIME MSG "CALL" INPUT`, 4*time.Minute + 59*time.Second, "SUN 04/20/03 10:04:59A", false, false, 5 * time.Minute, ""},
		{"due", `10.05 TIME MSG "CALL" INPUT`, 5 * time.Minute, "CALL", true, true, 0, "7"},
		{"no message", `10.05 TIME`, 5 * time.Minute, "APPOINTMENT 1", true, true, 0, "7"},
		{"past due", `10.05 TIME`, 5*time.Minute + ringTime, "SUN 04/20/03 10:05:20A", false, true, 0, "APPT APT1"},
		{"repeats", `10.05 TIME 2 RPT HR`, 5 * time.Minute, "APPOINTMENT 1", true, true, 2*time.Hour + 5*time.Minute, "7"},
		// Past due for days, a repeating appointment moves to its next
		// time after the moment it is viewed.
		{"repeats after days", `10.05 TIME 1 RPT DAY`, 3*24*time.Hour + time.Hour, "PAST DUE: 1", false, true, 4*24*time.Hour + 5*time.Minute, "APT1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, c := clocked()
			require.NoError(t, Run(m, "TIME APPT APT1 "+tt.keys+" EXIT EXIT", nil))
			// The clock runs in steps, as the window's ticker lets it.
			for end := c.now.Add(tt.wait); c.now.Before(end); {
				c.now = c.now.Add(min(time.Second, end.Sub(c.now)))
				m.Tick()
			}
			f := m.Frame()
			assert.Equal(t, tt.top, f.Top)
			assert.Equal(t, tt.ring, f.Ringing)
			assert.Equal(t, tt.lit, f.Alarm)
			if tt.lit {
				assert.EqualValues(t, 1, f.Beeps, "the alarm sounded once")
			} else {
				assert.Zero(t, f.Beeps)
			}
			if tt.ack == "" {
				return
			}
			require.NoError(t, Run(m, tt.ack, nil))
			f = m.Frame()
			assert.False(t, f.Ringing)
			assert.False(t, f.Alarm)
			assert.NotEqual(t, "7", f.Top, "the key only acknowledged the alarm")
			a := m.clk.appts[0]
			if tt.then == 0 {
				assert.False(t, a.Set, "an appointment that does not repeat is cleared")
				return
			}
			assert.Equal(t, time.Date(2003, time.April, 20, 10, 0, 0, 0, time.UTC).Add(tt.then), a.When)
		})
	}
}

// TestAppointmentBeingEditedDoesNotRing: while APT1's menu shows, its
// alarm waits; leaving the menu arms it.
func TestAppointmentBeingEditedDoesNotRing(t *testing.T) {
	m, c := clocked()
	require.NoError(t, Run(m, "TIME APPT APT1 4.202003 DATE", nil))
	m.Tick()
	assert.False(t, m.Frame().Ringing, "midnight has passed, but the time is still being set")
	require.NoError(t, Run(m, "EXIT", nil))
	c.now = c.now.Add(time.Second)
	m.Tick()
	assert.True(t, m.Frame().Ringing)
}

// TestClockSettings: SET and ADJST move the calculator's clock, never the
// host's; the formats change the display only.
func TestClockSettings(t *testing.T) {
	tests := []struct{ keys, top string }{
		{"", "SUN 04/20/03 10:00:00A"},
		{"SET 12.312099 DATE", "THU 12/31/99 10:00:00A"},
		{"SET 3.3005 TIME", "SUN 04/20/03  3:30:05A"},
		{"SET A/PM", "SUN 04/20/03 10:00:00P"},
		{"SET A/PM 11.59 TIME", "SUN 04/20/03 11:59:00P"},
		{"SET 12 TIME", "SUN 04/20/03 12:00:00A"},
		{"SET 12/24 0.3 TIME", "SUN 04/20/03  0:30:00"},
		{"SET 15 TIME", "SUN 04/20/03  3:00:00P"},
		{"SET M/D", "SUN 20.04.03 10:00:00A"},
		{"SET M/D 1.022004 DATE", "SUN 01.02.04 10:00:00A"},
		{"ADJST -HR -HR -MIN -SEC", "SUN 04/20/03  7:58:59A"},
		{"ADJST +HR +HR +HR +HR +HR +HR +HR +HR +HR +HR +HR +HR +HR +HR", "MON 04/21/03 12:00:00A"},
		{"SET 24 TIME", "INVALID INPUT"},
		{"SET 1.5 CHS TIME", "INVALID INPUT"},
		{"SET 13.012003 DATE", "INVALID DATE"},
	}
	for _, tt := range tests {
		t.Run(tt.keys, func(t *testing.T) {
			m, c := clocked()
			host := c.now
			require.NoError(t, Run(m, "TIME "+tt.keys, nil))
			assert.Equal(t, tt.top, m.Frame().Top)
			assert.Equal(t, host, c.now)
		})
	}
}

// TestClockFollowsTheHost: the moved clock keeps running with the host's,
// and the Solver's CDATE and CTIME read it.
func TestClockFollowsTheHost(t *testing.T) {
	m, c := clocked()
	require.NoError(t, Run(m, "TIME SET 1.022030 DATE 8.1 TIME", nil))
	c.now = c.now.Add(90 * time.Second)
	assert.Equal(t, "WED 01/02/30  8:11:30A", m.Frame().Top)
	require.NoError(t, Run(m, `MAIN SOLVE NEW "T=CTIME+CDATE" INPUT CALC DSP FIX 6 INPUT [T]`, nil))
	assert.Equal(t, "T=9.135030", m.Frame().Top, "8.1130 + 1.022030")
}

// TestTIMESurvivesRestart: the clock's offset and formats and the
// appointments (message, repeat, past due) go through the state file.
func TestTIMESurvivesRestart(t *testing.T) {
	m, c := clocked()
	require.NoError(t, Run(m, `TIME SET 12/24 M/D EXIT ADJST +HR EXIT APPT APT3 5.052003 DATE 9.3 TIME MSG "DENTIST" INPUT 3 RPT WEEK EXIT EXIT MORE APT10 12 TIME`, nil))
	m2 := restarted(t, m)
	m2.Clock = c.read
	require.NoError(t, Run(m2, "TIME", nil))
	assert.Equal(t, "SUN 20.04.03 11:00:00", m2.Frame().Top)
	a := m2.clk.appts[2]
	assert.Equal(t, "DENTIST", a.Msg)
	assert.Equal(t, time.Date(2003, time.May, 5, 9, 30, 0, 0, time.UTC), a.When)
	assert.Equal(t, 21*24*time.Hour, a.interval())
	assert.True(t, m2.clk.appts[9].Set)
	// A past-due appointment stays past due.
	c.now = c.now.Add(time.Hour)
	for range 25 {
		c.now = c.now.Add(time.Second)
		m2.Tick()
	}
	m3 := restarted(t, m2)
	m3.Clock = c.read
	assert.True(t, m3.Frame().Alarm)
	require.NoError(t, Run(m3, "TIME APPT", nil))
	assert.Equal(t, "PAST DUE: 10", m3.Frame().Top)
}

// TestTIMEStateRefusesBadData: an appointment with a bad number, time or
// repeat is dropped or loses its repeat; the rest loads.
func TestTIMEStateRefusesBadData(t *testing.T) {
	var st stateFile
	require.NoError(t, json.Unmarshal([]byte(`{"schema":2,"time":{"offset":60,"appointments":[`+
		`{"n":0,"when":"2003-04-20T10:00:00"},{"n":11,"when":"2003-04-20T10:00:00"},`+
		`{"n":2,"when":"yesterday"},{"n":3,"when":"2003-04-21T09:00:00","every":5,"unit":"YEAR"},`+
		`{"n":4,"when":"2003-04-21T09:00:00","every":0,"unit":"DAY"}]}}`), &st))
	m, _ := clocked()
	m.restore(st)
	assert.Equal(t, time.Minute, m.clk.offset)
	for i, a := range m.clk.appts {
		assert.Equal(t, i == 2 || i == 3, a.Set, "APT%d", i+1)
		assert.Equal(t, repeatNone, a.Unit, "APT%d", i+1)
	}
}

// TestCURRXSurvivesRestart: the current pair, its rate and amounts, and a
// stored pair come back.
func TestCURRXSurvivesRestart(t *testing.T) {
	m := New(defaults)
	require.NoError(t, Run(m, "CURRX SELCT US$ YEN 150.5 RATE [STO] PAIR4 SELCT EURO C$ 1.5 RATE 10 EURO", nil))
	m2 := restarted(t, m)
	require.NoError(t, Run(m2, "CURRX", nil))
	assert.Equal(t, "RATE=1.5000", m2.Frame().Top)
	require.NoError(t, Run(m2, "C$", nil))
	assert.Equal(t, "C$=15.00", m2.Frame().Top)
	require.NoError(t, Run(m2, "[RCL] PAIR4 2 US$ YEN", nil))
	assert.Equal(t, "YEN=301.00", m2.Frame().Top)
}

// TestReadTime: H.MMSS within a day.
func TestReadTime(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want time.Duration
		err  bool
	}{
		{"0", 0, false}, {"23.5959", 23*time.Hour + 59*time.Minute + 59*time.Second, false},
		{"9.3", 9*time.Hour + 30*time.Minute, false}, {"9.30459", 9*time.Hour + 30*time.Minute + 45*time.Second, false},
		{"24", 0, true}, {"9.6", 0, true}, {"9.0060", 0, true}, {"-1", 0, true},
	} {
		got, err := readTime(hp17b.MustParse(tt.in))
		assert.Equal(t, tt.err, err != nil, tt.in)
		if !tt.err {
			assert.Equal(t, tt.want, got, tt.in)
		}
	}
}

// BenchmarkClockTick: one of the window's clock ticks with the TIME menu
// showing and ten appointments set: Tick, then the frame it draws.
func BenchmarkClockTick(b *testing.B) {
	m, c := clocked()
	for i := range m.clk.appts {
		m.clk.appts[i] = appointment{Set: true, When: time.Date(2099, time.December, 31, i, 0, 0, 0, time.UTC)}
	}
	require.NoError(b, Run(m, "TIME", nil))
	for b.Loop() {
		c.now = c.now.Add(time.Second)
		m.Tick()
		_ = m.Frame()
	}
}
