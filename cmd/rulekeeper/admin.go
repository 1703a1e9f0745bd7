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

// The admin socket lets `rulekeeper backup` and `rulekeeper export` reach a running rulekeeper: bbolt locks the
// database file for one process, so a second process cannot read it while `serve` or `console` holds it. The
// serving process listens on a Unix socket beside the database (mode 0600, so only the same user can ask) and
// writes the backup itself, or sends the export back.

// adminSocket is the socket path of a database file.
func adminSocket(dbPath string) string {
	return filepath.Join(filepath.Dir(dbPath), "."+filepath.Base(dbPath)+".admin.sock")
}

// serveAdmin answers backup and export requests for db until the returned stop function is called.
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

// handleAdmin serves one request line: "backup <absolute path>" → "ok" or "error <catalog key>"; "export
// <guild>" → "ok" and the export's JSON, or "error <catalog key>".
func handleAdmin(db *store.DB, conn net.Conn) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Minute))
	line, err := bufio.NewReader(io.LimitReader(conn, 4096)).ReadString('\n')
	if err != nil {
		return
	}
	verb, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	fail := func(err error) {
		code := store.Code(err)
		if code == "" {
			code = "core.err.internal"
		}
		fmt.Fprintln(conn, "error", code)
	}
	switch {
	case verb == "backup" && filepath.IsAbs(arg):
		if err := db.BackupFile(arg); err != nil {
			fail(err)
			return
		}
		fmt.Fprintln(conn, "ok")
	case verb == "export" && arg != "":
		e, err := db.Export(arg)
		if err != nil {
			fail(err)
			return
		}
		fmt.Fprintln(conn, "ok")
		_ = e.WriteJSON(conn)
	default:
		fmt.Fprintln(conn, "error core.err.internal")
	}
}

// remoteBackup asks the rulekeeper that holds dbPath to write a backup to out.
func remoteBackup(dbPath, out string) error {
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	_, err = askAdmin(dbPath, "backup "+abs, abs)
	return err
}

// remoteExport asks the rulekeeper that holds dbPath for the export of a guild, written to w.
func remoteExport(dbPath, guild string, w io.Writer) error {
	r, err := askAdmin(dbPath, "export "+guild, dbPath)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, r)
	return err
}

// askAdmin sends one request line to the admin socket of dbPath and reads the "ok" line; the rest of the answer
// follows in the reader. Without a socket to answer, the file is locked by something else (ErrLocked, with the
// database's path); an "error" line is that error, with path in its message.
func askAdmin(dbPath, request, path string) (io.Reader, error) {
	conn, err := net.DialTimeout("unix", adminSocket(dbPath), 2*time.Second)
	if err != nil {
		return nil, &store.Error{Err: store.ErrLocked, Path: dbPath, Cause: err}
	}
	_ = conn.SetDeadline(time.Now().Add(5 * time.Minute))
	if _, err := fmt.Fprintln(conn, request); err != nil {
		conn.Close()
		return nil, err
	}
	r := bufio.NewReader(conn)
	reply, err := r.ReadString('\n')
	if err != nil {
		conn.Close()
		return nil, err
	}
	if code, ok := strings.CutPrefix(strings.TrimSpace(reply), "error "); ok {
		conn.Close()
		return nil, bot.Errorf(code, "Path", path)
	}
	return closingReader{r, conn}, nil
}

// closingReader closes its connection at the end of the answer.
type closingReader struct {
	r *bufio.Reader
	c net.Conn
}

func (c closingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err != nil {
		c.c.Close()
	}
	return n, err
}
