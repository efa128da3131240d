//go:build js && wasm

package clipboard

import (
	"errors"
	"fmt"
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
		if len(args) > 0 && !args[0].IsUndefined() && !args[0].IsNull() {
			msg = js.Global().Get("String").Invoke(args[0]).String() // whatever the promise was refused with
		}
		done <- result{err: errors.New("clipboard: " + msg)}
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	if p.Type() != js.TypeObject || p.Get("then").Type() != js.TypeFunction {
		return js.Undefined(), errors.New("clipboard: the browser gave no promise")
	}
	p.Call("then", ok, fail)
	select {
	case r := <-done:
		return r.v, r.err
	case <-time.After(Timeout):
		return js.Undefined(), errors.New("clipboard: no answer within " + Timeout.String())
	}
}

// browserClipboard is the page's navigator.clipboard when it has the
// method named (readText, writeText); ErrNoTool otherwise.
func browserClipboard(method string) (js.Value, error) {
	nav := js.Global().Get("navigator")
	if nav.Type() != js.TypeObject {
		return js.Value{}, ErrNoTool
	}
	c := nav.Get("clipboard")
	if c.Type() != js.TypeObject || c.Get(method).Type() != js.TypeFunction {
		return js.Value{}, ErrNoTool
	}
	return c, nil
}

// call calls the clipboard's method and waits for its promise; a call
// the browser throws at (a refused permission in some browsers) is an
// error, never a panic.
func call(method string, args ...any) (v js.Value, err error) {
	c, err := browserClipboard(method)
	if err != nil {
		return js.Undefined(), err
	}
	var p js.Value
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("clipboard: %v", r)
			}
		}()
		p = c.Call(method, args...)
	}()
	if err != nil {
		return js.Undefined(), err
	}
	return await(p)
}

// Write puts text on the browser's clipboard.
func Write(text string) error {
	_, err := call("writeText", text)
	return err
}

// Read returns the browser's clipboard text.
func Read() (string, error) {
	v, err := call("readText")
	if err != nil {
		return "", err
	}
	return readText(v)
}

// readText turns what readText's promise resolved to into Go text. A
// string is measured before Go copies it (its UTF-16 units through a
// String object, since a string's own Length panics in syscall/js; each
// unit is at least one UTF-8 byte) and again after, in bytes. Anything but
// a string (undefined, null, an object) is an error, never a panic.
func readText(v js.Value) (string, error) {
	if v.Type() != js.TypeString {
		return "", errors.New("clipboard: the browser gave no text (" + v.Type().String() + ")")
	}
	if units := js.Global().Get("Object").Invoke(v).Get("length"); units.Type() == js.TypeNumber && units.Int() > MaxRead {
		return "", ErrTooLarge
	}
	s := v.String()
	if len(s) > MaxRead {
		return "", ErrTooLarge
	}
	return s, nil
}
