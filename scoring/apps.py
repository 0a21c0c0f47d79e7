from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring and prizes")

    def ready(self) -> None:
        # The rules engine has no Django in it: give it Django's gettext, so a
        # ruling is written in the language of the request it answers (the
        # engine calls the translator when it builds each message).
        from django.utils.translation import gettext

        from scoring.engine.i18n import set_translator

        set_translator(gettext)

        # What happens when game 1 starts or the evening finishes (the jar's
        # draw, the travelling prize, the reveal): tables sends, scoring acts.
        from scoring import hooks

        hooks.connect()

        # The prizes of "New evening": proposed from the hall's last evening.
        from scoring.new_evening import PrizesPart
        from tables import evening_parts

        evening_parts.register(PrizesPart())

        # After the backup that follows a game, the evenings changed since
        # they were last checked are checked (a restore then passes over them).
        from cardnight.backup import after_each_backup
        from scoring.exchange.integrity import check_changed

        after_each_backup(check_changed)
