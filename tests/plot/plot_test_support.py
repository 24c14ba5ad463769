"""Shared by the scripts/plot.sh tests: run it, read what it drew (the
--keep-data JSON of each figure), and collect failures with their reasons.

A test needs only the standard library; plot.sh finds a python3 with
matplotlib itself (scripts/lib/matplotlib_python.sh). Without one the test
is skipped (exit 77); deps.sh installs it, so CI runs it."""

import json
import os
import subprocess
import sys
import tempfile

SKIPPED = 77


class Test:
    def __init__(self, source_dir):
        self.source_dir = source_dir
        self.plot_sh = os.path.join(source_dir, "scripts", "plot.sh")
        self.failures = 0
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = self._tmp.name
        finder = os.path.join(source_dir, "scripts", "lib", "matplotlib_python.sh")
        if subprocess.run(["bash", finder], capture_output=True).returncode != 0:
            print("matplotlib not installed (scripts/deps.sh installs python3-matplotlib): skipped")
            sys.exit(SKIPPED)

    def fail(self, message):
        print(f"FAIL: {message}")
        self.failures += 1

    def check(self, condition, message):
        if not condition:
            self.fail(message)
        return condition

    def close(self, got, want, message, tolerance=1e-6):
        """GOT and WANT equal, numbers to within TOLERANCE (relative), lists alike."""
        def same(a, b):
            if isinstance(a, list) and isinstance(b, list):
                return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
            if isinstance(a, (int, float)) and isinstance(b, (int, float)):
                return abs(a - b) <= tolerance * max(1.0, abs(b))
            return a == b
        return self.check(same(got, want), f"{message}: got {got}, want {want}")

    def path(self, *parts):
        return os.path.join(self.tmp, *parts)

    def write(self, relative, text):
        path = self.path(relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def plot(self, *args):
        """plot.sh ARGS: (exit status, stdout lines, stderr)."""
        done = subprocess.run(["bash", self.plot_sh, *args], capture_output=True, text=True)
        return done.returncode, done.stdout.splitlines(), done.stderr

    def plot_ok(self, *args):
        status, out, err = self.plot(*args)
        self.check(status == 0, f"plot.sh {' '.join(args)} exited {status}: {err.strip()}")
        return out

    def drawn(self, keep_dir, name):
        """The figure NAME as --keep-data KEEP_DIR wrote it, or {}."""
        try:
            with open(os.path.join(keep_dir, name + ".json"), encoding="utf-8") as f:
                return json.load(f)
        except OSError as e:
            self.fail(f"no drawing of {name} in {keep_dir}: {e}")
            return {"panels": [{}]}

    def expect_figure(self, stem, printed=None):
        """STEM.png and STEM.pdf exist and are what they say; both printed."""
        for suffix, magic in ((".png", b"\x89PNG"), (".pdf", b"%PDF")):
            path = stem + suffix
            try:
                with open(path, "rb") as f:
                    self.check(f.read(4) == magic, f"{path} is not a {suffix[1:].upper()}")
            except OSError:
                self.fail(f"no {path}")
            if printed is not None:
                self.check(path in printed, f"{path} not printed (stdout: {printed})")

    def expect_error(self, want, *args):
        """plot.sh ARGS fails with exit 2 and one line on stderr holding WANT."""
        status, _, err = self.plot(*args)
        self.check(status == 2, f"plot.sh {' '.join(args)} exited {status}, not 2")
        self.check(len(err.splitlines()) == 1 and want in err, f"plot.sh {' '.join(args)}: stderr [{err}]")

    def finish(self, what):
        if self.failures == 0:
            print(f"{what}: passed")
        sys.exit(1 if self.failures else 0)


def named_series(panel):
    """A panel's series but the grey context lines."""
    return [s for s in panel.get("series", []) if s["kind"] != "context"]


def styles_differ(test, series, where):
    """No two series look alike: (colour, marker, line style) all differ;
    no yellow on white."""
    triples = [(s["style"]["color"], s["style"]["marker"], s["style"]["linestyle"]) for s in series]
    test.check(len(set(triples)) == len(triples), f"{where}: two series share a style: {triples}")
    test.check(all(c.upper() != "#F0E442" for c, _, _ in triples), f"{where}: yellow on white")
