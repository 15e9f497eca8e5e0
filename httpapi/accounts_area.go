package httpapi

import (
	"net/url"

	"github.com/gymlog/gymlog/httpapi/paypal"
	"github.com/gymlog/gymlog/projections/sizes"
)

// accountArea is what the account area (password and e-mail flows, profile, subscription,
// closing, sizes) needs beyond the foundation's server.
type accountArea struct {
	payments  *paypal.Client // nil when payments are not configured
	paymentsC paypal.Config
	sizes     *sizes.Queries
	csp       string
}

func newAccountArea(d Deps) accountArea {
	a := accountArea{
		paymentsC: d.Payments,
		sizes:     sizes.NewQueries(d.DB),
		csp:       contentSecurityPolicy(sdkOrigin(d.Payments)),
	}
	if d.Payments.Configured() {
		a.payments = paypal.New(d.Payments, d.PaymentsHTTP)
	}
	return a
}

// sdkOrigin is the origin the PayPal JS SDK loads from, which the Content-Security-Policy
// must allow; "" when payments are off.
func sdkOrigin(c paypal.Config) string {
	if !c.Configured() {
		return ""
	}
	u, err := url.Parse(c.ScriptURL())
	if err != nil || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}
