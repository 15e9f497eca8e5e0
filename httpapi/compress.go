package httpapi

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
)

// compressedJSONMinSize is the smallest API answer that is gzipped: below a kilobyte (a set,
// an error) gzip saves little and costs a phone's CPU to undo.
const compressedJSONMinSize = 1024

// compressJSON gzips the API's JSON-LD answers of compressedJSONMinSize bytes or more (lists,
// chart data) for clients that accept gzip, with Vary: Accept-Encoding.
func compressJSON() func(http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(compressedJSONMinSize), gzhttp.ContentTypes([]string{"application/ld+json"}))
	if err != nil {
		panic(err) // the options are constants: they are valid
	}
	return func(h http.Handler) http.Handler { return wrap(h) }
}
