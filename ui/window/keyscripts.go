package window

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hp17b/hp17b/solver"
	"github.com/hp17b/hp17b/ui/dialog"
)

// Keys recorded and played in the window (ui/record.go): F7 (the key
// map's RECORD) starts recording, F7 again writes the recording as a key
// script to hp17b-keys-YYYYMMDD-HHMMSS.txt in the working folder (the
// path is printed; `hp17b keys "$(cat FILE)"` plays it on the command
// line), and the menu's "Play a key script" (Ctrl+P) plays a file chosen
// in the platform's file chooser into the window, a key every playEvery,
// until it ends or a key or click stops it. The title bar says REC while
// recording and PLAYING while playing.

// playEvery is how far apart a played key script's keys land: slow enough
// to see each.
const playEvery = 150 * time.Millisecond

// keepRecording writes a recording to a new file in the working folder
// and says where (the display shows KEYS SAVED, or KEYS NOT SAVED).
func (g *Game) keepRecording(script string) {
	path := "hp17b-keys-" + time.Now().Format("20060102-150405") + ".txt"
	for i := 2; ; i++ {
		if _, err := os.Lstat(path); err != nil {
			break
		}
		path = fmt.Sprintf("hp17b-keys-%s-%d.txt", time.Now().Format("20060102-150405"), i)
	}
	if err := os.WriteFile(path, []byte(script+"\n"), 0o644); err != nil {
		fmt.Fprintf(g.opt.Stderr, "hp17b: the keys recorded were not saved: %v\n", err)
		g.ctrl.Message("KEYS NOT SAVED")
		return
	}
	abs, _ := filepath.Abs(path)
	fmt.Fprintf(g.opt.Stderr, "hp17b: keys recorded in %s (hp17b keys plays them)\n", abs)
	g.ctrl.Message("KEYS SAVED")
}

// playScript asks for a key script in the file chooser and plays it.
func (g *Game) playScript() error {
	go func() {
		path, err := dialog.OpenFile("Play a key script", ".", ".txt")
		if err != nil {
			fmt.Fprintf(g.opt.Stderr, "hp17b: play a key script: %v\n", err)
			g.ctrl.Message("NO FILE CHOOSER")
			return
		}
		if path != "" {
			g.playFile(path)
		}
	}()
	return nil
}

// playFile plays the key script in the file at path; a file that cannot
// be read or split is reported and plays nothing.
func (g *Game) playFile(path string) {
	b, err := os.ReadFile(path)
	if err == nil && len(b) > solver.MaxFileSize {
		err = fmt.Errorf("%s is larger than a key script can be (%d bytes)", path, solver.MaxFileSize)
	}
	if err == nil {
		err = g.ctrl.PlayScript(string(b), playEvery)
	}
	if err != nil {
		fmt.Fprintf(g.opt.Stderr, "hp17b: play a key script: %v\n", err)
		g.ctrl.Message("SCRIPT NOT PLAYED")
	}
	ebiten.ScheduleFrame() //lint:ignore SA1019 wakes the minimum-FPS loop
}
