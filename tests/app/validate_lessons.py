#!/usr/bin/env python3
"""Validates lesson files against assets/lesson.schema.json with the jsonschema module.

Usage: validate_lessons.py SCHEMA FILE...
Prints one line per file, "ok<TAB>FILE" or "bad<TAB>FILE<TAB>why", for schema_test.cpp to read.
Exits 3 when the jsonschema module is missing and 4 when the schema itself is not valid.
"""
import json
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    print("python3-jsonschema is not installed (scripts/lib/deps.sh lists it)", file=sys.stderr)
    sys.exit(3)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    try:
        Draft202012Validator.check_schema(schema)
    except Exception as e:  # the schema is the thing under test: report any failure
        print(f"the schema is not valid draft 2020-12: {e}", file=sys.stderr)
        sys.exit(4)
    validator = Draft202012Validator(schema)
    for path in sys.argv[2:]:
        try:
            with open(path, encoding="utf-8") as f:
                lesson = json.load(f)
        except (OSError, ValueError) as e:
            print(f"bad\t{path}\tnot JSON: {e}")
            continue
        errors = sorted(validator.iter_errors(lesson), key=lambda e: list(e.absolute_path))
        if errors:
            where = "/" + "/".join(str(p) for p in errors[0].absolute_path)
            message = errors[0].message.replace("\t", " ").replace("\n", " ")[:300]
            print(f"bad\t{path}\t{where}: {message}")
        else:
            print(f"ok\t{path}")


if __name__ == "__main__":
    main()
