package ui

import (
	"strings"
	"time"

	"github.com/hp17b/hp17b/emulator"
)

// Recording and playing keys in the window (Emu42's macros), in the
// vocabulary of key scripts (`hp17b keys`, docs/command-line.md), so that
// the command line plays a recording and the window plays a script
// written by hand. What is recorded: every calculator key and shifted
// function pressed by the mouse or a PC key (a key by its name, a shifted
// function by its own: RND, MAIN; the menu keys as F1–F6; CLR held for a
// key as CLR+KEY) and text typed into an equation ("quoted", a double
// quote left out: a key script cannot hold one). Not recorded: the
// equation editor's cursor keys and the heaps panel's clicks and buttons,
// which key scripts have no words for.

// recorder is a recording in progress, guarded by Controller.mu.
type recorder struct {
	on     bool
	tokens []string
}

// StartRecording starts recording keys (Snapshot.Recording says so).
func (c *Controller) StartRecording() {
	c.mu.Lock()
	c.rec = recorder{on: true}
	c.mu.Unlock()
	c.publish()
}

// StopRecording stops recording and returns the key script recorded, one
// token after another separated by spaces ("" when nothing was).
func (c *Controller) StopRecording() string {
	c.mu.Lock()
	script := strings.Join(c.rec.tokens, " ")
	c.rec = recorder{}
	c.mu.Unlock()
	c.publish()
	return script
}

// OnRecorded, when set before the first key, is called with the key
// script of each recording ToggleRecording stops (the window writes it to
// a file).
func (c *Controller) OnRecorded(f func(script string)) {
	c.mu.Lock()
	c.recorded = f
	c.mu.Unlock()
}

// ToggleRecording starts recording keys, or stops and hands the script
// to OnRecorded's function (the key map's RECORD, F7).
func (c *Controller) ToggleRecording() {
	if !c.Snapshot().Recording {
		c.StartRecording()
		return
	}
	script := c.StopRecording()
	c.mu.Lock()
	f := c.recorded
	c.mu.Unlock()
	if f != nil {
		f(script)
	}
}

// record adds what a does to the recording, when one is in progress.
func (c *Controller) record(a Action) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.rec.on {
		return
	}
	switch {
	case a.Text != "":
		if t := strings.ReplaceAll(a.Text, `"`, ""); t != "" {
			c.rec.tokens = append(c.rec.tokens, `"`+t+`"`)
		}
	case a.Cursor != nil || a.window() || a.Key < 0 || a.Key >= emulator.NumKeys:
	case a.WithCLR:
		c.rec.tokens = append(c.rec.tokens, emulator.KeyCLR.String()+"+"+a.Key.String())
	default:
		c.rec.tokens = append(c.rec.tokens, a.Function().String())
	}
}

// PlayScript plays a key script into the calculator, one token a job,
// every apart so that a person sees each key land; any key or click made
// meanwhile stops it (StopPlaying). It returns at once; the error is the
// script's own (an unclosed quote or bracket), and a token the
// calculator cannot take stops the playing with its message on the
// display.
func (c *Controller) PlayScript(script string, every time.Duration) error {
	tokens, err := emulator.SplitScript(script)
	if err != nil {
		return err
	}
	stop := make(chan struct{})
	c.mu.Lock()
	if c.playing != nil {
		close(c.playing)
	}
	c.playing = stop
	c.mu.Unlock()
	c.publish()
	go func() {
		defer c.endPlaying(stop)
		for i, tok := range tokens {
			select {
			case <-stop:
				return
			case <-time.After(every):
			}
			failed := make(chan bool, 1)
			if !c.enqueue(func() {
				err := emulator.Run(c.m, tok, nil)
				if err != nil {
					c.m.Message("KEY " + itoa(i+1) + " NOT PLAYED")
				}
				c.after("")
				failed <- err != nil
			}) {
				return
			}
			if <-failed {
				return
			}
		}
	}()
	return nil
}

// StopPlaying stops a key script being played, reporting whether one was.
func (c *Controller) StopPlaying() bool {
	c.mu.Lock()
	stop := c.playing
	c.mu.Unlock()
	if stop == nil {
		return false
	}
	c.endPlaying(stop)
	return true
}

// endPlaying ends the playing whose stop channel is stop.
func (c *Controller) endPlaying(stop chan struct{}) {
	c.mu.Lock()
	if c.playing == stop {
		close(stop)
		c.playing = nil
	}
	c.mu.Unlock()
	c.publish()
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		if n /= 10; n == 0 {
			return string(b[i:])
		}
	}
}
