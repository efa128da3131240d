package window

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/ebitengine/oto/v3"
	"github.com/stretchr/testify/assert"
)

func TestBeepTone(t *testing.T) {
	tone := beepTone()
	n := int(beepTime.Seconds() * beepRate)
	assert.Len(t, tone, 2*n, "16-bit mono samples")
	sample := func(i int) int16 { return int16(binary.LittleEndian.Uint16(tone[2*i:])) }
	peak := 0
	crossings := 0
	for i := range n {
		v := int(sample(i))
		peak = max(peak, v, -v)
		if i > 0 && (sample(i-1) < 0) != (v < 0) {
			crossings++
		}
	}
	assert.InDelta(t, 0.3*math.MaxInt16, peak, 0.01*math.MaxInt16, "the volume")
	assert.InDelta(t, 2*beepHz*beepTime.Seconds(), crossings, 4, "the pitch")
	assert.Less(t, math.Abs(float64(sample(0))), 100.0, "fades in")
	assert.Less(t, math.Abs(float64(sample(n-1))), 1000.0, "fades out")
}

// TestBeeperWithoutDevice: no audio device means silence, never an error
// or a retry at every beep.
func TestBeeperWithoutDevice(t *testing.T) {
	b := newBeeper()
	opened := 0
	b.open = func() (*oto.Context, chan struct{}, error) {
		opened++
		return nil, nil, errors.New("no audio device")
	}
	b.beep()
	b.beep()
	b.wait()
	assert.Equal(t, "no audio device", b.silent())
	assert.Equal(t, 1, opened)
}

// TestBeeperOnThisMachine: the real device path (under Xvfb usually none)
// plays or stays silent without failing.
func TestBeeperOnThisMachine(t *testing.T) {
	b := newBeeper()
	b.beep()
	b.wait()
	t.Logf("silent: %q", b.silent())
	assert.True(t, b.tried)
	b.mu.Lock()
	defer b.mu.Unlock()
	assert.True(t, (b.ctx == nil) == (b.err != nil), "either a device plays or the reason for silence is kept")
}
