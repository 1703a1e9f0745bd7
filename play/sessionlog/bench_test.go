package sessionlog

import "testing"

// fullLog is a log filled to its bounds with the fixture's entries over and over.
func fullLog(b *testing.B) *Log {
	l, err := New(Header{ID: "l1", Guild: "g1", Channel: "c1", Name: "Full", Lang: "en", Starter: "u1", Started: t0})
	if err != nil {
		b.Fatal(err)
	}
	entries := fightEntries()
	for i := 0; ; i++ {
		e := entries[i%len(entries)]
		e.Time = at(i)
		if l.Append(e) != nil {
			return l
		}
	}
}

// BenchmarkAppend is the cost of recording one entry in a log of up to MaxEntries entries.
func BenchmarkAppend(b *testing.B) {
	entries := fightEntries()
	var l *Log
	for i := 0; b.Loop(); i++ {
		if i%MaxEntries == 0 {
			b.StopTimer()
			l, _ = New(Header{ID: "l1", Guild: "g1", Channel: "c1", Name: "x", Lang: "en", Starter: "u1", Started: t0})
			b.StartTimer()
		}
		if err := l.Append(entries[i%len(entries)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExportFullLog(b *testing.B) {
	l := fullLog(b)
	lb := NewLabels(func(key string, args ...any) string { return key })
	for _, bm := range []struct {
		name string
		run  func() []byte
	}{
		{"json", func() []byte { out, _ := JSON(l); return out }},
		{"markdown", func() []byte { return Markdown(l, lb) }},
		{"html", func() []byte { return HTML(l, lb) }},
	} {
		b.Run(bm.name, func(b *testing.B) {
			var n int
			for b.Loop() {
				n = len(bm.run())
			}
			b.ReportMetric(float64(n), "bytes")
			b.ReportMetric(float64(len(l.Entries)), "entries")
		})
	}
}

func BenchmarkDecodeFullLog(b *testing.B) {
	data, _ := JSON(fullLog(b))
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStatsFullLog(b *testing.B) {
	l := fullLog(b)
	for b.Loop() {
		_ = l.Stats()
	}
}
