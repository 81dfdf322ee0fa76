"""The native command line, for byte-for-byte comparisons with it (scripts/test-python.sh builds
it: `cargo build -p preflight-cli`; PREFLIGHT_CLI=path uses another)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Dict, Optional

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(os.environ.get("PREFLIGHT_CLI", ROOT / "target/debug/preflight"))


def run(args: list, stdin: bytes = b"", env: Optional[Dict[str, str]] = None) -> "subprocess.CompletedProcess[bytes]":
    assert CLI.exists(), f"{CLI} is missing: run `cargo build -p preflight-cli` (scripts/test-python.sh does)"
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("PREFLIGHT_")}
    full_env.update(env or {})
    return subprocess.run([str(CLI), *args], input=stdin, capture_output=True, env=full_env, timeout=60)
