package sessionlog

import "encoding/json"

// JSON exports the log as its versioned model (doc.go), indented, with a final newline. Decode reads it back.
func JSON(l *Log) ([]byte, error) {
	out := *l
	if out.Entries == nil {
		out.Entries = []Entry{}
	}
	b, err := json.MarshalIndent(&out, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
