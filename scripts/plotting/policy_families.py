"""Policy families: which policies share a panel when there are too many
for one axes.

A policy's family is its label's part before the first '-': mark-spot and
mark-ondemand are mark, clipper-ha and clipper-ht clipper, static-gpu
static. The label is what the legend shows and what every run folder has,
also one whose summary.json is missing (a failed run). plot.sh --families
FILE names the families instead ({"<label>": "<family>"}, e.g. the paper
whose comparison a baseline belongs to); a label it leaves out keeps its
prefix."""

import json

from .errors import InputError
from .styles import PALETTE

# More lines than colours in one axes: a panel per family instead.
MAX_IN_ONE_PANEL = len(PALETTE)


def family(label, families=None):
    return (families or {}).get(label) or label.split("-", 1)[0]


def read_families(path):
    """{label: family} from a JSON object of strings; bad input names the file."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise InputError(f"--families {path}: {e}") from None
    if not isinstance(doc, dict) or not all(isinstance(v, str) and v.strip() for v in doc.values()):
        raise InputError(f'--families {path}: not a JSON object of {{"<label>": "<family>"}}')
    return doc


def panel_groups(labels, families=None):
    """[(family, labels)] in first-seen order; one group, named "", when the
    labels fit in one panel or are all one family."""
    groups = {}
    for label in labels:
        groups.setdefault(family(label, families), []).append(label)
    if len(labels) <= MAX_IN_ONE_PANEL or len(groups) == 1:
        return [("", list(labels))]
    return list(groups.items())
