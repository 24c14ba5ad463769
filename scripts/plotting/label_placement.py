"""Where a label goes beside its point so that no two labels overlap.

Deterministic and simple: labels are placed one after the other, each at
the best of eight directions around its anchor (right first, then above
right, above, below right, left, ...) at five growing distances. Best is,
in this order: over no label placed before (the rule that is never traded
away), then inside the axes, then the least of what it covers (a marker
weighs more than an error bar: it is the data) plus a price per step away
from the anchor, so that a label crosses a thin bar rather than wander off.
The renderer draws a thin leader line to a label placed past the nearest
ring.

Works in pixels, on sizes the renderer measured, so that it needs no
matplotlib and a test can call it."""

from dataclasses import dataclass

DIRECTIONS = ((1, 0), (1, 1), (0, 1), (1, -1), (-1, 0), (-1, 1), (0, -1), (-1, -1))
DISTANCES_PT = (7, 14, 24, 38, 56)
PAD_PT = 1.5
H_ALIGN = {1: "left", 0: "center", -1: "right"}
V_ALIGN = {1: "bottom", 0: "center", -1: "top"}
# What covering a pixel costs, and each step away from the anchor (about a
# short label's area at 100 dpi).
MARKER_WEIGHT, BAR_WEIGHT, RING_PRICE = 3.0, 0.5, 150.0

@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def overlap(self, other):
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0

    def area(self):
        return (self.x1 - self.x0) * (self.y1 - self.y0)


@dataclass(frozen=True)
class Spot:
    offset_pt: tuple  # (dx, dy) in points from the anchor
    align: tuple      # (horizontal, vertical) alignment of the text there
    ring: int         # 0: the nearest distance
    box: Box          # the pixels the text covers there, padding included


def _box(anchor, size, direction, distance_pt, px_per_pt):
    dx, dy = direction
    scale = 0.75 if dx and dy else 1.0  # diagonals no farther than the axes' spots
    ox, oy = dx * distance_pt * scale, dy * distance_pt * scale
    x, y = anchor[0] + ox * px_per_pt, anchor[1] + oy * px_per_pt
    w, h = size
    x0 = x if dx > 0 else x - w if dx < 0 else x - w / 2
    y0 = y if dy > 0 else y - h if dy < 0 else y - h / 2
    pad = PAD_PT * px_per_pt
    return Box(x0 - pad, y0 - pad, x0 + w + pad, y0 + h + pad), (ox, oy)


def _cost(box, ring, placed, obstacles, area):
    """Compared as a tuple: overlap with labels, outside the axes, the rest."""
    covered = sum(weight * box.overlap(o) for o, weight in obstacles)
    return (sum(box.overlap(p) for p in placed), box.area() - box.overlap(area), covered + RING_PRICE * ring)


def place(anchors, sizes, area, markers, bars, px_per_pt):
    """A Spot per label: ANCHORS and SIZES (width, height) in pixels, AREA
    the axes' Box, MARKERS and BARS the Boxes of what the points draw."""
    obstacles = [(m, MARKER_WEIGHT) for m in markers] + [(b, BAR_WEIGHT) for b in bars]
    placed, spots = [], []
    for anchor, size in zip(anchors, sizes):
        best = None  # (cost, Spot)
        for ring, distance in enumerate(DISTANCES_PT):
            for direction in DIRECTIONS:
                box, offset = _box(anchor, size, direction, distance, px_per_pt)
                cost = _cost(box, ring, placed, obstacles, area)
                if best is None or cost < best[0]:
                    best = (cost, Spot(offset, (H_ALIGN[direction[0]], V_ALIGN[direction[1]]), ring, box))
        placed.append(best[1].box)
        spots.append(best[1])
    return spots
