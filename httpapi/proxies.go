package httpapi

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Proxies are the load balancers and reverse proxies in front of the app whose forwarding
// headers are believed (GYMLOG_TRUSTED_PROXIES). Behind one, every request comes from the
// proxy's address: without this, every client would share one sign-in and sign-up budget,
// and a stranger could again keep an owner out. Headers from anyone else are ignored, so a
// client cannot choose the address it is limited as.
type Proxies []netip.Prefix

// ParseProxies reads a comma-separated list of addresses and CIDR ranges.
func ParseProxies(s string) (Proxies, error) {
	var out Proxies
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			addr, err := netip.ParseAddr(part)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q: %w", part, err)
			}
			out = append(out, netip.PrefixFrom(addr.Unmap(), addr.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: %w", part, err)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

func (p Proxies) trusts(addr string) bool {
	a, err := netip.ParseAddr(strings.TrimSpace(addr))
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, prefix := range p {
		if prefix.Contains(a) {
			return true
		}
	}
	return false
}

// client is who sent a request, as far as the app can tell.
type client struct {
	address string // the client's IP address
	https   bool   // the client's connection to the app or to the first trusted proxy was HTTPS
}

type clientKey struct{}

// identifyClient notes who sent each request: the peer's address, or, when the peer is a
// trusted proxy, the right-most address of X-Forwarded-For that is not a trusted proxy
// (the left-most ones are the client's to write), and X-Forwarded-Proto for HTTPS.
func (p Proxies) identifyClient(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := client{address: r.RemoteAddr, https: r.TLS != nil}
		if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
			c.address = host
		}
		if p.trusts(c.address) {
			hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
			for i := len(hops) - 1; i >= 0; i-- {
				hop := strings.TrimSpace(hops[i])
				if _, err := netip.ParseAddr(hop); err != nil {
					break // not an address: trust nothing further left
				}
				c.address = hop
				if !p.trusts(hop) {
					break
				}
			}
			if proto := r.Header.Get("X-Forwarded-Proto"); proto != "" {
				c.https = strings.EqualFold(strings.TrimSpace(strings.Split(proto, ",")[0]), "https")
			}
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientKey{}, c)))
	})
}

// requestClient is who sent r (see identifyClient).
func requestClient(r *http.Request) client {
	if c, ok := r.Context().Value(clientKey{}).(client); ok {
		return c
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return client{address: host, https: r.TLS != nil}
}

// clientAddress is the address of who sent r, which the rate limits count by.
func clientAddress(r *http.Request) string { return requestClient(r).address }
