//go:build js && wasm

// Package webstore keeps the calculator's continuous memory in the
// browser's local storage (window.localStorage), as an emulator.Store: the
// web build's state file.
package webstore

import (
	"fmt"
	"os"
	"syscall/js"
)

// Local is one key of the browser's local storage.
type Local struct {
	// Key names the item ("hp17b-state").
	Key string
}

// storage is the page's localStorage: an error where the browser has
// none or refuses it (reading it throws in some private modes), never a
// panic.
func storage() (s js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("this browser refuses the page its local storage: %v", r)
		}
	}()
	s = js.Global().Get("localStorage")
	if s.Type() != js.TypeObject {
		return js.Value{}, fmt.Errorf("this browser gives no local storage")
	}
	return s, nil
}

// Load returns the kept state, or an error that is os.ErrNotExist when
// nothing is kept yet; anything but text kept under the key is an error.
func (l Local) Load() (b []byte, err error) {
	s, err := storage()
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refused to read the state: %v", r)
		}
	}()
	v := s.Call("getItem", l.Key)
	switch v.Type() {
	case js.TypeNull, js.TypeUndefined:
		return nil, os.ErrNotExist
	case js.TypeString:
		return []byte(v.String()), nil
	}
	return nil, fmt.Errorf("the browser kept no text under %s (%s)", l.Key, v.Type())
}

// Save keeps b. Two tabs share one storage: the last to save wins (no
// merge, unlike the state file), and b is returned as what is kept. The
// error is the browser's (a full storage, for one).
func (l Local) Save(_, b []byte) (kept []byte, err error) {
	s, err := storage()
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refused to keep the state: %v", r)
		}
	}()
	s.Call("setItem", l.Key, string(b))
	return b, nil
}
