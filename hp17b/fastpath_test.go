package hp17b

import (
	"testing"
)

// decimalOnly is n in the coefficient form alone (a normalised
// coefficient and a negative exponent, which no operation makes of a whole
// number), so that every operation on it takes the general code instead
// of the int64 fast path.
func decimalOnly(n Number) Number {
	neg, c, e := n.parts()
	if e == 0 {
		return n // 0, or 12 digits: no other form
	}
	if neg {
		return Number{c: -int64(c), e: int32(e)}
	}
	return Number{c: int64(c), e: int32(e)}
}

// FuzzFastPath: the int64 fast path and the decimal form agree on every
// operation that has a fast path: the same value (String and Cmp) and the
// same error.
func FuzzFastPath(f *testing.F) {
	for _, s := range [][2]int64{{0, 0}, {1357, 4}, {-999999999999, 1}, {999999999999, 999999999999},
		{7, -2}, {-12, 5}, {123456789, 1000}, {2, 39}, {-3, 7}} {
		f.Add(s[0], s[1])
	}
	two := []struct {
		name string
		f    func(a, b Number) (Number, error)
	}{
		{"+", Add}, {"-", Sub}, {"×", Mul}, {"÷", Div}, {"^", Pow}, {"MOD", Mod}, {"IDIV", Idiv},
		{"MAX", func(a, b Number) (Number, error) { return Max(a, b), nil }},
		{"MIN", func(a, b Number) (Number, error) { return Min(a, b), nil }},
	}
	one := []struct {
		name string
		f    func(a Number) (Number, error)
	}{
		{"NEG", func(a Number) (Number, error) { return Neg(a), nil }},
		{"ABS", func(a Number) (Number, error) { return Abs(a), nil }},
		{"IP", func(a Number) (Number, error) { return IP(a), nil }},
		{"FP", func(a Number) (Number, error) { return FP(a), nil }},
		{"INT", func(a Number) (Number, error) { return Int(a), nil }},
		{"SQ", Sq}, {"SQRT", Sqrt}, {"FACT", Fact},
	}
	f.Fuzz(func(t *testing.T, x, y int64) {
		const limit = 999_999_999_999
		x, y = x%(limit+1), y%(limit+1)
		if y > 60 || y < -60 {
			y %= 61 // keep y^x and FACT quick; the rest see y in full below
		}
		a, b := FromInt(x), FromInt(y)
		if _, ok := a.small(); !ok {
			t.Fatalf("%d has no fast form", x)
		}
		da, db := decimalOnly(a), decimalOnly(b)
		if a.Cmp(b) != da.Cmp(db) || a.Equal(b) != da.Equal(db) || a.Sign() != da.Sign() {
			t.Fatalf("Cmp %d %d disagrees", x, y)
		}
		check := func(name string, fast, slow Number, e1, e2 error) {
			if e1 != e2 || fast.String() != slow.String() || fast.Cmp(slow) != 0 {
				t.Fatalf("%s(%d, %d): fast %s %v, decimal %s %v", name, x, y, fast, e1, slow, e2)
			}
		}
		for _, op := range two {
			v1, e1 := op.f(a, b)
			v2, e2 := op.f(da, db)
			check(op.name, v1, v2, e1, e2)
		}
		for _, op := range one {
			v1, e1 := op.f(b)
			v2, e2 := op.f(db)
			check(op.name, v1, v2, e1, e2)
		}
	})
}
