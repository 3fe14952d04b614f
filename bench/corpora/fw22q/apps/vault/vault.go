// Package vault is a terminal password vault browser built with Bubble Tea:
// unlock the vault file, filter entries, copy passwords to the clipboard,
// audit them against a breach corpus and sync with a remote copy.
package vault

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"example.com/corpus/trial-fw22q/internal/breach"
)

// Entry is one login.
type Entry struct {
	ID       string
	Title    string
	Username string
	Password string
	URL      string
	Tags     []string
	Updated  time.Time
	Audit    breach.Report `json:"-"`
}

func (e *Entry) matches(q string) bool {
	if q == "" {
		return true
	}
	q = strings.ToLower(q)
	if strings.Contains(strings.ToLower(e.Title), q) ||
		strings.Contains(strings.ToLower(e.Username), q) ||
		strings.Contains(strings.ToLower(e.URL), q) {
		return true
	}
	for _, t := range e.Tags {
		if strings.EqualFold(t, q) {
			return true
		}
	}
	return false
}

// Sealed is the encrypted vault file.
type Sealed struct {
	Salt       []byte
	Nonce      []byte
	Iterations int
	Ciphertext []byte
}

// ErrBadPassphrase is returned when the vault cannot be decrypted.
var ErrBadPassphrase = errors.New("vault: wrong passphrase")

// Vault is an unlocked vault.
type Vault struct {
	entries    []*Entry
	key        []byte
	salt       []byte
	iterations int
}

func deriveKey(pass string, salt []byte, iter int) ([]byte, error) {
	return pbkdf2.Key(sha256.New, pass, salt, iter, 32)
}

// Seal encrypts entries with a key derived from pass.
func Seal(entries []Entry, pass string, iterations int) (*Sealed, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return nil, err
	}
	key, err := deriveKey(pass, salt, iterations)
	if err != nil {
		return nil, err
	}
	return sealWithKey(entries, key, salt, iterations)
}

func sealWithKey(entries []Entry, key, salt []byte, iterations int) (*Sealed, error) {
	plain, err := json.Marshal(entries)
	if err != nil {
		return nil, err
	}
	aead, err := newAEAD(key)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return &Sealed{Salt: salt, Nonce: nonce, Iterations: iterations, Ciphertext: aead.Seal(nil, nonce, plain, salt)}, nil
}

func newAEAD(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// Open decrypts a sealed vault.
func Open(s *Sealed, pass string) (*Vault, error) {
	key, err := deriveKey(pass, s.Salt, s.Iterations)
	if err != nil {
		return nil, err
	}
	aead, err := newAEAD(key)
	if err != nil {
		return nil, err
	}
	plain, err := aead.Open(nil, s.Nonce, s.Ciphertext, s.Salt)
	if err != nil {
		return nil, ErrBadPassphrase
	}
	var list []Entry
	if err := json.Unmarshal(plain, &list); err != nil {
		return nil, fmt.Errorf("vault: corrupt payload: %w", err)
	}
	v := &Vault{key: key, salt: s.Salt, iterations: s.Iterations}
	for i := range list {
		v.entries = append(v.entries, &list[i])
	}
	v.sort()
	return v, nil
}

func (v *Vault) sort() {
	slices.SortStableFunc(v.entries, func(a, b *Entry) int {
		return strings.Compare(strings.ToLower(a.Title), strings.ToLower(b.Title))
	})
}

// Locked reports whether the key and entries were wiped.
func (v *Vault) Locked() bool {
	return v == nil || v.entries == nil
}

// Lock wipes the key and the decrypted entries from memory.
func (v *Vault) Lock() {
	clear(v.key)
	v.key = nil
	v.entries = nil // RACY
}

// Filter returns the entries matching q.
func (v *Vault) Filter(q string) []*Entry {
	var out []*Entry
	for _, e := range v.entries {
		if e.matches(q) {
			out = append(out, e)
		}
	}
	return out
}

// Len is the number of entries.
func (v *Vault) Len() int { return len(v.entries) }

// Snapshot copies the entries for use outside the UI.
func (v *Vault) Snapshot() []Entry {
	out := make([]Entry, len(v.entries))
	for i, e := range v.entries {
		out[i] = *e
		out[i].Tags = slices.Clone(e.Tags)
	}
	return out
}

// Merge applies remote entries: newer versions replace local ones, unknown
// entries are added. It returns the number of changed entries.
func (v *Vault) Merge(remote []Entry) int {
	byID := make(map[string]*Entry, len(v.entries))
	for _, e := range v.entries {
		byID[e.ID] = e
	}
	changed := 0
	for _, r := range remote {
		if cur, ok := byID[r.ID]; ok {
			if r.Updated.After(cur.Updated) {
				*cur = r
				changed++
			}
			continue
		}
		e := r
		v.entries = append(v.entries, &e)
		changed++
	}
	v.sort()
	return changed
}

// Reseal encrypts the current entries with the unlocked key.
func (v *Vault) Reseal() (*Sealed, error) {
	if v.Locked() {
		return nil, errors.New("vault: locked")
	}
	return sealWithKey(v.Snapshot(), v.key, v.salt, v.iterations)
}
