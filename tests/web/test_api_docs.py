"""The API's /docs page is served whole by this server (issue 39, item 7): nothing from
another host (a CDN is blank on a venue network and refused by the pages' CSP), no inline
script; only the two Swagger UI files it needs are served."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient


def test_the_docs_page_loads_nothing_from_another_host(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(s.startswith("/") for s in sources), sources
    assert "<script>" not in page.text  # every script is a file: the CSP allows no inline one
    for source in sources:
        assert client.get(source).status_code == 200, source
    assert (
        client.get("/docs/swagger-ui-bundle.js")
        .headers["content-type"]
        .startswith("text/javascript")
    )
    assert client.get("/openapi.json").json()["info"]["title"] == "ludoteca"


def test_no_other_file_of_swagger_uis_folder_is_served(client: TestClient) -> None:
    for name in ("index.html", "swagger-initializer.js", "..%2F..%2F__init__.py", "x" * 5000):
        assert client.get(f"/docs/{name}").status_code == 404, name
    assert client.get("/redoc").status_code == 404  # ReDoc came from a CDN too
