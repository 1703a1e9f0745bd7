package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// The environment of the PostgreSQL tests.
const (
	// EnvDatabaseURL names a database the tests may create schemas in, e.g.
	// postgres://postgres@127.0.0.1:5432/rulekeeper_test?sslmode=disable (`.ci/postgres start` prints one).
	EnvDatabaseURL = "RULEKEEPER_TEST_DATABASE_URL"
	// EnvRequirePostgres set to 1 makes the PostgreSQL tests fail instead of skip when there is no database:
	// CI sets it, so a missing server can never pass for a green run.
	EnvRequirePostgres = "RULEKEEPER_REQUIRE_POSTGRES"
)

// PostgresURL returns the URL of a new, empty schema in the test database, for t alone: each call creates a
// schema t_<random> and points the URL's search_path at it, so parallel tests and packages never see each
// other's tables. The schema is dropped when t ends. Without RULEKEEPER_TEST_DATABASE_URL, t is skipped —
// or fails, when RULEKEEPER_REQUIRE_POSTGRES=1.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvDatabaseURL)
	if base == "" {
		if os.Getenv(EnvRequirePostgres) == "1" {
			t.Fatalf("%s=1 but %s is empty: start a database (eval \"$(.ci/postgres start)\")", EnvRequirePostgres, EnvDatabaseURL)
		}
		t.Skipf("PostgreSQL tests skipped: %s is empty (eval \"$(.ci/postgres start)\" to run them)", EnvDatabaseURL)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	exec(t, base, "CREATE SCHEMA "+schema)
	t.Cleanup(func() { exec(t, base, "DROP SCHEMA "+schema+" CASCADE") })
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", EnvDatabaseURL, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// exec runs one statement on its own connection.
func exec(t testing.TB, dsn, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("connect to the test database: %v", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// Exec runs one SQL statement on the database of url (a PostgresURL), for tests that change a schema by hand.
func Exec(t testing.TB, url, sql string) { exec(t, url, sql) }
