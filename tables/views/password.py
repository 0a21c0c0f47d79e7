"""A one-time password is changed at the first sign-in (issue 47).

An account CardNight made (a new volunteer's, the first organizer's) has a
`OneTimePassword` row: its password was shown on a screen or printed in a
terminal. Signing in with it marks the session; until its owner chooses their
own password, every page leads to "Change my password" (signing out and the
language switch excepted). Choosing one removes the row.

The mark is read from the session, which the signed-in pages read anyway:
no query on any page, and none at all for a phone without a session cookie.
"""

from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from ..models import OneTimePassword

_MARK = "cardnight_one_time_password"


def mark_one_time_password(sender, request, user, **kwargs) -> None:
    """On sign-in (the `user_logged_in` signal): mark a session whose account
    still has its one-time password."""
    if request is not None and OneTimePassword.objects.filter(user=user).exists():
        request.session[_MARK] = True


class OneTimePasswordMiddleware:
    """Sends a session marked by `mark_one_time_password` to "Change my
    password" from every page but that one, signing out and the language
    switch."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            settings.SESSION_COOKIE_NAME in request.COOKIES
            and request.session.get(_MARK)
            and not _free(request.path_info)
        ):
            to = reverse("password_change")
            if request.method == "GET":  # back there once the password is chosen
                to += "?" + urlencode({"next": request.get_full_path()})
            return redirect(to)
        return self.get_response(request)


def _free(path: str) -> bool:
    return path in {reverse("password_change"), reverse("logout")} or path.startswith(
        (reverse("set_language"), settings.STATIC_URL)
    )


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's "Change my password", which also ends a one-time password."""

    def _next(self) -> str:
        """The page the person was on their way to, if it is on this site."""
        wanted = self.request.POST.get("next") or self.request.GET.get("next") or ""
        allowed = url_has_allowed_host_and_scheme(
            wanted, {self.request.get_host()}, require_https=self.request.is_secure()
        )
        return wanted if allowed else ""

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs) | {
            "one_time": bool(self.request.session.get(_MARK)),
            "next": self._next(),
        }

    def form_valid(self, form):
        response = super().form_valid(form)
        OneTimePassword.objects.filter(user=self.request.user).delete()
        if self.request.session.pop(_MARK, None) and self._next():
            messages.success(self.request, _("Your password is changed."))
            return redirect(self._next())
        return response
