"""QR codes for the venue: an SVG that a phone's camera opens (segno, pure Python)."""

from __future__ import annotations

import io
from functools import lru_cache

import segno

__all__ = ["qr_svg"]


@lru_cache(maxsize=256)  # about 25 ms to make; a projector asks for the same one every refresh
def qr_svg(url: str, *, title: str = "") -> str:
    """An absolute `url` as a QR code: an SVG document that scales to its box (a viewBox, no
    fixed size), to serve as a file or to put in a page as it is. Dark modules on white with
    the standard four-module quiet zone; error correction M, readable when a projector washes
    a little of it out."""
    out = io.BytesIO()
    segno.make(url, error="m", micro=False).save(
        out, kind="svg", xmldecl=False, omitsize=True, border=4, dark="#000", light="#fff",
        svgclass="qr", lineclass=None, title=title or None, nl=False,
    )  # fmt: skip
    return out.getvalue().decode()
