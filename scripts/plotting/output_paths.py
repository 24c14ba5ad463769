"""Where figures go: --out FILE.png (or FILE.pdf) names one figure, --out
DIR a folder; either way both NAME.png and NAME.pdf are written."""

import os

from .errors import InputError

FIGURE_SUFFIXES = (".png", ".pdf")


def figure_stem(out):
    """--out's path without its suffix when it names one figure, else None."""
    if out and out.endswith(FIGURE_SUFFIXES):
        return out[: -len(".png")]
    return None


def make_folder(path):
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        raise InputError(f"cannot create {path}") from None
    return path
