"""The interactive API docs (Swagger UI at ``/schema``), served offline.

Swagger UI's scripts and styles come from the ``swagger-ui-py`` package
(Swagger UI 5, which reads OpenAPI 3.1), installed like any other dependency, and are served by the service itself
under ``/schema/assets/``: the page loads nothing from another host (no CDN,
no favicon, no online validator). The page has no inline script or style, so
its Content-Security-Policy allows scripts, styles and fetches from this
origin only.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Annotated, Any

from litestar import Request, Response, Router, get
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.params import PathParameter

from service.api.problems import not_found, problem_response

ASSETS = "/schema/assets"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def swagger_dir() -> Path:
    """Swagger UI's ``dist`` files, as the ``swagger-ui-py`` package ships them."""
    from importlib.util import find_spec

    spec = find_spec("swagger_ui")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover
        raise RuntimeError("the swagger-ui-py package is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "static"


SWAGGER_FILES = {
    "swagger-ui-bundle.js": "text/javascript",
    "swagger-ui.css": "text/css",
    "favicon-32x32.png": "image/png",
}
"""The files of the bundle the page uses; nothing else is served."""

INIT_JS = b"""\
// Plateau: start Swagger UI on the service's own OpenAPI document. The base
// layout: the standalone one's top bar has an inline <style> (its logo) that
// the page's policy refuses, and a box that loads any other document.
window.addEventListener("DOMContentLoaded", function () {
  window.ui = SwaggerUIBundle({
    url: "/schema/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    displayOperationId: true,
    showExtensions: true,
    showCommonExtensions: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
"""
INIT_NAME = "plateau-swagger.js"
PAGE_CSS = b"body { margin: 0; padding: 0; }\n"
PAGE_CSS_NAME = "plateau-swagger.css"


class OfflineSwagger(SwaggerRenderPlugin):
    """Swagger UI whose page references only this service's assets."""

    def __init__(self) -> None:
        super().__init__(
            path="/",
            js_url=f"{ASSETS}/swagger-ui-bundle.js",
            css_url=f"{ASSETS}/swagger-ui.css",
            favicon=f'<link rel="icon" type="image/png" href="{ASSETS}/favicon-32x32.png">',
        )

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        title = html.escape(str(openapi_schema.get("info", {}).get("title", "API")))
        page = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
{self.favicon}
<link rel="stylesheet" href="{self.css_url}">
<link rel="stylesheet" href="{ASSETS}/{PAGE_CSS_NAME}">
<script src="{self.js_url}"></script>
<script src="{ASSETS}/{INIT_NAME}"></script>
</head>
<body>
<div id="swagger-ui"></div>
</body>
</html>
"""
        return page.encode()

    def receive_router(self, router: Any) -> None:
        """No ``oauth2-redirect.html``: the API's only scheme is a bearer token."""


@get(f"{ASSETS}/{{name:str}}", include_in_schema=False, sync_to_thread=False)
def swagger_asset(name: Annotated[str, PathParameter(max_length=64)]) -> Response[bytes]:
    """One of Swagger UI's files, or the page's own start script and style."""
    if name == INIT_NAME:
        content, media_type = INIT_JS, "text/javascript"
    elif name == PAGE_CSS_NAME:
        content, media_type = PAGE_CSS, "text/css"
    elif name in SWAGGER_FILES:
        content, media_type = (swagger_dir() / name).read_bytes(), SWAGGER_FILES[name]
    else:
        raise not_found(f"no docs asset {name!r}")
    return Response(
        content,
        media_type=media_type,
        headers={**HEADERS, "Cache-Control": "public, max-age=86400"},
    )


async def problem_for_missing_page(response: Response[Any]) -> Response[Any]:
    """Litestar answers an unknown ``/schema/...`` page with an HTML 404: ours are
    problem+json, like every other 404."""
    media_type = str(getattr(response.media_type, "value", response.media_type))
    if response.status_code == 404 and media_type.startswith("text/html"):
        return problem_response(None, 404, "not_found", "no such documentation page")
    return response


def docs_router() -> Router:
    """The router Litestar serves the document and Swagger UI from (``/schema``)."""
    return Router(
        "/schema",
        route_handlers=[],
        include_in_schema=False,
        after_request=problem_for_missing_page,
    )


async def secure_docs_pages(message: Any, scope: Any) -> None:
    """The docs page (``/schema``) gets the same strict headers as its assets."""
    if message["type"] != "http.response.start":
        return
    path = scope.get("path", "")
    if path not in {"/schema", "/schema/"}:
        return
    headers = [
        (k, v)
        for k, v in message.get("headers", [])
        if k.decode().lower() not in {h.lower() for h in HEADERS}
    ]
    headers += [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
    message["headers"] = headers
