#!/usr/bin/env python3
"""Runs the command lines docs/authoring.md shows, so the guide and the tool cannot disagree.

Usage: authoring_commands.py LESSONSIM [GUIDE] [--window=yes|no]

Every `lessonsim ...` the guide shows, in a shell block or inline, is read: each option it names
(`--fuzz`) must be one `lessonsim SUBCOMMAND --help` lists. Each command line of a shell block
with nothing left to fill in (no FILE, ID, N, `...`, `[...]`) is also run, in the guide's order,
in a copy of the lessons and test data, and must succeed. Window commands run under
  Xvfb for a few frames when the binary has a window and xvfb-run is there; otherwise they are
  only read (the sanitized build has no window).
Exits 1 listing each disagreement, 0 with a count of what it read and ran.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_.]*$|\.\.\.|…|^\[|\]$|\||^%")


def shown_commands(text):
    """(line, command, runnable) for each lessonsim command the guide shows; a shell block's
    lines are command lines (runnable), an inline span names a command."""
    out = []
    in_shell = False
    for n, line in enumerate(text.splitlines(), 1):
        fence = re.match(r"^\s*```(\w*)", line)
        if fence:
            in_shell = not in_shell and fence.group(1) in ("sh", "shell", "console", "bash")
            continue
        if in_shell:
            command = line.split(" #")[0].strip()
            if re.search(r"(^|\s)lessonsim\s", command + " "):
                out.append((n, command, True))
            continue
        for span in re.findall(r"`([^`]+)`", line):
            if span.startswith("lessonsim"):
                out.append((n, span, False))
    return out


def help_text(binary, chain):
    return subprocess.run([binary] + list(chain) + ["--help"], capture_output=True,
                          text=True).stdout


def help_options(binary, chain, cache):
    if chain not in cache:
        text = help_text(binary, chain)
        cache[chain] = set(re.findall(r"(--[a-z][a-z0-9-]*)", text))
        cache[chain].update(re.findall(r"(?<![\w-])(-[a-zA-Z])\b", text))
    return cache[chain]


def subcommands(binary, chain=()):
    text = help_text(binary, chain)
    if "Subcommands:" not in text:
        return set()
    part = text.split("Subcommands:", 1)[-1]
    return set(re.findall(r"^\s+([a-z][a-z0-9]*)\s", part, re.M))


def words(command):
    try:
        return shlex.split(command)
    except ValueError:
        return command.split()


def check_options(binary, command, known_subs, cache):
    tokens = words(command)
    tokens = tokens[tokens.index("lessonsim") + 1:] if "lessonsim" in tokens else tokens
    # The subcommand chain: `i18n export` is export under i18n.
    chain = ()
    subs = known_subs
    for t in tokens:
        if t not in subs:
            break
        chain += (t,)
        subs = subcommands(binary, chain)
    name = " ".join(("lessonsim",) + chain)
    problems = []
    for t in tokens:
        option = t.split("=")[0]
        if option.startswith("-") and option not in ("-", "--") and not PLACEHOLDER.search(option):
            if option not in help_options(binary, chain, cache):
                problems.append(f"`{name}` has no option {option}")
    if not chain and tokens and not tokens[0].startswith("-") and not PLACEHOLDER.search(tokens[0]):
        if not tokens[0].endswith((".lessonsim", ".json")):
            problems.append(f"lessonsim has no subcommand {tokens[0]!r}")
    return problems


def concrete(command):
    return not any(PLACEHOLDER.search(t) for t in words(command))


def sandbox():
    """A copy of what the guide's commands read and write: lessons/, assets/ (the commands'
    share folder, so `i18n import` writes into the copy's catalogs), tests/app/data/."""
    tmp = tempfile.mkdtemp(prefix="lessonsim-guide-")
    for part in ("lessons", "assets", os.path.join("tests", "app", "data")):
        shutil.copytree(os.path.join(ROOT, part), os.path.join(tmp, part))
    return tmp


def opens_window(args):
    """Whether a command line (the words after `lessonsim`) is the window or a shot."""
    return not args or args[0].startswith("-") or args[0].endswith(".lessonsim") or \
        args[0] == "shot"


def after_lessonsim(command):
    tokens = words(command)
    return tokens[tokens.index("lessonsim") + 1:] if "lessonsim" in tokens else tokens


def run(binary, command, cwd, has_window):
    tokens = words(command)
    at = tokens.index("lessonsim")
    args = [binary] + tokens[at + 1:]
    out = None
    if ">" in args:  # `lessonsim i18n export ... > pt-BR.po`
        out = os.path.join(cwd, args[args.index(">") + 1])
        args = args[:args.index(">")]
    if opens_window(args[1:]):
        if not has_window:
            return None
        if args[1] != "shot":
            args += ["--exit-after-frames", "3", "--data-dir", os.path.join(cwd, "data")]
        args = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24"] + args
    env = dict(os.environ, LESSONSIM_SHARE_DIR=cwd)
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=300)
    if out is not None:
        with open(out, "w", encoding="utf-8") as f:
            f.write(done.stdout)
    return done


def main():
    # CMake says whether this lessonsim has its window (--window=no: the sanitized build); the
    # window's command lines are then neither checked nor run, and the count says so.
    window_build = "--window=no" not in sys.argv
    argv = [a for a in sys.argv[1:] if not a.startswith("--window=")]
    binary = os.path.abspath(argv[0])
    guide = argv[1] if len(argv) > 1 else os.path.join(ROOT, "docs", "authoring.md")
    with open(guide, encoding="utf-8") as f:
        commands = shown_commands(f.read())
    known = subcommands(binary)
    has_window = window_build and shutil.which("xvfb-run") is not None
    cache = {}
    problems = []
    if window_build and not has_window:
        problems.append("xvfb-run is missing: the window's command lines cannot be run")
    cwd = sandbox()
    ran = 0
    left = 0
    try:
        for line, command, runnable in commands:
            if not window_build and opens_window(after_lessonsim(command)):
                left += 1
                continue
            for p in check_options(binary, command, known, cache):
                problems.append(f"{guide}:{line}: {p} (in `{command}`)")
            if not runnable or not concrete(command):
                continue
            done = run(binary, command, cwd, has_window)
            if done is None:
                continue
            ran += 1
            if done.returncode != 0:
                problems.append(f"{guide}:{line}: `{command}` exits {done.returncode}: "
                                f"{(done.stderr or done.stdout).strip()[-400:]}")
    finally:
        shutil.rmtree(cwd, ignore_errors=True)
    for p in problems:
        print(p)
    if problems:
        return 1
    if left:
        print(f"NOTE {left} command line(s) of the window not checked: this lessonsim has none")
    print(f"{len(commands)} command lines read, {ran} run; the guide and the tool agree")
    return 0 if commands and ran else 1


if __name__ == "__main__":
    sys.exit(main())
