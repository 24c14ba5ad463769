"""Who wins what, in three to five sentences computed from a scenario's
table: the cheapest per million on-time queries among the policies at or
above an attainment bar, the best attainment, the most accuracy kept, and
why, from the winners' counters and cost. A policy is said to beat another
only where their 95 % intervals, as the table shows them, do not overlap;
where they overlap the sentence says they are indistinguishable over the
seeds (intervals.py has the rules: the bar by the interval's lower end, a
cost one seed dominates by its median). So the words never contradict the
numbers shown. A ratio between two costs is computed from the unrounded
values compared."""

import dataclasses

from contest import contest, highest, indistinguishable, lowest
from counter_phrases import describe, join
from intervals import attainment_figure, averages_over_bar, cost_figure, figure, meets_bar
from table_metrics import ACCURACY, ATTAINMENT, COST, DROP, P99, fixed

# The cost components of summary.json, as the sentence names them.
_COMPONENTS = (("cost.on_demand", "on-demand instances"), ("cost.spot", "spot instances"),
               ("cost.lambda", "Lambda"), ("cost.fixed", "fixed devices"))
_COST_WORDS = "cost per million on-time queries"


def _figures(rows, make):
    """make(label, point) of the rows with a value, in table order."""
    return [f for f in (make(label, p) for label, p in rows) if f is not None]


def _margin(cheaper, dearer):
    """How much less the cheaper costs: a ratio, or a percentage when near."""
    a, b = cheaper.raw, dearer.raw
    if a <= 0:
        return "against"
    return f"{b / a:.2f}x less than" if b / a >= 1.1 else f"{100 * (b - a) / b:.1f} % less than"


def _bar_text(bar):
    return f"{fixed(bar, 3).rstrip('0').rstrip('.')} %"


def _cheapest_meeting(result, count, bar_text):
    """The sentence's first part and its winner (None where it has peers)
    among the `count` policies at or above the bar."""
    lead = result.leader
    if count == 1:
        return (f"{lead.label} is the only policy at or above {bar_text} on time, at {lead.text} per million "
                "on-time queries"), lead.label
    head = f"Of the {count} policies at or above {bar_text} on time, "
    if not result.peers:
        nxt = result.beaten[0]
        return (head + f"{lead.label} is the cheapest per million on-time queries, {lead.text}, {_margin(lead, nxt)} "
                f"the next, {nxt.label} ({nxt.text})"), lead.label
    if result.tie():
        labels = [lead.label] + [p.label for p in result.peers]
        return head + f"{join(labels)} are the cheapest per million on-time queries, {lead.text} each", None
    return head + indistinguishable(result, _COST_WORDS), None


def _cheaper_below_bar(costed, meeting, lead, points, bar, bar_text):
    """'; c costs less, $x, but keeps only y % on time': the cheapest of the
    policies not at the bar whose cost clears the winner's, if any."""
    cheaper = [f for f in costed if f not in meeting and f.below(lead)]
    if not cheaper:
        return ""
    c = min(cheaper, key=lambda f: f.value)  # the first in table order among equals
    kept = attainment_figure(c.label, points[c.label])
    why = (f"its interval reaches below {bar_text} on time ({kept.text})" if kept.value >= bar
           else f"keeps only {kept.text} on time")
    return f"; {c.label} costs less, {c.text}, but {why}"


def _none_meeting(costed, points, bar_text):
    """The sentence when no policy is at or above the bar: the cheapest
    overall, or those it cannot be told from. Returns it and the winner."""
    result = lowest(costed)
    lead = result.leader
    head = f"No policy is at or above {bar_text} on time; "
    if not result.peers:
        kept = attainment_figure(lead.label, points[lead.label])
        return (head + f"the cheapest per million on-time queries is {lead.label}, {lead.text}, at "
                f"{kept.text if kept else '–'} on time."), lead.label
    if result.tie():
        labels = [lead.label] + [p.label for p in result.peers]
        return head + f"the cheapest per million on-time queries are {join(labels)}, {lead.text} each.", None
    return head + indistinguishable(result, _COST_WORDS) + ".", None


def _cheapest(rows, bar):
    """The cheapest per million on-time queries among the policies at or
    above the bar, and its margin over the next; a cheaper one not at the
    bar is named. Returns the sentence, the winner and its role (None,
    None: no winner, or none told apart)."""
    costed = _figures(rows, cost_figure)
    if not costed:
        return "No policy kept a query on time, so none has a cost per million on-time queries.", None, None
    points = dict(rows)
    bar_text = _bar_text(bar)
    meeting = [f for f in costed if meets_bar(points[f.label], bar)]
    if not meeting:
        text, winner = _none_meeting(costed, points, bar_text)
        return text, winner, "cheapest" if winner else None
    result = lowest(meeting)
    text, winner = _cheapest_meeting(result, len(meeting), bar_text)
    text += _cheaper_below_bar(costed, meeting, result.leader, points, bar, bar_text)
    return text + ".", winner, f"cheapest at {bar_text}"


def _reaching_below(rows, bar):
    """Policies the table shows at or above the bar on average whose interval
    reaches below it: said, since the cost sentence leaves them out."""
    named = [f"{label} ({attainment_figure(label, p).text})" for label, p in rows if averages_over_bar(p, bar)]
    if not named:
        return None
    one = len(named) == 1
    return (f"{join(named)} {'averages' if one else 'average'} at or above {_bar_text(bar)} on time, but "
            f"{'its interval reaches' if one else 'their intervals reach'} below it, so "
            f"{'it does' if one else 'they do'} not count as at or above.")


def _lowest_mean(figures, result, unit, extra=lambda labels: ""):
    """'; the lowest mean is x % (a)', left out when the policies with it are
    all among the leader and its peers (the sentence has named them)."""
    worst = min(f.value for f in figures)
    labels = [f.label for f in figures if f.value == worst]
    if set(labels) <= {result.leader.label} | {p.label for p in result.peers}:
        return ""
    return f"; the lowest mean is {fixed(worst, unit.decimals)} % ({join(labels)}{extra(labels)})"


def _attainment(rows):
    figures = _figures(rows, attainment_figure)
    if not figures:
        return "No policy has an SLO attainment.", []
    if len({f.text for f in figures}) == 1:
        return f"Every policy keeps {figures[0].text} of queries on time.", []
    result = highest(figures)
    lead = result.leader
    lowest_mean = _lowest_mean(figures, result, ATTAINMENT)
    if not result.peers:
        point = dict(rows)[lead.label]
        return (f"{lead.label} has the best SLO attainment, {lead.text} (p99 {P99.text(point)} ms){lowest_mean}.",
                [lead.label])
    if result.tie():
        labels = [lead.label] + [p.label for p in result.peers]
        return f"{join(labels)} share the best SLO attainment, {lead.text}{lowest_mean}.", []
    return f"{indistinguishable(result, 'SLO attainment')}{lowest_mean}.", []


def _accuracy_contest(rows, accuracy):
    """The contest over effective accuracy; between two of the very same
    accuracy as shown, the smaller largest drop wins, by its interval too.
    Each item reads "x % effective accuracy, a largest drop of y pp"."""
    points = dict(rows)
    drops = {label: figure(label, points[label], DROP, suffix=" pp") for label in accuracy}
    items = [dataclasses.replace(f, text=f"{f.text} effective accuracy, a largest drop of "
                                         f"{drops[label].text if drops[label] else '–'}")
             for label, f in accuracy.items()]

    def rank(item):
        drop = drops[item.label]
        return -item.value, drop.value if drop else float("inf")

    def beats(a, b):
        if accuracy[b.label].below(accuracy[a.label]):
            return True
        da, db = drops[a.label], drops[b.label]
        return accuracy[a.label].text == accuracy[b.label].text and da is not None and db is not None and da.below(db)

    return items, contest(items, rank, beats)


def _accuracy(rows):
    accuracy = {f.label: f for f in _figures(rows, lambda label, p: figure(label, p, ACCURACY, suffix=" %"))}
    if not accuracy:
        return "No policy completed a query, so none has an accuracy.", []
    items, result = _accuracy_contest(rows, accuracy)
    if len({i.text for i in items}) == 1:
        return f"Every policy keeps {items[0].text}.", []
    points = dict(rows)

    def drop_of(labels):  # the lowest's largest drop, when one policy has it
        return f", largest drop {DROP.text(points[labels[0]])} pp" if len(labels) == 1 else ""

    lowest_mean = _lowest_mean(list(accuracy.values()), result, ACCURACY, drop_of)
    if result.peers and not result.tie():
        return f"{indistinguishable(result, 'effective accuracy')}{lowest_mean}.", []
    labels = [result.leader.label] + [p.label for p in result.peers]
    verb = "keeps" if len(labels) == 1 else "keep"
    return (f"{join(labels)} {verb} the most accuracy, {result.leader.text}{lowest_mean}.",
            labels if len(labels) == 1 else [])


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
        reaching_below = _reaching_below(rows, bar)
        sentences += [cheapest] + ([reaching_below] if reaching_below else []) + [attainment, accuracy]
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
