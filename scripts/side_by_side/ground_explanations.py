"""The people's notes on each system's own ground (own_ground.py): how one
of the four papers' systems fares on the world built for its paper's design,
and why it wins there or not, shown by runs; found by reading the runs, not
computed. They are kept in scripts/side_by_side/ground_explanations.json,
edited by hand:

    {"<system>": "Markdown text, one or more sentences."}

with <system> one of own_ground.SYSTEMS. The page prints a system's note
after its bullet, and "(not yet explained)" for a system on no world's front
without one."""

from input_error import InputError
from json_file import read_json
from own_ground import SYSTEMS
from spread_explanations import explanation_text


def read_ground_explanations(path):
    """{system: text}; bad input names the file and the key."""
    doc = read_json(path, "no such file (an empty one is {})")
    if not isinstance(doc, dict):
        raise InputError(f'{path}: not a JSON object of {{"<system>": "text"}}')
    for system, text in doc.items():
        if system not in SYSTEMS:
            raise InputError(f"{path}: {system}: not one of the systems {', '.join(SYSTEMS)}")
        explanation_text(text, f"{path}: {system}")
    return doc
