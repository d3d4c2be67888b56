package local

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/adega-bot/adega/engine"
)

// The table reads its lines from a script, from a keyboard through a line
// editor (arrows, history) when stdin and stdout are a terminal, or else
// plainly from stdin. A line too long to read is refused and skipped, and
// the table goes on.

// maxLine is the longest line the table reads, in bytes.
const maxLine = 64 << 10

var errLineTooLong = engine.Errorf(codeTooLong, "That line is longer than %d bytes; nothing was done.", maxLine)

// editorLimit is how many characters golang.org/x/term's line editor holds;
// it drops what is typed or pasted beyond them.
const editorLimit = 4096

var errLineCut = engine.Errorf(codeTooLong, "That line filled the line editor's %d characters and may have been cut; nothing was done. Put longer commands in a --script file.", editorLimit)

// lineReader gives the table's input a line at a time; io.EOF ends it.
type lineReader interface {
	readLine() (string, error)
}

// input is where the table's lines come from and where its output goes.
type input struct {
	lines lineReader
	out   io.Writer
	// prompt asks for each line with "> ": at a keyboard without the line
	// editor, which prompts itself.
	prompt bool
	close  func()
}

// openInput opens the script, or the keyboard: with the line editor when
// it is a terminal.
func openInput(env Env, f Flags) (input, error) {
	if f.Script != "" {
		file, err := os.Open(f.Script)
		if err != nil {
			return input{}, err
		}
		return input{lines: plainLines{bufio.NewReader(file)}, out: env.Stdout, close: func() { file.Close() }}, nil
	}
	if in, out, ok := terminal(env); ok {
		if state, err := term.MakeRaw(int(in.Fd())); err == nil {
			s := newScreen(struct {
				io.Reader
				io.Writer
			}{in, out})
			if width, height, err := term.GetSize(int(out.Fd())); err == nil && width > 0 && height > 0 {
				s.SetSize(width, height)
			}
			return input{lines: s, out: s, close: func() { term.Restore(int(in.Fd()), state) }}, nil
		}
	}
	return input{lines: plainLines{bufio.NewReader(env.Stdin)}, out: env.Stdout, prompt: !f.JSON, close: func() {}}, nil
}

// terminal returns stdin and stdout when both are a terminal.
func terminal(env Env) (in, out *os.File, ok bool) {
	in, inFile := env.Stdin.(*os.File)
	out, outFile := env.Stdout.(*os.File)
	return in, out, inFile && outFile && term.IsTerminal(int(in.Fd())) && term.IsTerminal(int(out.Fd()))
}

// readLine waits for the next line, or for ctx to end.
func readLine(ctx context.Context, lines lineReader) (string, error) {
	type read struct {
		line string
		err  error
	}
	got := make(chan read, 1)
	go func() {
		line, err := lines.readLine()
		got <- read{line, err}
	}()
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case r := <-got:
		return r.line, r.err
	}
}

// plainLines reads lines from a file or a pipe.
type plainLines struct{ r *bufio.Reader }

// readLine returns the next line without its end. A line longer than
// maxLine is read to its end and refused with errLineTooLong.
func (p plainLines) readLine() (string, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := p.r.ReadSlice('\n')
		if !tooLong {
			line = append(line, chunk...)
			tooLong = len(line) > maxLine+len("\r\n")
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(line) == 0:
			return "", io.EOF
		case err != nil && !errors.Is(err, io.EOF):
			return "", err
		}
		text := strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r")
		if tooLong || len(text) > maxLine {
			return "", errLineTooLong
		}
		return text, nil
	}
}

// screen is a terminal with golang.org/x/term's line editor: the arrows
// move along the line, up and down recall earlier lines. It is also where
// the table writes, so that its output and the prompt do not mix.
type screen struct{ *term.Terminal }

func newScreen(rw io.ReadWriter) screen { return screen{term.NewTerminal(rw, "> ")} }

func (s screen) readLine() (string, error) {
	line, err := s.ReadLine()
	if err != nil {
		s.SetPrompt("") // the table's last words need no prompt after them
		return "", err
	}
	if utf8.RuneCountInString(line) >= editorLimit {
		return "", errLineCut
	}
	return line, nil
}
