package bot

// dynamicKeys lists the catalog keys that code builds at run time (from rules tables) rather than writing as
// literals. The catalog tests check that each exists and count them as used.
func dynamicKeys() []string {
	var keys []string
	for _, s := range systemChoices {
		keys = append(keys, "system."+s)
	}
	for _, r := range critRules {
		keys = append(keys, critRuleKey(r))
	}
	for _, d := range rtCritDirections {
		keys = append(keys, "settings.rt_crit."+d)
	}
	for _, v := range rtOnOff {
		keys = append(keys, "settings.rt_onoff."+v)
	}
	for _, fields := range systemFields {
		for _, f := range fields {
			keys = append(keys, fieldKey(f))
		}
	}
	for _, n := range exampleNames {
		keys = append(keys, exampleNameKey(n))
	}
	for _, v := range npcInitiatives {
		keys = append(keys, "gm.settings.npc_initiative."+v)
	}
	for _, id := range spellChoices() {
		keys = append(keys, choiceKey(id))
	}
	return keys
}
