"""A JSON file read for the page (a scenario, the spread explanations, the
design envelopes): its document, or one line of bad input naming the file
and, for broken JSON, the line."""

import json

from input_error import InputError


def read_json(path, missing):
    """The parsed document; `missing` says what a missing file means."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        raise InputError(f"{path}: {missing}") from None
    except json.JSONDecodeError as e:
        raise InputError(f"{path}: line {e.lineno}: not JSON ({e.msg})") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"{path}: cannot read ({e})") from None
