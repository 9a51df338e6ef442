"""The API's /docs page in a browser with no internet (issue 39, item 7): Swagger UI draws
the API from this server alone, under the pages' Content-Security-Policy."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Route, expect

from tests.web.browser.fixtures import new_page


def test_the_docs_page_draws_the_api_with_no_internet(
    context: BrowserContext, server_url: str
) -> None:
    outside: list[str] = []

    def only_this_server(route: Route) -> None:
        if route.request.url.startswith(server_url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page = new_page(context)
    page.route("**/*", only_this_server)
    refused: list[str] = []
    page.on(
        "console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None
    )
    page.goto(server_url + "/docs")
    expect(page.locator("#swagger-ui .info .title")).to_contain_text("ludoteca")
    expect(page.locator("#swagger-ui .opblock").first).to_be_visible()
    assert outside == [] and refused == []
    assert page.errors == []  # type: ignore[attr-defined]
