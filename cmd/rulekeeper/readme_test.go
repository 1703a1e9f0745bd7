package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite the outputs of the README's checked examples from a run")

// readmePath is the README whose examples TestReadmeExamples runs.
const readmePath = "../../README.md"

// readmeBlock is one checked example of the README: a ```sh block right after a `<!-- checked -->` line. Each
// run of command lines is followed by its output as `# ` comment lines; the output of the last run may instead be
// the next ```text block (inside <details>, for long outputs).
type readmeBlock struct {
	start, end         int // the lines of the opening and closing fences
	segs               []readmeSeg
	textStart, textEnd int // the fences of the text block holding the last output (0: none)
}

type readmeSeg struct {
	script []string
	want   []string
}

// readmeBlocks finds the checked examples.
func readmeBlocks(t *testing.T, lines []string) []readmeBlock {
	var blocks []readmeBlock
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "<!-- checked -->" {
			continue
		}
		if i+1 >= len(lines) || lines[i+1] != "```sh" {
			t.Fatalf("README line %d: a checked example must be a ```sh block", i+2)
		}
		b := readmeBlock{start: i + 1}
		j := i + 2
		var seg readmeSeg
		for ; j < len(lines) && lines[j] != "```"; j++ {
			l := lines[j]
			if l == "#" || strings.HasPrefix(l, "# ") {
				seg.want = append(seg.want, strings.TrimPrefix(strings.TrimPrefix(l, "#"), " "))
				continue
			}
			if len(seg.want) > 0 {
				b.segs = append(b.segs, seg)
				seg = readmeSeg{}
			}
			seg.script = append(seg.script, l)
		}
		b.end = j
		if len(seg.script) > 0 || len(seg.want) > 0 {
			b.segs = append(b.segs, seg)
		}
		if last := &b.segs[len(b.segs)-1]; len(last.want) == 0 {
			for k := j + 1; k < len(lines) && k < j+6; k++ {
				if lines[k] == "```text" {
					b.textStart = k
					for b.textEnd = k + 1; b.textEnd < len(lines) && lines[b.textEnd] != "```"; b.textEnd++ {
						last.want = append(last.want, lines[b.textEnd])
					}
					break
				}
			}
		}
		blocks = append(blocks, b)
		i = j
	}
	return blocks
}

// TestReadmeExamples runs every checked shell example of the README with the built binary as `rulekeeper` (from
// the checkout's root, with a fresh $TMPDIR for each block) and compares what it prints with the output the README shows.
//
//	go test ./cmd/rulekeeper -run TestReadmeExamples -update-readme   # rewrites the shown outputs
func TestReadmeExamples(t *testing.T) {
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	blocks := readmeBlocks(t, lines)
	if len(blocks) < 3 {
		t.Fatalf("only %d checked examples in the README", len(blocks))
	}
	path := filepath.Dir(binary) + string(os.PathListSeparator) + os.Getenv("PATH")
	for bi := len(blocks) - 1; bi >= 0; bi-- { // from the end, so that rewriting keeps the earlier line numbers
		b := blocks[bi]
		tmp := t.TempDir()
		var got [][]string
		for _, s := range b.segs {
			cmd := exec.Command("sh", "-e", "-c", strings.Join(s.script, "\n"))
			cmd.Dir = filepath.Dir(readmePath) // the checkout, as a reader runs them; databases go to $TMPDIR
			cmd.Env = append(os.Environ(), "PATH="+path, "RULEKEEPER_LOCALE=en", "TMPDIR="+tmp)
			out, err := cmd.Output()
			if err != nil {
				t.Errorf("README line %d: %s: %v", b.start+1, s.script[0], err)
			}
			g := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
			got = append(got, g)
			if !*updateReadme && trimLines(g) != trimLines(s.want) {
				t.Errorf("README line %d: %s\n got:\n%s\nwant:\n%s", b.start+1, s.script[0], strings.Join(g, "\n"), strings.Join(s.want, "\n"))
			}
		}
		if *updateReadme {
			lines = rewriteBlock(lines, b, got)
		}
	}
	if *updateReadme {
		if err := os.WriteFile(readmePath, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// rewriteBlock puts the outputs got in place of the block's shown outputs.
func rewriteBlock(lines []string, b readmeBlock, got [][]string) []string {
	var body []string
	for i, s := range b.segs {
		body = append(body, s.script...)
		if i == len(b.segs)-1 && b.textStart > 0 {
			break
		}
		for _, l := range got[i] {
			body = append(body, strings.TrimRight("# "+l, " "))
		}
	}
	var out []string
	out = append(out, lines[:b.start+1]...)
	out = append(out, body...)
	if b.textStart > 0 {
		out = append(out, lines[b.end:b.textStart+1]...)
		out = append(out, got[len(got)-1]...)
		out = append(out, lines[b.textEnd:]...)
	} else {
		out = append(out, lines[b.end:]...)
	}
	return out
}

// trimLines joins lines without their trailing spaces (a comment line cannot show them).
func trimLines(lines []string) string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(out, "\n")
}
