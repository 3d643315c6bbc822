"""The API keeps its own contract: schemathesis, a third-party fuzzer, runs against
/api/openapi.json of the demo site (`tablerank serve --demo`, as the README starts it) and finds
nothing: no undeclared status, no 5xx, no response off its schema, no schema-valid request
refused, no invalid one accepted, no token demanded where none is needed.

Deterministic: schemathesis' deterministic generation (no example database), a fixed seed, one
worker, a fresh demo site per run; bounded by the number of examples (and a timeout as a
safety net). CI runs 5 examples an operation through every phase (examples, coverage, fuzzing,
and the stateful links between operations); a longer run, by hand:

    TABLERANK_FUZZ_EXAMPLES=100 pytest tests/api/test_schemathesis.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli.test_serve import address, environment, serving

EXAMPLES = int(os.environ.get("TABLERANK_FUZZ_EXAMPLES", "5"))
"""Examples an operation (and stateful scenarios): 5 in CI, more by hand for a longer fuzz."""
RUN_SECONDS = 300 + 60 * EXAMPLES
"""A safety net only: the run is bounded by its number of examples."""

CONFIG = """
# The demo user's token, fetched by schemathesis and fetched again when the run revokes it
# (DELETE /api/tokens/current).
[auth.dynamic.openapi.TokenAuth]
path = "/api/tokens"
payload = { username = "ann", password = "demo-password", name = "schemathesis" }
extract_selector = "/token"
retry_on = [401]

# The coverage phase (every boundary of every parameter) runs on the reads; on the writes it
# takes minutes (each request writes, a failed sign-in hashes a password), so they are fuzzed
# and driven through the stateful phase only.
[[operations]]
include-method-regex = "^(POST|PATCH|DELETE)$"
phases.coverage.enabled = false

# Rules that depend on what is stored, which no schema can say, answer 422 with the field (an
# entry's include-* keys are alternatives, so each entry names its operations with one key):
# a league keeps only some systems, and a system with several lists needs `list` (or `group`);
[[operations]]
include-path-regex = "/(standings/\\\\{system\\\\}|lists/elo|history)$"
checks.positive_data_acceptance.expected-statuses = [ALLOWED]

# a table to predict needs two different players, a backtest or a seats report games to count;
[[operations]]
include-path-regex = "/(predict|backtest|seats-report)$"
checks.positive_data_acceptance.expected-statuses = [ALLOWED]

# the engine's rules of a game record (the winner's VP, a variant of a Catan game, ...), one
# at a time or imported together;
[[operations]]
include-name-regex = "^POST .*/games(/\\\\{game_id\\\\}/correct|/import)?$"
checks.positive_data_acceptance.expected-statuses = [ALLOWED]

# a signature names the player's seat or says as_official, not both;
[[operations]]
include-name = "POST /api/leagues/{slug}/games/{game_id}/confirm"
checks.positive_data_acceptance.expected-statuses = [ALLOWED]

# a player's account may play in the league already, a rename needs a new name, a merge
# another player;
[[operations]]
include-name-regex = "^(POST|PATCH) .*/players(/\\\\{name\\\\}(/merge)?)?$"
checks.positive_data_acceptance.expected-statuses = [ALLOWED]

# a tournament's table sizes ("3,4"), rounds and cut, and each step of the event (entrants
# given once, seating a round, dropping, finishing after the last round, standings after the
# first result) are the tournament rules' to judge by its state;
[[operations]]
include-name-regex = "^(GET .*/tournaments/\\\\{event\\\\}/standings|POST .*/tournaments(/.*)?)$"
checks.positive_data_acceptance.expected-statuses = [ALLOWED]

# and the sign-in throttle locks a username at an address after five wrong passwords (429),
# which a long run reaches with the same generated username.
[[operations]]
include-name-regex = "^POST /api/tokens$"
checks.positive_data_acceptance.expected-statuses = [ALLOWED, "429"]
""".replace("ALLOWED", ", ".join(f'"{s}"' for s in ("2xx", "401", "403", "404", "409", "422")))


def schemathesis(url: str, workdir: Path) -> subprocess.CompletedProcess[str]:
    config = workdir / "schemathesis.toml"
    config.write_text(CONFIG)
    exe = shutil.which("st") or pytest.fail("schemathesis is not installed (pip install -e .[dev])")
    command = [
        exe,
        "--config-file",
        str(config),
        "run",
        url,
        "--checks=all",
        "--generation-deterministic",
        "--seed=1",
        f"--max-examples={EXAMPLES}",
        "--workers=1",
        "--no-color",
    ]
    return subprocess.run(
        command,
        cwd=workdir,
        capture_output=True,
        text=True,
        env=environment() | {"NO_COLOR": "1", "COLUMNS": "120"},
        timeout=RUN_SECONDS,
        check=False,
    )


@pytest.mark.skipif(os.name != "posix", reason="tablerank serve runs gunicorn")
def test_schemathesis_finds_nothing_on_the_demo_site(tmp_path: Path) -> None:
    with serving(tmp_path / "data") as (line, _):
        base = address(line).rstrip("/")
        result = schemathesis(f"{base}/api/openapi.json", tmp_path)
    failed = [line for line in result.stdout.splitlines() if line.startswith("___")]
    report = "\n".join([*failed, result.stdout[-20000:], result.stderr[-5000:]])
    assert result.returncode == 0, report  # the failures' titles first: a long body hides them
