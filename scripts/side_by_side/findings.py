"""Who wins what, in three or four sentences computed from a scenario's
table: the cheapest per million on-time queries among the policies meeting an
attainment bar, the best attainment, the most accuracy kept, and why, from the
winners' counters and cost. Every comparison is made on the values as the
table shows them (rounded), so the words never contradict the numbers; a
ratio is computed from the means."""

from counter_phrases import describe, join
from table_metrics import ACCURACY, ATTAINMENT, COST, DROP, P99, PER_MILLION, fixed

# The cost components of summary.json, as the sentence names them.
_COMPONENTS = (("cost.on_demand", "on-demand instances"), ("cost.spot", "spot instances"),
               ("cost.lambda", "Lambda"), ("cost.fixed", "fixed devices"))


def _valued(rows, metric):
    """(shown value, label, point) of the rows with a value, in table order."""
    return [(metric.shown(p), label, p) for label, p in rows if metric.shown(p) is not None]


def _dollars(point, metric=PER_MILLION):
    return "$" + metric.text(point)


def _margin(cheaper, dearer):
    """How much less the cheaper costs, from the means: a ratio, or a percentage when near."""
    a, b = cheaper.stat(PER_MILLION.key).mean, dearer.stat(PER_MILLION.key).mean
    if a <= 0:
        return "against"
    return f"{b / a:.2f}x less than" if b / a >= 1.1 else f"{100 * (b - a) / b:.1f} % less than"


def _cheapest_meeting(meeting, bar_text):
    """The sentence's first part and its winner (None for a tie) among the
    policies at or above the bar, cheapest first."""
    tied = [label for v, label, _ in meeting if v == meeting[0][0]]
    _, w, wp = meeting[0]
    if len(tied) > 1:
        return (f"Of the {len(meeting)} policies at or above {bar_text} on time, {join(tied)} are the cheapest per "
                f"million on-time queries, {_dollars(wp)} each"), None
    if len(meeting) == 1:
        return f"{w} is the only policy at or above {bar_text} on time, at {_dollars(wp)} per million on-time queries", w
    _, n, np_ = meeting[1]
    return (f"Of the {len(meeting)} policies at or above {bar_text} on time, {w} is the cheapest per million "
            f"on-time queries, {_dollars(wp)}, {_margin(wp, np_)} the next, {n} ({_dollars(np_)})"), w


def _cheapest(rows, bar):
    """The cheapest per million on-time queries among the policies at or above
    the bar, and its margin over the next; a cheaper one below the bar is
    named. Returns the sentence, the winner and its role (None, None: none)."""
    costed = _valued(rows, PER_MILLION)
    if not costed:
        return "No policy kept a query on time, so none has a cost per million on-time queries.", None, None
    by_cost = sorted(costed, key=lambda c: c[0])  # stable: table order among equals
    meeting = [c for c in by_cost if ATTAINMENT.shown(c[2]) >= bar]
    bar_text = f"{fixed(bar, 3).rstrip('0').rstrip('.')} %"
    _, c, cp = by_cost[0]
    if not meeting:
        return (f"No policy keeps {bar_text} of queries on time; the cheapest per million on-time queries is {c}, "
                f"{_dollars(cp)}, at {ATTAINMENT.text(cp)} % on time."), c, "cheapest"
    text, winner = _cheapest_meeting(meeting, bar_text)
    if by_cost[0][0] < meeting[0][0]:
        text += f"; {c} costs less, {_dollars(cp)}, but keeps only {ATTAINMENT.text(cp)} % on time"
    return text + ".", winner, f"cheapest at {bar_text}"


def _tied(valued, value):
    return [label for v, label, _ in valued if v == value]


def _attainment(rows):
    valued = _valued(rows, ATTAINMENT)
    if not valued:
        return "No policy has an SLO attainment.", []
    best, worst = max(v for v, _, _ in valued), min(v for v, _, _ in valued)
    winners = _tied(valued, best)
    shown = fixed(best, ATTAINMENT.decimals)
    if best == worst:
        return f"Every policy keeps {shown} % of queries on time.", []
    lowest = f"the lowest is {fixed(worst, ATTAINMENT.decimals)} % ({join(_tied(valued, worst))})"
    if len(winners) == 1:
        point = dict(rows)[winners[0]]
        return (f"{winners[0]} has the best SLO attainment, {shown} % (p99 {P99.text(point)} ms); {lowest}.",
                winners)
    return f"{join(winners)} share the best SLO attainment, {shown} %; {lowest}.", []


def _accuracy(rows):
    """Most effective accuracy; among equals, the smallest largest drop."""
    valued = _valued(rows, ACCURACY)
    if not valued:
        return "No policy completed a query, so none has an accuracy.", []
    drop = {label: DROP.shown(p) for _, label, p in valued}
    rank = {label: (v, -(drop[label] if drop[label] is not None else float("inf"))) for v, label, _ in valued}
    top = max(rank.values())
    winners = [label for label in rank if rank[label] == top]
    first = dict(rows)[winners[0]]
    kept = f"{ACCURACY.text(first)} % effective accuracy, a largest drop of {DROP.text(first)} pp"
    if len(winners) == len(valued):
        return f"Every policy keeps {kept}.", []
    least = min(v for v, _, _ in valued)
    losers = _tied(valued, least)
    tail = f"the least is {fixed(least, ACCURACY.decimals)} % ({join(losers)}"
    tail += f", largest drop {DROP.text(dict(rows)[losers[0]])} pp)" if len(losers) == 1 else ")"
    verb = "keeps" if len(winners) == 1 else "keep"
    return f"{join(winners)} {verb} the most accuracy, {kept}; {tail}.", winners if len(winners) == 1 else []


def _spending(point):
    """'spent its $1.08 on Lambda (80 %) and spot instances (20 %)'."""
    total = point.stat(COST.key).mean
    if not total:
        return None
    parts = [(name, point.stat(key).mean) for key, name in _COMPONENTS if point.stat(key).mean]
    shares = join(f"{name} ({100 * amount / total:.0f} %)" for name, amount in parts)
    return f"spent its ${COST.text(point)} on {shares}" if parts else None


def _why(rows, roles):
    """One clause per winner: its counters and where its money went."""
    points = dict(rows)
    clauses = []
    for label, role in roles.items():
        phrases = describe(points[label])
        spending = _spending(points[label])
        if spending:
            phrases.append(spending)
        if phrases:
            clauses.append(f"{label} ({role}) {join(phrases)}")
    if not clauses:
        return None
    return "Why, from the counters (means over the seeds): " + "; ".join(clauses) + "."


def findings(rows, failed, bar):
    """The sentences for one scenario. rows: (label, PolicyPoint) of the
    policies with results, in table order; failed: (label, "exit S" or "no
    result") of those without; bar: the attainment bar in %."""
    sentences = []
    if rows:
        cheapest, cost_winner, cost_role = _cheapest(rows, bar)
        attainment, attainment_winners = _attainment(rows)
        accuracy, accuracy_winners = _accuracy(rows)
        sentences += [cheapest, attainment, accuracy]
        # The winners, each once, in the order of the sentences; a tie explains nothing.
        roles = {}
        for labels, role in (([cost_winner] if cost_winner else [], cost_role),
                             (attainment_winners, "best attainment"), (accuracy_winners, "most accuracy")):
            for label in labels:
                roles[label] = roles[label] + ", " + role if label in roles else role
        why = _why(rows, roles)
        if why:
            sentences.append(why)
    if failed:
        verb = "was" if len(failed) == 1 else "were"
        sentences.append(f"{join(f'{label} ({why})' for label, why in failed)} failed and {verb} not compared.")
    return sentences
