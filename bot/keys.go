package bot

// dynamicKeys lists the catalog keys that code builds at run time (from rules tables) rather than writing as
// literals. The catalog tests check that each exists and count them as used.
func dynamicKeys() []string {
	var keys []string
	return keys
}
