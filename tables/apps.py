from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = _("Evenings and tables")

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from cardnight.database import on_connection_created

        connection_created.connect(on_connection_created, dispatch_uid="cardnight-sqlite")

        from django.db.models.signals import post_delete

        from tables.models.evening import Evening
        from tables.state_cache import forget_deleted_evening

        post_delete.connect(forget_deleted_evening, sender=Evening, dispatch_uid="evening-state")
