from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = _("Evenings and tables")

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from cardnight.database import on_connection_created

        connection_created.connect(on_connection_created, dispatch_uid="cardnight-sqlite")

        from django.contrib.auth.signals import user_logged_in

        from cardnight.signin import update_last_login

        from .views.password import mark_one_time_password

        # Django's receiver, under the same name, replaced by one a full disk
        # does not turn into a failed sign-in.
        user_logged_in.disconnect(dispatch_uid="update_last_login")
        user_logged_in.connect(update_last_login, dispatch_uid="update_last_login")
        user_logged_in.connect(mark_one_time_password, dispatch_uid="cardnight-one-time-password")
