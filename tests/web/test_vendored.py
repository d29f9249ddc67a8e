"""The vendored scripts are the files their record names (web/static/vendor/VENDORED.json):
no CDN, no build, and a changed byte is caught."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENDORS = (ROOT / "web" / "static" / "vendor", ROOT / "tests" / "browser" / "vendor")


@pytest.mark.parametrize("vendor", VENDORS, ids=["served", "tests"])
def test_every_vendored_file_has_the_checksum_its_record_names(vendor: Path) -> None:
    record = json.loads((vendor / "VENDORED.json").read_text("utf-8"))
    named = {}
    for package in record["packages"]:
        assert package["integrity"].startswith("sha512-")
        assert package["tarball"].startswith("https://registry.npmjs.org/")
        for name, entry in package["files"].items():
            named[name] = entry["sha256"]
    on_disk = {p.name for p in vendor.iterdir() if p.name != "VENDORED.json"}
    assert on_disk == set(named)
    for name, digest in named.items():
        assert hashlib.sha256((vendor / name).read_bytes()).hexdigest() == digest, name
