#!/usr/bin/env python3
"""Test binaries compile their sources in unity batches (tests/CMakeLists.txt):
several test files in one translation unit. Two files of one binary that
define a helper of the same name in the same namespace then either fail to
build or, with other signatures, overload each other, and one file's call can
silently take the other's helper. This check lists every name defined at the
top level of two test files of one binary, unless one of them keeps its code
in a namespace of its own (docs/testing.md). Usage: test_helper_names.py TESTS_DIR"""
import collections
import pathlib
import re
import sys

OWN_NAMESPACE = re.compile(r"^namespace [\w:]+ \{  // its own: unity builds join test files", re.M)
DEFINITIONS = [
    re.compile(r"^(?:static |inline |constexpr |const |template <[^>]*> )*(?:[\w:<>,*&]+\s+)+?[*&]?(\w+)\("),
    re.compile(r"^(?:static |inline |constexpr |const )+[\w:<>,]+\s+(\w+)\s*(?:=|\{|;)"),
    re.compile(r"^(?:class|struct) (\w+)"),
]
NOT_HELPERS = {"TEST", "TEST_F", "TEST_P", "INSTANTIATE_TEST_SUITE_P", "main", "if", "for", "while", "return", "switch"}


def names_defined(source):
    for line in source.splitlines():
        for pattern in DEFINITIONS:
            m = pattern.match(line)
            if m and m.group(1) not in NOT_HELPERS:
                yield m.group(1)


def main(tests_dir):
    root = pathlib.Path(tests_dir)
    binaries = collections.defaultdict(list)  # one binary per folder (tests/CMakeLists.txt)
    for label in ("unit", "fidelity", "regression"):
        for source in sorted((root / label).rglob("*.cpp")):
            binaries[source.parent].append(source)
    clashes = []
    for folder, sources in sorted(binaries.items()):
        where = collections.defaultdict(list)
        for source in sources:
            text = source.read_text()
            if OWN_NAMESPACE.search(text):
                continue
            for name in set(names_defined(text)):
                where[name].append(source.name)
        clashes += [f"{folder.relative_to(root)}: {name} in {', '.join(files)}"
                    for name, files in sorted(where.items()) if len(files) > 1]
    for clash in clashes:
        print(clash)
    return 1 if clashes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
