//go:build !js

package window

import (
	"os"
	"os/signal"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// watchEnd has the window close as it does when closed by hand (its place
// and continuous memory saved) when the process is told to end (SIGTERM,
// SIGINT, SIGHUP) or when the program that started it (hp17b) has gone:
// a window is never left running without its parent. The returned
// function stops watching.
func (g *Game) watchEnd() (stop func()) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, endSignals...)
	done := make(chan struct{})
	parent := os.Getppid()
	go func() {
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-sigs:
			case <-t.C:
				if parent <= 1 || os.Getppid() == parent {
					continue // no parent to watch (started by init), or still there
				}
			}
			g.ending.Store(true)
			ebiten.ScheduleFrame() //lint:ignore SA1019 wakes the minimum-FPS loop to close
		}
	}()
	return func() { signal.Stop(sigs); close(done) }
}
