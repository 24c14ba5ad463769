"""The two ways plot.sh fails, each with its exit status.

Messages name the file and the column or line at fault, so that plot.sh
prints one line ("plot.sh: ...") and exits, as every servesim tool does."""


class InputError(Exception):
    """A bad argument or input file: exit status 2."""


class DrawError(Exception):
    """matplotlib could not draw or write a figure: exit status 1."""
