"""The integer check the modules share before calling the extension."""

import operator
from typing import Optional


def as_int(value: object) -> Optional[int]:
    """``value`` as an int (a bool counts as 0 or 1), ``None`` if it is not
    an integer."""
    if isinstance(value, bool):
        return int(value)
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
