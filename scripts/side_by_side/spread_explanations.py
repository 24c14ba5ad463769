"""The people's explanations of seeds that disagree (seed_spread.py): why a
policy's seeds measured so differently, a bug or the policy's own dynamics,
is found by reading its runs, not computed. They are kept in
scripts/side_by_side/spread_explanations.json, edited by hand:

    {"<scenario stem>": {"<policy label>": "Markdown text, one or more sentences."}}

e.g. {"cloud_day": {"mark-spot": "Seed 4 ..."}}. The page prints a policy's
text after its seeds' values, and "(not yet explained)" where there is none;
a text for a policy whose seeds agree is not printed. A label the scenario
does not have is an error (a renamed policy would lose its text unseen); a
stem the page does not show is not (a page may show some scenarios only)."""

from json_file import read_json

from input_error import InputError


def read_explanations(path):
    """{stem: {label: text}}; bad input names the file and the key."""
    doc = read_json(path, "no such file (an empty one is {})")
    if not isinstance(doc, dict):
        raise InputError(f'{path}: not a JSON object of {{"<scenario stem>": {{"<policy label>": "text"}}}}')
    for stem, texts in doc.items():
        if not isinstance(texts, dict):
            raise InputError(f'{path}: {stem}: not an object of {{"<policy label>": "text"}}')
        for label, text in texts.items():
            if not isinstance(text, str) or not text.strip():
                raise InputError(f"{path}: {stem}.{label}: not a non-empty string")
    return doc


def explanations_for(explanations, path, info):
    """{label: text} for one scenario, every label checked against its policies."""
    texts = explanations.get(info.stem, {})
    labels = {p.label for p in info.policies}
    for label in texts:
        if label not in labels:
            raise InputError(f'{path}: {info.stem}.{label}: no policy labelled "{label}" in {info.path}')
    return texts
