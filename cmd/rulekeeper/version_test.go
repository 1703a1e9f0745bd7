package main

import (
	"runtime/debug"
	"testing"
)

// TestFromBuildInfo: the version line carries the module version and the VCS revision of the build.
func TestFromBuildInfo(t *testing.T) {
	for _, tt := range []struct {
		info debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-12-02T01:00:00Z"},
			{Key: "vcs.modified", Value: "true"}}}, "(devel) 0123456789ab+dirty 2026-12-02T01:00:00Z"},
		{debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}}, "v1.2.0 abc"},
		{debug.BuildInfo{}, "dev"},
	} {
		if got := fromBuildInfo(&tt.info); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}
