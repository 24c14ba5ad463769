"""scripts/plot.sh's figures, drawn with matplotlib.

plot.sh is the entry point (`python3 -m plotting ARGS`, scripts/ on the path);
cli.py reads its command line. Each figure is first built as plain data
(figure_spec.py) by run_figures.py, sweep_lines.py or scatter.py, then drawn
by render.py and written as PDF and PNG by save.py, which also writes that
data as JSON for --keep-data: what a test checks, not the pixels."""
