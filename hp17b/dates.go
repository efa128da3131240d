package hp17b

import (
	"time"
)

// Dates in the Solver are numbers in the calculator's M.DDYYYY form (the
// HP-17BII's default month/day/year format): 7.041776 is July 4, 1776. The
// calendar runs from October 15, 1582 to December 31, 9999 (HP-17BII
// manual, TIME chapter).

var (
	firstDay = time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC)
	lastDay  = time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
)

// ToDate reads a number of the form M.DDYYYY as a date; ErrInvalidDate when
// it is not a real day of the calendar's range.
func ToDate(a Number) (time.Time, error) {
	if a.Sign() <= 0 {
		return time.Time{}, ErrInvalidDate
	}
	scaled, err := Mul(a, FromInt(1000000))
	if err != nil || !scaled.IsInteger() {
		return time.Time{}, ErrInvalidDate
	}
	v, ok := scaled.Int64()
	if !ok {
		return time.Time{}, ErrInvalidDate
	}
	m := int(v / 1000000)
	d := int(v / 10000 % 100)
	y := int(v % 10000)
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if m < 1 || m > 12 || t.Day() != d || t.Before(firstDay) || t.After(lastDay) {
		return time.Time{}, ErrInvalidDate
	}
	return t, nil
}

// SwapDayMonth turns a date number of the D.MMYYYY form (the TIME menu's
// D/M format) into M.DDYYYY, and back: the two leading fields change
// places, 20.042003 becoming 4.202003. ErrInvalidDate when a is not a
// positive number of six decimals or its fields cannot be a day and a
// month either way (the date itself is checked by ToDate).
func SwapDayMonth(a Number) (Number, error) {
	if a.Sign() <= 0 {
		return Zero, ErrInvalidDate
	}
	scaled, err := Mul(a, FromInt(1000000))
	if err != nil || !scaled.IsInteger() {
		return Zero, ErrInvalidDate
	}
	v, ok := scaled.Int64()
	if !ok || v/1000000 > 99 {
		return Zero, ErrInvalidDate
	}
	first, second, year := v/1000000, v/10000%100, v%10000
	r, _ := Div(FromInt(second*1000000+first*10000+year), FromInt(1000000))
	return r, nil
}

// FromDate gives a date as the number M.DDYYYY.
func FromDate(t time.Time) Number {
	v := int64(t.Month())*1000000 + int64(t.Day())*10000 + int64(t.Year())
	r, _ := Div(FromInt(v), FromInt(1000000))
	return r
}

// DateAdd returns the date n days after d (the Solver's DATE(d:n)).
// ErrInvalidInput when n is not a whole number: a real 17BII gives no date
// then, and a solve through DATE shows SOLUTION NOT FOUND until the count is
// rounded with RND(x:0) (jthole, "HP 17Bii date issue", HP forum thread
// 14149, 2019). ErrInvalidDate outside the calendar.
func DateAdd(d, n Number) (Number, error) {
	t, err := ToDate(d)
	if err != nil {
		return Zero, err
	}
	if !n.IsInteger() {
		return Zero, ErrInvalidInput
	}
	k, ok := n.Int64()
	if !ok || k > 4000000 || k < -4000000 {
		return Zero, ErrInvalidDate
	}
	r := t.AddDate(0, 0, int(k))
	if r.Before(firstDay) || r.After(lastDay) {
		return Zero, ErrInvalidDate
	}
	return FromDate(r), nil
}

// Ddays returns the days from d1 to d2 (the Solver's DDAYS(d1:d2:cal)):
// cal 1 counts actual days, 2 a 365-day year (no February 29), 3 a 360-day
// year of twelve 30-day months (Days360's rule). ErrInvalidInput for
// another cal, ErrInvalidDate for a bad date.
func Ddays(d1, d2, cal Number) (Number, error) {
	t1, err := ToDate(d1)
	if err != nil {
		return Zero, err
	}
	t2, err := ToDate(d2)
	if err != nil {
		return Zero, err
	}
	c, ok := cal.Int64()
	if !ok {
		return Zero, ErrInvalidInput
	}
	switch c {
	case 1:
		// Whole days between the two midnights: the calendar's 3,074,323
		// days from 10.151582 to 12.319999 fit (a time.Duration would not).
		return FromInt((t2.Unix() - t1.Unix()) / 86400), nil
	case 2:
		return FromInt(days365(t2) - days365(t1)), nil
	case 3:
		return FromInt(Days360(t1, t2)), nil
	}
	return Zero, ErrInvalidInput
}

var cumDays = [12]int64{0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334}

func days365(t time.Time) int64 {
	d := int64(t.Day())
	if t.Month() == time.February && d == 29 {
		d = 28
	}
	return int64(t.Year())*365 + cumDays[t.Month()-1] + d
}

// Days360 counts the days from t1 to t2 on the 30/360 calendar, the one
// rule of TIME's 360D, DDAYS(d1:d2:3) and BOND's 30/360 basis: a 31st
// first date counts as the 30th; a 31st second date counts as the 30th
// only when the first date is the 30th or 31st. From 6/25/2003 to
// 12/31/2010 that gives 2,706 days, as a 17bII+ does (D. Murphy, "Odd date
// calc on 20b", HP Museum forum, 2008). Negative when t2 is before t1.
func Days360(t1, t2 time.Time) int64 {
	d1, d2 := t1.Day(), t2.Day()
	if d1 == 31 {
		d1 = 30
	}
	if d2 == 31 && d1 >= 30 {
		d2 = 30
	}
	return int64(t2.Year()-t1.Year())*360 + int64(int(t2.Month())-int(t1.Month()))*30 + int64(d2-d1)
}

// CDate returns t's date as M.DDYYYY (the Solver's CDATE, t being the
// calculator's clock).
func CDate(t time.Time) Number {
	return FromDate(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC))
}

// CTime returns t's time of day as H.MMSS (the Solver's CTIME, t being
// the calculator's clock).
func CTime(t time.Time) Number {
	v := int64(t.Hour())*10000 + int64(t.Minute())*100 + int64(t.Second())
	r, _ := Div(FromInt(v), FromInt(10000))
	return r
}
