"""The API docs of the service, served from this machine: no CDN, so they work offline.

FastAPI's own ``/docs`` and ``/redoc`` load Swagger UI / ReDoc from a CDN and are blank without network.
Here ``/docs`` is Swagger UI from the ``swagger-ui-bundle`` package (installed with ``paraqd[serve]``), its
files under ``/docs-assets/`` and its start-up script a static file (no inline script, so the page keeps a
content security policy). Without that package ``/docs`` is a plain page linking the OpenAPI schema
(``/openapi.json``) and saying how to get the interactive docs. ``/redoc`` (CDN-only) is not served.
"""

from __future__ import annotations

import html
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

DOCS_ASSETS = "/docs-assets"
#: Swagger UI sets style attributes, so styles may be inline; scripts only from this server.
DOCS_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def swagger_ui_dir() -> Path | None:
    """The directory of Swagger UI's files (swagger-ui-bundle.js, swagger-ui.css), or None without the
    ``swagger-ui-bundle`` package."""
    try:
        from swagger_ui_bundle import swagger_ui_path
    except ImportError:
        return None
    path = Path(swagger_ui_path)
    return path if (path / "swagger-ui-bundle.js").is_file() else None


def _page(title: str, stylesheet: str, body: str) -> str:
    """An HTML page of the service: ``title``, one stylesheet and ``body``."""
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}: API docs</title>
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="{stylesheet}">
</head>
<body>
{body}
</body>
</html>
"""


def docs_page(title: str, assets: bool) -> str:
    """The HTML of ``/docs``: Swagger UI when its files are here, else a plain page pointing at the schema."""
    title = html.escape(title)
    if assets:
        return _page(title, f"{DOCS_ASSETS}/swagger-ui.css", f"""  <div id="swagger-ui"></div>
  <script src="{DOCS_ASSETS}/swagger-ui-bundle.js"></script>
  <script src="/static/docs.js"></script>""")
    return _page(title, "/static/style.css", """  <main>
    <h1>API docs</h1>
    <p>The interactive API docs (Swagger UI) are served from this machine when the
      <code>swagger-ui-bundle</code> package is installed: <code>pip install 'paraqd[serve]'</code>.</p>
    <p>The API schema is here, offline: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3, JSON). Every
      endpoint, request and answer is described in it.</p>
    <p><a href="/">Back to the page</a></p>
  </main>""")


def install_docs(app: FastAPI, title: str = "paraqd") -> None:
    """Serve ``/docs`` (and Swagger UI's files) from this machine. Create ``app`` with ``docs_url=None,
    redoc_url=None`` so FastAPI's CDN pages are not served."""
    assets = swagger_ui_dir()
    if assets is not None:
        app.mount(DOCS_ASSETS, StaticFiles(directory=assets), name="docs-assets")
    page = docs_page(title, assets is not None)

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return HTMLResponse(page, headers=DOCS_HEADERS)
