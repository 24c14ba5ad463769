"""The people's explanations of seeds that disagree (seed_spread.py): why a
policy's seeds measured so differently, a bug or the policy's own dynamics,
is found by reading its runs, not computed. They are kept in
scripts/side_by_side/spread_explanations.json, edited by hand:

    {"<scenario stem>": {"<policy label>": "Markdown text, one or more sentences."}}

e.g. {"cloud_day": {"mark-spot": "Seed 4 ..."}}. The page prints a policy's
text after its seeds' values, and "(not yet explained)" where there is none;
a text for a policy whose seeds agree is not printed. Its labels are checked
against the scenario's policies as labelled_file.py says."""

from input_error import InputError
from labelled_file import read_labelled


def explanation_text(text, where):
    """A hand-written explanation as the page prints it; InputError naming `where` if it is none."""
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"{where}: not a non-empty string")
    return text


def read_explanations(path):
    """{stem: {label: text}}; bad input names the file and the key."""
    return read_labelled(path, "no such file (an empty one is {})", '"text"', explanation_text)
