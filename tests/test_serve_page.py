"""The web page of `paraqd serve`, in a real browser: headless Chromium (Debian's) driven by Playwright.

The service runs on a free loopback port in a thread, with the embedded model and the critical-information
check; the page gets the paper's Table 3 examples, typed in and uploaded as CSV, and must show the verdicts
and mark the right words. Screenshots at desktop and phone widths are written to ``$PARAQD_ARTIFACTS`` (or
pytest's temporary directory). Without a browser the test skips locally and fails in CI (``CI`` set).
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("PARAQD_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

CAT = "A bag of cat food weighs 7 pounds and 4 ounces. How much does the bag weigh in ounces?"
APPLES = "A cart of 20 apples is distributed among 10 students. How much apple does each student get?"
WALK = "John walked 200 kilometres. How long did he walk in terms of metres?"
#: the paper's Table 3: (label, question, paraphrase)
TABLE3 = [
    (0, CAT, "A bag of cat food weighs 7 pounds and ounces. How much does the bag in ounces?"),
    (0, APPLES, "20 hats in a cart are equally distributed among 10 students. How much apple does each student get?"),
    (1, APPLES, "20 hats in a cart are equally distributed among 10 students. How many hats does each student get?"),
    (0, WALK, "john walked 200 centimetres. How long did he walk in terms of metres?"),
    (1, WALK, "john walked 200 km. How long did he walk in terms of metres?"),
]


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _unavailable(reason: str):
    if _in_ci():
        pytest.fail(f"the browser test needs Chromium and Playwright in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[dev]')")
    if not Path(CHROMIUM).exists():
        _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        except Error as exc:
            _unavailable(f"Chromium at {CHROMIUM} does not start: {str(exc).splitlines()[0]}")
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def server(hybrid_scorer):
    """The service on a free loopback port, in a thread of this process."""
    import uvicorn

    from paraqd.serve import create_app

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(hybrid_scorer), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the service did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory) -> Path:
    where = os.environ.get("PARAQD_ARTIFACTS")
    path = Path(where) if where else tmp_path_factory.mktemp("page")
    path.mkdir(parents=True, exist_ok=True)
    return path


def results_on(page) -> list[dict]:
    """What the page shows per result, in display order: verdict, paraphrase, and the marked words."""
    return page.eval_on_selector_all("li.result", """items => items.map(item => ({
        verdict: item.querySelector('.verdict').textContent.trim(),
        paraphrase: item.querySelector('.text.paraphrase').textContent,
        paraphraseMarks: [...item.querySelectorAll('.text.paraphrase mark')].map(m => m.textContent),
        questionMarks: [...item.querySelectorAll('.text.question mark')].map(m => m.textContent),
        findings: [...item.querySelectorAll('ol.findings li')].map(li => li.textContent),
    }))""")


def strip_refs(text: str) -> str:
    """A displayed text without the finding numbers after marked words."""
    import re

    return re.sub(r" finding \d+(?:,\d+)*", "", text)


def test_page_shows_verdicts_and_marks_the_changed_words(browser, server, artifacts, tmp_path):
    page = browser.new_page(viewport={"width": 1024, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(server)
    assert page.get_by_label("Word problem").is_visible()
    page.wait_for_selector("#mode:has-text('similarity of meaning')")  # not wait_for_function: the CSP forbids eval

    # 1. nothing to check: a one-line error, the field marked and focused
    page.get_by_role("button", name="Check paraphrases").click()
    assert "Paste at least one candidate" in page.get_by_role("alert").text_content()
    assert page.evaluate("document.activeElement.id") == "candidates"
    assert page.get_attribute("#candidates", "aria-invalid") == "true"

    # 2. one problem typed in, candidates one per line, submitted with the keyboard (Ctrl+Enter)
    page.get_by_label("Word problem").fill(APPLES)
    page.get_by_label("Candidate paraphrases, one per line").fill(f"{TABLE3[1][2]}\n\n{TABLE3[2][2]}\n")
    page.get_by_label("Candidate paraphrases, one per line").press("Control+Enter")
    page.wait_for_selector("text=Checked 2 paraphrases")
    assert page.evaluate("document.activeElement.id") == "results-heading"  # the focus moved to the results
    shown = results_on(page)
    assert [r["verdict"] for r in shown] == ["✓Valid", "✗Invalid"]  # valid first
    assert [strip_refs(r["paraphrase"]) for r in shown] == [TABLE3[2][2], TABLE3[1][2]]
    broken = shown[1]
    # the words the findings name are marked: the counted "20 apples" that became "20 hats", the "apple" kept
    assert {"apples", "apple"} <= {m.strip() for m in broken["questionMarks"]}
    assert "hats" in {m.strip() for m in broken["paraphraseMarks"]}
    assert any("20 hats" in f and "counts another thing" in f for f in broken["findings"])
    assert any("hats" in f and "still used elsewhere" in f for f in broken["findings"])
    assert page.get_attribute("#status", "aria-live") == "polite"

    # 3. all of Table 3 from a CSV file (three problems), the typed candidates cleared
    page.get_by_label("Candidate paraphrases, one per line").fill("")
    table = io.StringIO()
    writer = csv.writer(table)
    writer.writerow(["question", "paraphrase", "label"])
    writer.writerows([q, p, label] for label, q, p in TABLE3)
    upload = tmp_path / "table3.csv"
    upload.write_text(table.getvalue(), encoding="utf-8")
    page.get_by_label("Or upload a CSV file").set_input_files(str(upload))
    page.wait_for_selector("#csv-summary:not([hidden])")  # the file is read asynchronously
    assert "5 paraphrases of 3 problems" in page.text_content("#csv-summary")
    page.get_by_role("button", name="Check paraphrases").click()
    page.wait_for_selector("text=Checked 5 paraphrases of 3 problems")
    shown = {strip_refs(r["paraphrase"]): r for r in results_on(page)}
    for label, _, paraphrase in TABLE3:
        assert shown[paraphrase]["verdict"] == ("✓Valid" if label else "✗Invalid"), paraphrase
    cat = shown[TABLE3[0][2]]
    assert cat["questionMarks"][0] == "4"  # the dropped number, in the problem
    assert cat["paraphraseMarks"] == []  # nothing to mark where it is missing
    walk = shown[TABLE3[3][2]]
    assert (walk["questionMarks"], walk["paraphraseMarks"]) == (["kilometres"], ["centimetres"])
    assert shown[TABLE3[4][2]]["paraphraseMarks"] == [] and shown[TABLE3[4][2]]["findings"] == []
    # per problem, valid ones first
    groups = page.eval_on_selector_all("section.problem", """sections => sections.map(s =>
        [...s.querySelectorAll('.verdict')].map(v => v.textContent.trim()))""")
    assert len(groups) == 3
    for verdicts in groups:
        assert verdicts == sorted(verdicts, key=lambda v: v != "✓Valid")
    page.screenshot(path=str(artifacts / "page-desktop.png"), full_page=True)
    # the same at phone width: one column, nothing wider than the screen
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "page-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1024, "height": 800})

    # 4. the results as CSV, in the order shown
    with page.expect_download() as download:
        page.get_by_role("button", name="Download CSV").click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    assert [r["paraphrase"] for r in rows] == [strip_refs(r["paraphrase"]) for r in results_on(page)]
    assert {r["paraphrase"]: r["verdict"] for r in rows}[TABLE3[3][2]] == "invalid"
    assert "kilometres became centimetres" in {r["paraphrase"]: r["reasons"] for r in rows}[TABLE3[3][2]]

    # 5. user text is shown as text: markup in it is neither parsed nor run
    page.get_by_role("button", name="Remove the file").click()
    hostile = '<img src=x onerror="document.title=1">John walked 200 km, "quoted" <b>bold</b>'
    page.get_by_label("Candidate paraphrases, one per line").fill(hostile)
    page.get_by_role("button", name="Check paraphrases").click()
    page.wait_for_selector("text=Checked 1 paraphrase:")
    assert [strip_refs(r["paraphrase"]) for r in results_on(page)] == [hostile]
    assert page.locator("#results img, #results b").count() == 0 and page.title() != "1"

    # 6. keyboard: every control is reached with Tab and shows where the focus is
    page.locator("h1").click()  # the sequential focus navigation starts at the top
    reached, outlines = [], []
    for _ in range(9):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.id || document.activeElement.tagName"))
        outlines.append(page.evaluate("getComputedStyle(document.activeElement).outlineStyle"))
    assert reached[:5] == ["question", "candidates", "csv-file", "check", "download"], reached
    assert all(style != "none" for who, style in zip(reached, outlines) if who != "BODY")

    assert errors == []
    page.close()


def in_view(page, selector: str) -> bool:
    """Whether the element's top edge is on the screen (the viewport, not the page)."""
    return page.evaluate("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.top >= -2 && r.top < window.innerHeight; }""", selector)  # -2: sub-pixel layout


def test_phone_results_are_scrolled_into_view_focused_numbered_and_in_plain_words(browser, server, artifacts):
    """issue 27: on a phone (390x844) the results start below the fold: after a check they are scrolled into
    view and focused; each is named by its line in the box; plain words, the technical term one click away."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server)
    page.wait_for_selector("#mode:has-text('similarity of meaning')")  # not wait_for_function: the CSP forbids eval
    assert not in_view(page, "#results-heading")  # below the fold before a check
    page.get_by_label("Word problem").fill(WALK)
    # line 2 is blank: the candidates are lines 1 and 3
    page.get_by_label("Candidate paraphrases, one per line").fill(f"{TABLE3[3][2]}\n\n{TABLE3[4][2]}")
    page.screenshot(path=str(artifacts / "phone-before-check.png"))
    page.get_by_role("button", name="Check paraphrases").tap()
    page.wait_for_selector("text=Checked 2 paraphrases")
    assert page.evaluate("document.activeElement.id") == "results-heading"
    where = page.evaluate("""() => ({top: document.getElementById('results-heading').getBoundingClientRect().top,
        y: window.scrollY, h: window.innerHeight, doc: document.documentElement.scrollHeight})""")
    assert in_view(page, "#results-heading") and page.evaluate("window.scrollY") > 0, where
    page.screenshot(path=str(artifacts / "phone-after-check.png"))

    labels = page.eval_on_selector_all("li.result", "items => items.map(i => i.querySelector('.label').textContent)")
    assert labels == ["Candidate 3", "Candidate 1"]  # valid first; each keeps the number of its line
    first = page.locator("li.result").nth(1)
    assert "Candidate 1" in first.text_content() and "centimetres" in first.text_content()
    text = page.text_content("#results-section")
    assert "similarity of meaning" in text and "What changed" in text
    assert "cosine" not in page.inner_text("#results")  # the technical term is hidden until asked for
    term = first.locator("details.term").nth(1)  # score, then similarity of meaning
    assert term.locator("summary").text_content().startswith("similarity of meaning")
    technical = term.locator(".technical")
    assert not technical.is_visible()
    term.locator("summary").tap()
    assert technical.is_visible() and "learned cosine similarity" in technical.text_content()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    first.screenshot(path=str(artifacts / "phone-technical-term.png"))

    with page.expect_download() as download:
        page.get_by_role("button", name="Download CSV").tap()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    assert [r["candidate"] for r in rows] == ["Candidate 3", "Candidate 1"]
    assert errors == []
    context.close()
