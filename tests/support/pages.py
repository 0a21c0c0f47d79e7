"""Browser pages kept open for a test module, one per (size, language,
signed-in user): what tests/a11y and tests/screens share, so that opening a
context, its phone or TV viewport and the sign-in are written once."""

PASSWORD = "cards-and-cookies-45"
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
LANGUAGES = {"en": "en-CA", "fr": "fr-CA"}


class BrowserPages:
    """(size, language, user) -> a page; `user` None is not signed in. With
    `cdp`, each page keeps a Chrome DevTools session (`sessions`)."""

    def __init__(self, browser, url: str, *, cdp: bool = False):
        self.browser, self.url, self.cdp = browser, url, cdp
        self.contexts, self.pages, self.sessions = [], {}, {}

    def get(self, size: str, language: str = "en", user: str | None = "olive"):
        key = (size, language, user)
        if key not in self.pages:
            phone = size == "phone"
            context = self.browser.new_context(
                viewport=PHONE if phone else TV,
                device_scale_factor=2 if phone else 1,
                is_mobile=phone,
                has_touch=phone,
                locale=LANGUAGES[language],
            )
            self.contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(15_000)
            if self.cdp:
                self.sessions[key] = context.new_cdp_session(page)
            if user:
                page.goto(self.url + "/accounts/login/")
                page.locator("#id_username").fill(user)
                page.locator("#id_password").fill(PASSWORD)
                page.locator("#id_password").press("Enter")
                page.wait_for_url(lambda url: "/accounts/login/" not in url)
            self.pages[key] = page
        return self.pages[key]

    def close(self):
        for context in self.contexts:
            context.close()
