package store

import "bytes"

// The bbolt side of macros: bucket "macros" holds guild \x00 owner \x00 FoldName(name) → record; a server
// macro's owner is "", so its key is guild \x00 \x00 name (user IDs are never empty).

// Macro implements Tx.
func (t *tx) Macro(ownerID, name string) (m *Macro, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validMacroOwner(ownerID) || !validName(name) {
		return nil, ErrNotFound
	}
	b, err := t.bucket(bucketMacros)
	if err != nil {
		return nil, err
	}
	fold := FoldName(name)
	data := b.Get(t.key(ownerID, fold))
	if data == nil {
		return nil, ErrNotFound
	}
	return t.decodeMacro(data, ownerID, fold)
}

func (t *tx) decodeMacro(data []byte, owner, fold string) (*Macro, error) {
	m, err := decodeMacro(data, t.guild, owner, fold)
	if err != nil {
		return nil, t.bad(err)
	}
	return m, nil
}

// Macros implements Tx.
func (t *tx) Macros(ownerID string) (ms []*Macro, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validMacroOwner(ownerID) {
		return nil, nil
	}
	return t.listMacros(t.prefix(ownerID))
}

// AllMacros implements Tx.
func (t *tx) AllMacros() (ms []*Macro, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	return t.listMacros(t.prefix())
}

// listMacros walks the keys under prefix, whose order (owner, folded name) is the documented one.
func (t *tx) listMacros(prefix []byte) ([]*Macro, error) {
	guild := t.prefix()
	var out []*Macro
	err := t.scan(bucketMacros, prefix, func(k, v []byte) error {
		owner, fold, ok := bytes.Cut(k[len(guild):], []byte{0})
		if !ok {
			return t.corrupt("a macro key without an owner")
		}
		m, err := t.decodeMacro(v, string(owner), string(fold))
		if err == nil {
			out = append(out, m)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// PutMacro implements Tx.
func (t *tx) PutMacro(m *Macro) (err error) {
	defer t.guard(&err)
	return t.putMacro(m, false)
}

// RestoreMacro implements Tx.
func (t *tx) RestoreMacro(m *Macro) (err error) {
	defer t.guard(&err)
	return t.putMacro(m, true)
}

func (t *tx) putMacro(m *Macro, keep bool) error {
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
	b, err := t.bucket(bucketMacros)
	if err != nil {
		return err
	}
	if err := b.Put(t.key(rec.OwnerID, FoldName(rec.Name)), data); err != nil {
		return err
	}
	m.GuildID, m.Updated = rec.GuildID, rec.Updated
	return nil
}

// DeleteMacro implements Tx.
func (t *tx) DeleteMacro(ownerID, name string) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	if _, err := t.Macro(ownerID, name); err != nil {
		return err
	}
	b, err := t.bucket(bucketMacros)
	if err != nil {
		return err
	}
	return b.Delete(t.key(ownerID, FoldName(name)))
}
