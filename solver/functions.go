package solver

import (
	"sync"
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

// fnKind says how a function's arguments are checked, named and compiled.
type fnKind int

const (
	fnNumeric fnKind = iota // every argument a number
	fnNullary               // no parentheses: PI, CDATE, CTIME
	fnIf                    // IF(condition:number:number)
	fnLet                   // L(name:number)
	fnGet                   // G(name)
	fnS                     // S(name), a truth value
	fnSigma                 // Σ(name:number:number:number:number)
	fnList                  // FLOW, #T, ITEM, SIZEC, SIZES: a list's name first
)

// function is one function of the Solver's language: everything the
// checker, the menu builder, the compiler, the occurrence count and direct
// solution need to know of it, in one entry.
type function struct {
	name  string
	arity int
	kind  fnKind
	// now gives a nullary function's value (PI, CDATE, CTIME) at the
	// calculator's clock time t.
	now func(t time.Time) hp17b.Number
	// f1, f2, f3 evaluate a numeric function of one, two or three
	// arguments.
	f1 func(hp17b.Number) (hp17b.Number, error)
	f2 func(a, b hp17b.Number) (hp17b.Number, error)
	f3 func(a, b, c hp17b.Number) (hp17b.Number, error)
	// inverse undoes f1 for direct solution: f1(x) = r gives x =
	// inverse(r). Nil when the manual lists no inverse.
	inverse func(hp17b.Number) (hp17b.Number, error)
	// invert, for a function of several arguments, solves f(args) = rhs
	// for the argument on the unknown's path (i): the value that argument
	// must take, or errNotInvertible. arg(j) evaluates argument j, in the
	// order invert asks.
	invert func(i int, arg func(j int) (hp17b.Number, error), rhs hp17b.Number) (hp17b.Number, error)
	// list evaluates a list function over the calculator's lists.
	list func(l Lists, name string, args []hp17b.Number) (hp17b.Number, error)
	// dayFirst is the entry used instead while the calculator's date
	// format is D/M (DATE, DDAYS, CDATE: Solver.UseDayFirst), or nil.
	dayFirst *function
}

// Lists gives the Solver's list functions the calculator's lists by name:
// the cash-flow lists of CFLO and the statistics lists of SUM (HP-17BII
// manual, Solver functions table: FLOW, #T, SIZEC, ITEM, SIZES). A missing
// list or an index outside it is an error the implementation chooses.
type Lists interface {
	// Flow is FLOW(list:j): flow j of a cash-flow list (0, the initial
	// flow, first).
	Flow(list string, j hp17b.Number) (hp17b.Number, error)
	// Times is #T(list:j): how many times flow j occurs.
	Times(list string, j hp17b.Number) (hp17b.Number, error)
	// SizeC is SIZEC(list): the number of the last flow.
	SizeC(list string) (hp17b.Number, error)
	// Item is ITEM(list:i): item i (from 1) of a statistics list.
	Item(list string, i hp17b.Number) (hp17b.Number, error)
	// SizeS is SIZES(list): the number of items.
	SizeS(list string) (hp17b.Number, error)
}

func fn1(name string, f, inverse func(hp17b.Number) (hp17b.Number, error)) *function {
	return &function{name: name, arity: 1, f1: f, inverse: inverse}
}

func fn2(name string, f func(a, b hp17b.Number) (hp17b.Number, error)) *function {
	return &function{name: name, arity: 2, f2: f}
}

func exact1(f func(hp17b.Number) hp17b.Number) func(hp17b.Number) (hp17b.Number, error) {
	return func(a hp17b.Number) (hp17b.Number, error) { return f(a), nil }
}

func exact2(f func(a, b hp17b.Number) hp17b.Number) func(a, b hp17b.Number) (hp17b.Number, error) {
	return func(a, b hp17b.Number) (hp17b.Number, error) { return f(a, b), nil }
}

// functions is the HP-17B Solver's function set (17bII+ owner's manual,
// Table 12-2, pp.169–171; docs/facts.md, Solver language), by name. The inverses are those of the
// HP-17BII's direct solution (the manual's "Direct and iterative
// solutions"); SQ's is the positive root. Built on first use, not as
// every program starts.
var functions = sync.OnceValue(func() map[string]*function {
	m := map[string]*function{}
	for _, f := range []*function{
		{name: "PI", kind: fnNullary, now: func(time.Time) hp17b.Number { return hp17b.Pi }},
		{name: "CDATE", kind: fnNullary, now: hp17b.CDate},
		{name: "CTIME", kind: fnNullary, now: hp17b.CTime},
		{name: "IF", arity: 3, kind: fnIf},
		{name: "L", arity: 2, kind: fnLet},
		{name: "G", arity: 1, kind: fnGet},
		{name: "S", arity: 1, kind: fnS},
		{name: "Σ", arity: 5, kind: fnSigma},
		fn1("ABS", exact1(hp17b.Abs), nil),
		fn1("ALOG", hp17b.Alog, hp17b.Log),
		fn1("EXP", hp17b.Exp, hp17b.Ln),
		fn1("EXPM1", hp17b.Expm1, hp17b.Lnp1),
		fn1("FACT", hp17b.Fact, nil),
		fn1("FP", exact1(hp17b.FP), nil),
		fn1("HMS", hp17b.Hms, nil),
		fn1("HRS", hp17b.Hrs, nil),
		fn1("INT", exact1(hp17b.Int), nil),
		fn1("INV", hp17b.Inv, hp17b.Inv),
		fn1("IP", exact1(hp17b.IP), nil),
		fn1("LN", hp17b.Ln, hp17b.Exp),
		fn1("LNP1", hp17b.Lnp1, hp17b.Expm1),
		fn1("LOG", hp17b.Log, hp17b.Alog),
		fn1("SGN", exact1(hp17b.Sgn), nil),
		fn1("SQ", hp17b.Sq, hp17b.Sqrt),
		fn1("SQRT", hp17b.Sqrt, hp17b.Sq),
		{name: "DATE", arity: 2, f2: hp17b.DateAdd, invert: invertDate},
		fn2("IDIV", hp17b.Idiv),
		fn2("MAX", exact2(hp17b.Max)),
		fn2("MIN", exact2(hp17b.Min)),
		fn2("MOD", hp17b.Mod),
		fn2("RND", hp17b.Rnd),
		fn2("SPFV", hp17b.Spfv),
		fn2("SPPV", hp17b.Sppv),
		fn2("TRN", hp17b.Trn),
		fn2("USFV", hp17b.Usfv),
		fn2("USPV", hp17b.Uspv),
		{name: "DDAYS", arity: 3, f3: hp17b.Ddays, invert: invertDdays},
		{name: "FLOW", arity: 2, kind: fnList, list: func(l Lists, n string, a []hp17b.Number) (hp17b.Number, error) {
			return l.Flow(n, a[0])
		}},
		{name: "#T", arity: 2, kind: fnList, list: func(l Lists, n string, a []hp17b.Number) (hp17b.Number, error) {
			return l.Times(n, a[0])
		}},
		{name: "SIZEC", arity: 1, kind: fnList, list: func(l Lists, n string, _ []hp17b.Number) (hp17b.Number, error) {
			return l.SizeC(n)
		}},
		{name: "ITEM", arity: 2, kind: fnList, list: func(l Lists, n string, a []hp17b.Number) (hp17b.Number, error) {
			return l.Item(n, a[0])
		}},
		{name: "SIZES", arity: 1, kind: fnList, list: func(l Lists, n string, _ []hp17b.Number) (hp17b.Number, error) {
			return l.SizeS(n)
		}},
	} {
		m[f.name] = f
	}
	m["DATE"].dayFirst, m["DDAYS"].dayFirst, m["CDATE"].dayFirst = dayFirstFunctions()
	return m
})

// lookupFn finds a function by any of its spellings (Σ also as SIGMA or ∑).
func lookupFn(name string) (*function, bool) {
	switch name {
	case "SIGMA", "∑":
		name = "Σ"
	}
	f, ok := functions()[name]
	return f, ok
}

// invertDate solves DATE(d:n) = rhs: d = DATE(rhs:−n), or n = DDAYS(d:rhs:1).
func invertDate(i int, arg func(int) (hp17b.Number, error), rhs hp17b.Number) (hp17b.Number, error) {
	return invertDateWith(hp17b.DateAdd, hp17b.Ddays, i, arg, rhs)
}

// invertDdays solves DDAYS(d1:d2:cal) = rhs on the actual calendar only:
// d1 = DATE(d2:−rhs), d2 = DATE(d1:rhs).
func invertDdays(i int, arg func(int) (hp17b.Number, error), rhs hp17b.Number) (hp17b.Number, error) {
	return invertDdaysWith(hp17b.DateAdd, i, arg, rhs)
}

// dateFn and ddaysFn are DATE's and DDAYS's evaluations, in one date
// format.
type (
	dateFn  func(d, n hp17b.Number) (hp17b.Number, error)
	ddaysFn func(d1, d2, cal hp17b.Number) (hp17b.Number, error)
)

func invertDateWith(date dateFn, ddays ddaysFn, i int, arg func(int) (hp17b.Number, error), rhs hp17b.Number) (hp17b.Number, error) {
	v, err := arg(1 - i)
	if err != nil {
		return v, err
	}
	if i == 0 {
		return date(rhs, hp17b.Neg(v))
	}
	return ddays(v, rhs, hp17b.One)
}

func invertDdaysWith(date dateFn, i int, arg func(int) (hp17b.Number, error), rhs hp17b.Number) (hp17b.Number, error) {
	if i == 2 {
		return rhs, errNotInvertible
	}
	other, err := arg(1 - i)
	if err != nil {
		return other, err
	}
	cal, err := arg(2)
	if err != nil {
		return cal, err
	}
	if !cal.Equal(hp17b.One) {
		return rhs, errNotInvertible
	}
	if i == 0 {
		return date(other, hp17b.Neg(rhs))
	}
	return date(other, rhs)
}

// The Solver's date functions under the D/M date format: a date is
// D.MMYYYY in and out, as the calculator reads and writes it when TIME's
// SET has switched to D/M (25.122021 is 25 December 2021 in a Solver
// equation too). The HP-18C owner's manual, Table 9-3 (p.144), the
// family's Solver function table, says so of DATE(d1:n), whose d1's
// format "is set in the TIME/SET menu", and of DDAYS(d1:d2:c), whose
// dates' formats "are set in the TIME menu"; the 17bII+ owner's manual's
// Table 12-2 (pp.169–171) lists the same functions.

// fromDayFirst reads a D.MMYYYY date as M.DDYYYY.
func fromDayFirst(d hp17b.Number) (hp17b.Number, error) {
	md, err := hp17b.SwapDayMonth(d)
	if err != nil {
		return hp17b.Zero, hp17b.ErrInvalidDate
	}
	return md, nil
}

// toDayFirst writes an M.DDYYYY date as D.MMYYYY.
func toDayFirst(d hp17b.Number, err error) (hp17b.Number, error) {
	if err != nil {
		return d, err
	}
	return hp17b.SwapDayMonth(d)
}

func dateAddDayFirst(d, n hp17b.Number) (hp17b.Number, error) {
	md, err := fromDayFirst(d)
	if err != nil {
		return md, err
	}
	return toDayFirst(hp17b.DateAdd(md, n))
}

func ddaysDayFirst(d1, d2, cal hp17b.Number) (hp17b.Number, error) {
	a, err := fromDayFirst(d1)
	if err != nil {
		return a, err
	}
	b, err := fromDayFirst(d2)
	if err != nil {
		return b, err
	}
	return hp17b.Ddays(a, b, cal)
}

// dayFirstFunctions are DATE, DDAYS and CDATE under D/M.
func dayFirstFunctions() (date, ddays, cdate *function) {
	date = &function{name: "DATE", arity: 2, f2: dateAddDayFirst,
		invert: func(i int, arg func(int) (hp17b.Number, error), rhs hp17b.Number) (hp17b.Number, error) {
			return invertDateWith(dateAddDayFirst, ddaysDayFirst, i, arg, rhs)
		}}
	ddays = &function{name: "DDAYS", arity: 3, f3: ddaysDayFirst,
		invert: func(i int, arg func(int) (hp17b.Number, error), rhs hp17b.Number) (hp17b.Number, error) {
			return invertDdaysWith(dateAddDayFirst, i, arg, rhs)
		}}
	cdate = &function{name: "CDATE", kind: fnNullary, now: func(t time.Time) hp17b.Number {
		v, _ := toDayFirst(hp17b.CDate(t), nil)
		return v
	}}
	return date, ddays, cdate
}
