"""The reference web client (``web/``) served as static files: ``/`` and ``/web/*``.

The client is plain ES modules that use only the public API. Its pages are
served with a strict Content-Security-Policy (no inline script, fetches to
this origin only) and ``nosniff``. The API's routes, ``/schema`` and the
problem+json 404 of unknown paths are untouched: the client lives under
``/`` (exactly) and ``/web/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from litestar import Response, get
from litestar.response import File
from litestar.static_files import create_static_files_router

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
SERVED = {".js", ".css", ".html", ".svg", ".png", ".ico", ".json"}


async def _secure(response: Response[Any]) -> Response[Any]:
    for name, value in HEADERS.items():
        response.headers[name] = value
    return response


@get("/", include_in_schema=False, sync_to_thread=False)
def index() -> File:
    """The client's single page."""
    return File(
        WEB_DIR / "index.html", media_type="text/html", headers=HEADERS,
        content_disposition_type="inline",
    )  # fmt: skip


def web_handlers() -> list[Any]:
    """Route handlers of the web client; none when ``web/`` is not shipped."""
    if not (WEB_DIR / "index.html").is_file():
        return []
    return [
        index,
        create_static_files_router(
            path="/web",
            directories=[WEB_DIR],
            include_in_schema=False,
            after_request=_secure,
            name="web",
        ),
    ]
