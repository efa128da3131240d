package window

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"
)

// The calculator's beep, generated (not sampled): a short tone at beepHz,
// with a few milliseconds of fade at each end so that it does not click.
// The pitch and length are ours; the manual says only that the calculator
// beeps on errors and alarms while MODES BEEP is on.
const (
	beepRate = 44100
	beepHz   = 2400
	beepTime = 120 * time.Millisecond
	beepFade = 5 * time.Millisecond
)

// beepTone is the beep as 16-bit mono samples, little-endian.
func beepTone() []byte {
	n := int(beepTime.Seconds() * beepRate)
	fade := int(beepFade.Seconds() * beepRate)
	var b bytes.Buffer
	b.Grow(2 * n)
	for i := range n {
		env := 1.0
		if i < fade {
			env = float64(i) / float64(fade)
		} else if n-i < fade {
			env = float64(n-i) / float64(fade)
		}
		v := int16(0.3 * env * math.MaxInt16 * math.Sin(2*math.Pi*beepHz*float64(i)/beepRate))
		_ = binary.Write(&b, binary.LittleEndian, v)
	}
	return b.Bytes()
}

// beeper sounds the beep through oto, the audio library Ebitengine's own
// audio package is built on. It is used directly because Ebitengine's
// package turns a missing audio device into an error of the game loop,
// which would close the window; here no device means silence. The device
// is opened at the first beep, off the window's goroutines.
type beeper struct {
	mu      sync.Mutex
	wg      sync.WaitGroup // the beeps not yet handed to the device
	ctx     *oto.Context
	tried   bool
	err     error // why there is no sound (no device), for tests
	tone    []byte
	playing []*oto.Player // kept until they finish
	// open opens the device (oto.NewContext; tests replace it).
	open func() (*oto.Context, chan struct{}, error)
}

func newBeeper() *beeper {
	return &beeper{tone: beepTone(), open: func() (*oto.Context, chan struct{}, error) {
		if !audioLikely() {
			return nil, nil, errNoDevice
		}
		return oto.NewContext(&oto.NewContextOptions{SampleRate: beepRate, ChannelCount: 1,
			Format: oto.FormatSignedInt16LE, ApplicationName: "hp17b"})
	}}
}

// audioLikely reports whether this system may have an audio device. On
// Linux that takes a PulseAudio (or PipeWire) server or ALSA's /dev/snd:
// without either, ALSA's library would print a page of errors on the
// window's standard error before failing.
func audioLikely() bool {
	if runtime.GOOS != "linux" {
		return true
	}
	if os.Getenv("PULSE_SERVER") != "" {
		return true
	}
	if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "pulse", "native")); err == nil {
			return true
		}
	}
	_, err := os.Stat("/dev/snd")
	return err == nil
}

// beep plays the tone once, in the background; without a device it does
// nothing.
func (b *beeper) beep() {
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		b.mu.Lock()
		defer b.mu.Unlock()
		if !b.tried {
			b.tried = true
			ctx, ready, err := b.open()
			if err == nil {
				select {
				case <-ready:
					err = ctx.Err()
				case <-time.After(2 * time.Second):
					err = errNoDevice
				}
			}
			if err != nil {
				b.err = err
				return
			}
			b.ctx = ctx
		}
		if b.ctx == nil {
			return
		}
		keep := b.playing[:0]
		for _, p := range b.playing {
			if p.IsPlaying() {
				keep = append(keep, p)
			}
		}
		p := b.ctx.NewPlayer(bytes.NewReader(b.tone))
		p.Play()
		b.playing = append(keep, p)
	}()
}

// errNoDevice: there is no audio device, or it did not become ready.
var errNoDevice = &soundError{"no audio device answered"}

type soundError struct{ msg string }

func (e *soundError) Error() string { return e.msg }
