"""Policy families: which policies share a panel when there are too many
for one axes.

A policy's family is its label's part before the first '-': mark-spot and
mark-ondemand are mark, clipper-ha and clipper-ht clipper, static-gpu
static. The label is what the legend shows and what every run folder has,
also one whose summary.json is missing (a failed run)."""

from .styles import PALETTE

# More lines than colours in one axes: a panel per family instead.
MAX_IN_ONE_PANEL = len(PALETTE)


def family(label):
    return label.split("-", 1)[0]


def panel_groups(labels):
    """[(family, labels)] in first-seen order; one group, named "", when the
    labels fit in one panel or are all one family."""
    groups = {}
    for label in labels:
        groups.setdefault(family(label), []).append(label)
    if len(labels) <= MAX_IN_ONE_PANEL or len(groups) == 1:
        return [("", list(labels))]
    return list(groups.items())
