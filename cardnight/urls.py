from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from cardnight import views
from tables.views.password import PasswordChangeView

handler400 = "cardnight.error_pages.bad_request"
handler403 = "cardnight.error_pages.permission_denied"
handler404 = "cardnight.error_pages.page_not_found"
handler500 = "cardnight.error_pages.server_error"

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("readyz", views.readyz, name="readyz"),
    # The scoreboard first: a hall of phones polls it every few seconds.
    path("", include("scoring.board.urls")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # A one-time password is changed here at the first sign-in.
    path("accounts/password/", PasswordChangeView.as_view(), name="password_change"),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("tables.urls")),
    path("", include("tables.urls_game")),
    path("", include("scoring.urls")),
    path("", include("scoring.printing.urls")),
    path("", include("scoring.dispute.urls")),
]
