"""The "How the ratings work" pages: docs/systems' markdown, one page per system, as HTML.

docs/systems is the pages' one source, read on GitHub and here. A checkout (and an editable
install) reads them from there; a built wheel carries copies in `tablerank/web/system_docs/`,
put there by the build step in setup.py, so an installed site shows them too.

docs/systems/README.md's table says which page is whose and what each system rewards in a line
(the index's descriptions). Markdown is rendered with raw HTML off, so anything in a page shows
as text; links between the pages become links between the site's pages, links to the
repository's other files (examples, other docs) become plain text, images their alt text, and
headings get GitHub's anchors. markdown-it is imported only when a page is first rendered: the
command line never loads it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from django.urls import reverse

if TYPE_CHECKING:
    from markdown_it.token import Token

PACKAGED = Path(__file__).parent / "system_docs"
"""Where a built wheel keeps the pages (setup.py copies them there)."""
CHECKOUT = Path(__file__).parents[3] / "docs" / "systems"
"""The pages' source, in a checkout of the repository."""

ROW = re.compile(r"^\|\s*`(?P<system>[a-z.]+)`\s*\|(?P<cells>.*)\|\s*$")
FILE_LINK = re.compile(r"\]\((?P<file>[\w.-]+\.md)\)")
SHARED_RULES = "## Rules every system shares"


class MissingDocs(LookupError):
    """Neither a wheel's copy nor a checkout's docs/systems is there."""


@dataclasses.dataclass(frozen=True)
class SystemDoc:
    """One system's row of the index: its id, what it rewards in a line, where its rules come
    from, and its page's file name."""

    system: str
    rewards: str
    source: str
    file: str


def docs_dir() -> Path:
    """The folder holding the pages: the wheel's copy, else the checkout's docs/systems."""
    for folder in (PACKAGED, CHECKOUT):
        if (folder / "README.md").is_file():
            return folder
    raise MissingDocs(f"the rating systems' pages are in neither {PACKAGED} nor {CHECKOUT}")


def index_rows(readme: str) -> list[SystemDoc]:
    """The systems README's table: a row per system, in its order."""
    rows = []
    for line in readme.splitlines():
        found = ROW.match(line)
        link = FILE_LINK.search(line)
        if found is None or link is None:
            continue
        cells = [cell.strip() for cell in found["cells"].split("|")]
        rows.append(SystemDoc(found["system"], cells[0], cells[1], link["file"]))
    return rows


@lru_cache(maxsize=1)
def catalogue() -> dict[str, SystemDoc]:
    """Every documented system by id, in the README's order (read once per process)."""
    readme = (docs_dir() / "README.md").read_text(encoding="utf-8")
    return {row.system: row for row in index_rows(readme)}


def shared_rules_markdown(readme: str) -> str:
    """The README's section on the rules every system shares, without its heading."""
    _, _, rest = readme.partition(SHARED_RULES)
    return rest.split("\n## ", 1)[0].strip()


@cache
def page_html(system: str) -> str:
    """The system's page as HTML (rendered once per process; `system` must be catalogued)."""
    text = (docs_dir() / catalogue()[system].file).read_text(encoding="utf-8")
    return render(text, _site_links())


@lru_cache(maxsize=1)
def shared_rules_html() -> str:
    readme = (docs_dir() / "README.md").read_text(encoding="utf-8")
    return render(shared_rules_markdown(readme), _site_links())


def _site_links() -> dict[str, str]:
    """The pages' file names and the README, as the site's addresses for them."""
    links = {row.file: reverse("system-page", args=[row.system]) for row in catalogue().values()}
    return links | {"README.md": reverse("systems")}


def render(text: str, links: Mapping[str, str]) -> str:
    """Markdown as HTML with raw HTML escaped; `links` maps a linked file name (`area.md`) to
    the address that shows it; other relative links become text (see the module's doc)."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md.parse(text)
    _anchor_headings(tokens)
    for token in tokens:
        _rewrite_links(token.children or [], links)
    return str(md.renderer.render(tokens, md.options, {}))


def _rewrite_links(inline: list[Token], links: Mapping[str, str]) -> None:
    """Links to the pages point at the site's; other relative links become plain text (a
    `span` naming the file); images become their alt text."""
    plain: list[bool] = []
    for token in inline:
        if token.type == "image":
            token.type, token.tag, token.children = "text", "", None  # content: the alt text
        elif token.type == "link_open":
            href = str(token.attrGet("href") or "")
            target, hash_, anchor = href.partition("#")
            made_plain = bool(target) and "://" not in target and target not in links
            if made_plain:
                token.tag, token.attrs = "span", {"class": "doc-file"}
                token.attrSet("title", f"docs/systems/{target}")
            elif target in links:
                token.attrSet("href", links[target] + hash_ + anchor)
            plain.append(made_plain)
        elif token.type == "link_close" and plain.pop():
            token.tag = "span"


def _anchor_headings(tokens: list[Token]) -> None:
    """`id`s on headings as GitHub makes them ("How good is it?" is `how-good-is-it`), so the
    pages' anchors work here too."""
    seen: dict[str, int] = {}
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        words = re.sub(r"[^\w\- ]", "", tokens[i + 1].content.lower()).replace(" ", "-")
        count = seen.get(words, 0)
        seen[words] = count + 1
        token.attrSet("id", words if count == 0 else f"{words}-{count}")
