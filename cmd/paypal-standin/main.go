// Command paypal-standin serves paypaltest, the local stand-in for PayPal's REST API and JS
// SDK, so the browser tests can take a trainer subscription and buy a plan (Orders v2 and
// the one-off button) without the internet. Point
// gymlog at it with GYMLOG_PAYPAL_API_URL=http://ADDR, GYMLOG_PAYPAL_SDK_URL=http://ADDR/sdk/js
// and the stand-in's client id, secret, plan and webhook ids (see -h).
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"time"

	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "listen address")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: paypal-standin [-addr host:port]\n\nclient id %s, secret %s, plan %s, webhook %s\n\n",
			paypaltest.ClientID, paypaltest.Secret, paypaltest.PlanID, paypaltest.WebhookID)
		flag.PrintDefaults()
	}
	flag.Parse()
	srv := &http.Server{Addr: *addr, Handler: paypaltest.New(), ReadHeaderTimeout: 10 * time.Second}
	log.Printf("paypal stand-in on http://%s", *addr)
	log.Fatal(srv.ListenAndServe())
}
