// Package locales holds rulekeeper's message catalogs (en, zh-CN, zh-TW, ko) and chooses a reply language.
//
// Catalogs are TOML files under catalog/, one file per area and language (`dice.zh-CN.toml`), embedded in the
// binary and read with go-i18n. Every user-visible word goes through a Printer.
package locales

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Lang is one of the supported reply languages.
type Lang string

// The supported languages. English is the fallback.
const (
	EN   Lang = "en"
	ZhCN Lang = "zh-CN"
	ZhTW Lang = "zh-TW"
	KO   Lang = "ko"
)

// Langs lists every supported language, English first.
var Langs = []Lang{EN, ZhCN, ZhTW, KO}

//go:embed catalog/*.toml
var catalogFS embed.FS

var (
	loadOnce sync.Once
	bundle   *i18n.Bundle
	keys     map[Lang]map[string]bool
	loadErr  error
	printers map[Lang]*Printer
)

func load() {
	bundle = i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	keys = map[Lang]map[string]bool{}
	for _, l := range Langs {
		keys[l] = map[string]bool{}
	}
	paths, _ := fs.Glob(catalogFS, "catalog/*.toml")
	for _, p := range paths {
		mf, err := bundle.LoadMessageFileFS(catalogFS, p)
		if err != nil {
			loadErr = fmt.Errorf("locales: %s: %w", p, err)
			return
		}
		l, ok := Match(mf.Tag.String())
		if !ok {
			loadErr = fmt.Errorf("locales: %s: unsupported language %q", p, mf.Tag)
			return
		}
		for _, m := range mf.Messages {
			keys[l][m.ID] = true
		}
	}
	printers = map[Lang]*Printer{}
	for _, l := range Langs {
		printers[l] = &Printer{lang: l, loc: i18n.NewLocalizer(bundle, string(l))}
	}
}

// LoadError reports a broken catalog (bad TOML, unknown language). Tests and start-up check it.
func LoadError() error {
	loadOnce.Do(load)
	return loadErr
}

// Keys returns the sorted message IDs of one language's catalog.
func Keys(l Lang) []string {
	loadOnce.Do(load)
	var out []string
	for k := range keys[l] {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Match maps a Discord locale or BCP 47 tag to a supported language: "en-US" → en, "zh-CN"/"zh" → zh-CN,
// "zh-TW"/"zh-HK"/"zh-Hant" → zh-TW, "ko"/"ko-KR" → ko.
func Match(tag string) (Lang, bool) {
	t, _, _ := strings.Cut(tag, ".") // POSIX locales: zh_TW.UTF-8
	t, _, _ = strings.Cut(t, "@")
	t = strings.ToLower(strings.TrimSpace(strings.ReplaceAll(t, "_", "-")))
	switch {
	case t == "":
		return "", false
	case t == "en" || strings.HasPrefix(t, "en-"):
		return EN, true
	case t == "zh-tw" || t == "zh-hk" || t == "zh-mo" || strings.HasPrefix(t, "zh-hant"):
		return ZhTW, true
	case t == "zh" || strings.HasPrefix(t, "zh-"):
		return ZhCN, true
	case t == "ko" || strings.HasPrefix(t, "ko-"):
		return KO, true
	}
	return "", false
}

// Choose returns the first candidate that names a supported language, else English.
func Choose(candidates ...string) Lang {
	for _, c := range candidates {
		if l, ok := Match(c); ok {
			return l
		}
	}
	return EN
}

// Printer renders messages in one language.
type Printer struct {
	lang Lang
	loc  *i18n.Localizer
}

// For returns the Printer of a language (English for an unsupported one).
func For(l Lang) *Printer {
	loadOnce.Do(load)
	if p, ok := printers[l]; ok {
		return p
	}
	return printers[EN]
}

// Lang is the printer's language.
func (p *Printer) Lang() Lang { return p.lang }

// Has reports whether the printer's catalog holds key.
func (p *Printer) Has(key string) bool { return keys[p.lang][key] }

// T renders the message key with template data given as name/value pairs: p.T("dice.err.too_many", "Limit", 1000).
// A value named "Count" also selects the plural form. A key missing from the catalog renders as the key itself,
// which the catalog tests make impossible in a build that passes them.
func (p *Printer) T(key string, args ...any) string {
	var data map[string]any
	if len(args) > 0 {
		data = make(map[string]any, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			name, _ := args[i].(string)
			data[name] = args[i+1]
		}
	}
	return p.TMap(key, data)
}

// TMap is T with the template data as a map (rules errors carry their data that way).
func (p *Printer) TMap(key string, data map[string]any) string {
	if !keys[p.lang][key] {
		if p.lang != EN && keys[EN][key] {
			return For(EN).TMap(key, data)
		}
		return key
	}
	cfg := &i18n.LocalizeConfig{MessageID: key, TemplateData: data}
	if c, ok := data["Count"]; ok {
		cfg.PluralCount = c
	}
	s, err := p.loc.Localize(cfg)
	if err != nil && cfg.PluralCount != nil {
		// A message without plural forms ("{{.Count}} talents…") has only "other": Count 1 must not lose it.
		cfg.PluralCount = nil
		s, err = p.loc.Localize(cfg)
	}
	if err != nil {
		return key
	}
	if p.lang == KO {
		s = Josa(s) // Korean particles after placeholders: 보린은, 아리아는
	}
	return s
}
