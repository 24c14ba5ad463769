"""The page's last section, "Each system on its own ground": per system of
the four papers, the worlds where one of its policies is on the Pareto front
(pareto_front.py) and those that leave the regime its paper designed it for
(design_envelopes.py), so that the reader sees at a glance whether a system
wins where it was meant to and loses where it was not. Baselines belong to
no paper: no bullet."""

from dataclasses import dataclass

from counter_phrases import join

SYSTEMS = ("infaas", "proteus", "mark", "inferline")  # the papers, in the order the page names them


@dataclass(frozen=True)
class World:
    stem: str
    envelopes: dict  # label -> Envelope (design_envelopes.py), of this scenario's policies in the file
    front: list      # the labels on its Pareto front


def _worlds(worlds, system, picks):
    """'`a` (x), `b` (x and y)': each world with its labels of the system that picks(label, envelope) keeps."""
    named = []
    for world in worlds:
        labels = [label for label, e in world.envelopes.items() if e.system == system and picks(world, label, e)]
        if labels:
            named.append(f"`{world.stem}` ({join(labels)})")
    return join(named)


def _bullet(worlds, system, explanations):
    fronts = _worlds(worlds, system, lambda world, label, e: label in world.front)
    outside = _worlds(worlds, system, lambda world, label, e: e.outside is not None)
    # A person's note on the system's own ground is printed whenever there is
    # one (it may say why it wins there or not); a system on no front needs one.
    note = explanations.get(system) or ("" if fronts else "(not yet explained)")
    why = f" *On its own ground:* {note}" if note else ""
    return (f"- **{system}**: " + (f"on the Pareto front of {fronts}" if fronts else "on no world's Pareto front")
            + f"; outside its design on {outside or 'no world'}." + why)


def ground_lines(worlds, explanations, explanations_path):
    """The section's lines, worlds in page order; none when no system has a
    policy in the envelopes of a scenario on the page. `explanations`
    (ground_explanations.py, read from `explanations_path`) are the people's
    notes on each system's own ground."""
    systems = [s for s in SYSTEMS if any(e.system == s for w in worlds for e in w.envelopes.values())]
    if not systems:
        return []
    return (["## Each system on its own ground", "",
             "Per system, the worlds where one of its policies is on the Pareto front, and the worlds that leave "
             "the regime its paper designed it for (the tables' last column); then how it fares on the world built for "
             "its paper's design and why, by hand, with the runs that show it, from "
             f"`{explanations_path}` (\"(not yet explained)\" for a system on no front without one).", ""]
            + [_bullet(worlds, s, explanations) for s in systems] + [""])
