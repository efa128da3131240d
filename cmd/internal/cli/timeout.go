package cli

import (
	"fmt"
	"time"
)

// Timeout is a --timeout: how long a command's work may run, 0 for no
// limit.
type Timeout time.Duration

// UnmarshalText reads a Go duration (5s, 2m, 1h30m), refusing a negative
// one (encoding.TextUnmarshaler, which kong uses).
func (t *Timeout) UnmarshalText(b []byte) error {
	d, err := time.ParseDuration(string(b))
	switch {
	case err != nil:
		return fmt.Errorf("want a duration such as 5s or 2m, got %q", b)
	case d < 0:
		return fmt.Errorf("want 0 (no limit) or more, got %s", b)
	}
	*t = Timeout(d)
	return nil
}

// String is the duration as Go writes it (5s, 2m0s).
func (t Timeout) String() string { return time.Duration(t).String() }
