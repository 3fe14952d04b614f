package certd

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync/atomic"
	"time"

	"example.com/corpus/trial-sh21p/internal/pool"
)

// Request asks an issuer for a certificate.
type Request struct {
	Domain string
	SANs   []string
}

// Issued is a certificate returned by an issuer.
type Issued struct {
	Serial      string
	NotBefore   time.Time
	NotAfter    time.Time
	Fingerprint string
	PEM         string
}

// Issuer obtains certificates. Issue returns immediately; done is called
// once the certificate is available or issuance failed.
type Issuer interface {
	Issue(ctx context.Context, req Request, done func(Issued, error))
}

// LocalCA is an in-process certificate authority for internal services.
// Signing runs on a worker pool.
type LocalCA struct {
	key      *ecdsa.PrivateKey
	cert     *x509.Certificate
	validity time.Duration
	workers  *pool.Pool
	serial   atomic.Int64
	now      func() time.Time
}

// NewLocalCA creates a self-signed root and a pool of signing workers.
func NewLocalCA(name string, validity time.Duration, workers int) (*LocalCA, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: name},
		NotBefore:             now.Add(-time.Minute),
		NotAfter:              now.Add(10 * 365 * 24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	root, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	ca := &LocalCA{key: key, cert: root, validity: validity, workers: pool.New(workers), now: time.Now}
	ca.serial.Store(1)
	return ca, nil
}

// Issue signs a leaf certificate for req on a worker.
func (ca *LocalCA) Issue(ctx context.Context, req Request, done func(Issued, error)) {
	err := ca.workers.Submit(func() {
		iss, err := ca.sign(ctx, req)
		done(iss, err)
	})
	if err != nil {
		go done(Issued{}, err)
	}
}

// Close waits for in-flight signing to finish.
func (ca *LocalCA) Close() { ca.workers.Close() }

// Roots returns a pool containing the CA certificate.
func (ca *LocalCA) Roots() *x509.CertPool {
	p := x509.NewCertPool()
	p.AddCert(ca.cert)
	return p
}

func (ca *LocalCA) sign(ctx context.Context, req Request) (Issued, error) {
	if err := ctx.Err(); err != nil {
		return Issued{}, err
	}
	if err := validateName(req.Domain); err != nil {
		return Issued{}, err
	}
	leafKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return Issued{}, err
	}
	now := ca.now()
	serial := big.NewInt(ca.serial.Add(1))
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: req.Domain},
		DNSNames:     append([]string{req.Domain}, req.SANs...),
		NotBefore:    now.Add(-time.Minute),
		NotAfter:     now.Add(ca.validity),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.cert, &leafKey.PublicKey, ca.key)
	if err != nil {
		return Issued{}, fmt.Errorf("sign %s: %w", req.Domain, err)
	}
	sum := sha256.Sum256(der)
	return Issued{
		Serial:      serial.Text(16),
		NotBefore:   tmpl.NotBefore,
		NotAfter:    tmpl.NotAfter,
		Fingerprint: hex.EncodeToString(sum[:]),
		PEM:         string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})),
	}, nil
}

func validateName(domain string) error {
	if domain == "" || len(domain) > 253 {
		return errors.New("certd: invalid domain length")
	}
	for _, label := range strings.Split(domain, ".") {
		if label == "" || len(label) > 63 {
			return fmt.Errorf("certd: invalid label in %q", domain)
		}
		for _, r := range label {
			ok := r == '-' || r == '*' || (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9')
			if !ok {
				return fmt.Errorf("certd: invalid character %q in %q", r, domain)
			}
		}
	}
	return nil
}
