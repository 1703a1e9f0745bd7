// Package sessionlog is the record of a play session in one channel, as data, and its exports: versioned JSON,
// Markdown for forums, and a self-contained HTML replay.
//
// While a log runs, the bot appends one Entry per reply in the channel (a roll with its dice, a check with its
// outcome and odds, damage, a condition, a turn) and per in-character line (/say). The entry keeps what the bot
// showed, as plain-text lines in the log's language, beside the same event as data. The package holds no words:
// the exports take theirs from Labels, which the caller fills from the catalogs (NewLabels), and its errors are
// catalog keys (*Error, area sessionlog).
//
//	l, err := sessionlog.New(sessionlog.Header{ID: id, Guild: g, Channel: c, Name: "Goblin ambush", Lang: "en",
//		Starter: user, Started: now})
//	err = l.Append(sessionlog.Entry{Time: now, Kind: sessionlog.KindAttack, User: user, UserName: "alice",
//		Character: "Aria", Lines: []string{"Shortbow against Goblin 1 (AC 15): 17 + 5 = 22 — hit"},
//		Roll: &sessionlog.Roll{Expr: "1d20+5", Dice: []sessionlog.Die{{Sides: 20, Face: 17}}, Total: 22,
//			Natural: 17, Outcome: sessionlog.Success, Target: 15, Odds: &sessionlog.Odds{P: 0.55, Fraction: "11/20"}}})
//	page := sessionlog.HTML(l, sessionlog.NewLabels(printer.T))
//
// Lines splits a reply's plain text into an entry's lines within the bounds. FromDice turns a *dice.Result into a
// Roll (notation, dice, total, natural d20) and NewOdds a chance with its exact fraction into Odds; the caller adds
// what the rules judged (mode, target, outcome, odds).
//
// # Bounds
//
// A log holds at most MaxEntries entries and MaxBytes bytes of compact JSON (Size); Append refuses an entry past
// either (ErrFullEntries, ErrFullBytes) and any entry out of the field bounds (ErrInvalid), and records nothing
// while the log is paused or stopped (ErrPaused, ErrStopped). A guild keeps at most MaxLogsPerGuild logs
// (CheckGuild). Decode reads a log back from JSON for an import and validates every field (Validate).
//
// # The JSON model, version 1
//
// JSON writes one object; Decode reads it (and refuses unknown fields and versions newer than Version). Times are
// RFC 3339 in UTC. Fields marked "omitted" are left out when empty, zero or false.
//
//	version    1
//	id         the log's id in its guild (ASCII letters, digits, . _ : -; at most 64 bytes)
//	guild      Discord guild id
//	channel    Discord channel id
//	name       the log's name (1–100 characters, one line)
//	lang       the language the lines were recorded in: "en", "zh-CN", "zh-TW" or "ko"
//	starter    Discord user id of who started it
//	started    when it started
//	ended      when it stopped (omitted while running or paused)
//	state      "running", "paused" or "stopped"
//	entries    the entries, oldest first:
//	  time       when
//	  kind       "roll", "check", "save" (death saves too), "attack", "damage", "heal", "cast", "condition",
//	             "round" (marker: a new round), "turn" (marker: character's turn), "say" (in character),
//	             "ooc" (out of character), "system" (the bot's notices)
//	  user       Discord user id of who acted (the GM for an NPC; omitted for the bot's notices)
//	  user_name  their display name then (omitted)
//	  character  the character or NPC acting, speaking, or whose turn it is (omitted for a player's own lines)
//	  npc        true for a character the GM runs (omitted)
//	  lines      what the bot showed, plain text, one line each, at most 20 of 2,000 characters; the exports show
//	             the character's name beside them, so a line need not start with it (omitted for markers)
//	  round      the encounter's round (omitted outside one); turn: the turn in the round, from 1 (omitted)
//	  revealed   true for a secret roll, which enters the log only once the GM reveals it (omitted)
//	  roll       (omitted when none)
//	    expr       the dice notation rolled, "2d20kh1+5"
//	    dice       every die in the order rolled: sides (0 for a Fate die), face, dropped (true when not kept;
//	               omitted when kept)
//	    total      the result
//	    natural    the kept d20's face for a d20 roll (omitted otherwise)
//	    mode       "adv" or "dis" for a natural d20 rolled with advantage or disadvantage (omitted straight)
//	    outcome    "success", "failure", "crit" (a success) or "fumble" (a failure); omitted without a target
//	    target     the DC or AC (omitted when none)
//	    odds       the exact chance of success before the roll: p (0–1) and fraction ("319/400", omitted when
//	               too large to show)
//	  damage     for damage and heal entries, and attacks and casts that dealt damage (omitted when none): amount, type (the damage type's id,
//	             "piercing"; omitted for healing), target (who took it); the entry's character is its source
//
// Versions: a change that adds an optional field keeps the version; any other change raises Version, and Decode
// then converts the older versions it knows.
//
// # Exports
//
// JSON is the model above, indented. Markdown is CommonMark for forums: the name, the dates, the participants,
// then one paragraph per entry under "## Round N" and "### Name's turn" headings, every user text escaped.
// HTML is one file with its style sheet and a small script inline and a Content-Security-Policy that allows
// nothing else: a colour per character for light and dark themes, speech set apart from rolls (dice, dropped ones
// struck through, total, outcome), the odds of each roll in its title (on hover), round and turn markers, and a
// switch that hides the out-of-character lines. A test drives it in a real headless Chromium.
//
// Stats counts rolls, outcomes, critical rolls and fumbles, the average natural d20 against its expected value
// (10.5 straight, 13.825 with advantage, 7.175 with disadvantage), luck (successes minus the sum of the odds) and
// damage and healing dealt and taken, per character and for the table.
package sessionlog
