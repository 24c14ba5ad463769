"""The people's explanations of a system on no world's Pareto front
(own_ground.py): why one of the four papers' systems wins nowhere on the
page, shown by a run, is found by reading its runs, not computed. They are
kept in scripts/side_by_side/ground_explanations.json, edited by hand:

    {"<system>": "Markdown text, one or more sentences."}

with <system> one of own_ground.SYSTEMS. The page prints a system's text
after its bullet when none of its policies is on any world's front, and
"(not yet explained)" where there is none; a text for a system on some front
is not printed."""

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
