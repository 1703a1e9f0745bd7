package bot

import (
	"strings"

	"rulekeeper/locales"
)

// Sheet field names in every language: `/sheet set` reads a field by its id or its catalog name
// (sheet.field.<id>, in any language, `항목:이동속도`, `项目:最大招架`), and replies name it in the caller's
// language. Each system reads the names of its own fields (Rogue's Tale 민첩성 is agi, a Call of Cthulhu 민첩성 is
// dex), so one name may mean a field in two systems.

// systemFields are the fields of /sheet set of each system.
var systemFields = map[string][]string{"dnd5e": fields5e, "rogue": fieldsRogue, "coc": fieldsCoC}

// fieldKey is the catalog key of a sheet field's name.
func fieldKey(id string) string { return "sheet.field." + id }

// fieldKind is the names index kind of the fields of a system.
func fieldKind(system string) string { return kindField + "." + system }

// fieldID is the id of a field of system typed in any language; what is not a known field name stays as typed (a
// Call of Cthulhu skill name, or an error of the system).
func fieldID(system, typed string) string {
	if id := lookupName(fieldKind(system), typed); id != "" {
		return id
	}
	return typed
}

// fieldName names a sheet field in p's language.
func fieldName(p *locales.Printer, id string) string {
	if k := fieldKey(id); p.Has(k) {
		return p.T(k)
	}
	return id
}

// fieldNames names sheet fields in p's language, as a list.
func fieldNames(p *locales.Printer, ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = fieldName(p, id)
	}
	return p.List(out)
}

// unknownField is the error of a field a sheet does not have, listing the fields it has in the caller's language.
func unknownField(key, typed string, fields []string) *Error {
	e := Errorf(key, "Field", typed, "Fields", strings.Join(fields, ", "))
	e.names = &errNames{fields: fields}
	return e
}
