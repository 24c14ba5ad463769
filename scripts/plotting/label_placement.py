"""Where a label goes beside its point so that no two labels overlap.

Deterministic and simple: labels are placed one after the other; each takes
the first free spot among eight directions around its anchor (right first,
then above right, above, below right, left, ...) at growing distances, free
meaning inside the axes and over no label placed before, no marker and no
error bar; when no spot is free, the one that overlaps least. The renderer
draws a thin leader line to a label placed past the two nearest rings.

Works in pixels, on sizes the renderer measured, so that it needs no
matplotlib and a test can call it."""

from dataclasses import dataclass

DIRECTIONS = ((1, 0), (1, 1), (0, 1), (1, -1), (-1, 0), (-1, 1), (0, -1), (-1, -1))
DISTANCES_PT = (7, 14, 24, 38, 56)
PAD_PT = 1.5
H_ALIGN = {1: "left", 0: "center", -1: "right"}
V_ALIGN = {1: "bottom", 0: "center", -1: "top"}
# What an overlap costs per pixel: another label is the worst (text over
# text is unreadable), leaving the axes next, a marker or a bar least.
LABEL_WEIGHT, OUTSIDE_WEIGHT, OBSTACLE_WEIGHT = 10.0, 20.0, 1.0


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


def _cost(box, placed, obstacles, area):
    inside = box.overlap(area)
    cost = OUTSIDE_WEIGHT * (box.area() - inside)
    cost += LABEL_WEIGHT * sum(box.overlap(p) for p in placed)
    cost += OBSTACLE_WEIGHT * sum(box.overlap(o) for o in obstacles)
    return cost


def place(anchors, sizes, area, obstacles, px_per_pt):
    """A Spot per label: ANCHORS and SIZES (width, height) in pixels, AREA
    the axes' Box, OBSTACLES the Boxes of markers and bars."""
    placed, spots = [], []
    for anchor, size in zip(anchors, sizes):
        best = None  # (cost, Spot)
        for ring, distance in enumerate(DISTANCES_PT):
            for direction in DIRECTIONS:
                box, offset = _box(anchor, size, direction, distance, px_per_pt)
                cost = _cost(box, placed, obstacles, area)
                if best is None or cost < best[0]:
                    best = (cost, Spot(offset, (H_ALIGN[direction[0]], V_ALIGN[direction[1]]), ring, box))
                if cost == 0:
                    break
            if best[0] == 0:
                break
        placed.append(best[1].box)
        spots.append(best[1])
    return spots
