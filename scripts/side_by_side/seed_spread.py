"""Seeds that disagree: a policy whose SLO attainment interval is wider than
± SPREAD_LIMIT points, or whose cost per million on-time queries one seed
dominates (the sentences then compare its median, intervals.py), is listed
with what each seed measured, so that the reader sees what the mean hides;
then a person's explanation of why, a bug or the policy's own dynamics
(spread_explanations.py), or "(not yet explained)"."""

from dataclasses import dataclass

from counter_phrases import join
from intervals import attainment_figure
from seed_values import dominating_seed
from table_metrics import ATTAINMENT, PER_MILLION, fixed

# Points of SLO attainment: a 95 % half-width above this says the seeds ran
# different days, not one day with noise (issue 38).
SPREAD_LIMIT = 5.0
NOT_EXPLAINED = "(not yet explained)"


@dataclass(frozen=True)
class Spread:
    label: str
    point: object
    wide: bool           # the SLO attainment half-width, as shown, exceeds SPREAD_LIMIT
    dominating: object   # the seed that dominates the cost per million on-time queries, or None


def _half_width(point):
    """The SLO attainment half-width as the table shows it, in points; 0 without one."""
    stat = point.stat(ATTAINMENT.key)
    if stat.n < 2 or stat.ci95 is None:
        return 0.0
    return round(stat.ci95 * ATTAINMENT.scale, ATTAINMENT.decimals)


def disagreeing(rows):
    """The policies whose seeds disagree, in table order."""
    found = []
    for label, point in rows:
        wide = _half_width(point) > SPREAD_LIMIT
        seed = dominating_seed(point.seeds.get(PER_MILLION.key, ()))
        if wide or seed is not None:
            found.append(Spread(label, point, wide, seed))
    return found


def seed_ranges(seeds):
    """'1-5', '1, 3-5': consecutive seeds as a range."""
    numbers = [int(s) for s in seeds if s.isdigit()]
    if len(numbers) != len(seeds) or numbers != sorted(numbers):
        return ", ".join(seeds)
    parts, start = [], 0
    for i in range(1, len(numbers) + 1):
        if i == len(numbers) or numbers[i] != numbers[i - 1] + 1:
            run = numbers[start:i]
            parts.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
            start = i
    return ", ".join(parts)


def _values(point, metric, prefix=""):
    """Each seed's value as the table would show it, "–" for a seed without one."""
    return ", ".join("–" if v is None else prefix + fixed(v * metric.scale, metric.decimals)
                     for _, v in point.seeds.get(metric.key, ()))


def _item(spread, texts):
    point = spread.point
    seeds = [s for s, _ in point.seeds.get(ATTAINMENT.key, ())]
    attainment = attainment_figure(spread.label, point)
    measured = [f"on time {_values(point, ATTAINMENT)} %"]
    if spread.dominating is not None:
        measured.append(f"cost per million on-time queries {_values(point, PER_MILLION, '$')} (seed "
                        f"{spread.dominating}'s is more than the other seeds' together)")
    why = texts.get(spread.label, NOT_EXPLAINED)
    seed_word = "seed" if len(seeds) == 1 else "seeds"
    return (f"- {spread.label}, {attainment.text if attainment else '–'} on time: {seed_word} {seed_ranges(seeds)} "
            f"{'; '.join(measured)}. *Why:* {why}")


def spread_lines(rows, texts):
    """The paragraph's lines: rows as findings.py takes them, texts {label:
    explanation} for this scenario."""
    limit = f"± {SPREAD_LIMIT:g} points"
    found = disagreeing(rows)
    if not found:
        return [f"**Seeds that disagree.** None: every SLO attainment interval is within {limit}, and no one seed "
                "makes most of a cost per million on-time queries.", ""]
    verb = "has" if len(found) == 1 else "have"
    return ([f"**Seeds that disagree.** {join(s.label for s in found)} {verb} an SLO attainment interval wider "
             f"than {limit} or a cost per million on-time queries mostly one seed's; each seed's values, as the "
             "table would show them:", ""]
            + [_item(s, texts) for s in found] + [""])
