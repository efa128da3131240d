package compare

import (
	"strconv"

	"github.com/hp17b/hp17b/hp17b"
)

// fastAnswer reads the common answer line, {"n":N,"out":{"X":number or
// "text without escapes",…}} naming only solved names, without
// encoding/json's reflection (a tenth of its time). ok is false for
// anything else, which decodeAnswer then reads the general way (and
// explains when it is wrong).
func fastAnswer(p *Plan, line []byte, n int64) (a Answer, ok bool) {
	ok = fastAnswerInto(p, line, n, &a)
	return a, ok
}

// fastAnswerInto is fastAnswer into *a, whose Out it reuses (it may be
// partly written when ok is false).
func fastAnswerInto(p *Plan, line []byte, n int64, a *Answer) (ok bool) {
	s := scanner{b: line}
	if !s.byte('{') {
		return false
	}
	a.Out, a.Extra, a.Vars, a.Data = resize(a.Out, len(p.Solved)), nil, nil, nil
	seen, sawN := 0, false
	for first := true; ; first = false {
		if s.byte('}') {
			break
		}
		if !first && !s.byte(',') {
			return false
		}
		key, ok := s.str()
		if !ok || !s.byte(':') {
			return false
		}
		switch string(key) {
		case "n":
			tok := s.num()
			got, err := strconv.ParseInt(string(tok), 10, 64)
			if err != nil || !jsonNumber(tok) || got != n || sawN {
				return false
			}
			sawN = true
		case "out":
			if !s.byte('{') || seen > 0 {
				return false
			}
			for f := true; ; f = false {
				if s.byte('}') {
					break
				}
				if !f && !s.byte(',') {
					return false
				}
				name, ok := s.str()
				if !ok || !s.byte(':') {
					return false
				}
				i := -1
				for j, sv := range p.Solved {
					if string(name) == sv {
						i = j
					}
				}
				if i < 0 {
					return false
				}
				s.space()
				if s.i < len(s.b) && s.b[s.i] == '"' {
					t, ok := s.str()
					if !ok {
						return false
					}
					a.Out[i] = cellValue(string(t))
				} else {
					tok := s.num()
					if !jsonNumber(tok) {
						return false
					}
					if plain(tok) {
						a.Out[i] = Value{raw: string(tok)}
						seen++
						continue
					}
					x, err := hp17b.Parse(string(tok))
					switch {
					case err == hp17b.ErrOverflow:
						a.Out[i] = Value{Msg: hp17b.ErrOverflow.Msg}
					case err != nil:
						return false
					default:
						a.Out[i] = Value{Num: x}
					}
				}
				seen++
			}
		default:
			return false
		}
	}
	s.space()
	return s.i == len(s.b) && seen == len(p.Solved)
}

// scanner reads the simple JSON fastAnswer accepts.
type scanner struct {
	b []byte
	i int
}

func (s *scanner) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\r' || s.b[s.i] == '\n') {
		s.i++
	}
}

// byte consumes c (after spaces) when it is next.
func (s *scanner) byte(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// str reads a string without escapes; ok false otherwise.
func (s *scanner) str() ([]byte, bool) {
	if !s.byte('"') {
		return nil, false
	}
	start := s.i
	for s.i < len(s.b) {
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			return s.b[start : s.i-1], true
		case c == '\\' || c < 0x20:
			return nil, false
		}
		s.i++
	}
	return nil, false
}

// num reads a number's characters (hp17b.Parse judges them).
func (s *scanner) num() []byte {
	s.space()
	start := s.i
	for s.i < len(s.b) {
		c := s.b[s.i]
		if !(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
			break
		}
		s.i++
	}
	return s.b[start:s.i]
}

// plain reports whether a number's text is digits with at most a sign and
// a point, short enough to be read later (Value.settle).
func plain(tok []byte) bool {
	if len(tok) > 24 {
		return false
	}
	digits, points := 0, 0
	for i, c := range tok {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			points++
		case c == '-' && i == 0:
		default:
			return false
		}
	}
	return digits > 0 && points <= 1
}

// jsonNumber reports whether tok is a number as JSON writes one:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func jsonNumber(tok []byte) bool {
	i := 0
	digits := func() int {
		j := i
		for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
			i++
		}
		return i - j
	}
	if i < len(tok) && tok[i] == '-' {
		i++
	}
	if i < len(tok) && tok[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}
	if i < len(tok) && tok[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(tok) && (tok[i] == 'e' || tok[i] == 'E') {
		i++
		if i < len(tok) && (tok[i] == '+' || tok[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(tok)
}
