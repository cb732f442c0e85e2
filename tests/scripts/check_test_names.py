#!/usr/bin/env python3
"""Fails when a Catch2 TEST_CASE name holds a ';'.

ctest runs each case by name through catch_discover_tests, which splits a name at ';': the
halves match no case, Catch2 runs nothing and exits 0, and ctest reports a pass for a test
that never ran (26 such cases were found). Usage: check_test_names.py TOP
"""
import pathlib
import re
import sys

NAME = re.compile(r'TEST_CASE\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)')


def main() -> int:
    top = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    bad = []
    for path in sorted((top / "tests").rglob("*.cpp")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in NAME.finditer(text):
            if ";" in match.group(1):
                line = text.count("\n", 0, match.start()) + 1
                bad.append(f"{path.relative_to(top)}:{line}: a TEST_CASE name with ';'")
    for b in bad:
        print(b, file=sys.stderr)
    if bad:
        print("check_test_names: ctest splits names at ';' and would never run these cases",
              file=sys.stderr)
        return 1
    print("check_test_names: no TEST_CASE name holds a ';'")
    return 0


if __name__ == "__main__":
    sys.exit(main())
