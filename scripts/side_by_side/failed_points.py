"""The seeds that failed: scripts/sweep.sh keeps a failed point as
OUT/<point>.failed/ with run.log and exit_status, the point of seed S being
seed=S. A point is one `servesim run` of every policy; the run finishes the
other policies before it exits, so a policy whose <label>/summary.json is in
the folder did not fail there (scripts/side_by_side.sh counts those runs)."""

import os
import re
from dataclasses import dataclass

# A run's message may name its temporary folder, OUT/.tmp-<point>.XXXXXX
# (mktemp's six characters), since renamed <point>.failed: named so, the page
# stays the same from one rerun to the next.
_TMP_FOLDER = re.compile(r"\.tmp-([^/\s]+?)\.[A-Za-z0-9]{6}(?=/|\s|$)")


@dataclass(frozen=True)
class FailedPoint:
    point: str          # the folder name without .failed, e.g. seed=3
    exit_status: str    # as sweep.sh wrote it
    message: str        # the last line of run.log
    with_result: frozenset  # labels that finished there all the same

    def failed(self, label):
        return label not in self.with_result


def _read(path, default):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return default


def _message(log):
    lines = [line.strip() for line in log.splitlines() if line.strip()]
    if not lines:
        return "run.log is empty"
    text = _TMP_FOLDER.sub(r"\1.failed", lines[-1])
    return text.replace(os.getcwd() + os.sep, "")  # paths as the command was given


def find_failed_points(sweep_dir, seeds):
    """The failed points among these seeds', in their order. A seed's point
    that finished later removed its .failed folder; one of a seed not asked
    for now is not this page's."""
    failed = []
    for seed in seeds:
        name = f"seed={seed}.failed"
        folder = os.path.join(sweep_dir, name)
        if not os.path.isdir(folder):
            continue
        labels = frozenset(d for d in os.listdir(folder)
                           if os.path.isfile(os.path.join(folder, d, "summary.json")))
        failed.append(FailedPoint(point=name[: -len(".failed")],
                                  exit_status=_read(os.path.join(folder, "exit_status"), "?").strip() or "?",
                                  message=_message(_read(os.path.join(folder, "run.log"), "")),
                                  with_result=labels))
    return failed
