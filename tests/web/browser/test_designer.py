"""The designer page in a real browser (issue 23, part 4): a comparison started from the
form runs on the server, its progress shows, and its report opens when done."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.browser.fixtures import screenshot


def test_a_study_runs_from_the_designer_page_to_its_report(page: Page, server_url: str) -> None:
    page.goto(server_url + "/")
    expect(page.locator("#nav-designer")).to_have_attribute("href", "/designer")
    page.goto(server_url + "/designer")  # not a click: a late load of / must not reset the form
    expect(page.locator("h2", has_text="New balance study")).to_be_visible()
    page.select_option("#study-game", "futebol")
    # the planner and the game's options, as the command line gives them (#42 item 6)
    expect(page.locator("#plan-answer")).to_contain_text("about 783 games for one setting")
    expect(page.locator("#option-list")).to_contain_text("goals (1..20): goals to win")
    expect(page.locator("#study-precision")).to_be_disabled()
    page.fill("#study-games", "10")
    page.fill("#study-settings", "goals=3\nmode=goal-limit")
    page.click("#start-study")
    study = page.locator("#studies li").first
    expect(study).to_have_attribute("data-status", "running")
    screenshot(page, "designer-running")
    expect(study).to_have_attribute("data-status", "done", timeout=120_000)
    expect(study).to_contain_text("A: goals=3: first seat wins")
    expect(study).to_contain_text("B: mode=goal-limit: first seat wins")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "designer-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, "designer")
    with page.context.expect_page() as opened:
        study.locator("a", has_text="open the report").click()
    report = opened.value
    expect(report.locator("#compare h2")).to_have_text("Comparison of the settings")
    screenshot(report, "designer-report")
    page.fill("#study-settings", "colour=green")
    page.click("#start-study")
    expect(page.locator("#study-error")).to_contain_text("futebol has no option 'colour' to study")
    page.fill("#study-settings", "goals")
    page.click("#start-study")
    expect(page.locator("#study-error")).to_contain_text("goals: write key=value")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_tuning_search_runs_from_the_designer_page(page: Page, server_url: str) -> None:
    page.goto(server_url + "/designer")
    page.select_option("#study-kind", "tune")
    expect(page.locator("#settings-field")).to_be_hidden()
    page.select_option("#study-game", "toxicity")  # a data file's numbers may be searched
    expect(page.locator("#study-data-option option[value=characters]")).to_have_count(1)
    page.select_option("#study-game", "futebol")
    page.fill("#study-games", "10")
    page.select_option("#study-goal", "length")
    page.fill("#study-trials", "2")
    page.fill("#study-space", "mode=golden-goal|goal-limit")
    screenshot(page, "designer-tune")
    page.click("#start-study")
    study = page.locator("#studies li").first
    expect(study).to_contain_text("searching mode for length")
    expect(study).to_have_attribute("data-status", "done", timeout=120_000)
    expect(study).to_contain_text("best: mode=")
    assert page.errors == []  # type: ignore[attr-defined]
