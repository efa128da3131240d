package solver

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadFileAll: every equation of a file in its order, a bad one with
// its error and the line it starts on, so that a report lists every
// error at once; a file of comments alone is an error.
func TestReadFileAll(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		texts      []string
		lines      []int
		bad        []string // each item's error, "" for a good one
	}{
		{"all good", "A=B\n\nC=D+1\n", []string{"A=B", "C=D+1"}, []int{1, 3}, []string{"", ""}},
		{"bad between", "A=B\n\nX=Y)Z\n\nC=D\n", []string{"A=B", "X=Y)Z", "C=D"}, []int{1, 3, 5},
			[]string{"", `INVALID EQUATION at f:3:4: unexpected ")"`, ""}},
		{"two bad", "# listing\nQ=R÷÷S\n\nA=(B\n", []string{"Q=R÷÷S", "A=(B"}, []int{2, 4},
			[]string{`INVALID EQUATION at f:2:5: unexpected "÷"`, "INVALID EQUATION at f:4:5: the equation ends too soon"}},
		{"kept", KeptMark + "A=(\nB=C\n", []string{"A=(", "B=C"}, []int{1, 2}, []string{"", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			items, err := ReadFileAll("f", tc.text)
			require.NoError(t, err)
			require.Len(t, items, len(tc.texts))
			for i, it := range items {
				assert.Equal(t, tc.texts[i], it.Text)
				assert.Equal(t, tc.lines[i], it.Line)
				if tc.bad[i] == "" {
					assert.NoError(t, it.Err)
				} else {
					assert.ErrorContains(t, it.Err, tc.bad[i])
				}
			}
		})
	}
	_, err := ReadFileAll("f", "# nothing\n\n")
	assert.ErrorContains(t, err, "no equation in the file")
}

// FuzzReadFileAll: any text read whole gives the entries ReadFile reads
// leniently, in order, and an error item exactly when ReadFile has an
// error to give; it never panics.
func FuzzReadFileAll(f *testing.F) {
	for _, s := range []string{"A=B\n\nX=Y)Z\n\nC=D\n", "{A=B}\n{C=(}\n", KeptMark + "A=(\nB=C\n", "A=(B\n\n+C)\n", "# c\n", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		items, err := ReadFileAll("f", text)
		entries, lerr := ReadFile("f", text, true)
		if err != nil {
			if lerr == nil {
				t.Fatalf("ReadFileAll: %v; ReadFile: none", err)
			}
			return
		}
		var good []string
		bad := false
		for _, it := range items {
			if it.Err != nil {
				bad = true
				continue
			}
			good = append(good, it.Text)
		}
		var want []string
		for _, e := range entries {
			want = append(want, e.Text)
		}
		assert.Equal(t, want, good)
		assert.Equal(t, lerr != nil, bad, "an error item when ReadFile has an error")
	})
}
