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

func storage() (js.Value, error) {
	s := js.Global().Get("localStorage")
	if s.IsUndefined() || s.IsNull() {
		return js.Value{}, fmt.Errorf("this browser gives no local storage")
	}
	return s, nil
}

// Load returns the kept state, or an error that is os.ErrNotExist when
// nothing is kept yet.
func (l Local) Load() ([]byte, error) {
	s, err := storage()
	if err != nil {
		return nil, err
	}
	v := s.Call("getItem", l.Key)
	if v.IsNull() || v.IsUndefined() {
		return nil, os.ErrNotExist
	}
	return []byte(v.String()), nil
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
