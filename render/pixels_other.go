//go:build !unix

package render

// lifelong returns n zeroed bytes that are never freed.
func lifelong(n int) []byte { return make([]byte, n) }
