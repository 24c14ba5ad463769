"""Writes a figure: NAME.png and NAME.pdf from one drawing, and with
--keep-data what was drawn as DIR/NAME.json.

The files carry no creation date and no matplotlib version, so the same
inputs give the same bytes (a rerun does not change a committed figure)."""

import json
import math
import os

from .errors import DrawError

PNG_DPI = 200
PNG_METADATA = {"Software": None}
PDF_METADATA = {"CreationDate": None, "Producer": None, "Creator": "servesim scripts/plot.sh"}


def _json_safe(value):
    """NaN and infinities as null: JSON has no such numbers."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    return value


def write_figure(spec, keep_dir=None):
    """The paths written, PNG first."""
    from . import render  # matplotlib is imported only once a figure is drawn

    png, pdf = spec.stem + ".png", spec.stem + ".pdf"
    os.makedirs(os.path.dirname(png) or ".", exist_ok=True)
    try:
        with render.context():
            fig = render.draw(spec)
            fig.savefig(png, dpi=PNG_DPI, metadata=PNG_METADATA)
            fig.savefig(pdf, metadata=PDF_METADATA)
    except Exception as e:  # matplotlib's errors have no common base class
        raise DrawError(f"matplotlib failed on {png}: {type(e).__name__}: {e}") from None
    if keep_dir:
        with open(os.path.join(keep_dir, os.path.basename(spec.stem) + ".json"), "w", encoding="utf-8") as f:
            json.dump(_json_safe(spec.as_json()), f, indent=1, allow_nan=False)
            f.write("\n")
    return [png, pdf]
