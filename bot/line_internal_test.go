package bot

import "testing"

// TestTokenize: how a command line splits into words (the console's and /macro's).
func TestTokenize(t *testing.T) {
	tests := []struct {
		line string
		want []lineWord
	}{
		{`/roll expr:4d6kh3 repeat:6`, []lineWord{{"", "/roll"}, {"expr", "4d6kh3"}, {"repeat", "6"}}},
		{`/roll expr:"1d20 + 5 to hit" private:true`, []lineWord{{"", "/roll"}, {"expr", "1d20 + 5 to hit"}, {"private", "true"}}},
		{`/sheet create name:Aria`, []lineWord{{"", "/sheet"}, {"", "create"}, {"name", "Aria"}}},
		{`/x a:"say \"hi\""`, []lineWord{{"", "/x"}, {"a", `say "hi"`}}},
		{`"/roll" "expr:1d6 + 1"`, []lineWord{{"", "/roll"}, {"", "expr:1d6 + 1"}}},
		{`/roll expr:1d20:bad`, []lineWord{{"", "/roll"}, {"expr", "1d20:bad"}}},
		{`  `, nil},
	}
	for _, tt := range tests {
		got, err := tokenize(tt.line)
		if err != nil {
			t.Fatalf("%q: %v", tt.line, err)
		}
		if len(got) != len(tt.want) {
			t.Fatalf("%q: got %v, want %v", tt.line, got, tt.want)
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%q token %d: got %+v, want %+v", tt.line, i, got[i], tt.want[i])
			}
		}
	}
	if _, err := tokenize(`/roll expr:"1d20`); err == nil || err.(*Error).Key != "core.err.unclosed_quote" {
		t.Errorf("unclosed quote: %v", err)
	}
}
