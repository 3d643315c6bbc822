"""A system's parameter given as text (`k=16`, `draws=true`), converted to its type."""

from __future__ import annotations

import enum
from typing import Any

__all__ = ["from_text"]


def from_text(text: str, hint: Any) -> Any:
    """`text` as a value of the type `hint` (bool, int, float, an enum, else the text itself);
    raises ValueError saying what was expected."""
    text = text.strip()
    if hint is bool:
        if text.lower() in {"true", "yes", "1"}:
            return True
        if text.lower() in {"false", "no", "0"}:
            return False
        raise ValueError(f"expected true or false, got {text!r}")
    if hint is int:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"expected a whole number, got {text!r}") from None
    if hint is float:
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"expected a number, got {text!r}") from None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(text)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in hint)
            raise ValueError(f"expected one of {allowed}, got {text!r}") from None
    return text
