package locales

import "strings"

// Separators that code puts between rendered pieces come from the catalogs too, because they differ by
// language: a list is "a, b" in English and Korean but "甲、乙" in Chinese; a label takes ": " or "："; a
// parenthetical takes " (…)" or "（…）".
const (
	keyList       = "core.sep.list"
	keyColon      = "core.sep.colon"
	keyParenOpen  = "core.paren.open"
	keyParenClose = "core.paren.close"
)

// List joins items with the language's list separator: "Poisoned, Prone", "中毒、倒地".
func (p *Printer) List(items []string) string {
	return strings.Join(items, p.T(keyList))
}

// Label puts a label before a value with the language's colon: "Boblin: DEX save", "博林：敏捷豁免".
func (p *Printer) Label(label, value string) string {
	return label + p.T(keyColon) + value
}

// Bracket puts inner in the language's brackets with nothing before them: "(3,4)", "（3,4）".
func (p *Printer) Bracket(inner string) string {
	return strings.TrimLeft(p.T(keyParenOpen), " ") + inner + p.T(keyParenClose)
}

// Paren appends a parenthetical to text with the language's brackets: "Incapacitated (from Paralyzed)",
// "失能（来自麻痹）".
func (p *Printer) Paren(text, inner string) string {
	return text + p.T(keyParenOpen) + inner + p.T(keyParenClose)
}
