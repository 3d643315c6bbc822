"""The Catan variant catalog, as Catan code and library users know it.

The catalog itself is data the record builder needs (a record's default variant and target), so
it lives in the core's lowest layer, `tablerank.engine.variants`; see docs/architecture.md.
"""

from __future__ import annotations

from tablerank.engine.variants import (
    SOURCES,
    VARIANTS,
    Source,
    Variant,
    catalog_json,
    is_catan,
    source_json,
)

__all__ = ["SOURCES", "VARIANTS", "Source", "Variant", "catalog_json", "is_catan", "source_json"]
