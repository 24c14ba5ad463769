#!/usr/bin/env python3
"""The libraries compile their sources in unity batches (SERVESIM_UNITY in
CMakeLists.txt): several .cpp files of one library in one translation unit,
where their anonymous namespaces become one. Two files of a library that keep
a helper or constant of the same name there, in the same enclosing namespace,
then either fail to build once a change puts them in one batch or, with other
signatures, overload each other, so that one file's call can silently take the
other's helper. This check lists every such name. Usage:
library_local_names.py SOURCE_DIR"""
import collections
import pathlib
import re
import sys

from test_helper_names import names_defined

# Each library's folders, as CMakeLists.txt's servesim_library calls list them.
LIBRARIES = {
    "servesim_sim": ["sim/core", "sim/cluster", "sim/serving", "sim/metrics"],
    "servesim_traces": ["traces"],
    "servesim_policies": ["policies"],
    "servesim_scenario": ["sim/scenario"],
    "servesim": ["sim/cli"],
}
NAMED = re.compile(r"^namespace ([\w:]+) \{")


def local_names(source):
    """(enclosing namespace, name) of everything defined in the file's anonymous namespaces."""
    enclosing, inside = "", False
    for line in source.splitlines():
        named = NAMED.match(line)
        if named:
            enclosing = named.group(1)
        elif line.startswith("namespace {"):
            inside = True
        elif inside and line.startswith("}  // namespace"):
            inside = False
        elif inside:
            for name in names_defined(line):
                yield enclosing, name


def main(source_dir):
    root = pathlib.Path(source_dir)
    clashes = []
    for library, folders in LIBRARIES.items():
        where = collections.defaultdict(list)
        for folder in folders:
            for source in sorted((root / folder).rglob("*.cpp")):
                for key in set(local_names(source.read_text())):
                    where[key].append(str(source.relative_to(root)))
        clashes += [f"{library}: {namespace}::{name} in {', '.join(files)}"
                    for (namespace, name), files in sorted(where.items()) if len(files) > 1]
    for clash in clashes:
        print(clash)
    return 1 if clashes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
