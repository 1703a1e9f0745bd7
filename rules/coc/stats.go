package coc

// Stat is a value of the sheet other than characteristics and skills: the pools, the derived values, age and
// occupation. Stats name fields in results and errors (ErrBadPool's Pool).
type Stat string

// The stats.
const (
	StatHP         Stat = "hp"
	StatMP         Stat = "mp"
	StatSAN        Stat = "san"
	StatSANMax     Stat = "san_max"
	StatDB         Stat = "db"
	StatBuild      Stat = "build"
	StatMOV        Stat = "mov"
	StatArmour     Stat = "armor"
	StatAge        Stat = "age"
	StatOccupation Stat = "occupation"
)

// Stats returns every stat.
func Stats() []Stat {
	return []Stat{StatHP, StatMP, StatSAN, StatSANMax, StatDB, StatBuild, StatMOV, StatArmour, StatAge, StatOccupation}
}

// Key is the catalog key of the stat's name ("coc.stat.hp").
func (s Stat) Key() string {
	switch s {
	case StatHP:
		return "coc.stat.hp"
	case StatMP:
		return "coc.stat.mp"
	case StatSAN:
		return "coc.stat.san"
	case StatSANMax:
		return "coc.stat.san_max"
	case StatDB:
		return "coc.stat.db"
	case StatBuild:
		return "coc.stat.build"
	case StatMOV:
		return "coc.stat.mov"
	case StatArmour:
		return "coc.stat.armor"
	case StatAge:
		return "coc.stat.age"
	case StatOccupation:
		return "coc.stat.occupation"
	}
	return ""
}
