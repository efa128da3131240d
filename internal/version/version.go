// Package version names the build the programs run: the release's version
// when make dist stamped one, else the module version the Go toolchain
// stamped ("(devel)" for a build from a checkout) with its commit.
package version

import "runtime/debug"

// Project is the project's address, for About and --version.
const Project = "https://github.com/hp17b/hp17b"

// String returns release when it is set (make dist's -ldflags -X), else
// the build information's module version and the first 12 digits of its
// commit when known, or "(unknown)".
func String(release string) string {
	if release != "" {
		return release
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}
