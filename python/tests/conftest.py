"""Shared fixtures of the Python package's tests."""

import pytest


@pytest.fixture(scope="session")
def ray_cluster():
    """A local Ray with two CPUs and no dashboard, shut down after the tests that use it."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    yield ray
    ray.shutdown()
