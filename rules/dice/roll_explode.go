package dice

// explode runs an explosion (a run of e/!, of !! or of !p, their selectors a
// union) on the dice of term n, which start at lo.
//
//   - e, !: each kept die that matches adds a die, which may match in turn.
//   - !p: the same, but each added die counts one less than it shows; whether
//     it explodes again depends on what it shows (Roll20, rpg-dice-roller).
//   - !!: a kept die that matches rolls again and adds the new face to its
//     own, for as long as the new face matches: one die, one value.
//
// Every face drawn counts against MaxDice.
func (ev *evaluator) explode(n *node, g []dop, lo, mn, mx int) error {
	res := ev.res
	op := g[0].op
	if op == opCompound {
		return ev.compound(n, g, lo, mn, mx)
	}
	for k := lo; k < len(res.dice); k++ {
		d := res.dice[k]
		shown := int(d.face)
		if d.has(fPenetrated) {
			shown++
		}
		if !d.has(fKept) || d.has(fExploded) || !matchAny(g, op, shown, mx) {
			continue
		}
		f, err := ev.draw(n, mn, mx)
		if err != nil {
			return err
		}
		res.dice[k].flags |= fExploded
		added := die{face: f, flags: fKept}
		if op == opPenetrate {
			added = die{face: f - 1, flags: fKept | fPenetrated}
		}
		res.dice = append(res.dice, added)
	}
	return nil
}

// compound runs !!: the parts of a compounded die are its notes.
func (ev *evaluator) compound(n *node, g []dop, lo, mn, mx int) error {
	res := ev.res
	for k := lo; k < len(res.dice); k++ {
		d := &res.dice[k]
		if !d.has(fKept) || d.has(fCompound) || !matchAny(g, opCompound, int(d.face), mx) {
			continue
		}
		ev.note(d, d.face, notePart)
		sum := d.face // at most MaxDice faces of at most MaxSides: fits
		for {
			f, err := ev.draw(n, mn, mx)
			if err != nil {
				return err
			}
			ev.note(d, f, notePart)
			sum += f
			if !matchAny(g, opCompound, int(f), mx) {
				break
			}
		}
		d.face = sum
		d.flags = d.flags&^(fClamped|fPenetrated) | fCompound // its first part is its value so far
	}
	return nil
}
