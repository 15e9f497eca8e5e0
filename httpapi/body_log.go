package httpapi

import ()

// shortDate turns a YYYY-MM-DD date into the dd/mm/yyyy the single-entry answers carry.
func shortDate(iso string) string {
	if len(iso) != 10 {
		return iso
	}
	return iso[8:10] + "/" + iso[5:7] + "/" + iso[0:4]
}
