// Package smtptest runs an in-process SMTP server for tests and keeps every message it
// receives, so a test can read the real mail a sender produced.
package smtptest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Message is one mail as the server received it.
type Message struct {
	// User is the name the client authenticated as, empty without authentication.
	User string
	// TLS reports whether the mail came over a connection upgraded with STARTTLS.
	TLS  bool
	From string
	To   []string
	// Data is the raw RFC 5322 message.
	Data []byte
}

// Options configure a Server.
type Options struct {
	// User and Pass, when User is set, are the credentials the server requires (PLAIN)
	// before it accepts mail.
	User, Pass string
	// StartTLS makes the server offer STARTTLS with a certificate of its own for 127.0.0.1;
	// ClientTLS trusts it.
	StartTLS bool
}

// Server is a running test SMTP server.
type Server struct {
	// Addr is host:port.
	Addr string
	// URL is smtp://[user:pass@]host:port, ready for mailer.NewSMTP.
	URL string
	// ClientTLS is a client configuration that trusts the server's certificate (StartTLS).
	ClientTLS *tls.Config

	user, pass string
	mu         sync.Mutex
	messages   []Message
	arrived    chan struct{}
}

// NewServer starts a server on 127.0.0.1 that stops when the test ends.
func NewServer(t testing.TB, opts Options) *Server {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Addr: l.Addr().String(), user: opts.User, pass: opts.Pass, arrived: make(chan struct{}, 1)}
	s.URL = "smtp://" + s.Addr
	if opts.User != "" {
		s.URL = "smtp://" + opts.User + ":" + opts.Pass + "@" + s.Addr
	}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{server: s, conn: c}, nil
	}))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	if opts.StartTLS {
		cert, pool := certificate(t)
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
		s.ClientTLS = &tls.Config{RootCAs: pool}
	}
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(l)
	}()
	t.Cleanup(func() {
		_ = srv.Close()
		<-done
	})
	return s
}

// Messages returns what the server has received so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// WaitForMessages waits, up to timeout, until the server has received n messages, and
// returns them; it fails the test when they do not come.
func (s *Server) WaitForMessages(t testing.TB, n int, timeout time.Duration) []Message {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		if got := s.Messages(); len(got) >= n {
			return got
		}
		select {
		case <-s.arrived:
		case <-deadline.C:
			t.Fatalf("smtptest: got %d messages within %v, want %d", len(s.Messages()), timeout, n)
		}
	}
}

func (s *Server) add(m Message) {
	s.mu.Lock()
	s.messages = append(s.messages, m)
	s.mu.Unlock()
	select {
	case s.arrived <- struct{}{}:
	default:
	}
}

type session struct {
	server *Server
	conn   *smtp.Conn
	user   string
	msg    Message
}

func (c *session) AuthMechanisms() []string {
	if c.server.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (c *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != c.server.user || pass != c.server.pass {
			return errors.New("invalid credentials")
		}
		c.user = user
		return nil
	}), nil
}

func (c *session) Mail(from string, _ *smtp.MailOptions) error {
	if c.server.user != "" && c.user == "" {
		return smtp.ErrAuthRequired
	}
	_, tlsOn := c.conn.TLSConnectionState()
	c.msg = Message{User: c.user, TLS: tlsOn, From: from}
	return nil
}

func (c *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	c.msg.To = append(c.msg.To, to)
	return nil
}

func (c *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	c.msg.Data = data
	c.server.add(c.msg)
	return nil
}

func (c *session) Reset()        { c.msg = Message{} }
func (c *session) Logout() error { return nil }

// certificate makes a self-signed certificate for 127.0.0.1 and a pool that trusts it.
func certificate(t testing.TB) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "smtptest"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:     []string{"localhost"},
		NotBefore:    time.Now().Add(-time.Minute),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

// Parsed is a received message's headers and decoded bodies.
type Parsed struct {
	Header mail.Header
	// Subject is the decoded Subject header.
	Subject string
	// Text and HTML are the decoded text/plain and text/html bodies.
	Text, HTML string
}

// Parse decodes the message: its headers, and its plain-text and HTML bodies, single part or
// multipart/alternative, quoted-printable or base64 or plain.
func (m Message) Parse() (Parsed, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(m.Data))
	if err != nil {
		return Parsed{}, fmt.Errorf("smtptest: parse message: %w", err)
	}
	p := Parsed{Header: msg.Header}
	if p.Subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); err != nil {
		return p, fmt.Errorf("smtptest: subject: %w", err)
	}
	err = p.addPart(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
	return p, err
}

func (p *Parsed) addPart(contentType, encoding string, body io.Reader) error {
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return fmt.Errorf("smtptest: content type %q: %w", contentType, err)
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			part, err := mr.NextRawPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("smtptest: multipart: %w", err)
			}
			if err := p.addPart(part.Header.Get("Content-Type"), part.Header.Get("Content-Transfer-Encoding"), part); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body) // it skips the line breaks
	}
	data, err := io.ReadAll(body)
	if err != nil {
		return fmt.Errorf("smtptest: body: %w", err)
	}
	switch mediaType {
	case "text/plain":
		p.Text = string(data)
	case "text/html":
		p.HTML = string(data)
	}
	return nil
}
