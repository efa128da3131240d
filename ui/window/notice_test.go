package window

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/ui"
)

// TestNoticeRowsFit: the notice's words wrap within the window's width,
// and an equation's line with its caret stays one row each, in a
// monospaced size small enough for the longest (the caret's 72
// characters and the two … marks), so that the caret stands under its
// character; a short line keeps the full size.
func TestNoticeRowsFit(t *testing.T) {
	f, err := loadFonts()
	require.NoError(t, err)
	long := strings.Repeat("A+", 36) + "B…"
	for _, tc := range []struct {
		name  string
		lines []ui.NoticeLine
		w     float64
		small bool // the monospaced size shrinks
	}{
		{"short", []ui.NoticeLine{{Text: "X=Y)Z", Mono: true}, {Text: "   ^", Mono: true}}, 400, false},
		{"long", []ui.NoticeLine{{Text: long, Mono: true}, {Text: strings.Repeat(" ", 70) + "^", Mono: true}}, 300, true},
		{"words", []ui.NoticeLine{{Text: strings.Repeat("the reason in words ", 30)}}, 300, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, size := noticeRows(&ui.Notice{Lines: tc.lines}, f, tc.w)
			assert.Equal(t, tc.small, size < noticeMono, "size %v", size)
			for _, r := range rows {
				src, s := f.regular, noticeSize
				if r.Mono {
					src, s = f.mono, size
				}
				assert.LessOrEqual(t, measure(r.Text, src, s), tc.w+0.5, "%q", r.Text)
			}
			mono := 0
			for _, r := range rows {
				if r.Mono {
					mono++
				}
			}
			assert.Equal(t, mono, countMono(tc.lines), "a line of the equation is never wrapped")
		})
	}
}

func countMono(lines []ui.NoticeLine) int {
	n := 0
	for _, l := range lines {
		if l.Mono {
			n++
		}
	}
	return n
}
