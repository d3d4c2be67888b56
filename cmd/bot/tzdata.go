package main

// Quiet hours and digests read each user's IANA time zone; embedding the
// zone database keeps them right on a host without one.
import _ "time/tzdata"
