package app

import (
	"time"

	"github.com/gymlog/gymlog/app/limits"
)

// guards are the limits on guessing, the process's (one set per App): passwords (Passwords),
// the six-digit codes sent by e-mail, and which e-mail addresses are registered. Each use case
// that checks a secret or may tell whether an address is taken spends them, keyed by the
// client's address (each such command carries it) and by the account or e-mail tried.
type guards struct {
	passwords     *Passwords
	claims        *limits.Limiter // failed claims of an e-mail address (sign-up, change), per client address
	codeByAddress *limits.Limiter // code checks, verification and reset, per client address
	codeByAccount *limits.Limiter // verification-code checks, per account
	resendByUser  *limits.Limiter // verification codes sent again, per account
	resetSend     *limits.Limiter // reset codes sent, per e-mail
	resetCheck    *limits.Limiter // reset-code checks, per e-mail
}

func newGuards(passwordCost int) guards {
	return guards{
		passwords:     NewPasswords(passwordCost),
		claims:        limits.New(30*time.Second, 10),
		codeByAddress: limits.New(3*time.Second, 20),
		codeByAccount: limits.New(time.Minute, 5),
		resendByUser:  limits.New(30*time.Second, 1),
		resetSend:     limits.New(30*time.Second, 3),
		resetCheck:    limits.New(time.Minute, 5),
	}
}
