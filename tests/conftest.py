"""Hypothesis settings profiles: "default", "ci" (fixed examples, chosen when CI is set) and "thorough"."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# CI sets CI=true: there the examples are fixed, so a run is reproducible; the
# "thorough" profile explores further when asked for.
_DEFAULT = "ci" if os.environ.get("CI") else "default"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _DEFAULT))
