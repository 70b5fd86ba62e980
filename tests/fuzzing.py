"""How long the property tests run: `HYPOTHESIS_PROFILE=ci` (the default, what CI runs) or
`deep` (twenty times the examples of every property test, or HYPOTHESIS_DEEP_SCALE times, for
a long run before a release or after a change to the loader, the checker or the engine).

A test asks for `examples(N)`: N under ci, 20 N under deep. The profile itself (no deadline,
the health checks a slow machine trips) is loaded by conftest.py for every test.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: profile -> how many times the examples; HYPOTHESIS_DEEP_SCALE sets deep's (default 20)
PROFILES = {"ci": 1, "deep": int(os.environ.get("HYPOTHESIS_DEEP_SCALE") or 20)}
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
if PROFILE not in PROFILES:
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r}: use one of {', '.join(PROFILES)}")

for _name in PROFILES:
    settings.register_profile(
        _name, deadline=None, print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(PROFILE)


def examples(n: int) -> int:
    """How many examples a property test whose ci budget is `n` runs under this profile."""
    return n * PROFILES[PROFILE]
