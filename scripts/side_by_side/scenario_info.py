"""What the results page needs from a scenario file: its names, its
description and its policies in order (the table's rows)."""

from json_file import read_json
import os
from dataclasses import dataclass

from input_error import InputError


@dataclass(frozen=True)
class PolicyEntry:
    label: str  # the run folder's name, the row's key in sweep_points.csv
    name: str   # the policy it runs (infaas, mark, ...)


@dataclass(frozen=True)
class ScenarioInfo:
    path: str
    stem: str  # the file name without .json: names the sweep folder and the figures
    name: str
    description: str
    duration_s: float
    warmup_s: float
    policies: tuple


def _field(doc, key, kind, what, path, where=""):
    value = doc.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise InputError(f"{path}: {where}{key}: missing or not {what}")
    return value


def read_scenario(path):
    doc = read_json(path, "no such scenario file")
    if not isinstance(doc, dict):
        raise InputError(f"{path}: not a JSON object")
    policies = _field(doc, "policies", list, "an array", path)
    entries = []
    for i, p in enumerate(policies):
        if not isinstance(p, dict):
            raise InputError(f"{path}: policies[{i}]: not an object")
        name = _field(p, "name", str, "a string", path, f"policies[{i}].")
        label = p.get("label", name)  # the loader's default (docs/scenario.md, "Policies")
        if not isinstance(label, str):
            raise InputError(f"{path}: policies[{i}].label: not a string")
        entries.append(PolicyEntry(label, name))
    outputs = doc.get("outputs", {})
    warmup = outputs.get("warmup_s", 0) if isinstance(outputs, dict) else 0
    description = doc.get("description", "")
    if not isinstance(description, str):
        raise InputError(f"{path}: description: not a string")
    return ScenarioInfo(
        path=path,
        stem=os.path.splitext(os.path.basename(path))[0],
        name=_field(doc, "name", str, "a string", path),
        description=description,
        duration_s=float(_field(doc, "duration_s", (int, float), "a number", path)),
        warmup_s=float(warmup) if isinstance(warmup, (int, float)) else 0.0,
        policies=tuple(entries),
    )
