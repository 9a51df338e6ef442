"""Shared test settings."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ludoteca",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ludoteca"))
