#!/usr/bin/env python3
"""Writes a zip with the entries a test describes, hostile ones included, for the bundle tests.

Usage: make_zip.py OUT.zip ENTRIES_JSON
ENTRIES_JSON: a list of {"name": str, "text": str (optional), "repeat": [str, n] (optional),
"mode": int (the Unix mode, e.g. 0o120777 for a symbolic link; default a regular file)}.
Names are written as given (zipfile keeps "../x" and "/x"); duplicates are allowed.
"""
import json
import sys
import warnings
import zipfile


def main():
    out, entries = sys.argv[1], json.loads(sys.argv[2])
    warnings.simplefilter("ignore")  # zipfile warns about duplicate names, which is the point
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for e in entries:
            info = zipfile.ZipInfo(e["name"], date_time=(1980, 1, 1, 0, 0, 0))
            info.create_system = 3  # Unix, so the mode below is read
            info.external_attr = (e.get("mode", 0o100644) & 0xFFFF) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            data = e.get("text", "")
            if "repeat" in e:
                data = e["repeat"][0] * e["repeat"][1]
            z.writestr(info, data)


if __name__ == "__main__":
    main()
