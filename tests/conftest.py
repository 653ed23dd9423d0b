"""Shared test setup: detailed assertion messages inside the contract checker too."""

import pytest

pytest.register_assert_rewrite("contract")
