"""The reference web client (``web/``) served as static files: ``/`` and ``/web/<file>``.

The client is plain ES modules that use only the public API. Only the app's
own files are served: ``index.html`` at ``/`` and the ``.js``/``.css`` files
at the top of ``web/`` under ``/web/`` (an allow-list read at start-up, so
``package.json``, the TypeScript declarations, ``node_modules`` and any path
with a slash answer 404). Every answer carries a strict Content-Security-Policy
(no inline script, fetches to this origin only), ``nosniff`` and no referrer.
The API's routes, ``/schema`` and the problem+json 404 of unknown paths are
untouched.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from litestar import get
from litestar.exceptions import NotFoundException
from litestar.params import PathParameter
from litestar.response import File

WEB_DIR = Path(__file__).resolve().parents[2] / "web"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
MEDIA_TYPES = {".js": "text/javascript", ".css": "text/css"}


def app_files(directory: Path = WEB_DIR) -> dict[str, Path]:
    """The client's served files by name: the ``.js`` and ``.css`` at the top of ``web/``."""
    if not directory.is_dir():
        return {}
    return {
        path.name: path
        for path in sorted(directory.iterdir())
        if path.is_file() and path.suffix in MEDIA_TYPES and not path.name.startswith(".")
    }


def _file(path: Path, media_type: str) -> File:
    return File(path, media_type=media_type, headers=HEADERS, content_disposition_type="inline")


@get("/", include_in_schema=False, sync_to_thread=False)
def index() -> File:
    """The client's single page."""
    return _file(WEB_DIR / "index.html", "text/html")


def web_handlers() -> list[Any]:
    """Route handlers of the web client; none when ``web/`` is not shipped."""
    if not (WEB_DIR / "index.html").is_file():
        return []
    served = app_files()

    @get("/web/{name:str}", include_in_schema=False, sync_to_thread=False, name="web")
    def asset(name: Annotated[str, PathParameter()]) -> File:
        """One of the client's own files; anything else is the API's 404."""
        path = served.get(name)
        if path is None:
            raise NotFoundException(f"no web client file {name!r}")
        return _file(path, MEDIA_TYPES[path.suffix])

    return [index, asset]
