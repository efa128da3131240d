package octal

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGrundyStreamed: WriteText and WriteJSON (nim grundy) write, value by value, what the whole
// list of values gives (Analysis.Extend), as text and as analysisJSON, past
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
		g, err := GameByName(tt.game, 4)
		require.NoError(t, err)
		limit := MexLimit(g)
		a := Analyze(g, min(tt.to, limit), limit)
		vals := a.Extend(tt.to)

		var text, js bytes.Buffer
		require.NoError(t, a.WriteText(&text, tt.to))
		require.NoError(t, a.WriteJSON(&js, tt.to))

		var line strings.Builder
		for i, v := range vals {
			fmt.Fprintf(&line, "G(%d)=%d ", i, v)
		}
		lines := strings.Split(text.String(), "\n")
		require.Len(t, lines, 4, tt.game)
		assert.Equal(t, fmt.Sprintf("%s (%s)", g.Name, g), lines[0], tt.game)
		assert.Equal(t, strings.TrimSpace(line.String()), lines[1], tt.game)

		want := analysisJSON{Game: g.Name, Values: vals, Proven: a.HasPeriod && a.Period.Proven}
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
}

// TestCounter: a number kept as a counter reads as strconv writes it
// after every addition, through each carry and each new digit, and says
// when it would pass seven digits.
func TestCounter(t *testing.T) {
	var b [8]byte
	for _, c := range []struct{ from, step uint64 }{
		{0, 1}, {0, 4}, {95, 7}, {9_999_000, 1}, {9_999, 3}, {0, 13}, {9_990_000, 11}, {9_990, 1000}, {1_234_567, 8_765_432},
		{9, 1}, {99_990, 5}, {0, 9_999_999},
	} {
		n, step, x := counterOf(c.from), digitsOf(c.step), c.from
		for range 2000 {
			require.Equal(t, strconv.FormatUint(x, 10), string(b[:n.put(b[:])]), "%d", x)
			ok := !n.add(step) || n.widen()
			if x+c.step > 9_999_999 {
				assert.False(t, ok, "%d + %d passes seven digits", x, c.step)
				break
			}
			require.True(t, ok, "%d + %d", x, c.step)
			x += c.step
		}
	}
}

// BenchmarkWriteGrundyLasker1M writes G(0..1,000,000) of Lasker's Nim as
// nim grundy does (WriteText, WriteJSON), to nowhere: the writing alone,
// without the process (cmd/hp17b's BenchmarkProcessGrundyLasker1M times the whole).
func BenchmarkWriteGrundyLasker1M(b *testing.B) {
	g, err := GameByName("lasker", 4)
	require.NoError(b, err)
	const to = 1_000_000
	limit := MexLimit(g)
	a := Analyze(g, min(to, limit), limit)
	for _, form := range []string{"text", "json"} {
		b.Run(form, func(b *testing.B) {
			write := a.WriteText
			if form == "json" {
				write = a.WriteJSON
			}
			for b.Loop() {
				require.NoError(b, write(io.Discard, to))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(to+1), "ns/value")
		})
	}
}
