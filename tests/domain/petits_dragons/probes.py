"""The no-leak probe of this game (see ``tests/domain/probes.py``)."""

from __future__ import annotations

from domain.petits_dragons.views import hidden_values

__all__ = ["hidden_values"]
