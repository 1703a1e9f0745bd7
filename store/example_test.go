package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"rulekeeper/store"
)

func Example() {
	dir, err := os.MkdirTemp("", "rulekeeper")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	db, err := store.Open(filepath.Join(dir, "rulekeeper.db"), store.Options{})
	if err != nil {
		log.Fatal(err) // store.Code(err) is the message key, e.g. "store.err.locked"
	}
	defer db.Close()
	ctx := context.Background()

	// One command, one transaction: create a character and make it the user's active one.
	err = db.Update(ctx, "local", func(tx store.Tx) error {
		c := &store.Character{OwnerID: "u1", Name: "Aria", System: "dnd5e", Sheet: json.RawMessage(`{"hp":12}`)}
		if err := tx.PutCharacter(c); err != nil {
			return err
		}
		return tx.SetActive("u1", c.ID)
	})
	if err != nil {
		log.Fatal(err)
	}

	// Names are unique per owner, whatever their case.
	err = db.Update(ctx, "local", func(tx store.Tx) error {
		return tx.PutCharacter(&store.Character{OwnerID: "u1", Name: "ARIA"})
	})
	fmt.Println(errors.Is(err, store.ErrConflict), store.Code(err))

	// A read-modify-write: take 5 hit points from the active character.
	err = db.Update(ctx, "local", func(tx store.Tx) error {
		id, err := tx.Active("u1")
		if err != nil {
			return err
		}
		c, err := tx.Character(id)
		if err != nil {
			return err
		}
		var sheet struct{ HP int }
		if err := json.Unmarshal(c.Sheet, &sheet); err != nil {
			return err
		}
		sheet.HP -= 5
		c.Sheet, _ = json.Marshal(sheet)
		return tx.PutCharacter(c)
	})
	if err != nil {
		log.Fatal(err)
	}

	db.View(ctx, "local", func(tx store.Tx) error {
		c, err := tx.FindCharacter("u1", "aria")
		if err == nil {
			fmt.Printf("%s %s\n", c.Name, c.Sheet)
		}
		return err
	})
	// Output:
	// true store.err.conflict
	// Aria {"HP":7}
}
