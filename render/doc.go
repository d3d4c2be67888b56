// Package render holds the drawing helpers shared by every game's board
// renderer: the embedded Go fonts, PNG encoding, and a plain summary card for
// games that have no renderer of their own.
package render
