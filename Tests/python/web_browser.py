"""Drives `tasker web` in headless Debian chromium (chromium-driver) with Selenium.

Usage: web_browser.py LOGIN_URL SCREENSHOT_DIR

Captures `call mom tomorrow 5pm #family !high` (five chips), saves it and finds it in Today,
completes it, plans the day (busy and plan blocks), approves the pending agent request, and times
load-to-interactive and keystroke-to-chips with the Performance API. Prints `ok …` lines and one
`timing …` line; exits 1 with the reason on the first failure.
"""
import os
import statistics
import sys
import traceback

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

login_url, shots = sys.argv[1], sys.argv[2]
base = login_url.split("/login/")[0]

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=900,1600"):
    options.add_argument(flag)
try:
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
except Exception as error:
    print("FAIL chromium did not start through chromedriver: %s: %s" % (type(error).__name__, error))
    sys.exit(1)
# A list re-rendered between finding a row and reading it: not yet, look again.
wait = WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,))


def fail(message):
    print("FAIL " + message)
    driver.quit()
    sys.exit(1)


def until(condition, what):
    try:
        return wait.until(lambda d: condition())
    except Exception:
        fail("timed out waiting for " + what + "; status: " + driver.find_element(By.ID, "status").text)


def shot(section, name):
    element = driver.find_element(By.ID, section)
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", element)
    element.screenshot(os.path.join(shots, name))


def chips():
    return [c.text for c in driver.find_elements(By.CSS_SELECTOR, "#drafts .chip")]


try:
    driver.get(login_url)
    until(lambda: driver.execute_script("return document.body.dataset.ready") == "true", "the page after login")
    if driver.get_cookies() and any(not c.get("httpOnly") for c in driver.get_cookies()):
        fail("the session cookie is not HttpOnly")
    driver.get(base + "/")
    until(lambda: driver.execute_script("return document.body.dataset.ready") == "true", "the page to be ready")
    ready = driver.execute_script("return performance.getEntriesByName('tasker-ready')[0].startTime")
    print("ok   page loaded and ready")

    box = driver.find_element(By.ID, "capture-input")
    if driver.switch_to.active_element != box:
        fail("the capture box is not focused on load")
    sentence = "call mom tomorrow 5pm #family !high"
    box.send_keys(sentence)
    until(lambda: driver.find_element(By.ID, "drafts").get_attribute("data-text") == sentence, "the chips of the whole sentence")
    found = chips()
    if len(found) != 5:
        fail("expected five chips, got %d: %s" % (len(found), found))
    print("ok   five chips: " + " | ".join(found))
    shot("capture", "web-capture.png")

    box.send_keys(Keys.ENTER)
    until(lambda: "Saved" in driver.find_element(By.ID, "status").text, "the save")
    row = until(lambda: [r for r in driver.find_elements(By.CSS_SELECTOR, "#lists .task") if "call mom" in r.text.lower()], "the task in Today")[0]
    print("ok   saved and listed: " + row.find_element(By.CLASS_NAME, "title").text)
    shot("today", "web-today.png")
    # Keyboard first: Escape leaves the capture box, j moves down to the task, x completes it.
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    rows = driver.find_elements(By.CSS_SELECTOR, "#lists .task")
    target = [n for n, r in enumerate(rows) if "call mom" in r.text.lower()][0]
    for _ in range(target + 1):
        driver.switch_to.active_element.send_keys("j")
    selected = driver.find_element(By.CSS_SELECTOR, "#lists .task.selected")
    if "call mom" not in selected.text.lower():
        fail("j did not select the saved task: " + selected.text)
    driver.switch_to.active_element.send_keys("x")
    until(lambda: "Completed" in driver.find_element(By.ID, "status").text, "the completion")
    until(lambda: not [r for r in driver.find_elements(By.CSS_SELECTOR, "#lists .task") if "call mom" in r.text.lower()], "the task to leave Today")
    print("ok   completed")

    driver.find_element(By.CSS_SELECTOR, "#plan-form button[type=submit]").click()
    until(lambda: driver.find_elements(By.CSS_SELECTOR, "#timeline .block.plan"), "plan blocks")
    busy = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#timeline .block.busy")]
    plan = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#timeline .block.plan")]
    if not busy:
        fail("no busy block in the plan's timeline")
    if driver.find_element(By.ID, "plan-export").get_attribute("disabled") is not None:
        fail("export .ics stays disabled after planning")
    print("ok   plan: %d busy, %d plan blocks; first busy: %s" % (len(busy), len(plan), busy[0].replace("\n", " ")))
    shot("plan", "web-plan.png")

    # Reschedule by a phrase, through the real parser.
    row = [r for r in driver.find_elements(By.CSS_SELECTOR, "#lists .task") if "Email the team" in r.text][0]
    row.find_element(By.XPATH, ".//button[text()='Reschedule']").click()
    phrase = row.find_element(By.CSS_SELECTOR, "form input")
    phrase.send_keys("friday 3pm", Keys.ENTER)
    until(lambda: "Rescheduled" in driver.find_element(By.ID, "status").text, "the reschedule")
    print("ok   " + driver.find_element(By.ID, "status").text)

    # The inbox may be drawn again at any time (on focus): each step finds the request afresh.
    driver.find_element(By.ID, "approvals-refresh").click()
    heading = until(lambda: driver.find_element(By.CSS_SELECTOR, "#pending .approval").text.split("\n")[0], "a pending approval")
    print("ok   pending: " + heading)
    until(lambda: shot("approvals", "web-approvals.png") or True, "the approvals screenshot")
    until(lambda: driver.find_element(By.CSS_SELECTOR, "#pending .approval button.primary").click() or True, "the Approve button")
    until(lambda: "approved and run" in driver.find_element(By.ID, "status").text, "the approval")
    print("ok   approved: " + driver.find_element(By.ID, "status").text)

    # Readable at 360 px: nothing wider than the window.
    driver.set_window_size(360, 1600)
    width = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    if width[0] > width[1]:
        fail("at 360 px the page scrolls sideways: %d > %d" % (width[0], width[1]))
    print("ok   360 px wide without sideways scrolling")
    driver.set_window_size(900, 1600)

    # Keystroke to chips, 100 keystrokes: each waits until its own text's chips are shown.
    box = driver.find_element(By.ID, "capture-input")
    box.clear()
    driver.execute_script("performance.clearMeasures('tasker-chips')")
    text = ("write the quarterly report friday 3pm #work !high ~90m deep; " * 3)[:100]
    for n in range(len(text)):
        box.send_keys(text[n])
        typed = text[: n + 1]
        until(lambda: driver.find_element(By.ID, "drafts").get_attribute("data-text") == typed, "chips for keystroke %d" % (n + 1))
    measures = driver.execute_script("return performance.getEntriesByName('tasker-chips').map(m => m.duration)")
    if len(measures) < 100:
        fail("only %d of 100 keystrokes were measured" % len(measures))
    measures.sort()
    p95 = measures[int(0.95 * (len(measures) - 1) + 0.5)]
    print("timing load_to_interactive_ms=%.1f chips_median_ms=%.1f chips_p95_ms=%.1f keystrokes=%d"
          % (ready, statistics.median(measures), p95, len(measures)))
except Exception as error:  # the reason, on stdout (the test shows stdout, not stderr)
    line = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if frame.filename == __file__][-1]
    print("FAIL %s at line %d: %s" % (type(error).__name__, line, error))
    sys.exit(1)
finally:
    driver.quit()
