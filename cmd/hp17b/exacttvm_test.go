package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestExactTVM: hp17b keys gives the HP-17BII's TVM digits by default and
// the correctly rounded ones with --exact-tvm, a choice kept in the state
// until --no-exact-tvm. The flat-rate problem at N 363 (dm319 and T.
// Hutchins, "Rogue Zero: An HP-12c Story", 2026): the machine shows
// −1,000.00, the exact answer is −100.
func TestExactTVM(t *testing.T) {
	flat := []string{"FIN", "TVM", "OTHER", "1", "[P/YR]", "EXIT", "10", "[I%YR]", "100", "[PV]", "10", "+/-", "[PMT]", "363", "[N]", "[FV]"}
	// dm319's problem 9 (HP Museum forum thread 21729, 2024): the 17BII's
	// published N is 1060.30314751 ("Rogue Zero", appendix A).
	p9 := []string{"FIN", "TVM", "25", "[I%YR]", "100000", "[PV]", "2083.333334", "+/-", "[PMT]", "0", "[FV]", "[N]", "SHOW"}
	state := filepath.Join(t.TempDir(), "state.json")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"the machine's digits by default", append([]string{"keys", "--fresh"}, flat...), "FV=-1,000.00\n"},
		{"--exact-tvm", append([]string{"keys", "--fresh", "--exact-tvm"}, flat...), "FV=-100.00\n"},
		{"problem 9, the machine's N", append([]string{"keys", "--fresh"}, p9...), "1,060.30314751\n"},
		{"problem 9, --exact-tvm", append([]string{"keys", "--fresh", "--exact-tvm"}, p9...), "1,060.30339\n"},
		{"--exact-tvm kept in the state", []string{"keys", "--state", state, "--exact-tvm", "CLR"}, "0.00\n"},
		{"and used by the next run", append([]string{"keys", "--state", state}, flat...), "FV=-100.00\n"},
		{"--no-exact-tvm goes back", []string{"keys", "--state", state, "--no-exact-tvm", "FIN", "TVM", "[FV]"}, "FV=-1,000.00\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(tt.args...)
			assert.Equal(t, exitOK, code, errOut)
			assert.Contains(t, out, tt.want)
		})
	}
}
