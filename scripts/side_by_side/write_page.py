#!/usr/bin/env python3
"""Writes the side-by-side results page (docs/side_by_side.md) from the
sweeps scripts/side_by_side.sh ran: per scenario its description, one table
row per policy (means ± 95 % intervals over the seeds, with the seeds' median
for SLO attainment and cost per million on-time queries, or "failed", and
the design regime of its system the world leaves), its Pareto front, the
figures, the policies whose seeds disagree, and who wins what, by the
intervals; then, over the scenarios, each system's fronts and regimes left.
Standard library only; the same inputs give the same bytes (no date), so a
rerun that changes nothing changes no line.

usage: write_page.py --out DIR --seeds S1,S2,... --doc FILE --figures DIR
                     [--duration-s S] [--command TEXT] [--commit TEXT]
                     [--attainment-bar PERCENT] [--explanations FILE] [--envelopes FILE]
                     [--ground-explanations FILE] SCENARIO.json...

DIR/<scenario>/sweep_points.csv and sweep.csv (and any
DIR/<scenario>/<point>.failed/) per scenario, <scenario> being the file name
without .json; figures FIGURES/<scenario>_scatter.png and _timeseries.png are
linked when present; the explanations of seeds that disagree from
--explanations (default: spread_explanations.json beside this script); each
policy's system and the regime its world leaves from --envelopes (default:
design_envelopes.json beside this script, no marks while it does not exist);
why a system is on no world's Pareto front from --ground-explanations
(default: ground_explanations.json beside this script).
Bad input: one line naming the file and field, exit 2."""

import argparse
import os
import re
import shlex
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources of a repository
from design_envelopes import read_envelopes
from failed_points import find_failed_points
from findings import findings
from ground_explanations import read_ground_explanations
from input_error import InputError
from labelled_file import labelled_for
from own_ground import World, ground_lines
from pareto_front import front_lines, pareto_front
from scenario_info import read_scenario
from seed_spread import SPREAD_LIMIT, spread_lines
from seed_values import read_seed_values, with_seed_values
from spread_explanations import read_explanations
from sweep_points import read_sweep_points
from table_metrics import MEDIAN_MIN_SEEDS, TABLE, WITH_MEDIAN

_HERE = os.path.dirname(os.path.abspath(__file__))


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, like every servesim tool
        raise InputError(message)


def parse_args(argv):
    parser = _Parser(prog="write_page.py", add_help=True)
    parser.add_argument("--out", required=True, help="the sweeps' folder, one subfolder per scenario")
    parser.add_argument("--seeds", required=True, help="the seeds asked for, e.g. 1,2,3,4,5")
    parser.add_argument("--doc", required=True, help="the page to write")
    parser.add_argument("--figures", required=True, help="where <scenario>_scatter.png and _timeseries.png are")
    parser.add_argument("--duration-s", type=float, help="the simulated duration the runs were given (--hours)")
    parser.add_argument("--command", help="the command that made the page, as the page names it")
    parser.add_argument("--commit", help="the commit measured")
    parser.add_argument("--attainment-bar", type=float, default=99.0,
                        help="SLO attainment in %% a policy must keep to compete on cost (default 99)")
    parser.add_argument("--explanations", default=os.path.join(_HERE, "spread_explanations.json"),
                        help="why seeds disagree, {\"<scenario>\": {\"<label>\": \"text\"}} "
                             "(default: spread_explanations.json beside this script)")
    parser.add_argument("--envelopes",
                        help="each policy's system and the design regime its world leaves, {\"<scenario>\": "
                             "{\"<label>\": {\"system\": ..., \"outside\": \"reason\" or null}}} (default: "
                             "design_envelopes.json beside this script, if it exists)")
    parser.add_argument("--ground-explanations", default=os.path.join(_HERE, "ground_explanations.json"),
                        help="why a system is on no world's Pareto front, {\"<system>\": \"text\"} "
                             "(default: ground_explanations.json beside this script)")
    parser.add_argument("scenarios", nargs="+", metavar="SCENARIO.json")
    args = parser.parse_args(argv)
    args.envelopes_given = args.envelopes is not None  # only the default may be missing
    if not args.envelopes_given:
        args.envelopes = os.path.join(_HERE, "design_envelopes.json")
    seeds = args.seeds.split(",")
    if not all(s.isdigit() for s in seeds):
        raise InputError(f'--seeds: expected non-negative integers separated by commas, got "{args.seeds}"')
    args.seeds = seeds
    if args.duration_s is not None and not args.duration_s > 0:
        raise InputError(f"--duration-s: expected a positive number of seconds, got {args.duration_s:g}")
    return args


def shown_path(path):
    """A path as the reader would type it from the repository: relative when below the working folder."""
    relative = os.path.relpath(os.path.abspath(path))
    return path if relative.startswith("..") else relative


def span(seconds):
    if seconds < 3600:
        return f"{seconds:g} s"
    return f"{seconds / 3600:.3f}".rstrip("0").rstrip(".") + " h"


def cell(text):
    return text.replace("|", "\\|")


def code(text):
    """text as a Markdown code span, fenced by more backticks than it holds."""
    fence = "`" * (max((len(r) for r in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def header(args):
    by = code(args.command) if args.command else "scripts/side_by_side.sh"
    at = f" at commit `{args.commit}`" if args.commit else ""
    return [
        "# Side by side: every policy on the shared scenarios",
        "",
        "<!-- Generated; do not edit. Rerun scripts/side_by_side.sh (the generator is scripts/side_by_side/). -->",
        "",
        f"Generated by {by}{at} from the runs in `{shown_path(args.out)}/` (one `scripts/sweep.sh` sweep per "
        f"scenario). Seeds {', '.join(args.seeds)}: each seed is one `servesim run` of every policy of the "
        "scenario, and every policy sees the same arrivals. A cell is the mean over the seeds ± the half-width of "
        "its 95 % confidence interval (Student t), the mean alone from one seed, \"(n=K)\" when only K of the "
        "policy's seeds had a value; \"–\" when none had. SLO attainment is the share of arrived queries answered "
        "on time; cost per million on-time queries is the run's total cost per million queries on time "
        "(docs/scenario.md, \"What each summary metric means\"). Every cost is at on-demand prices, one list for "
        "every policy: a fixed cluster's devices are billed as on-demand instances, as the elastic policies' are "
        "(spot instances at their own series, Lambda per request). The last column, \"outside its design\", is "
        "the regime the policy's paper designed it for that the world leaves, in one line (from "
        f"`{shown_path(args.envelopes)}`, written by scripts/scenarios/generate_side_by_side_scenarios.py), "
        "\"–\" where it stays inside or none is given. The sentences compare the values as shown, "
        f"and a policy is \"at or above {args.attainment_bar:g} % on time\" by the rule below.",
        "",
    ]


def uncertainty_note(args):
    """How the page weighs the seeds (issue 38): the medians in the table and
    the rules the sentences follow. A paragraph of its own after header(),
    whose last sentence it refines (the bar by the interval, not the mean)."""
    bar = f"{args.attainment_bar:g}"
    medians = " and ".join(m.heading.split(" (")[0] for m in WITH_MEDIAN)
    sentences = [
        f"**How the seeds are weighed.** The {medians} cells also give the median over the seeds, \"(median M)\", "
        f"from {MEDIAN_MIN_SEEDS} seeds on (with two it is the mean): a seed that served almost nothing on time "
        "moves the mean, not the median.",
        "The Pareto front after each table weighs the policies by these medians (by the means, as shown, from "
        f"fewer than {MEDIAN_MIN_SEEDS} seeds): a policy is on it when no other keeps at least its SLO attainment "
        "at no more cost per million on-time queries, with one of the two better; one without a cost per million "
        "on-time queries is not.",
        "The sentences compare 95 % intervals as shown (mean ± half-width; a value from one seed as it is): a "
        "policy beats another only where their intervals do not overlap, and where they overlap the two are "
        "indistinguishable over the seeds.",
        f"A policy is at or above the {bar} % bar when the lower end of its SLO attainment interval is "
        f"(mean - half-width >= {bar}), not merely its mean.",
        "Where one seed's cost per million on-time queries is more than the other seeds' together (from three "
        "seeds), the sentences compare that policy's median cost instead, as a single value.",
        f"\"Seeds that disagree\" lists, per scenario, every policy whose SLO attainment interval is wider than "
        f"± {SPREAD_LIMIT:g} points or whose cost one seed dominates so, with each seed's values; why they "
        f"disagree (a bug, or the policy's own dynamics) is explained by hand in `{shown_path(args.explanations)}`, "
        "\"(not yet explained)\" until it is.",
    ]
    return [" ".join(sentences), ""]


def setup_line(info, args, sweep_dir):
    """Where the scenario and its runs are, and how long a run is."""
    if args.duration_s is None or args.duration_s == info.duration_s:
        duration = f"{span(info.duration_s)} simulated per run"
    else:
        duration = (f"{span(args.duration_s)} simulated per run, set by `--hours` for a quick look (the scenario's "
                    f"own: {span(info.duration_s)})")
    warmup = f"the first {span(info.warmup_s)} warm-up, outside every number" if info.warmup_s > 0 else "no warm-up"
    return (f"`{shown_path(info.path)}` (scenario `{info.name}`): {duration}, {warmup}; runs in "
            f"`{shown_path(sweep_dir)}/`.")


def outside_cell(envelopes, label):
    """The last column: the design regime the world leaves, "–" where none is given."""
    envelope = envelopes.get(label)
    return cell(envelope.outside) if envelope and envelope.outside is not None else "–"


def table(info, points, failed_points, seeds, envelopes):
    """The table's lines, one row per policy in the scenario's order (then any
    other label with results: none is dropped), and the rows the sentences
    compare: (label, PolicyPoint) with results, (label, "exit S" or "no result") without."""
    names = {p.label: p.name for p in info.policies}
    labels = [p.label for p in info.policies] + [label for label in points if label not in names]
    lines = ["| policy | seeds | " + " | ".join(m.heading for m in TABLE) + " | outside its design |",
             "|---|---|" + "---:|" * len(TABLE) + "---|"]
    rows, failed = [], []
    for label in labels:
        name = names.get(label) or points[label].policy
        shown = cell(label if name == label else f"{label} ({name})")
        outside = outside_cell(envelopes, label)
        if label in points:
            point = points[label]
            runs = str(point.runs) if point.runs == len(seeds) else f"{point.runs} of {len(seeds)}"
            lines.append(f"| {shown} | {runs} | " + " | ".join(cell(m.cell(point)) for m in TABLE) + f" | {outside} |")
            rows.append((label, point))
        else:
            statuses = sorted({f.exit_status for f in failed_points if f.failed(label)})
            why = f"exit {', '.join(statuses)}" if statuses else "no result"
            lines.append(f"| {shown} | failed ({why}) | " + " | ".join("–" for _ in TABLE) + f" | {outside} |")
            failed.append((label, why))
    return lines, rows, failed


def failure_lines(failed_points, labels):
    lines = []
    for f in failed_points:
        missing = [label for label in labels if f.failed(label)]
        others = ("the other policies' runs there finished and are counted" if len(missing) < len(labels)
                  else "no policy finished there")
        lines.append(f"- `{f.point}` failed, exit {f.exit_status}: {code(f.message)}. No result there for "
                     f"{', '.join(missing) or 'any policy'}; {others}.")
    return lines + [""] if lines else []


def figure_lines(info, args, finished):
    """Links to the scenario's two figures, or a note where one is missing."""
    doc_dir = os.path.dirname(os.path.abspath(args.doc))
    absent = "not drawn" if finished else "no run finished"
    lines = []
    for suffix, what in (
            ("scatter", "SLO attainment against cost per million on-time queries, one point per policy, "
                        "95 % confidence intervals"),
            ("timeseries", f"demand, throughput, violations, accuracy and cost rate over time, seed {args.seeds[0]}")):
        path = os.path.join(args.figures, f"{info.stem}_{suffix}.png")
        if os.path.isfile(path):
            link = os.path.relpath(os.path.abspath(path), doc_dir).replace(os.sep, "/")
            lines += [f"![{info.stem}: {what}]({link})", ""]
        else:
            lines += [f"*No {suffix} figure: {absent}.*", ""]
    return lines


def read_points(sweep_dir, failed_points):
    """The scenario's results, each with its seeds' values of the metrics
    shown with a median (sweep.csv); none when every seed failed (sweep.sh
    then writes no table), but a missing table is an error otherwise."""
    csv_path = os.path.join(sweep_dir, "sweep_points.csv")
    if not os.path.exists(csv_path) and failed_points:
        return {}
    points = read_sweep_points(csv_path)
    runs_path = os.path.join(sweep_dir, "sweep.csv")
    return with_seed_values(points, read_seed_values(runs_path, [m.key for m in WITH_MEDIAN]), runs_path)


def scenario_section(info, args, explanations, envelopes):
    """The scenario's lines, and the World its systems are judged on at the page's end."""
    sweep_dir = os.path.join(args.out, info.stem)
    failed_points = find_failed_points(sweep_dir, args.seeds)
    points = read_points(sweep_dir, failed_points)
    # Both files checked even without results; the envelopes in the table's order.
    texts = labelled_for(explanations, args.explanations, info)
    marked = labelled_for(envelopes, args.envelopes, info)
    marks = {p.label: marked[p.label] for p in info.policies if p.label in marked}
    table_lines, rows, failed = table(info, points, failed_points, args.seeds, marks)
    front = pareto_front(rows)
    lines = [f"## {info.stem}", ""]
    if info.description:
        lines += [info.description, ""]
    lines += [setup_line(info, args, sweep_dir), ""]
    lines += table_lines + [""]
    lines += front_lines(front)
    lines += failure_lines(failed_points, [p.label for p in info.policies])
    lines += figure_lines(info, args, bool(points))
    if rows:
        lines += spread_lines(rows, texts)
    lines += ["**Who wins what.** " + " ".join(findings(rows, failed, args.attainment_bar)), ""]
    return lines, World(info.stem, marks, front)


def write_atomically(path, text):
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        with open(path + ".partial", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(path + ".partial", path)
    except OSError as e:
        raise InputError(f"{path}: cannot write ({e.strerror})") from None


def main(argv):
    args = parse_args(argv)
    if args.command is None:
        args.command = " ".join(shlex.quote(a) for a in ["scripts/side_by_side/write_page.py"] + argv)
    explanations = read_explanations(args.explanations)
    envelopes = read_envelopes(args.envelopes, args.envelopes_given)
    ground_explanations = read_ground_explanations(args.ground_explanations)
    lines = header(args) + uncertainty_note(args)
    seen, worlds = set(), []
    for path in args.scenarios:
        info = read_scenario(path)
        if info.stem in seen:
            raise InputError(f"{path}: a second scenario named {info.stem} (its runs and figures would share a folder)")
        seen.add(info.stem)
        section, world = scenario_section(info, args, explanations, envelopes)
        lines += section
        worlds.append(world)
    lines += ground_lines(worlds, ground_explanations, shown_path(args.ground_explanations))
    write_atomically(args.doc, "\n".join(lines).rstrip("\n") + "\n")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except InputError as e:
        print(f"write_page.py: {e}", file=sys.stderr)
        sys.exit(2)
