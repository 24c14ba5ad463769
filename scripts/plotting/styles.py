"""How a series looks: a colour, a marker and a line style, never the same
three for two series of a figure.

The colours are Okabe and Ito's colour-blind-safe palette without its yellow
(#F0E442), which is too light to read on white. Series 1-7 take the seven
colours with solid lines; past that each colour comes back with another
marker and line style: series i = 7a + b gets colour b, marker (a + b) mod 7
and line style a mod 4, so two series share a colour and a marker only 28
series apart (a = a' mod 28), and no two of the first 196 look alike."""

from dataclasses import dataclass

PALETTE = (
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#000000",  # black
)
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
LINESTYLES = ("-", "--", ":", "-.")
DISTINCT = len(PALETTE) * len(PALETTE) * len(LINESTYLES)

# Other policies, drawn behind a panel's own for context (run_figures.py).
CONTEXT_COLOR = "#BBBBBB"
# Bars take their policy's colour, hatched after its line style.
HATCHES = {"-": "", "--": "//", ":": "..", "-.": "xx"}


@dataclass(frozen=True)
class Style:
    color: str
    marker: str
    linestyle: str


def series_style(index):
    """The style of the figure's series number INDEX (from 0)."""
    a, b = divmod(index, len(PALETTE))
    return Style(PALETTE[b], MARKERS[(a + b) % len(MARKERS)], LINESTYLES[a % len(LINESTYLES)])
