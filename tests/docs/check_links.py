#!/usr/bin/env python3
"""Every Markdown link and file reference in the repository resolves.

Checks each tracked Markdown file (outside fenced code blocks):
- links and images, [text](target) and ![alt](target): the target file exists (relative to
  the Markdown file), and a #fragment names one of the target's headings (GitHub's slugs);
- file references, in `code` or plain text: a path whose first folder is one of the
  repository's top-level folders (`src/ui/draw.cpp`, `docs/testing.md`) exists, from the root
  or from the Markdown file's folder; a bare file name with a source or document ending
  (`move_motion.cpp`, `RESULTS.md`) is a file somewhere in the repository.
Placeholders (`src/kinds/KIND/KIND_canvas.cpp`) and files the program writes (`card.md`) are
not references. Runs its own fixture first, so it fails if it would pass a broken link.

Usage: check_links.py [ROOT]   (default: the repository holding this script)
"""
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

# Names the program or a user writes, which docs mention without their being in the tree.
WRITTEN_FILES = {
    "card.md", "card.png", "settings.json", "progress.db", "course.json.bak",
    "lrs.json",  # the LRS settings a school puts in the data folder (docs/classroom.md)
}
# Words standing for a name the reader fills in.
PLACEHOLDERS = {"KIND", "ID", "FILE", "DIR", "OUT", "LOCALE", "NAME", "MARKS", "PLAN", "F", "N",
                "L", "X",
                "storage"}  # ARCHITECTURE.md's kind on paper
EXTENSIONS = "md|cpp|hpp|h|py|sh|json|def|png|txt|cmake|play|supp"

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]*(?:\([^()]*\)[^()\s]*)*)(?:\s+\"[^\"]*\")?\)")
# A path ends before a sentence's full stop; one followed by `*` is a glob, not a file.
PATH = re.compile(
    r"(?<![\w/.~$<>@*-])((?:\.\.?/)?[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]*[A-Za-z0-9_-])+/?)(?![\w*])")
BARE = re.compile(
    r"(?<![\w/.~$<>@*-])([A-Za-z0-9][A-Za-z0-9_.-]*\.(?:" + EXTENSIONS + r"))(?![\w/*-])")


def repo_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-co", "--exclude-standard"],
                             check=True, capture_output=True, text=True).stdout
        files = [f for f in out.splitlines() if f]
        if files:
            return files
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for top, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith((".git", "build", "node_modules", "dist"))]
        for n in names:
            files.append(os.path.relpath(os.path.join(top, n), root))
    return files


def slug(heading):
    """GitHub's anchor for a heading."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    out = []
    for ch in text:
        if ch in " -":
            out.append("-")
        elif ch == "_" or unicodedata.category(ch)[0] in "LN":
            out.append(ch)
    return "".join(out)


def prose_lines(text):
    """(line number, line) outside fenced code blocks."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip()
        if fence:
            if stripped.startswith(fence):
                fence = None
            continue
        if stripped.startswith("```") or stripped.startswith("~~~"):
            fence = stripped[:3]
            continue
        yield number, line


def anchors(text):
    seen = {}
    found = set()
    for _, line in prose_lines(text):
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        base = slug(m.group(1))
        n = seen.get(base, 0)
        found.add(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return found


def is_placeholder(path):
    return any(part in PLACEHOLDERS for part in re.split(r"[/_.-]", path))


class Checker:
    def __init__(self, root):
        self.root = root
        self.files = set(repo_files(root))
        self.dirs = {os.path.dirname(f) for f in self.files}
        for d in list(self.dirs):
            while d:
                d = os.path.dirname(d)
                self.dirs.add(d)
        self.top = {f.split("/", 1)[0] for f in self.files if "/" in f}
        self.basenames = {os.path.basename(f) for f in self.files}
        self.errors = []
        self.checked = 0
        self._anchors = {}

    def exists(self, rel):
        rel = os.path.normpath(rel).rstrip("/")
        return rel in self.files or rel in self.dirs or rel == "."

    def anchors_of(self, rel):
        if rel not in self._anchors:
            with open(os.path.join(self.root, rel), encoding="utf-8") as f:
                self._anchors[rel] = anchors(f.read())
        return self._anchors[rel]

    def fail(self, md, number, message):
        self.errors.append(f"{md}:{number}: {message}")

    def check_link(self, md, number, target):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            return
        self.checked += 1
        path, _, fragment = target.partition("#")
        here = os.path.dirname(md)
        rel = os.path.normpath(os.path.join(here, path)) if path else md
        if not self.exists(rel):
            self.fail(md, number, f"link to '{target}': no file {rel}")
            return
        if fragment and rel.endswith(".md") and fragment not in self.anchors_of(rel):
            self.fail(md, number, f"link to '{target}': {rel} has no heading #{fragment}")

    def check_path(self, md, number, path):
        first = path.split("/", 1)[0]
        here = os.path.dirname(md)
        from_here = os.path.normpath(os.path.join(here, path))
        if first in (".", ".."):
            candidates = [from_here]
        elif first in self.top:
            candidates = [path, from_here]
        elif here and self.exists(os.path.join(here, first)):
            candidates = [from_here]
        else:
            return  # not the repository's: build/, ~/.local/…, a test's name
        self.checked += 1
        # A program is named by its path in the build tree's mirror: bench/bench_core is built
        # from bench/bench_core.cpp.
        built = [c + ext for c in candidates for ext in (".cpp", ".sh")]
        if any(self.exists(c) for c in candidates + built) or is_placeholder(path):
            return
        self.fail(md, number, f"file reference '{path}' names no file in the repository")

    def check_bare(self, md, number, name):
        if name in WRITTEN_FILES or is_placeholder(name):
            return
        self.checked += 1
        if name in self.basenames or self.exists(os.path.join(os.path.dirname(md), name)):
            return
        self.fail(md, number, f"file reference '{name}' names no file in the repository")

    def check_file(self, md):
        with open(os.path.join(self.root, md), encoding="utf-8") as f:
            text = f.read()
        for number, line in prose_lines(text):
            for m in LINK.finditer(line):
                self.check_link(md, number, m.group(1))
            rest = LINK.sub(" ", line)
            rest = re.sub(r"https?://\S+", " ", rest)
            for m in PATH.finditer(rest):
                self.check_path(md, number, m.group(1))
            for m in BARE.finditer(re.sub(PATH, " ", rest)):
                self.check_bare(md, number, m.group(1))

    def run(self):
        for md in sorted(f for f in self.files if f.endswith(".md")):
            if os.path.exists(os.path.join(self.root, md)):
                self.check_file(md)
        return self.errors


def self_test():
    """The checker finds each kind of broken reference in a small tree, and passes a good one."""
    with tempfile.TemporaryDirectory() as root:
        def write(rel, text):
            os.makedirs(os.path.dirname(os.path.join(root, rel)) or root, exist_ok=True)
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write(text)
        write("src/ui/draw.cpp", "")
        write("docs/guide.md", "# Guide\n\n## The learner's journey (part 1)\n")
        write("README.md", "\n".join([
            "# Readme",
            "[good](docs/guide.md#the-learners-journey-part-1) `src/ui/draw.cpp` draw.cpp",
            "[broken](docs/gone.md)",
            "[bad anchor](docs/guide.md#nowhere)",
            "see `src/ui/moved.cpp` and `renamed.cpp`",
            "`src/kinds/KIND/KIND_canvas.cpp` `build/x.png` ~/.local/share/x card.md",
            "```", "[in a fence](nowhere.md) src/ui/fenced.cpp", "```", ""]))
        errors = Checker(root).run()
        expected = ["docs/gone.md", "#nowhere", "src/ui/moved.cpp", "renamed.cpp"]
        missing = [e for e in expected if not any(e in line for line in errors)]
        if missing or len(errors) != len(expected):
            print("check_links self-test failed: expected errors for", expected, "got:")
            print("\n".join(errors))
            return False
    return True


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../..")
    if not self_test():
        return 1
    checker = Checker(os.path.abspath(root))
    errors = checker.run()
    for e in errors:
        print(e)
    if checker.checked < 100:
        print(f"check_links: only {checker.checked} references checked; is {root} the repository?")
        return 1
    print(f"{checker.checked} links and file references checked, {len(errors)} broken")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
