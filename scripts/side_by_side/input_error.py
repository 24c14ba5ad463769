"""The one kind of error the page generator reports: bad input.

Its message names the file and the field or line, so that the caller prints
one line and exits with status 2, as every servesim tool does."""


class InputError(Exception):
    """A missing or malformed input file, or a bad argument."""
