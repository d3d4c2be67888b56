// Package render holds the drawing helpers shared by every game's board
// renderer: the embedded Go fonts, a canvas that records where its text
// goes, fast boxes and discs, vector icons, cached backgrounds, a parallel
// PNG encoder, and a plain summary card for games that have no renderer of
// their own.
package render
