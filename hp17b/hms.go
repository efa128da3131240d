package hp17b

// HMS and HRS: a chain of the 12-digit operations (×, ÷, INT, IP, FP,
// +), each rounded to 12 digits, so the result carries those roundings
// and is not claimed to be the correctly rounded conversion; hours of
// 10^11 and more come back as they are. Tests: TestArithmetic.

// Hms converts decimal hours to H.MMSS (HP-17BII manual: HMS).
func Hms(a Number) (Number, error) {
	if a.Exponent() >= Digits-1 {
		return a, nil // minutes and seconds are below the 12th digit
	}
	neg := a.Sign() < 0
	// Work in whole and fractional seconds at 12 digits.
	secs, err := Mul(Abs(a), FromInt(3600))
	if err != nil {
		return Zero, err
	}
	h := Int(mustDiv(secs, FromInt(3600)))
	rest, _ := Sub(secs, mustMul(h, FromInt(3600)))
	m := Int(mustDiv(rest, FromInt(60)))
	s, _ := Sub(rest, mustMul(m, FromInt(60)))
	r, _ := Add(h, mustDiv(m, Hundred))
	r, _ = Add(r, mustDiv(s, FromInt(10000)))
	if neg {
		r = Neg(r)
	}
	return r, nil
}

// Hrs converts H.MMSS to decimal hours (HP-17BII manual: HRS).
func Hrs(a Number) (Number, error) {
	neg := a.Sign() < 0
	x := Abs(a)
	h := IP(x)
	mm := mustMul(FP(x), Hundred)
	m := IP(mm)
	s := mustMul(FP(mm), Hundred)
	r, _ := Add(h, mustDiv(m, FromInt(60)))
	r, _ = Add(r, mustDiv(s, FromInt(3600)))
	if neg {
		r = Neg(r)
	}
	return r, nil
}

func mustDiv(a, b Number) Number { r, _ := Div(a, b); return r }

func mustMul(a, b Number) Number { r, _ := Mul(a, b); return r }
