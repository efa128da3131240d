//go:build js && wasm

package clipboard

import (
	"errors"
	"syscall/js"
	"time"
)

// ErrNoTool says that the browser gives the page no clipboard (an insecure
// page, or no permission).
var ErrNoTool = errors.New("this browser gives the page no clipboard (it needs https or localhost, and permission)")

// Timeout bounds one copy or paste (the browser may ask the user first).
const Timeout = 10 * time.Second

// await waits for a JavaScript promise: its value, or an error with its
// reason.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	done := make(chan result, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		v := js.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		done <- result{v: v}
		return nil
	})
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "refused"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		done <- result{err: errors.New("clipboard: " + msg)}
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	p.Call("then", ok, fail)
	select {
	case r := <-done:
		return r.v, r.err
	case <-time.After(Timeout):
		return js.Undefined(), errors.New("clipboard: no answer within " + Timeout.String())
	}
}

func browserClipboard() (js.Value, error) {
	c := js.Global().Get("navigator").Get("clipboard")
	if c.IsUndefined() || c.IsNull() {
		return js.Value{}, ErrNoTool
	}
	return c, nil
}

// Write puts text on the browser's clipboard.
func Write(text string) error {
	c, err := browserClipboard()
	if err != nil {
		return err
	}
	_, err = await(c.Call("writeText", text))
	return err
}

// Read returns the browser's clipboard text.
func Read() (string, error) {
	c, err := browserClipboard()
	if err != nil {
		return "", err
	}
	v, err := await(c.Call("readText"))
	if err != nil {
		return "", err
	}
	if v.Length() > MaxRead { // UTF-16 units, each at least one byte: checked before Go copies it
		return "", ErrTooLarge
	}
	return v.String(), nil
}
