package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"rulekeeper/bot"
	"rulekeeper/store"
)

// The admin socket lets `rulekeeper backup` reach a running rulekeeper: bbolt locks the database file for one
// process, so a second process cannot read it while `serve` or `console` holds it. The serving process listens on
// a Unix socket beside the database (mode 0600, so only the same user can ask) and writes the backup itself.

// adminSocket is the socket path of a database file.
func adminSocket(dbPath string) string {
	return filepath.Join(filepath.Dir(dbPath), "."+filepath.Base(dbPath)+".admin.sock")
}

// serveAdmin answers backup requests for db until the returned stop function is called.
func serveAdmin(db *store.DB) (stop func(), err error) {
	path := adminSocket(db.Path())
	_ = os.Remove(path) // a stale socket from a killed process; we hold the database lock, so it is ours
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	_ = os.Chmod(path, 0o600)
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go handleAdmin(db, conn)
		}
	}()
	return func() { ln.Close(); os.Remove(path) }, nil
}

// handleAdmin serves one request line: "backup <absolute path>" → "ok" or "error <catalog key>".
func handleAdmin(db *store.DB, conn net.Conn) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Minute))
	line, err := bufio.NewReader(io.LimitReader(conn, 4096)).ReadString('\n')
	if err != nil {
		return
	}
	verb, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	if verb != "backup" || !filepath.IsAbs(arg) {
		fmt.Fprintln(conn, "error core.err.internal")
		return
	}
	if err := db.BackupFile(arg); err != nil {
		code := store.Code(err)
		if code == "" {
			code = "core.err.internal"
		}
		fmt.Fprintln(conn, "error", code)
		return
	}
	fmt.Fprintln(conn, "ok")
}

// remoteBackup asks the rulekeeper that holds dbPath to write a backup to out.
func remoteBackup(dbPath, out string) error {
	conn, err := net.DialTimeout("unix", adminSocket(dbPath), 2*time.Second)
	if err != nil {
		return store.ErrLocked
	}
	defer conn.Close()
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(conn, "backup %s\n", abs); err != nil {
		return err
	}
	reply, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		return err
	}
	if code, ok := strings.CutPrefix(strings.TrimSpace(reply), "error "); ok {
		return bot.Errorf(code, "Path", abs)
	}
	return nil
}
