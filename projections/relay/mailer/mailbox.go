package mailer

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// MailboxLimit is how many mails the development mailbox keeps; older ones are deleted.
const MailboxLimit = 200

// mailboxTimeFormat names mailbox files by their UTC send time, so names sort by it.
const mailboxTimeFormat = "20060102T150405.000000000Z"

// Mailbox is the development "mail server": each mail is logged and written to dir as one
// JSON file named <UTC send time>-<random>.json. The end-to-end browser tests read the
// verification code from these files, so their names and fields are a contract.
type Mailbox struct {
	dir  string
	from string
	log  *slog.Logger
	mu   sync.Mutex // one writer at a time, so pruning sees every file
}

// MailboxMessage is the JSON content of one mailbox file.
type MailboxMessage struct {
	To      []string `json:"to"`
	From    string   `json:"from"`
	Subject string   `json:"subject"`
	Text    string   `json:"text"`
	SentAt  string   `json:"sentAt"`
}

// NewMailbox returns the mailbox writing into dir, creating it. from is the sender address
// (DefaultFrom when empty); log defaults to slog.Default().
func NewMailbox(dir, from string, log *slog.Logger) (*Mailbox, error) {
	if dir == "" {
		return nil, fmt.Errorf("mailer: mailbox directory is empty")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("mailer: create mailbox %s: %w", dir, err)
	}
	if from == "" {
		from = DefaultFrom
	}
	if log == nil {
		log = slog.Default()
	}
	return &Mailbox{dir: dir, from: from, log: log}, nil
}

// Send implements Sender. The file appears complete or not at all: it is written under a
// temporary name and renamed.
func (b *Mailbox) Send(ctx context.Context, m Mail) error {
	sent := time.Now().UTC()
	data, err := json.MarshalIndent(MailboxMessage{
		To: m.To, From: b.from, Subject: m.Subject, Text: m.Text, SentAt: sent.Format(time.RFC3339Nano),
	}, "", "  ")
	if err != nil {
		return fmt.Errorf("mailer: encode mail: %w", err)
	}
	name := sent.Format(mailboxTimeFormat) + "-" + strings.ToLower(rand.Text()[:10]) + ".json"
	b.mu.Lock()
	defer b.mu.Unlock()
	tmp, err := os.CreateTemp(b.dir, ".sending-*")
	if err != nil {
		return fmt.Errorf("mailer: write mail: %w", err)
	}
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("mailer: write mail: %w", err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("mailer: write mail: %w", err)
	}
	path := filepath.Join(b.dir, name)
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("mailer: write mail: %w", err)
	}
	b.log.InfoContext(ctx, "mail written to the development mailbox",
		"to", m.To, "subject", m.Subject, "file", path, "text", m.Text)
	b.prune(ctx)
	return nil
}

// prune deletes all but the newest MailboxLimit mails. A failure only leaves more mail.
func (b *Mailbox) prune(ctx context.Context) {
	entries, err := os.ReadDir(b.dir)
	if err != nil {
		b.log.WarnContext(ctx, "list mailbox", "err", err)
		return
	}
	var mails []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") && !strings.HasPrefix(e.Name(), ".") {
			mails = append(mails, e.Name())
		}
	}
	slices.Sort(mails)
	for len(mails) > MailboxLimit {
		if err := os.Remove(filepath.Join(b.dir, mails[0])); err != nil && !os.IsNotExist(err) {
			b.log.WarnContext(ctx, "prune mailbox", "err", err)
		}
		mails = mails[1:]
	}
}
