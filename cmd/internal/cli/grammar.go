package cli

import (
	"reflect"
	"slices"
	"strings"
)

// OneCommand is the grammar kong reads args with, for a program that runs
// one command a process: root is its command line's struct type, def the
// name of its default command's field, version the name of its
// --version flag's field. It is a pointer to a new root, or, when args
// name one command (or are the default command's flags), a struct with
// only the version field and that command's, built with reflect.StructOf
// (and of a group, such as hp17b's nim or acronim, only the subcommand
// named: onlyCommand). Kong builds its model of every command and
// interpolates every help text before it parses, which for the whole
// command line costs several times what one command's grammar does
// (cmd/hp17b's BenchmarkCommandLine; docs/speed.md). The root's help, and
// a word that names no command, need the whole command line.
func OneCommand(root reflect.Type, def, version string, args []string) any {
	var cmd reflect.StructField
	switch {
	case len(args) == 0 || strings.HasPrefix(args[0], "-") && !slices.Contains(args, "-h") && !slices.Contains(args, "--help"):
		cmd, _ = root.FieldByName(def) // the default command
	default:
		for f := range root.Fields() {
			if _, ok := f.Tag.Lookup("cmd"); ok && CommandName(f) == args[0] {
				cmd = f
			}
		}
	}
	if cmd.Name == "" {
		return reflect.New(root).Interface()
	}
	v, _ := root.FieldByName(version)
	cmd.Index, cmd.Offset, v.Index, v.Offset = nil, 0, nil, 0
	if len(args) > 0 {
		cmd.Type = onlyCommand(cmd.Type, args[1:])
	}
	return reflect.New(reflect.StructOf([]reflect.StructField{v, cmd})).Interface()
}

// onlyCommand is the command group t with only the subcommand that
// args[0] names, and so on down (reflect.StructOf; a group's own flags
// stay); t itself when args name none of its subcommands, as for the
// group's help, or when t has none.
func onlyCommand(t reflect.Type, args []string) reflect.Type {
	if t.Kind() != reflect.Struct || len(args) == 0 {
		return t
	}
	var fields []reflect.StructField
	found := false
	for f := range t.Fields() {
		if _, ok := f.Tag.Lookup("cmd"); ok {
			if CommandName(f) != args[0] {
				continue
			}
			f.Type, found = onlyCommand(f.Type, args[1:]), true
		}
		f.Index, f.Offset = nil, 0
		fields = append(fields, f)
	}
	if !found {
		return t
	}
	return reflect.StructOf(fields)
}

// CommandName is the word that names a command field of a command line's
// struct: its name tag, else its field name in lower case (kong's own
// rule for one-word names).
func CommandName(f reflect.StructField) string {
	if n := f.Tag.Get("name"); n != "" {
		return n
	}
	return strings.ToLower(f.Name)
}
