package emulator

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
)

// The state file's format: continuous memory as one JSON object with a
// member per section (the calculator's own, memory.go, and each
// application's, registered with the application), its schema versions,
// and the reading of older ones. Keeping it (writing, merging, opening) is
// store.go's.

// SchemaVersion is the version of the state file's layout: 2 holds a
// section per owner (the calculator, SOLVE, each application); files of
// version 1 (one flat object) still load.
const SchemaVersion = 2

// section is one member of the state file: an owner's part of continuous
// memory, its JSON name, the Go type it is read into, and the owner's pair
// that gives it (save) and takes it back (restore). Make one with
// sectionOf.
type section struct {
	name    string
	owner   string // the application's label; "" for the calculator's own
	typ     reflect.Type
	save    func(m *Machine) any
	restore func(m *Machine, v any) (notes []string)
}

// sectionOf makes the section named name, stored as a T (a pointer to a
// struct, or a map). save gives the owner's part now: nil (or an empty
// map) leaves the member out of the file. restore takes a part read back
// and replaces the owner's whole part by it: v is nil when the file has no
// such member (or null), which empties the owner's part; notes says which
// values were out of range and how they were taken.
func sectionOf[T any](name string, save func(m *Machine) T, restore func(m *Machine, v T) (notes []string)) *section {
	return &section{name: name, typ: reflect.TypeFor[T](),
		save: func(m *Machine) any { return save(m) },
		restore: func(m *Machine, v any) []string {
			t, _ := v.(T)
			return restore(m, t)
		}}
}

// layout is the order of the state file's members after "schema" as this
// hp17b writes them (schema version 2); a section it does not name (an
// application's added since) follows them, by name.
var layout = []string{"calculator", "solve", "apps", "cflo", "sum", "time", "currx", "window", "sections", "where"}

// stateSections are the state file's sections: the calculator's own
// (calculatorSections) and each registered application's
// (application.memory, its owner set to the application's label), in
// the file's order (layout).
func stateSections() []*section {
	secs := slices.Clone(calculatorSections)
	for _, a := range applications {
		if a.memory != nil {
			s := *a.memory
			s.owner = a.label
			secs = append(secs, &s)
		}
	}
	place := func(s *section) int {
		if i := slices.Index(layout, s.name); i >= 0 {
			return i
		}
		return len(layout)
	}
	slices.SortFunc(secs, func(a, b *section) int {
		return cmp.Or(cmp.Compare(place(a), place(b)), strings.Compare(a.name, b.name))
	})
	return secs
}

// stateFile is continuous memory as stored: the schema version and each
// section's part by its JSON name, a value of the section's type
// (section.typ; a nil one for a member the file does not hold). As JSON
// (MarshalJSON, UnmarshalJSON) it is the state file's object of the
// current schema.
type stateFile struct {
	Schema   int
	sections map[string]any
}

// fileType is the Go struct the state file's object is read into and
// written from: the marker ("hp17b": "state"), "schema", then a field per section in the file's order,
// left out when empty (omitempty). Made from the sections, it lets
// encoding/json read the members as a struct's fields (names matched
// without regard to case, a later duplicate taking over, the first error
// in the file's order reported) and write them in order.
func fileType(secs []*section) reflect.Type {
	fields := []reflect.StructField{{Name: "Marker", Type: reflect.TypeFor[string](), Tag: `json:"` + markerKey + `"`},
		{Name: "Schema", Type: reflect.TypeFor[int](), Tag: `json:"schema"`}}
	for i, s := range secs {
		fields = append(fields, reflect.StructField{Name: "S" + strconv.Itoa(i), Type: s.typ,
			Tag: reflect.StructTag(`json:"` + s.name + `,omitempty"`)})
	}
	return reflect.StructOf(fields)
}

// MarshalJSON is the state file's object for st, its members in the
// file's order (compact; the state file itself is indented: encode).
func (st stateFile) MarshalJSON() ([]byte, error) {
	return json.Marshal(st.value(stateSections()).Interface())
}

// encode is the state file's text for st: indented by one space, as the
// state file is written.
func (st stateFile) encode() ([]byte, error) {
	return json.MarshalIndent(st.value(stateSections()).Interface(), "", " ")
}

// value is st as fileType(secs)'s struct.
func (st stateFile) value(secs []*section) reflect.Value {
	v := reflect.New(fileType(secs)).Elem()
	v.Field(0).SetString(markerValue)
	v.Field(1).SetInt(int64(st.Schema))
	for i, s := range secs {
		if x := st.sections[s.name]; x != nil {
			v.Field(i + 2).Set(reflect.ValueOf(x))
		}
	}
	return v
}

// UnmarshalJSON reads the state file's object of the current schema: the
// members of the known sections (fileType); others are not read (see
// unknownSections). A member of the wrong shape is the error (a
// *json.UnmarshalTypeError naming it as a field of stateFile), the other
// members read all the same.
func (st *stateFile) UnmarshalJSON(b []byte) error {
	secs := stateSections()
	v := reflect.New(fileType(secs))
	err := json.Unmarshal(b, v.Interface())
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Struct == "" && te.Field != "" {
		te.Struct = "stateFile" // the made struct has no name
	}
	st.Schema = int(v.Elem().Field(1).Int())
	st.sections = make(map[string]any, len(secs))
	for i, s := range secs {
		st.sections[s.name] = v.Elem().Field(i + 2).Interface()
	}
	return err
}

// stateFileV1 is the layout of schema version 1: one flat object, read
// as the calculator's section, SOLVE's and the window's place.
type stateFileV1 struct {
	Equations []string                `json:"equations"`
	Current   int                     `json:"current"`
	Vars      map[string]hp17b.Number `json:"vars"`
	Registers [10]hp17b.Number        `json:"registers"`
	Fix       int                     `json:"fix"`
	All       bool                    `json:"all"`
	Comma     bool                    `json:"comma"`
	Beep      bool                    `json:"beep"`
	X         hp17b.Number            `json:"x"`
	Window    *WindowPlace            `json:"window,omitempty"`
}

// decodeState reads a state file of any known schema version.
func decodeState(b []byte) (stateFile, error) {
	var head struct {
		Schema int `json:"schema"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return stateFile{}, err
	}
	switch head.Schema {
	case SchemaVersion:
		var st stateFile
		err := st.UnmarshalJSON(b)
		return st, err
	case 1:
		var v1 stateFileV1
		if err := json.Unmarshal(b, &v1); err != nil {
			return stateFile{}, err
		}
		return stateFile{Schema: SchemaVersion, sections: map[string]any{
			"calculator": &calcSection{X: v1.X, Registers: v1.Registers, Fix: v1.Fix, All: v1.All, Comma: v1.Comma, Beep: v1.Beep},
			"solve":      &solveSection{Equations: v1.Equations, Current: v1.Current, Vars: v1.Vars},
			"window":     v1.Window}}, nil
	}
	if head.Schema > SchemaVersion {
		return stateFile{}, tooNew{head.Schema}
	}
	return stateFile{}, fmt.Errorf("schema version %d, expected %d", head.Schema, SchemaVersion)
}

// utf8BOM is the byte-order mark some editors put before UTF-8 text.
var utf8BOM = []byte("\xef\xbb\xbf")

// markerKey and markerValue are the member every state file this hp17b
// writes starts with, "hp17b": "state": what makes a file ours. A
// "schema" member alone does not (other programs' JSON has one).
const markerKey, markerValue = "hp17b", "state"

// ours reports whether b is, or was meant to be, an hp17b state: a JSON
// object with the marker (markerKey), or one written before the marker
// (legacyState); or text that starts as one does (an object whose first
// member is the marker or "schema", cut short or damaged after it).
// Anything else (notes, another program's JSON) is not ours to move or
// write.
func ours(b []byte) bool {
	var head map[string]json.RawMessage
	if json.Unmarshal(b, &head) == nil {
		if v, ok := head[markerKey]; ok {
			var s string
			return json.Unmarshal(v, &s) == nil && s == markerValue
		}
		return legacyState(head)
	}
	t := bytes.TrimLeft(b, " \t\r\n")
	if !bytes.HasPrefix(t, []byte("{")) {
		return false
	}
	t = bytes.TrimLeft(t[1:], " \t\r\n")
	return bytes.HasPrefix(t, []byte(`"`+markerKey+`"`)) || bytes.HasPrefix(t, []byte(`"schema"`))
}

// schema1Members are the members of a state file of schema 1.
var schema1Members = []string{"schema", "equations", "current", "vars", "registers", "fix", "all", "comma", "beep", "x", "window"}

// legacyState reports whether head, a JSON object without the marker, is
// a state written before the marker was: a number as "schema" and every
// other member a section this hp17b knows (or a member of schema 1's
// layout). A file of a newer schema is taken as a newer hp17b's, to be
// left untouched (STATE TOO NEW). {"schema": 2, "database": …} is not
// ours.
func legacyState(head map[string]json.RawMessage) bool {
	var schema int
	if json.Unmarshal(head["schema"], &schema) != nil {
		return false
	}
	if schema > SchemaVersion {
		return true
	}
	known := knownSections()
	for _, k := range schema1Members {
		known[k] = true
	}
	for k := range head {
		if !known[k] {
			return false
		}
	}
	return true
}

// knownSections are the state file's top-level members this hp17b reads
// (the sections' JSON names, "schema" and the marker).
func knownSections() map[string]bool {
	known := map[string]bool{"schema": true, markerKey: true}
	for _, s := range stateSections() {
		known[s.name] = true
	}
	return known
}

// changedSections names the top-level sections whose text differs
// between the states a and b (present in one only, or changed).
func changedSections(a, b []byte) map[string]bool {
	var ta, tb map[string]json.RawMessage
	_ = json.Unmarshal(a, &ta)
	_ = json.Unmarshal(b, &tb)
	changed := map[string]bool{}
	for k, v := range ta {
		if w, ok := tb[k]; !ok || !sameJSON(v, w) {
			changed[k] = true
		}
	}
	for k := range tb {
		if _, ok := ta[k]; !ok {
			changed[k] = true
		}
	}
	return changed
}

// unknownSections are the top-level members of the state b that this
// hp17b does not read (nil when there are none).
func unknownSections(b []byte) map[string]json.RawMessage {
	var top map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil {
		return nil
	}
	var extra map[string]json.RawMessage
	known := knownSections()
	for k, v := range top {
		if !known[k] {
			if extra == nil {
				extra = map[string]json.RawMessage{}
			}
			extra[k] = v
		}
	}
	return extra
}
