package store

import "github.com/jackc/pgx/v5"

// The PostgreSQL side of macros: table rk_macros keyed by (guild_id, owner_id, name_fold); a server macro's
// owner_id is ''.

// Macro implements Tx.
func (t *pgTx) Macro(ownerID, name string) (*Macro, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validMacroOwner(ownerID) || !validName(name) {
		return nil, ErrNotFound
	}
	fold := FoldName(name)
	data, err := t.record(`SELECT record FROM rk_macros WHERE guild_id = $1 AND owner_id = $2 AND name_fold = $3`,
		t.guild, ownerID, fold)
	if err != nil {
		return nil, err
	}
	if data == nil {
		return nil, ErrNotFound
	}
	m, err := decodeMacro(data, t.guild, ownerID, fold)
	if err != nil {
		return nil, t.bad(err)
	}
	return m, nil
}

// Macros implements Tx, sorted in Go.
func (t *pgTx) Macros(ownerID string) ([]*Macro, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validMacroOwner(ownerID) {
		return nil, nil
	}
	return t.listMacros(`SELECT owner_id, name_fold, record FROM rk_macros WHERE guild_id = $1 AND owner_id = $2`,
		t.guild, ownerID)
}

// AllMacros implements Tx, sorted in Go.
func (t *pgTx) AllMacros() ([]*Macro, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	return t.listMacros(`SELECT owner_id, name_fold, record FROM rk_macros WHERE guild_id = $1`, t.guild)
}

func (t *pgTx) listMacros(query string, args ...any) ([]*Macro, error) {
	rows, err := t.tx.Query(t.ctx, query, args...)
	if err != nil {
		return nil, t.sqlErr(err)
	}
	var out []*Macro
	var owner, fold string
	var data []byte
	_, err = pgx.ForEachRow(rows, []any{&owner, &fold, &data}, func() error {
		m, err := decodeMacro(data, t.guild, owner, fold)
		if err != nil {
			return t.bad(err)
		}
		out = append(out, m)
		return nil
	})
	if err != nil {
		if t.failed == nil {
			return nil, t.sqlErr(err)
		}
		return nil, err
	}
	sortMacros(out)
	return out, nil
}

// PutMacro implements Tx.
func (t *pgTx) PutMacro(m *Macro) error { return t.putMacro(m, false) }

// RestoreMacro implements Tx.
func (t *pgTx) RestoreMacro(m *Macro) error { return t.putMacro(m, true) }

func (t *pgTx) putMacro(m *Macro, keep bool) error {
	if err := t.usable(true); err != nil {
		return err
	}
	rec, err := checkMacro(m, t.guild, t.now, keep)
	if err != nil {
		return err
	}
	data, err := encodeMacro(rec)
	if err != nil {
		return err
	}
	_, err = t.exec(`INSERT INTO rk_macros (guild_id, owner_id, name_fold, record) VALUES ($1, $2, $3, $4)
		ON CONFLICT (guild_id, owner_id, name_fold) DO UPDATE SET record = EXCLUDED.record`,
		t.guild, rec.OwnerID, FoldName(rec.Name), data)
	if err != nil {
		return err
	}
	m.GuildID, m.Updated = rec.GuildID, rec.Updated
	return nil
}

// DeleteMacro implements Tx.
func (t *pgTx) DeleteMacro(ownerID, name string) error {
	if err := t.usable(true); err != nil {
		return err
	}
	if !validMacroOwner(ownerID) || !validName(name) {
		return ErrNotFound
	}
	tag, err := t.exec(`DELETE FROM rk_macros WHERE guild_id = $1 AND owner_id = $2 AND name_fold = $3`,
		t.guild, ownerID, FoldName(name))
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}
