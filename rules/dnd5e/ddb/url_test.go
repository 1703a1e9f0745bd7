package ddb

import "testing"

func TestCharacterID(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"https://www.dndbeyond.com/characters/123456789", "123456789"},
		{"https://www.dndbeyond.com/characters/123456789/", "123456789"},
		{"https://www.dndbeyond.com/characters/123456789?share=abc#top", "123456789"},
		{"  http://dndbeyond.com/characters/42  ", "42"},
		{"www.dndbeyond.com/characters/123456789", "123456789"},
		{"https://www.dndbeyond.com/profile/Some_User/characters/98765432", "98765432"},
		{"https://WWW.DNDBEYOND.COM/profile/u/characters/98765432/builder", "98765432"},
		{"https://ddb.ac/characters/55555555/AbCdEf", "55555555"},
		{"ddb.ac/characters/55555555", "55555555"},
		{"https://character-service.dndbeyond.com/character/v5/character/123456789", "123456789"},
		{"123456789", "123456789"},
		{"https://www.dndbeyond.com/characters/abc", ""},
		{"https://www.dndbeyond.com/characters/", ""},
		{"https://www.dndbeyond.com/spells/fireball", ""},
		{"https://evil.example/characters/123456789", ""},
		{"https://dndbeyond.com.evil.example/characters/123456789", ""},
		{"ftp://www.dndbeyond.com/characters/123456789", ""},
		{"https://www.dndbeyond.com/characters/1234567890123456", ""}, // 16 digits
		{"javascript:alert(1)", ""},
		{"", ""},
		{"-1", ""},
		{"https://www.dndbeyond.com/characters/%zz", ""},
	}
	for _, tt := range tests {
		got, err := CharacterID(tt.in)
		if tt.want == "" {
			if code(err) != ErrBadURL || got != "" {
				t.Errorf("CharacterID(%q) = %q, %v; want %s", tt.in, got, err, ErrBadURL)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("CharacterID(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestServiceURL(t *testing.T) {
	tests := []struct {
		base, id, want, err string
	}{
		{"", "123", "https://character-service.dndbeyond.com/character/v5/character/123", ""},
		{"http://127.0.0.1:8080/character/v5/character/", "123", "http://127.0.0.1:8080/character/v5/character/123", ""},
		{"https://mirror.example/ddb", "9", "https://mirror.example/ddb/9", ""},
		{"mirror.example/ddb", "9", "", ErrBadBase},
		{"file:///etc/passwd", "9", "", ErrBadBase},
		{"https://mirror.example/ddb?x=1", "9", "", ErrBadBase},
		{"https://mirror.example/ddb#x", "9", "", ErrBadBase},
		{"https://", "9", "", ErrBadBase},
		{"", "../9", "", ErrBadURL},
		{"", "", "", ErrBadURL},
	}
	for _, tt := range tests {
		got, err := ServiceURL(tt.base, tt.id)
		if got != tt.want || code(err) != tt.err {
			t.Errorf("ServiceURL(%q, %q) = %q, %v; want %q, %s", tt.base, tt.id, got, err, tt.want, tt.err)
		}
	}
}
