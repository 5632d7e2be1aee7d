"""An app's shutdown ends within bounds whatever one of its steps does."""

from __future__ import annotations

import asyncio
import logging

import pytest

from service.api.lifespan import bounded


async def test_a_step_that_never_ends_is_left_behind_after_its_limit(
    caplog: pytest.LogCaptureFixture,
) -> None:
    ended = asyncio.Event()
    cancelled = asyncio.Event()

    async def stuck() -> None:
        try:
            await ended.wait()  # never set
        finally:
            cancelled.set()

    with caplog.at_level(logging.WARNING, logger="plateau"):
        await asyncio.wait_for(bounded(stuck(), "a stuck step", limit=0.05), 5)
    await asyncio.wait_for(cancelled.wait(), 5)  # the step was cancelled, not left running
    assert "a stuck step took more than" in caplog.text


async def test_a_step_that_refuses_cancellation_does_not_hold_the_shutdown() -> None:
    release = asyncio.Event()

    async def deaf() -> None:
        while not release.is_set():
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                continue  # swallows every cancellation

    task = asyncio.ensure_future(deaf())
    await asyncio.wait_for(bounded(task, "a deaf step", limit=0.05), 5)
    assert not task.done()  # still running, and the shutdown went on
    release.set()
    task.cancel()
    await task


async def test_a_failing_step_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    async def failing() -> None:
        raise RuntimeError("peer gone")

    with caplog.at_level(logging.WARNING, logger="plateau"):
        await bounded(failing(), "closing the thing")
    assert "closing the thing failed: peer gone" in caplog.text
