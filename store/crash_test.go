package store_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"rulekeeper/store"
)

// The crash test: a child process (this test binary, started with crashChildEnv set) commits updates in a
// loop and prints "ack N" after Update(N) returns; the parent kills it with SIGKILL at a random moment,
// opens the file and checks that every acknowledged update is there and that no update is half there.
const (
	crashChildEnv = "RULEKEEPER_STORE_CRASH_CHILD"
	crashGuild    = "crash"
	crashOwner    = "u1"
	crashWindow   = 40 // the child keeps the last crashWindow numbered characters
	crashKills    = 40
)

// crashSheet is the sheet of the counter character and of each numbered character.
type crashSheet struct {
	Seq int    `json:"seq"`
	Sum int    `json:"sum,omitempty"` // counter: 1+2+…+seq
	Pad string `json:"pad,omitempty"` // numbered: crashPad(seq), to vary page use
}

func crashName(seq int) string { return fmt.Sprintf("c%07d", seq) }

// crashPad makes records of varied sizes; every 7th needs overflow pages.
func crashPad(seq int) string {
	if seq%7 == 0 {
		return strings.Repeat("o", 12000+seq%5000)
	}
	return strings.Repeat("p", seq*37%2500)
}

// crashStep is update number seq: one transaction that touches every kind of record.
func crashStep(tx store.Tx, seq int) error {
	counter, err := tx.FindCharacter(crashOwner, "counter")
	var cs crashSheet
	switch {
	case errors.Is(err, store.ErrNotFound):
		counter = &store.Character{OwnerID: crashOwner, Name: "counter", System: "dnd5e"}
	case err != nil:
		return err
	default:
		if err := json.Unmarshal(counter.Sheet, &cs); err != nil {
			return err
		}
	}
	if cs.Seq != seq-1 {
		return fmt.Errorf("counter at %d, want %d", cs.Seq, seq-1)
	}
	sheet, _ := json.Marshal(crashSheet{Seq: seq, Pad: crashPad(seq)})
	c := &store.Character{OwnerID: crashOwner, Name: crashName(seq), System: "rogue", Sheet: sheet}
	if err := tx.PutCharacter(c); err != nil {
		return err
	}
	if seq > crashWindow {
		old, err := tx.FindCharacter(crashOwner, crashName(seq-crashWindow))
		if err != nil {
			return err
		}
		if err := tx.DeleteCharacter(old.ID); err != nil {
			return err
		}
	}
	counter.Sheet, _ = json.Marshal(crashSheet{Seq: seq, Sum: cs.Sum + seq})
	if err := tx.PutCharacter(counter); err != nil {
		return err
	}
	if err := tx.SetActive(crashOwner, c.ID); err != nil {
		return err
	}
	if err := tx.PutEncounter(&store.Encounter{ChannelID: "ch", Data: json.RawMessage(strconv.Itoa(seq))}); err != nil {
		return err
	}
	return tx.PutGuild(store.Guild{House: map[string]string{"seq": strconv.Itoa(seq)}})
}

// crashState reads the file and checks that it holds exactly the state after some update n; it returns n.
func crashState(db *store.DB) (int, error) {
	var last int
	err := db.View(ctx, crashGuild, func(tx store.Tx) error {
		counter, err := tx.FindCharacter(crashOwner, "counter")
		if errors.Is(err, store.ErrNotFound) {
			last = 0
			all, err := tx.Characters()
			if err != nil || len(all) != 0 {
				return fmt.Errorf("no counter but %d characters (%v)", len(all), err)
			}
			return nil
		}
		if err != nil {
			return err
		}
		var cs crashSheet
		if err := json.Unmarshal(counter.Sheet, &cs); err != nil {
			return fmt.Errorf("counter sheet: %v", err)
		}
		last = cs.Seq
		if cs.Sum != last*(last+1)/2 {
			return fmt.Errorf("counter at %d has sum %d, want %d", last, cs.Sum, last*(last+1)/2)
		}
		all, err := tx.CharactersOf(crashOwner)
		if err != nil {
			return err
		}
		first := max(1, last-crashWindow+1)
		if want := last - first + 2; len(all) != want { // + the counter
			return fmt.Errorf("at %d: %d characters, want %d", last, len(all), want)
		}
		for i, c := range all[:len(all)-1] { // sorted by name: c0000001… then counter
			seq := first + i
			var s crashSheet
			if c.Name != crashName(seq) || json.Unmarshal(c.Sheet, &s) != nil || s.Seq != seq || s.Pad != crashPad(seq) {
				return fmt.Errorf("at %d: character %d is %q with a sheet of %d bytes", last, seq, c.Name, len(c.Sheet))
			}
			if seq == last {
				if id, _ := tx.Active(crashOwner); id != c.ID {
					return fmt.Errorf("at %d: active %q, want %q", last, id, c.ID)
				}
			}
		}
		e, err := tx.Encounter("ch")
		if err != nil || string(e.Data) != strconv.Itoa(last) {
			return fmt.Errorf("at %d: encounter %v, %v", last, e, err)
		}
		g, err := tx.Guild()
		if err != nil || g.House["seq"] != strconv.Itoa(last) {
			return fmt.Errorf("at %d: guild %+v, %v", last, g, err)
		}
		return nil
	})
	return last, err
}

// crashChild runs in the child process: update and acknowledge until killed (or, as a safety net, for 60 s).
func crashChild(path string) {
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "crash child:", err)
		os.Exit(2)
	}
	fmt.Println("opening")
	db, err := store.Open(path, store.Options{Timeout: 10 * time.Second})
	if err != nil {
		fail(err)
	}
	last, err := crashState(db)
	if err != nil {
		fail(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for seq := last + 1; time.Now().Before(deadline); seq++ {
		if err := db.Update(ctx, crashGuild, func(tx store.Tx) error { return crashStep(tx, seq) }); err != nil {
			fail(err)
		}
		fmt.Printf("ack %d\n", seq) // one write(2) per line: a full line means Update had returned
	}
	os.Exit(3)
}

func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills child processes")
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	path := filepath.Join(t.TempDir(), "crash.db")
	acked, last := 0, 0 // highest acknowledged update, and the state found after the previous kill
	for kill := range crashKills {
		stopAfter := rng.IntN(25) // acknowledgements to wait for: 0 kills the child while it opens the file
		if kill == 0 {
			stopAfter = 0 // while it creates the file
		}
		delay := time.Duration(rng.IntN(3000)) * time.Microsecond
		got, err := runCrashChild(t, path, stopAfter, delay)
		if err != nil {
			t.Fatalf("kill %d: %v", kill, err)
		}
		acked = max(acked, got)

		db, err := store.Open(path, store.Options{Timeout: 5 * time.Second})
		if err != nil {
			t.Fatalf("kill %d: the file does not open after SIGKILL: %v", kill, err)
		}
		n, err := crashState(db)
		if err != nil {
			t.Fatalf("kill %d: half-written state: %v", kill, err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		if n < acked {
			t.Fatalf("kill %d: update %d was acknowledged but the file holds only %d", kill, acked, n)
		}
		if n > max(acked, last)+1 { // at most the one update that committed but was not yet acknowledged
			t.Fatalf("kill %d: the file holds update %d, beyond anything written (acked %d)", kill, n, acked)
		}
		last = n
		t.Logf("kill %d after %d acks (+%v): acked %d, file at %d", kill, stopAfter, delay, acked, n)
	}
	if acked < crashKills {
		t.Errorf("only %d updates acknowledged in %d runs; the test did not exercise much", acked, crashKills)
	}
}

// runCrashChild starts a child, kills it after it acknowledged stopAfter more updates plus delay, and returns
// the highest update it acknowledged.
func runCrashChild(t *testing.T, path string, stopAfter int, delay time.Duration) (int, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	defer cmd.Process.Kill()
	acks := make(chan int) // 0 for "opening", then the acknowledged update numbers
	go func() {
		defer close(acks)
		sc := bufio.NewScanner(out)
		for sc.Scan() { // a line cut short by the kill has no newline and is not scanned as acknowledged
			if n, ok := strings.CutPrefix(sc.Text(), "ack "); ok {
				seq, _ := strconv.Atoi(n)
				acks <- seq
			} else if sc.Text() == "opening" {
				acks <- 0
			}
		}
	}()
	highest := 0
	timeout := time.After(30 * time.Second)
	for seen := -1; seen < stopAfter; seen++ { // -1: the "opening" line
		select {
		case seq, ok := <-acks:
			if !ok {
				cmd.Wait()
				return 0, fmt.Errorf("child exited early: %s", stderr.String())
			}
			highest = seq
		case <-timeout:
			return 0, errors.New("child made no progress in 30 s")
		}
	}
	time.Sleep(delay)
	if err := cmd.Process.Kill(); err != nil { // SIGKILL
		return 0, err
	}
	for seq := range acks { // everything printed before the kill was acknowledged
		highest = max(highest, seq)
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != -1 {
		return 0, fmt.Errorf("child did not die by the kill: %v %s", err, stderr.String())
	}
	return highest, nil
}
