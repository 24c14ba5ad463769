"""A CSV file as servesim writes it: a header, then rows of text cells.

Quoted fields are honoured (a label may hold a comma); short rows read as
empty cells, as a missing value does."""

import csv
import re
from dataclasses import dataclass

from .errors import InputError

# What servesim writes as a number, and what a grid value looks like when it
# is one: decimal, optionally with an exponent (no "nan", "inf" or hex).
_NUMBER = re.compile(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")


def is_number(text):
    return _NUMBER.fullmatch(text) is not None


@dataclass
class Table:
    path: str
    header: list
    rows: list  # lists of str, each as long as the header

    def has(self, name):
        return name in self.header

    def column(self, name):
        """Where the column is; the first of two with one name wins."""
        if name not in self.header:
            raise InputError(f'{self.path}: no column "{name}"')
        return self.header.index(name)

    def number(self, row_index, column):
        """A cell as a float, None when empty; a line number in the error."""
        text = self.rows[row_index][column]
        if text == "":
            return None
        if not is_number(text):
            raise InputError(f'{self.path} line {row_index + 2}: {self.header[column]} = "{text}" is not a number')
        return float(text)


def read_table(path):
    try:
        with open(path, encoding="utf-8", newline="") as f:
            lines = list(csv.reader(f))
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise InputError(f"{path}: cannot read ({e})") from None
    if not lines:
        raise InputError(f"{path}: empty, no header")
    header = lines[0]
    rows = [row + [""] * (len(header) - len(row)) for row in lines[1:] if row]
    return Table(path, header, rows)
