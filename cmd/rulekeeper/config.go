package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"

	"github.com/BurntSushi/toml"
	"github.com/alecthomas/kong"
)

// defaultConfigFile is read when present, before any --config file.
const defaultConfigFile = "rulekeeper.toml"

// tomlLoader reads a flat snake_case TOML file (keys are flag names with '-' written '_') as a kong resolver.
// The resolver steps aside for any flag whose environment variable is set, so the precedence is
// flags > environment > file > defaults (kong alone would let the file beat the environment).
func tomlLoader(r io.Reader) (kong.Resolver, error) {
	var m map[string]any
	if _, err := toml.NewDecoder(r).Decode(&m); err != nil {
		return nil, err
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	inner, err := kong.JSON(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return envFirst{inner}, nil
}

type envFirst struct{ kong.Resolver }

func (e envFirst) Resolve(ctx *kong.Context, parent *kong.Path, flag *kong.Flag) (any, error) {
	for _, name := range flag.Envs {
		if _, ok := os.LookupEnv(name); ok {
			return nil, nil
		}
	}
	return e.Resolver.Resolve(ctx, parent, flag)
}
