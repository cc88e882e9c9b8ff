"""Hypothesis profiles: ``ci`` is derandomized (the same examples on every run, so a
submission never fails on an example nobody changed); ``explore`` draws new examples
each run and keeps failures in the local example database, for developers hunting
for new cases. ``HYPOTHESIS_PROFILE`` chooses; by default CI (``CI`` set) runs ``ci``
and a developer's machine ``explore``."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "explore"))
