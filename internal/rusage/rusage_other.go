//go:build !unix

package rusage

import "time"

// CPU is 0 where getrusage is missing.
func CPU() time.Duration { return 0 }
