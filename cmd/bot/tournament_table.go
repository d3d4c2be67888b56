package main

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/adega-bot/adega/engine"
	"github.com/adega-bot/adega/engine/ai"
)

// kindStats is how one kind of player did over a tournament's seats.
type kindStats struct {
	seats, wins int
	vp          int
	decisions   []time.Duration
	noVP        bool  // the game counts no VP
	fromSources []int // VP by source, summed over the seats (engine.VPSources)
}

// report prints the table: per kind of player, its win rate with a 95%
// Wilson interval, mean VP, and the time its decisions took; and for solo
// games, the opponent's VP and the titles and accolades earned.
func (t *tournament) report(out io.Writer, results []ai.Match) {
	stats := map[string]*kindStats{}
	others := kindStats{} // seats nobody plays, such as Lacerda
	titles, accolades := map[string]int{}, map[int]int{}
	var sources []string
	for i, m := range results {
		vp := vpCounters(m.Final)
		var bySource [][]int
		if vs, ok := m.Final.(engine.VPSources); ok {
			sources, bySource = vs.VPSources()
		}
		for seat := range m.Final.Players() {
			st := &others
			if seat < t.players {
				kind := t.seatKind(i, seat)
				if stats[kind] == nil {
					stats[kind] = &kindStats{}
				}
				st = stats[kind]
				st.decisions = append(st.decisions, m.Decisions[seat]...)
			}
			st.seats++
			if len(m.Ranking) > 0 && int(m.Ranking[0]) == seat {
				st.wins++
			}
			if vp == nil {
				st.noVP = true
			} else {
				st.vp += vp[seat]
			}
			if bySource != nil {
				st.fromSources = addTo(st.fromSources, bySource[seat])
			}
		}
		if solo, ok := m.Final.(engine.SoloScored); ok {
			if n, title, ok := solo.SoloResult(); ok {
				titles[title]++
				accolades[n]++
			}
		}
	}
	// The kinds in the table's order, the seats nobody plays last.
	kinds := slices.Sorted(maps.Keys(stats))
	if others.seats > 0 {
		kinds, stats["automa"] = append(kinds, "automa"), &others
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "player\tseats\twins\twin rate\t95% CI\tmean VP\tdecisions\tmean ms\tp99 ms\t")
	for _, kind := range kinds {
		row(w, kind, stats[kind])
	}
	w.Flush()
	if sources != nil {
		fmt.Fprintln(out, "mean VP by source:")
		for _, kind := range kinds {
			fmt.Fprintf(out, "  %s: %s\n", kind, meanSources(sources, stats[kind]))
		}
	}
	if len(titles) > 0 {
		fmt.Fprintf(out, "titles: %s\n", counts(titles))
		fmt.Fprintf(out, "accolades: %s\n", counts(accolades))
	}
}

func row(w io.Writer, name string, st *kindStats) {
	rate := float64(st.wins) / float64(st.seats)
	lo, hi := ai.Wilson(float64(st.wins)/float64(st.seats), st.seats)
	vp, mean, p99 := "-", "-", "-"
	if !st.noVP {
		vp = fmt.Sprintf("%.1f", float64(st.vp)/float64(st.seats))
	}
	if len(st.decisions) > 0 {
		mean, p99 = millis(meanDuration(st.decisions)), millis(percentile(st.decisions, 0.99))
	}
	fmt.Fprintf(w, "%s\t%d\t%d\t%.1f%%\t%.1f–%.1f%%\t%s\t%d\t%s\t%s\t\n", name, st.seats, st.wins, 100*rate,
		100*lo, 100*hi, vp, len(st.decisions), mean, p99)
}

// addTo adds v to sum element by element; a nil sum starts at zero.
func addTo(sum, v []int) []int {
	if sum == nil {
		sum = make([]int, len(v))
	}
	for i, x := range v {
		sum[i] += x
	}
	return sum
}

// meanSources shows st's mean VP per seat by source: "Exports 40.2, ...".
func meanSources(sources []string, st *kindStats) string {
	var parts []string
	for i, total := range st.fromSources {
		parts = append(parts, fmt.Sprintf("%s %.1f", sources[i], float64(total)/float64(st.seats)))
	}
	return strings.Join(parts, ", ")
}

// vpCounters are the seats' VP, nil for a game without a "vp" counter.
func vpCounters(s engine.State) []int {
	var vp []int
	for _, p := range s.Players() {
		v, ok := p.Stat("vp")
		if !ok {
			return nil
		}
		vp = append(vp, v)
	}
	return vp
}

func meanDuration(ds []time.Duration) time.Duration {
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	return sum / time.Duration(len(ds))
}

// percentile is the q-th quantile of ds, by the nearest rank.
func percentile(ds []time.Duration, q float64) time.Duration {
	sorted := slices.Sorted(slices.Values(ds))
	return sorted[min(len(sorted)-1, int(math.Ceil(q*float64(len(sorted))))-1)]
}

func millis(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d)/float64(time.Millisecond)) }

// counts shows a tally by key, keys in order: "a 3, b 1".
func counts[K interface{ ~int | ~string }](m map[K]int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%v: %d", k, m[k]))
	}
	return fmt.Sprint(parts)
}
