package cli

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestTimeout: --timeout takes a Go duration, 0 for no limit, and refuses
// a negative one or anything else, saying what it wants.
func TestTimeout(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
		err  string
	}{
		{"5s", 5 * time.Second, ""},
		{"1h30m", 90 * time.Minute, ""},
		{"0", 0, ""},
		{"-1s", 0, "want 0 (no limit) or more, got -1s"},
		{"5x", 0, `want a duration such as 5s or 2m, got "5x"`},
	} {
		var d Timeout
		err := d.UnmarshalText([]byte(c.in))
		if c.err != "" {
			assert.EqualError(t, err, c.err, c.in)
			continue
		}
		assert.NoError(t, err, c.in)
		assert.Equal(t, c.want, time.Duration(d), c.in)
	}
	assert.Equal(t, "2m0s", Timeout(2*time.Minute).String())
}
