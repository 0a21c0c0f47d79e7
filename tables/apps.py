from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = _("Evenings and tables")

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from cardnight.database import on_connection_created

        connection_created.connect(on_connection_created, dispatch_uid="cardnight-sqlite")
