package dice

import (
	"strconv"
	"strings"
	"sync"
	"testing"
)

func TestParseCache(t *testing.T) {
	a, b := mustParse(t, "1d20+5 cached"), mustParse(t, "1d20+5 cached")
	if a != b {
		t.Error("parsing the same text twice gave two Exprs")
	}
	long := "1d20+" + strings.Repeat("1+", cacheMaxLen/2) + "1"
	if x, y := mustParse(t, long), mustParse(t, long); x == y {
		t.Errorf("a %d-byte input was remembered", len(long))
	}
	if _, err := Parse("1d20+"); err == nil {
		t.Fatal("no error")
	}
	for i := range 3 * cacheEntries {
		mustParse(t, "1d20+"+strconv.Itoa(i))
	}
	if n := parseCache.len(); n > cacheEntries || n < cacheEntries/2 {
		t.Errorf("the cache holds %d parses; want at most %d, most of them used", n, cacheEntries)
	}
	last := "1d20+" + strconv.Itoa(3*cacheEntries-1)
	if x, y := mustParse(t, last), mustParse(t, last); x != y {
		t.Error("the last parse was not remembered")
	}
}

// TestParseCacheConcurrent: run with -race; shared Exprs roll independently.
func TestParseCacheConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := NewSeeded(uint64(g))
			for i := range 300 {
				s := "2d20kh1+" + strconv.Itoa(i%40)
				res, err := Roll(s, r)
				if err != nil || res.Total < 1+i%40 || res.Total > 20+i%40 {
					t.Errorf("Roll(%q) = %v, %v", s, res, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
