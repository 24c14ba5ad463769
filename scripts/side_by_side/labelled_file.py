"""The page's files of notes per policy, {"<scenario stem>": {"<policy
label>": note}} (spread_explanations.json, design_envelopes.json): read with
their nesting checked, and one scenario's notes checked against its
policies. A label the scenario does not have is an error (a renamed policy
would lose its note unseen); a stem the page does not show is not (a page may
show some scenarios only)."""

from input_error import InputError
from json_file import read_json


def read_labelled(path, missing, shape, note):
    """{stem: {label: note(value, where)}}: shape is a note's JSON as the
    messages show it; note checks one value, raising InputError that names
    `where` ("FILE: stem.label"), and returns it as the page keeps it."""
    doc = read_json(path, missing)
    if not isinstance(doc, dict):
        raise InputError(f'{path}: not a JSON object of {{"<scenario stem>": {{"<policy label>": {shape}}}}}')
    notes = {}
    for stem, values in doc.items():
        if not isinstance(values, dict):
            raise InputError(f'{path}: {stem}: not an object of {{"<policy label>": {shape}}}')
        notes[stem] = {label: note(value, f"{path}: {stem}.{label}") for label, value in values.items()}
    return notes


def labelled_for(notes, path, info):
    """{label: note} for one scenario, every label checked against its
    policies; {} for a scenario the file does not name."""
    entries = notes.get(info.stem, {})
    labels = {p.label for p in info.policies}
    for label in entries:
        if label not in labels:
            raise InputError(f'{path}: {info.stem}.{label}: no policy labelled "{label}" in {info.path}')
    return entries
