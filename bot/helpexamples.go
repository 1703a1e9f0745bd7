package bot

import (
	"regexp"
	"strconv"
	"strings"

	"rulekeeper/locales"
)

// Help examples in the caller's language: `/help` shows a command's examples with the localized command and option
// names (localizePaths) and with their sample values named as the caller reads and may type them — a spell, talent,
// skill, condition, feature, monster or weapon id by its catalog name (`주문:"화염 구체"`), and the sample
// characters and NPCs by the names of help.sample.<name> (`대상:그락`).

// exampleKinds are the names index kinds whose ids an example may show as a value, in the order tried.
var exampleKinds = []string{
	kindSpell, rkSpell, rkTalent, kindSkill, rkCheck, ckSkill, kindCondition, rkState, ckCondition, kindFeature,
	kindChoice, kindMonster, kindMonsterAction, kindDamage, kindClass, ckMod,
}

// exampleNames are the sample names the examples use that no rules table names: help.sample.<name>.
var exampleNames = []string{"ada", "aria", "borin", "brom", "grak", "grog", "mog", "snik", "zed", "knife", "revolver"}

// exampleNameKey is the catalog key of a sample name.
func exampleNameKey(name string) string { return "help.sample." + name }

// localizeExample names the sample values of a help example (`/cast spell:flaming_orb target:Grak`) in p's
// language; the command and option names are localizePaths' to rewrite. English keeps the example as written.
func localizeExample(p *locales.Printer, ex string) string {
	if p.Lang() == locales.EN {
		return ex
	}
	var out strings.Builder
	for i := 0; i < len(ex); {
		j := strings.IndexByte(ex[i:], ':')
		if j < 0 || !isExampleOption(ex[i:i+j]) {
			k := strings.IndexByte(ex[i:], ' ')
			if k < 0 {
				out.WriteString(ex[i:])
				break
			}
			out.WriteString(ex[i : i+k+1])
			i += k + 1
			continue
		}
		out.WriteString(ex[i : i+j+1])
		i += j + 1
		v := value(ex[i:])
		out.WriteString(exampleValue(p, v))
		i += len(v)
	}
	return out.String()
}

// isExampleOption tells whether s is an option name of an example ("spell", "bonus_dice").
func isExampleOption(s string) bool { return s != "" && word(s) == s }

// exampleValue names one option value of an example in p's language: a quoted list (`"Goblin 1, Goblin 2"`) when
// each of its words is a sample name, a monster or a number; a sample name or an id of the rules tables by its
// catalog name (quoted when it holds a space); a damage type in brackets (`1d6+3[piercing]`) by its name; anything
// else as written.
func exampleValue(p *locales.Printer, v string) string {
	if inner, ok := strings.CutPrefix(v, "\""); ok {
		return "\"" + exampleList(p, strings.TrimSuffix(inner, "\"")) + "\""
	}
	if n := exampleName(p, v, exampleKinds); n != "" {
		if strings.Contains(n, " ") {
			return "\"" + n + "\""
		}
		return n
	}
	return damageTypeRE.ReplaceAllStringFunc(v, func(m string) string {
		if n := exampleName(p, m[1:len(m)-1], []string{kindDamage}); n != "" {
			return "[" + n + "]"
		}
		return m
	})
}

// damageTypeRE is a damage type in brackets after dice.
var damageTypeRE = regexp.MustCompile(`\[[a-z]+\]`)

// exampleList names the words of a quoted list of names, or returns it as written when one of them is not a sample
// name, a monster or a number ("longbow slow" stays: slow is a word of the attack, not a name).
func exampleList(p *locales.Printer, list string) string {
	parts := strings.Split(list, ", ")
	for i, part := range parts {
		words := strings.Split(part, " ")
		for k, w := range words {
			if _, err := strconv.Atoi(w); err == nil {
				continue
			}
			n := exampleName(p, w, []string{kindMonster})
			if n == "" {
				return list
			}
			words[k] = n
		}
		parts[i] = strings.Join(words, " ")
	}
	return strings.Join(parts, ", ")
}

// exampleName is the name in p's language of a sample name or of an id of kinds, "" when v is neither
// or when the name would also be another id (火球术 is a 5e and a Rogue's Tale spell: the id stays).
func exampleName(p *locales.Printer, v string, kinds []string) string {
	f := locales.Fold(v)
	if k := exampleNameKey(f); p.Has(k) {
		return p.T(k)
	}
	x := names()
	for _, kind := range kinds {
		id, ok := x.Lookup(kind, v)
		if !ok || locales.Fold(id) != f {
			continue // not an id of kind, or another spelling of one (an example shows ids)
		}
		key := x.Key(kind, id)
		if key == "" || !p.Has(key) {
			return ""
		}
		name := p.T(key)
		for _, other := range exampleKinds {
			if id2, ok := x.Lookup(other, name); ok && id2 != id {
				return ""
			}
		}
		return name
	}
	return ""
}
