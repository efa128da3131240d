package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/nim/octal"
)

// TestGrundyStreamed: nim grundy writes, value by value, what the whole
// list of values gives (Analysis.Extend), as text and as grundyJSON, past
// the values computed (by the proven period), for games with and without a
// period and a saltus.
func TestGrundyStreamed(t *testing.T) {
	tests := []struct {
		game string
		to   int
	}{
		{"lasker", 0}, {"lasker", 9}, {"lasker", 30000}, {"kayles", 10}, {"kayles", 30000},
		{"dawson", 5000}, {"nim", 12}, {"sub12", 1000}, {"split13", 999},
	}
	for _, tt := range tests {
		g, err := octal.GameByName(tt.game, 4)
		require.NoError(t, err)
		limit := octal.MexLimit(g)
		a := octal.Analyze(g, min(tt.to, limit), limit)
		vals := a.Extend(tt.to)

		var text, js bytes.Buffer
		w := bufio.NewWriter(&text)
		writeGrundy(w, a, tt.to)
		require.NoError(t, w.Flush())
		w = bufio.NewWriter(&js)
		writeGrundyJSON(w, a, tt.to)
		require.NoError(t, w.Flush())

		var line strings.Builder
		for i, v := range vals {
			fmt.Fprintf(&line, "G(%d)=%d ", i, v)
		}
		lines := strings.Split(text.String(), "\n")
		require.Len(t, lines, 4, tt.game)
		assert.Equal(t, fmt.Sprintf("%s (%s)", g.Name, g), lines[0], tt.game)
		assert.Equal(t, strings.TrimSpace(line.String()), lines[1], tt.game)

		want := grundyJSON{Game: g.Name, Values: vals, Proven: a.HasPeriod && a.Period.Proven}
		if a.HasPeriod {
			want.Period, want.Preperiod, want.Saltus = &a.Period.P, &a.Period.Pre, a.Period.Saltus
		}
		b, err := json.Marshal(want)
		require.NoError(t, err)
		assert.Equal(t, string(b)+"\n", js.String(), tt.game)
	}
}

// TestAppendDecimal: every length of number, as strconv writes it.
func TestAppendDecimal(t *testing.T) {
	for _, v := range []int{0, 7, 10, 99, 100, 101, 999, 1000, 123456, 1000000, 9876543210, -5} {
		assert.Equal(t, fmt.Sprint("x", v), string(appendDecimal([]byte("x"), v)))
	}
	n := []byte("0")
	for i := range 1002 {
		require.Equal(t, fmt.Sprint(i), string(n))
		n = increment(n)
	}
}
