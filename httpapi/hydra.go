package httpapi

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
)

// resource is the JSON-LD head every single resource carries.
type resource struct {
	Context string `json:"@context,omitempty"`
	ID      string `json:"@id"`
	Type    string `json:"@type"`
}

// collection is a hydra:Collection page.
type collection struct {
	Context    string `json:"@context"`
	ID         string `json:"@id"`
	Type       string `json:"@type"`
	Members    any    `json:"hydra:member"`
	TotalItems int    `json:"hydra:totalItems"`
	View       *view  `json:"hydra:view,omitempty"`
}

// view holds a collection page's paging links.
type view struct {
	ID       string `json:"@id"`
	Type     string `json:"@type"`
	First    string `json:"hydra:first,omitempty"`
	Last     string `json:"hydra:last,omitempty"`
	Previous string `json:"hydra:previous,omitempty"`
	Next     string `json:"hydra:next,omitempty"`
}

// newCollection builds a page of members at path (with query q, whose page parameter is
// rewritten for each link) out of total items, pageSize a page.
func newCollection(context, path string, q url.Values, members any, total, page, pageSize int) collection {
	pageURL := func(n int) string {
		v := url.Values{}
		for k, vs := range q {
			v[k] = vs
		}
		v.Set("page", strconv.Itoa(n))
		return path + "?" + v.Encode()
	}
	last := max(1, (total+pageSize-1)/pageSize)
	vw := &view{ID: pageURL(page), Type: "hydra:PartialCollectionView", First: pageURL(1), Last: pageURL(last)}
	if page > 1 {
		vw.Previous = pageURL(min(page-1, last))
	}
	if page < last {
		vw.Next = pageURL(page + 1)
	}
	return collection{Context: context, ID: pageURL(page), Type: "hydra:Collection",
		Members: members, TotalItems: total, View: vw}
}

// pageParam reads ?page=N, from 1; anything else is page 1.
func pageParam(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || n < 1 || n > 1_000_000 {
		return 1
	}
	return n
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/ld+json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// mapSlice is each of list turned into a member by f.
func mapSlice[T, M any](list []T, f func(T) M) []M {
	out := make([]M, len(list))
	for i, x := range list {
		out[i] = f(x)
	}
	return out
}
