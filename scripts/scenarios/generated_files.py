"""Writes a generator's files, or with --check reports those on disk that differ.

The generated files are committed; CTest runs each generator with --check so
that a change to a generator without its rerun fails.
"""
import sys
from pathlib import Path


def write_or_check(files, out: Path, root: Path, check: bool, generator: str, sole_owner: bool = False) -> int:
    """files: {name: text} under out. sole_owner: every file of out's kind
    (suffix) is the generator's, so one it did not write is stale too.
    Returns the exit status: 1 when checking found a difference."""
    stale = []
    if not check:
        out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        path = out / name
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(str(path.relative_to(root)))
        else:
            path.write_text(text)
            print("wrote", path.relative_to(root))
    if sole_owner and out.exists():
        suffixes = {Path(n).suffix for n in files}
        extra = sorted(p.name for p in out.iterdir() if p.suffix in suffixes and p.name not in files)
        stale += [str((out / n).relative_to(root)) + " (not written by the generator)" for n in extra]
    if stale:
        print(f"stale (run scripts/scenarios/{generator}):", " ".join(stale), file=sys.stderr)
        return 1
    return 0
