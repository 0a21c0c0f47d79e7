import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_shots(live_server, browser):
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    page = ctx.new_page()
    page.goto(f"{live_server.url}/rules/auction/")
    page.screenshot(path="/tmp/auction/s1.png", full_page=True)
    page.get_by_role("button", name="20", exact=True).click()
    page.get_by_role("button", name="Pass", exact=True).click()
    page.get_by_role("button", name="25", exact=True).click()
    page.get_by_role("button", name="Hold", exact=True).click()
    page.screenshot(path="/tmp/auction/s2.png", full_page=True)
    page.goto(f"{live_server.url}/rules/auction/hand/?bid=30&bidder=A&points=30+0&before=65+0")
    page.screenshot(path="/tmp/auction/s3.png", full_page=True)
    page.goto(f"{live_server.url}/rules/auction/sheet/?lines=A+20+20+10%0AB+25+20+40%0AA+20+15+45")
    page.screenshot(path="/tmp/auction/s4.png", full_page=True)
    ctx2 = browser.new_context(
        viewport={"width": 390, "height": 844},
        locale="fr-CA",
        extra_http_headers={"Accept-Language": "fr"},
    )
    p2 = ctx2.new_page()
    p2.goto(f"{live_server.url}/rules/auction/?calls=20+pass+25+hold")
    p2.screenshot(path="/tmp/auction/s5.png", full_page=True)
    ctx.close()
    ctx2.close()
