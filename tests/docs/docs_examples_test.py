#!/usr/bin/env python3
"""Every complete scenario shown in README.md and docs/*.md validates.

A ```json block is a complete scenario when it parses (comments allowed, as
the loader allows them) as an object with "catalogs", "applications" and
"policies"; snippets with "..." are not. Each is written to
WORK/configs/scenarios/ beside links to the project's configs/catalogs and
traces/, as if saved among the shipped scenarios, and `servesim validate`
must accept it. Fails naming the file and line of each example refused, or
when no complete example is found.

usage: docs_examples_test.py SOURCE_DIR SERVESIM WORK_DIR
"""
import json
import pathlib
import re
import shutil
import subprocess
import sys

BLOCK = re.compile(r"^```json\n(.*?)^```", re.S | re.M)
COMMENT = re.compile(r'("(?:\\.|[^"\\])*")|//[^\n]*|/\*.*?\*/', re.S)


def without_comments(text):
    return COMMENT.sub(lambda m: m.group(1) or "", text)


def complete_scenarios(path):
    text = path.read_text()
    for match in BLOCK.finditer(text):
        try:
            doc = json.loads(without_comments(match.group(1)))
        except ValueError:
            continue
        if isinstance(doc, dict) and {"catalogs", "applications", "policies"} <= doc.keys():
            yield text.count("\n", 0, match.start()) + 2, match.group(1)


def main(source, servesim, work):
    source, work = pathlib.Path(source), pathlib.Path(work)
    shutil.rmtree(work, ignore_errors=True)
    scenarios = work / "configs" / "scenarios"
    scenarios.mkdir(parents=True)
    (work / "configs" / "catalogs").symlink_to(source / "configs" / "catalogs")
    (work / "traces").symlink_to(source / "traces")
    files = [source / "README.md"] + sorted((source / "docs").glob("*.md"))
    checked, failures = 0, []
    for md in files:
        for line, text in complete_scenarios(md):
            example = scenarios / f"{md.stem}_line{line}.json"
            example.write_text(text)
            run = subprocess.run([servesim, "validate", str(example)], capture_output=True, text=True)
            checked += 1
            if run.returncode != 0:
                failures.append(f"{md.relative_to(source)}:{line}: {run.stderr.strip() or run.stdout.strip()}")
    for f in failures:
        print("FAIL:", f)
    if checked == 0:
        print("FAIL: no complete scenario found in README.md or docs/*.md")
        return 1
    print(f"{checked} complete scenarios in README.md and docs/, {len(failures)} refused")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
