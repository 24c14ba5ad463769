"""Which system's design each policy follows, and where a world leaves the
regime that system's paper designed it for. scripts/scenarios/
generate_side_by_side_scenarios.py knows both when it builds the worlds, and
writes them beside this file, as design_envelopes.json:

    {"<scenario stem>": {"<policy label>": {"system": "mark", "outside": "one-line reason" or null,
                                            "family": "MArk"}}}

system is one of SYSTEMS ("baseline" for a policy of none of the four
papers); outside is null where the world stays inside the design. The table
prints the reason in its last column, so a policy that loses on ground its
paper never claimed is not read as beaten on its own. A policy absent from
the file has no mark and no system; a scenario absent from it, none at all.
family (the paper whose evaluation the policy belongs to) is not read here:
scripts/side_by_side.sh gives it to plot.sh --families, a time-series row
each.
Its labels are checked against the scenario's policies as labelled_file.py
says."""

import os
from dataclasses import dataclass

from input_error import InputError
from labelled_file import read_labelled

SYSTEMS = ("infaas", "proteus", "mark", "inferline", "baseline")
_SHAPE = '{"system": "' + "|".join(SYSTEMS) + '", "outside": "reason" or null}'


@dataclass(frozen=True)
class Envelope:
    system: str          # one of SYSTEMS
    outside: str | None  # the design regime the world leaves, one line; None: it stays inside


def _one_line(text):
    """A reason a table cell can hold: not blank, no line break."""
    return isinstance(text, str) and text.strip() != "" and "\n" not in text and "\r" not in text


def _envelope(value, where):
    if not isinstance(value, dict):
        raise InputError(f"{where}: not an object of {_SHAPE}")
    if value.get("system") not in SYSTEMS:
        raise InputError(f"{where}.system: missing or not one of {', '.join(SYSTEMS)}")
    outside = value.get("outside")
    if "outside" not in value or not (outside is None or _one_line(outside)):
        raise InputError(f"{where}.outside: missing or not a one-line reason or null")
    return Envelope(value["system"], outside)


def read_envelopes(path, given):
    """{stem: {label: Envelope}}. The default file (given false) may not
    exist yet: no marks at all; a file given by name must."""
    if not given and not os.path.exists(path):
        return {}
    return read_labelled(path, "no such file (scripts/scenarios/generate_side_by_side_scenarios.py writes it)",
                         _SHAPE, _envelope)
