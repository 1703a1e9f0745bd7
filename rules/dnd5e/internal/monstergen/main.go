// Command monstergen writes rules/dnd5e/monsters_table.go from the
// 5e-database's Monsters.json (SRD 5.1). It keeps numbers and names only:
// descriptions are read to find numbers that the structured data lacks
// (reach, range, saves on a hit, versatile damage) and never copied.
//
//	go run ./internal/monstergen [-in Monsters.json] [-out monsters_table.go]
//
// Without -in it reads $RULEKEEPER_SRD_DIR/Monsters.json, else
// ../../../shared/data/srd-5.1/Monsters.json (relative to rules/dnd5e, where
// go generate runs it).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	in := flag.String("in", "", "Monsters.json (default: $RULEKEEPER_SRD_DIR/Monsters.json or ../../../shared/data/srd-5.1/Monsters.json)")
	out := flag.String("out", "monsters_table.go", "the Go file to write")
	flag.Parse()
	if err := run(input(*in), *out); err != nil {
		fmt.Fprintln(os.Stderr, "monstergen:", err)
		os.Exit(1)
	}
}

func input(flagValue string) string {
	if flagValue != "" {
		return flagValue
	}
	if dir := os.Getenv("RULEKEEPER_SRD_DIR"); dir != "" {
		return filepath.Join(dir, "Monsters.json")
	}
	return filepath.Join("..", "..", "..", "shared", "data", "srd-5.1", "Monsters.json")
}

func run(in, out string) error {
	data, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var srd []srdMonster
	if err := json.Unmarshal(data, &srd); err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	var ms []Monster
	var ex []MonsterException
	for i := range srd {
		m, err := convert(&srd[i], &ex)
		if err != nil {
			return err
		}
		ms = append(ms, m)
	}
	src, err := emit(ms, ex)
	if err != nil {
		return err
	}
	return os.WriteFile(out, src, 0o644)
}
