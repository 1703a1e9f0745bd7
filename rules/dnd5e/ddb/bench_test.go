package ddb

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkParse maps each fixture (20–27 KiB each).
func BenchmarkParse(b *testing.B) {
	for _, w := range fixtures {
		data, err := os.ReadFile(filepath.Join("testdata", w.file))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(w.file, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
