package discord

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
	"rulekeeper/bot/discordtest"
)

func TestParseShards(t *testing.T) {
	for _, tc := range []struct {
		list  string
		count int
		want  []int
		err   string
	}{
		{"", 1, []int{0}, ""},
		{"", 3, []int{0, 1, 2}, ""},
		{"0,2", 3, []int{0, 2}, ""},
		{"0-3", 4, []int{0, 1, 2, 3}, ""},
		{" 1 , 3-4 ", 5, []int{1, 3, 4}, ""},
		{"", 0, nil, "discord.err.shard_count"},
		{"0", -2, nil, "discord.err.shard_count"},
		{"3", 3, nil, "discord.err.shard_range"},
		{"-1", 3, nil, "discord.err.shard_list"},
		{"1-5", 3, nil, "discord.err.shard_range"},
		{"0,1,0", 3, nil, "discord.err.shard_twice"},
		{"0-2,1", 3, nil, "discord.err.shard_twice"},
		{"2-1", 3, nil, "discord.err.shard_list"},
		{"a", 3, nil, "discord.err.shard_list"},
		{"0,,1", 3, nil, "discord.err.shard_list"},
	} {
		got, err := ParseShards(tc.list, tc.count)
		var be *bot.Error
		switch {
		case tc.err == "" && (err != nil || !slices.Equal(got, tc.want)):
			t.Errorf("ParseShards(%q, %d) = %v, %v; want %v", tc.list, tc.count, got, err, tc.want)
		case tc.err != "" && (!errors.As(err, &be) || be.Key != tc.err):
			t.Errorf("ParseShards(%q, %d) = %v, %v; want error %s", tc.list, tc.count, got, err, tc.err)
		}
	}
}

// shardHeader marks each shard session's REST requests with its shard id, so the test sees which shard answered.
type shardHeader struct {
	id   int
	next http.RoundTripper
}

func (t shardHeader) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Test-Shard", strconv.Itoa(t.id))
	return t.next.RoundTrip(r)
}

// TestShardsRouteByGuild runs shards 0, 1 and 2 of 3 in one process against the fake gateway, which sends each
// guild's events to shard (guild_id >> 22) % 3: an interaction from each guild k << 22 (k = 0..5) is delivered to
// shard k % 3 only and answered exactly once, by that shard's session.
func TestShardsRouteByGuild(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	var f face
	b := forcedBot(&f)
	ids := []int{0, 1, 2}
	n := 0
	newSession := func() *discordgo.Session {
		s := srv.Session("secret")
		s.Client = &http.Client{Transport: shardHeader{id: ids[n], next: srv.Transport()}}
		n++
		return s
	}
	ctx := testCtx(t)
	sh, err := OpenShards(ctx, b, newSession, Config{Limiter: NewLimiter(0, 0)}, 3, ids, 10*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Shutdown(ctx)
	want := []discordtest.Shard{{ID: 0, Count: 3}, {ID: 1, Count: 3}, {ID: 2, Count: 3}}
	if got := srv.Shards(); !slices.Equal(got, want) {
		t.Fatalf("connected shards %v, want %v", got, want)
	}
	for _, fr := range srv.Frames() {
		if fr.Op == 2 && !strings.Contains(string(fr.Data), `"shard":[`) {
			t.Errorf("IDENTIFY without a shard: %s", fr.Data)
		}
	}
	for k := range uint64(6) {
		id := "83000000000000000" + strconv.FormatUint(k, 10)
		in := commandInteraction(id, userA, "en-US", "roll", option("expr", 3, "1d20"))
		in["guild_id"] = strconv.FormatUint(k<<22, 10)
		seq := srv.Dispatch("INTERACTION_CREATE", in)
		if got, want := srv.Delivered(seq), []discordtest.Shard{{ID: int(k % 3), Count: 3}}; !slices.Equal(got, want) {
			t.Errorf("guild %d<<22: delivered to %v, want %v", k, got, want)
		}
		if _, err := srv.WaitCallback(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	// Every callback has landed; count them per interaction and check who sent each.
	answered := map[string][]string{}
	for _, r := range srv.Requests() {
		if strings.HasSuffix(r.Path, "/callback") {
			id := strings.Split(strings.TrimPrefix(r.Path, "/api/v9/interactions/"), "/")[0]
			answered[id] = append(answered[id], r.Header.Get("X-Test-Shard"))
		}
	}
	for k := range 6 {
		id := "83000000000000000" + strconv.Itoa(k)
		if got, want := answered[id], []string{strconv.Itoa(k % 3)}; !slices.Equal(got, want) {
			t.Errorf("interaction of guild %d<<22 answered by shards %v, want %v", k, got, want)
		}
	}
}
