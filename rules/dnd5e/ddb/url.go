package ddb

import (
	"net/url"
	"strings"
)

// DefaultBase is the character service the JSON is read from; ServiceURL
// appends the character id to it. Operators and tests configure another.
const DefaultBase = "https://character-service.dndbeyond.com/character/v5/character"

// maxIDLen bounds a character id (D&D Beyond's are 8–9 digits).
const maxIDLen = 15

// CharacterID extracts the character id from what a user pastes: a sheet
// URL (https://www.dndbeyond.com/characters/<id>, …/profile/<user>/characters/<id>,
// https://ddb.ac/characters/<id>/<slug>, with or without scheme, www, a
// trailing slash, query or fragment), a character-service URL, or the bare id.
func CharacterID(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if isID(s) {
		return s, nil
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") {
		return "", newError(ErrBadURL, "URL", raw)
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	parts := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	switch host {
	case "dndbeyond.com", "ddb.ac", "character-service.dndbeyond.com":
	default:
		return "", newError(ErrBadURL, "URL", raw)
	}
	for i := 0; i+1 < len(parts); i++ {
		if (parts[i] == "characters" || parts[i] == "character") && isID(parts[i+1]) {
			return parts[i+1], nil
		}
	}
	return "", newError(ErrBadURL, "URL", raw)
}

// isID reports whether s is a character id: 1–15 ASCII digits.
func isID(s string) bool {
	if s == "" || len(s) > maxIDLen {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// ServiceURL builds the character-service URL of a character id from base
// (DefaultBase when empty): base + "/" + id. Base must be an absolute http
// or https URL without query or fragment.
func ServiceURL(base, id string) (string, error) {
	if base == "" {
		base = DefaultBase
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", newError(ErrBadBase, "Base", base)
	}
	if !isID(id) {
		return "", newError(ErrBadURL, "URL", id)
	}
	return strings.TrimRight(base, "/") + "/" + id, nil
}
