package dice

import (
	crand "crypto/rand"
	"encoding/binary"
	"math"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Roller produces one die face in [min, max] inclusive. NdS calls Roll(1, S),
// NdF calls Roll(-1, 1) and d% calls Roll(1, 100).
//
// An error from Roll stops the roll and is returned unchanged by Expr.Roll.
type Roller interface {
	Roll(min, max int) (int, error)
}

// chacha is the production and seeded roller: ChaCha8 from math/rand/v2 with
// unbiased bounded sampling (Lemire's multiply-and-reject, the method of
// rand.IntN), never a plain modulo. Dice of fewer than 2^32 sides take 32
// random bits each, so one 64-bit output serves two dice; the production
// roller (narrow) gives dice of fewer than 2^16 sides 16 bits each, four to an
// output. The seeded roller keeps 32 bits a die, so that a seed gives the same
// faces from one release to the next (--seed in bug reports).
type chacha struct {
	src    *rand.ChaCha8
	spare  uint64 // random bits not used yet, lowest first
	bits   uint8  // how many
	narrow bool
}

// NewRoller returns the production roller: ChaCha8 seeded with 32 bytes from
// crypto/rand. It is not safe for concurrent use: make one per request or per
// goroutine (construction costs about a microsecond; a draw a few nanoseconds).
func NewRoller() Roller {
	var seed [32]byte
	_, _ = crand.Read(seed[:]) // never fails on supported platforms (Go ≥ 1.24 crashes instead)
	return &chacha{src: rand.NewChaCha8(seed), narrow: true}
}

// NewSeeded returns a deterministic roller: ChaCha8 keyed by seed (expanded
// with SplitMix64). The same seed gives the same faces on every platform.
// Like NewRoller, it is not safe for concurrent use.
func NewSeeded(seed uint64) Roller {
	var key [32]byte
	for i := 0; i < 4; i++ {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		z ^= z >> 31
		binary.LittleEndian.PutUint64(key[i*8:], z)
	}
	return &chacha{src: rand.NewChaCha8(key)}
}

// Roll returns a uniform face in [min, max]; min when max <= min.
func (c *chacha) Roll(min, max int) (int, error) {
	if max <= min {
		return min, nil
	}
	n := uint64(max) - uint64(min) + 1
	switch {
	case n == 0: // the whole 64-bit range
		return int(c.src.Uint64()), nil
	case c.narrow && n < 1<<16:
		return min + int(c.uint16n(uint32(n), threshold16(uint32(n)))), nil
	case n <= math.MaxUint32:
		return min + int(c.uint32n(n, threshold32(n))), nil
	}
	return min + int(c.uint64n(n)), nil
}

// next32 returns 32 random bits: the low half of a fresh output, then its high half.
func (c *chacha) next32() uint32 {
	if c.bits < 32 {
		c.spare, c.bits = c.src.Uint64(), 64
	}
	x := uint32(c.spare)
	c.spare >>= 32
	c.bits -= 32
	return x
}

// next16 returns 16 random bits, the lowest unused ones first.
func (c *chacha) next16() uint16 {
	if c.bits < 16 {
		c.spare, c.bits = c.src.Uint64(), 64
	}
	x := uint16(c.spare)
	c.spare >>= 16
	c.bits -= 16
	return x
}

// threshold32 returns 2^32 mod n, below which Lemire's method rejects a draw.
func threshold32(n uint64) uint32 { return uint32(-uint32(n)) % uint32(n) }

// threshold16 returns 2^16 mod n for 1 < n < 2^16.
func threshold16(n uint32) uint16 { return uint16(-uint16(n)) % uint16(n) }

// uint32n returns a uniform value in [0, n) for 1 < n < 2^32, given
// thresh = threshold32(n): the high half of x·n for 32 random bits x,
// rejecting the x whose low half falls below thresh.
func (c *chacha) uint32n(n uint64, thresh uint32) uint64 {
	prod := uint64(c.next32()) * n
	for uint32(prod) < thresh {
		prod = uint64(c.next32()) * n
	}
	return prod >> 32
}

// uint16n is uint32n with 16 random bits, for 1 < n < 2^16.
func (c *chacha) uint16n(n uint32, thresh uint16) uint32 {
	prod := uint32(c.next16()) * n
	for uint16(prod) < thresh {
		prod = uint32(c.next16()) * n
	}
	return prod >> 16
}

// uint64n returns a uniform value in [0, n), n > 0: the 64-bit form.
func (c *chacha) uint64n(n uint64) uint64 {
	hi, lo := bits.Mul64(c.src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(c.src.Uint64(), n)
		}
	}
	return hi
}

// fill rolls len(dst) dice with faces min..min+n-1 (1 < n < 2^32), drawing
// exactly what len(dst) calls of Roll would, and returns their sum. The
// dice are kept, and marked fCrit at the lowest or highest face.
func (c *chacha) fill(dst []die, min int, n uint64) int {
	if c.narrow && n < 1<<16 {
		return c.fill16(dst, min, uint32(n))
	}
	thresh := threshold32(n)
	sum := 0
	spare, bits := c.spare, c.bits // in registers, as fill16 keeps them: the seeded roller's (Monte-Carlo's) path
	for k := range dst {
		var prod uint64
		for {
			if bits < 32 {
				spare, bits = c.src.Uint64(), 64
			}
			prod = uint64(uint32(spare)) * n
			spare >>= 32
			bits -= 32
			if uint32(prod) >= thresh {
				break
			}
		}
		f := int(prod >> 32)
		sum += f
		dst[k] = die{face: int32(min + f), flags: fKept | critFlag(f, int(n))}
	}
	c.spare, c.bits = spare, bits
	return sum + min*len(dst)
}

// fill16 is fill for the production roller's dice of fewer than 2^16 faces.
func (c *chacha) fill16(dst []die, min int, n uint32) int {
	thresh := threshold16(n)
	sum := 0
	spare, bits := c.spare, c.bits
	for k := range dst {
		var prod uint32
		for {
			if bits < 16 {
				spare, bits = c.src.Uint64(), 64
			}
			prod = uint32(uint16(spare)) * n
			spare >>= 16
			bits -= 16
			if uint16(prod) >= thresh {
				break
			}
		}
		f := int(prod >> 16)
		sum += f
		dst[k] = die{face: int32(min + f), flags: fKept | critFlag(f, int(n))}
	}
	c.spare, c.bits = spare, bits
	return sum + min*len(dst)
}

// critFlag returns fCrit for the lowest and highest of n ≥ 2 faces (f
// counts from 0), without a branch: a third of a d6's faces are critical, at
// random, which a branch mispredicts. f is 0 or n-1 exactly when f-1, as an
// unsigned number, is at least n-2: when the subtraction borrows nothing.
func critFlag(f, n int) uint8 {
	_, borrow := bits.Sub64(uint64(f)-1, uint64(n)-2, 0)
	return uint8(borrow^1) * fCrit
}

// scripted hands out forced faces in order.
type scripted struct {
	faces []int
	next  int
}

// NewScripted returns a roller that returns faces in order, the way tests and
// `--dice 20,5,3` force exact outcomes. When the faces run out it fails with
// CodeForcedExhausted; a face that does not fit the die being rolled fails
// with CodeForcedOutOfRange (and is not consumed). Not safe for concurrent use.
func NewScripted(faces []int) Roller {
	return &scripted{faces: append([]int(nil), faces...)}
}

func (s *scripted) Roll(min, max int) (int, error) {
	if s.next >= len(s.faces) {
		return 0, &Error{Code: CodeForcedExhausted, Pos: -1, Args: map[string]any{"Count": len(s.faces)}}
	}
	f := s.faces[s.next]
	if f < min || f > max {
		return 0, &Error{Code: CodeForcedOutOfRange, Pos: -1, Args: map[string]any{"Face": f, "Min": min, "Max": max}}
	}
	s.next++
	return f, nil
}

// ParseFaces reads a list of forced faces such as "6,2,5,1" (commas and/or
// spaces separate them; Fate faces may be negative: "-1,0,1"). Anything else,
// including an empty list, fails with CodeBadFaces.
func ParseFaces(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		toks := strings.Fields(part)
		if len(toks) == 0 {
			return nil, &Error{Code: CodeBadFaces, Pos: -1, Args: map[string]any{"Token": strings.TrimSpace(s)}}
		}
		for _, tok := range toks {
			n, err := strconv.Atoi(tok)
			if err != nil {
				return nil, &Error{Code: CodeBadFaces, Pos: -1, Args: map[string]any{"Token": tok}}
			}
			out = append(out, n)
		}
	}
	return out, nil
}
