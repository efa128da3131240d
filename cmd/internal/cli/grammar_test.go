//go:build !js

package cli

import (
	"io"
	"reflect"
	"testing"

	"github.com/alecthomas/kong"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// toyLine is a command line with a default command, a renamed one and a
// group of two, as hp17b's.
type toyLine struct {
	Version kong.VersionFlag `help:"Print the version."`
	Run     toyRun           `cmd:"" default:"withargs" help:"The default."`
	Other   struct {
		N int `help:"A number."`
	} `cmd:"" name:"other-one" help:"Renamed."`
	Group struct {
		Verbose bool `help:"The group's own flag."`
		A       struct {
			X int `help:"x"`
		} `cmd:"" help:"First."`
		B struct{} `cmd:"" help:"Second."`
	} `cmd:"" help:"A group."`
}

type toyRun struct {
	Fast bool `help:"Fast."`
}

// fields lists the names of the fields of the struct *g points to.
func fields(g any) []string {
	var out []string
	for f := range reflect.TypeOf(g).Elem().Fields() {
		out = append(out, f.Name)
	}
	return out
}

// TestOneCommand: the grammar for args holds the version flag and the
// command named (the default for flags, a group's subcommand alone with
// the group's own flags), the whole line for help or a word that names
// nothing; each reads its arguments with kong.
func TestOneCommand(t *testing.T) {
	root := reflect.TypeFor[toyLine]()
	tests := []struct {
		args []string
		want []string // the fields; nil: the whole line
	}{
		{nil, []string{"Version", "Run"}},
		{[]string{"--fast"}, []string{"Version", "Run"}},
		{[]string{"other-one", "--n", "3"}, []string{"Version", "Other"}},
		{[]string{"group", "a", "--x", "2"}, []string{"Version", "Group"}},
		{[]string{"--help"}, nil},
		{[]string{"--fast", "-h"}, nil},
		{[]string{"bogus"}, nil},
		{[]string{"other"}, nil}, // the field's name is not the command's
	}
	for _, tt := range tests {
		g := OneCommand(root, "Run", "Version", tt.args)
		if tt.want == nil {
			assert.IsType(t, new(toyLine), g, "%v", tt.args)
			continue
		}
		assert.Equal(t, tt.want, fields(g), "%v", tt.args)
		p, err := kong.New(g, kong.Exit(func(int) {}), kong.Writers(io.Discard, io.Discard))
		require.NoError(t, err, "%v", tt.args)
		_, err = p.Parse(tt.args)
		assert.NoError(t, err, "%v", tt.args)
	}
	group := reflect.TypeOf(OneCommand(root, "Run", "Version", []string{"group", "b"})).Elem().Field(1).Type
	require.Equal(t, 2, group.NumField(), "the group's flag and b alone")
	assert.Equal(t, "Verbose", group.Field(0).Name)
	assert.Equal(t, "B", group.Field(1).Name)
	whole := reflect.TypeOf(OneCommand(root, "Run", "Version", []string{"group", "--help"})).Elem().Field(1).Type
	assert.Equal(t, 3, whole.NumField(), "the group's help lists both")
	f, _ := root.FieldByName("Other")
	assert.Equal(t, "other-one", CommandName(f))
	f, _ = root.FieldByName("Group")
	assert.Equal(t, "group", CommandName(f))
}
