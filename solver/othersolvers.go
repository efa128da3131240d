package solver

import (
	"fmt"
	"strings"
)

// otherSolver is a function of another HP Solver calculator's language
// that the HP-17BII lacks: which calculators have it and what the 17BII
// writes instead.
type otherSolver struct {
	of, instead string
}

// otherSolvers names the functions an equation written for another HP
// Solver calculator uses and the HP-17BII has not, so that such an
// equation is refused with its origin and the 17BII's nearest way. The
// 17BII's own list is the 17bII+ owner's manual's Table 12-2 (pp.169–171;
// docs/facts.md, Solver language). The HP-19BII's TVM functions: J.
// Kearns, "Solver issue with HP 17BII - different from 19BII", HP Museum
// forum thread 257167, 27 Nov 2013, quoting the HP-19BII owner's manual's
// CAN~MORT equation FV(N:…:PV:PMT:12:0) and its form
// FV(n:i%yr:pv:pmt:p/yr:m); the same thread: "the 17B* is also missing
// many of the 19B*'s mathematical functions" (the trigonometric ones, also
// the HP-27S's).
var otherSolvers = func() map[string]otherSolver {
	m := map[string]otherSolver{}
	tvm := otherSolver{"the HP-19BII's Solver (FV(n:i%yr:pv:pmt:p/yr:m))",
		"write the TVM formula with USFV(i:n) and SPFV(i:n) (or USPV and SPPV), or use the TVM menu"}
	for _, f := range []string{"FV", "PV", "PMT", "N", "I%YR"} {
		m[f] = tvm
	}
	trig := otherSolver{"the HP-19BII's and HP-27S's Solvers",
		"the HP-17BII has no trigonometric functions; compute them with a series in Σ"}
	for _, f := range []string{"SIN", "COS", "TAN", "ASIN", "ACOS", "ATAN", "SINH", "COSH", "TANH", "ASINH", "ACOSH", "ATANH"} {
		m[f] = trig
	}
	m["DEG"] = otherSolver{"the HP-19BII's and HP-27S's Solvers", "multiply by 180÷PI"}
	m["RAD"] = otherSolver{"the HP-19BII's and HP-27S's Solvers", "multiply by PI÷180"}
	m["COMB"] = otherSolver{"the HP-19BII's and HP-27S's Solvers", "write FACT(N)÷(FACT(R)×FACT(N-R))"}
	m["PERM"] = otherSolver{"the HP-19BII's and HP-27S's Solvers", "write FACT(N)÷FACT(N-R)"}
	return m
}()

// foreignFunctions are the names other languages (BASIC, C, spreadsheets,
// other calculators) give functions the HP-17BII has under another name,
// upper-cased, with the 17BII's way.
var foreignFunctions = map[string]string{
	"SQR": "SQRT(x)", "LOG10": "LOG(x)", "LG": "LOG(x)", "POW": "x^y", "POWER": "x^y",
	"FLOOR": "INT(x)", "TRUNC": "IP(x)", "TRUNCATE": "TRN(x:n) or IP(x)", "ROUND": "RND(x:n)",
	"FRAC": "FP(x)", "SIGN": "SGN(x)", "FABS": "ABS(x)", "LOG1P": "LNP1(x)", "LN1P": "LNP1(x)",
	"FACTORIAL": "FACT(x)", "RECIP": "INV(x)", "CEIL": "-INT(-x)", "CEILING": "-INT(-x)",
	"SUMMATION": "Σ(I:first:last:step:term)", "ALN": "EXP(x)", "EXP10": "ALOG(x)",
}

// foreignFunction is the message for word, a function of another language
// or another calculator written before '(' that the HP-17BII has under
// another name or not at all, or "".
func foreignFunction(word string) string {
	up := strings.ToUpper(word)
	if way, ok := foreignFunctions[up]; ok {
		return fmt.Sprintf("%s is not a function of the HP-17BII; it writes %s", word, way)
	}
	if other, ok := otherSolvers[up]; ok && up != word {
		return fmt.Sprintf("%s is a function of %s, not of the HP-17BII: %s", word, other.of, other.instead)
	}
	return ""
}

// unknownFunction is the message for a name followed by '(' that is no
// function of the HP-17BII: the other calculator's function named, with
// the 17BII's nearest way, where it is one of otherSolvers; the 17BII's
// function where only the case differs (Sqrt is SQRT); the 17BII's way
// where another language names it (foreignFunctions).
func unknownFunction(fn string) string {
	if other, ok := otherSolvers[fn]; ok {
		return fmt.Sprintf("%s is a function of %s, not of the HP-17BII: %s", fn, other.of, other.instead)
	}
	if f, ok := lookupFn(strings.ToUpper(fn)); ok && f.kind != fnNullary {
		return fmt.Sprintf("%s is the HP-17BII's %s, whose functions are named in capitals: write %s(", fn, f.name, f.name)
	}
	if msg := foreignFunction(fn); msg != "" {
		return msg
	}
	return fn + " is not a function of the HP-17BII: a name followed by '(' must be one of its functions"
}
