#!/usr/bin/env python3
"""Plays a lesson to its end under the en-XA pseudo-locale and fails on any English word left.

Usage: pseudo_transcript.py LESSONSIM LESSON.json SCRIPT.play

Under en-XA every letter of every catalog message and lesson text is accented, so a word of
plain ASCII letters in the transcript is a string that bypasses the catalog (or an argument
that should be a message). The learner's own commands, echoed after "> ", are left out.
"""
import re
import subprocess
import sys

# Words that are data, not interface text: they are the same in every language.
NAMES = {"NVLink", "InfiniBand", "Ethernet", "ZeRO"}

WORD = re.compile(r"(?<![\w{])[A-Za-z]{3,}(?![\w}])")


def main():
    lessonsim, lesson, script = sys.argv[1:4]
    run = subprocess.run([lessonsim, "play", lesson, "--locale", "en-XA", "--script", script],
                         capture_output=True, text=True, timeout=60)
    out = run.stdout + run.stderr
    if run.returncode != 0:
        print(out)
        print(f"pseudo transcript: lessonsim play exited {run.returncode}")
        return 1
    english = []
    for number, line in enumerate(out.splitlines(), 1):
        shown = line.split("> ", 1)[0] if line.startswith(">") else line
        for word in WORD.findall(shown):
            if word not in NAMES:
                english.append(f"line {number}: {word!r} in: {line.strip()[:100]}")
    if "⟦" not in out:
        print("pseudo transcript: no pseudo-localized text at all")
        return 1
    if english:
        print("pseudo transcript: English left under en-XA (a string not from the catalog):")
        print("\n".join(english))
        return 1
    print(f"pseudo transcript: {len(out.splitlines())} lines, every word pseudo-localized")
    return 0


if __name__ == "__main__":
    sys.exit(main())
