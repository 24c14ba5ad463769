"""Who leads a metric, and whom it cannot be told from. The leader has the
best value as shown; a policy the leader does not beat (intervals.py: their
intervals overlap) is its peer, indistinguishable from it over the seeds.
Overlap is not transitive (a wide interval may overlap two narrow ones that
do not overlap each other), so every claim is made against the leader
alone: "a beats b" only where a's interval clears b's."""

from dataclasses import dataclass

from counter_phrases import join


@dataclass(frozen=True)
class Contest:
    leader: object  # a Figure (intervals.py), or anything with label, text and seeds
    peers: tuple    # those the leader does not beat, best first
    beaten: tuple   # those it beats, best first

    def tie(self):
        """Every peer shows exactly the leader's numbers: they share its place."""
        return all(p.text == self.leader.text for p in self.peers)


def contest(items, rank, beats):
    """items in table order; rank(item) orders them best first (sorted is
    stable: table order among equals); beats(a, b) says a clears b."""
    ranked = sorted(items, key=rank)
    leader = ranked[0]
    return Contest(leader, tuple(i for i in ranked[1:] if not beats(leader, i)),
                   tuple(i for i in ranked[1:] if beats(leader, i)))


def lowest(figures):
    """Least is best (a cost)."""
    return contest(figures, lambda f: f.value, lambda a, b: a.below(b))


def highest(figures):
    """Most is best (an attainment, an accuracy)."""
    return contest(figures, lambda f: -f.value, lambda a, b: b.below(a))


def over_seeds(items):
    """'over the 5 seeds', or 'over their seeds' when the counts differ."""
    counts = {i.seeds for i in items}
    if len(counts) == 1:
        n = counts.pop()
        return f"over the {n} seeds" if n != 1 else "from one seed"
    return "over their seeds"


def _grouped(items):
    """'b, c and d (x each) and e (y)': policies showing the same numbers named once."""
    groups = {}
    for i in items:
        groups.setdefault(i.text, []).append(i.label)
    return join(f"{join(labels)} ({text}{' each' if len(labels) > 1 else ''})" for text, labels in groups.items())


def indistinguishable(result, what):
    """The leader and its peers in words: 'a and b are indistinguishable in
    WHAT over the 5 seeds (x and y)'; with several peers, each is named
    against the leader alone: 'a (x) is indistinguishable in WHAT over the 5
    seeds from b (y) and c (z)'."""
    lead, peers = result.leader, result.peers
    seeds = over_seeds((lead,) + peers)
    if len(peers) == 1:
        return (f"{lead.label} and {peers[0].label} are indistinguishable in {what} {seeds} "
                f"({lead.text} and {peers[0].text})")
    return f"{lead.label} ({lead.text}) is indistinguishable in {what} {seeds} from {_grouped(peers)}"
