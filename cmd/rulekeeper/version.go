package main

import (
	"runtime/debug"
	"strings"
)

// versionString is the version set at build time, else the module version and VCS revision from the build info
// ("rulekeeper (devel) 1a2b3c4d5e6f+dirty 2026-12-02T01:00:00Z").
func versionString() string {
	if version != "dev" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version
	}
	return fromBuildInfo(info)
}

// fromBuildInfo is the module version, the VCS revision (12 digits, "+dirty" when modified) and its time.
func fromBuildInfo(info *debug.BuildInfo) string {
	parts := []string{info.Main.Version}
	if parts[0] == "" {
		parts[0] = version
	}
	var rev, at, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" {
		parts = append(parts, rev[:min(12, len(rev))]+dirty)
	}
	if at != "" {
		parts = append(parts, at)
	}
	return strings.Join(parts, " ")
}
