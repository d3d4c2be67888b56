package main

import (
	"debug/buildinfo"
	"debug/elf"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/adega-bot/adega/storage"
)

// The deployment files hold to the program: the Dockerfile's build line
// makes a static binary that names its build, and the image's and the
// systemd unit's commands are commands adega takes.

// adega version names the commit, says when the checkout had changes
// not committed, and says so when the build carries no commit at all.
func TestVersionNamesTheCommitAndTheGoVersion(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261129095816-60ec954abcde"},
		Settings: []debug.BuildSetting{{Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "amd64"},
			{Key: "vcs.revision", Value: "60ec954abcde"}, {Key: "vcs.time", Value: "2026-11-29T09:58:16Z"}, {Key: "vcs.modified", Value: "false"}}}
	for _, tc := range []struct {
		modified, want string
	}{
		{"false", "adega v0.0.0-20261129095816-60ec954abcde\ncommit: 60ec954abcde\ncommitted: 2026-11-29T09:58:16Z\ngo: go1.26.8 linux/amd64\n"},
		{"true", "adega v0.0.0-20261129095816-60ec954abcde\ncommit: 60ec954abcde (with uncommitted changes)\ncommitted: 2026-11-29T09:58:16Z\ngo: go1.26.8 linux/amd64\n"},
	} {
		info.Settings[4].Value = tc.modified
		var out strings.Builder
		printVersion(&out, info)
		if out.String() != tc.want {
			t.Errorf("modified %s:\n%s\nwant\n%s", tc.modified, out.String(), tc.want)
		}
	}
	var out strings.Builder
	printVersion(&out, &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}})
	outputHas(t, out.String(), "adega (devel)\n", "commit: unknown (built without version control information)\n")
}

// dockerfile is the repository's Dockerfile, line by line.
func dockerfile(t *testing.T) []string {
	return strings.Split(readPage(t, "Dockerfile"), "\n")
}

// dockerBuild is the Dockerfile's go build line as an environment and
// go's arguments, with the -o file given.
func dockerBuild(t *testing.T, out string) (env, args []string) {
	for _, line := range dockerfile(t) {
		words := strings.Fields(line)
		if len(words) == 0 || words[0] != "RUN" || !strings.Contains(line, " go build ") {
			continue
		}
		words = words[1:]
		for len(words) > 0 && strings.Contains(words[0], "=") {
			env, words = append(env, words[0]), words[1:]
		}
		args = words[1:] // after "go"
		for i, w := range args {
			if w == "-o" && i+1 < len(args) {
				args[i+1] = out
				return env, args
			}
		}
		t.Fatalf("the Dockerfile's go build has no -o: %s", line)
	}
	t.Fatal("the Dockerfile has no RUN go build line")
	return nil, nil
}

// dockerExec is the exec form of the Dockerfile's instruction (ENTRYPOINT,
// CMD or HEALTHCHECK's CMD), with the image's adega replaced by bin.
func dockerExec(t *testing.T, instruction, bin string) []string {
	for _, line := range dockerfile(t) {
		if !strings.HasPrefix(line, instruction+" ") {
			continue
		}
		var words []string
		if err := json.Unmarshal([]byte(line[strings.Index(line, "["):]), &words); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if words[0] == "/usr/local/bin/adega" {
			words[0] = bin
		}
		return words
	}
	t.Fatalf("the Dockerfile has no %s", instruction)
	return nil
}

// TestDockerfileBuildsAStaticBinary builds adega with the Dockerfile's own
// build line and runs it: static (no interpreter, no dynamic section), it
// says its version, commit and Go version, and the image's command and
// health check are commands it takes. The health check fails until a
// process holds the database open, as the running bot does, and after.
func TestDockerfileBuildsAStaticBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "adega")
	env, args := dockerBuild(t, bin)
	build := exec.Command("go", args...)
	build.Dir = filepath.Join("..", "..")
	build.Env = append(os.Environ(), env...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
			t.Errorf("the binary is not static: it has a %s program header", p.Type)
		}
	}
	f.Close()
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if settings["CGO_ENABLED"] != "0" || settings["-trimpath"] != "true" {
		t.Errorf("built with CGO_ENABLED=%q, -trimpath=%q", settings["CGO_ENABLED"], settings["-trimpath"])
	}
	commit := "commit: unknown (built without version control information)"
	if rev := settings["vcs.revision"]; rev != "" {
		commit = "commit: " + rev
	} else if fi, err := os.Stat("../../.git"); err == nil && fi.IsDir() {
		// A clone, as Docker's build context is: go stamps its commit.
		// (A git worktree's .git is a file, which go does not read.)
		t.Error("built in a git clone without its commit")
	}
	version := run(t, bin, nil, "version")
	outputHas(t, version, "adega "+info.Main.Version+"\n", commit, "go: "+runtime.Version()+" ")
	outputHas(t, run(t, bin, nil, "help"), "  health ", "  version ")

	command := append(dockerExec(t, "ENTRYPOINT", bin), dockerExec(t, "CMD", bin)...)
	outputHas(t, run(t, bin, nil, append(command[1:], "-h")...), "Usage of run:")

	dir := t.TempDir()
	health := dockerExec(t, "HEALTHCHECK", bin)
	dataDir := []string{"ADEGA_DATA_DIR=" + dir}
	if out, err := runBinary(health[0], dataDir, health[1:]...); err == nil {
		t.Errorf("healthy before the bot started:\n%s", out)
	}
	reg, err := games(Config{})
	if err != nil {
		t.Fatal(err)
	}
	store, err := storage.Open(filepath.Join(dir, "adega.db"), reg)
	if err != nil {
		t.Fatal(err)
	}
	outputHas(t, run(t, health[0], dataDir, health[1:]...), "ok: a running bot holds "+dir+"/adega.db open")
	store.Close()
	if out, err := runBinary(health[0], dataDir, health[1:]...); err == nil || !strings.Contains(out, "no process holds it open") {
		t.Errorf("after the bot stopped: %v\n%s", err, out)
	}
}

// runBinary runs a binary with more environment and returns what it
// printed.
func runBinary(bin string, env []string, args ...string) (string, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// run runs a binary that must succeed.
func run(t *testing.T, bin string, env []string, args ...string) string {
	t.Helper()
	out, err := runBinary(bin, env, args...)
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, out)
	}
	return out
}

// The systemd unit runs a command adega takes, and docs/deploy.md puts
// the config, the token's file and the data where the unit reads them.
func TestSystemdUnitMatchesTheDeployPage(t *testing.T) {
	unit := map[string][]string{}
	for _, line := range strings.Split(readPage(t, "deploy/adega.service"), "\n") {
		if key, value, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(line, "#") {
			unit[key] = append(unit[key], value)
		}
	}
	start := strings.Fields(unit["ExecStart"][0])
	if _, err := runMain(t, "", append(start[1:], "-h")...); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("ExecStart=%s: %v", unit["ExecStart"][0], err)
	}
	page := readPage(t, "docs/deploy.md")
	paths := []string{start[0], unit["EnvironmentFile"][0], "/var/lib/" + unit["StateDirectory"][0], "deploy/adega.service"}
	for i, w := range start {
		if w == "--config" {
			paths = append(paths, start[i+1])
		}
	}
	for _, e := range unit["Environment"] {
		if v, ok := strings.CutPrefix(e, "ADEGA_DATA_DIR="); ok {
			paths = append(paths, v)
		}
	}
	if len(paths) < 6 {
		t.Errorf("the unit names no --config or no ADEGA_DATA_DIR: %v", paths)
	}
	for _, p := range paths {
		if !strings.Contains(page, p) {
			t.Errorf("docs/deploy.md does not name %s, which the unit uses", p)
		}
	}
}
