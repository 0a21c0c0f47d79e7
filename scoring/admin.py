"""Prizes can be set here; how ties and the jar were settled is the record of
the evening's money and changes only through the app's pages (read-only)."""

from django.contrib import admin

from tables.admin import EveningOwnedAdmin, ReadOnlyAdmin, ReadOnlyInline

from .models import CutCard, JarOutcome, PlayoffGame, Prize, TieBreak, TieBreakEntry


@admin.register(Prize)
class PrizeAdmin(EveningOwnedAdmin):
    list_display = ["evening", "target", "place", "kind", "amount", "share_percent", "item"]
    list_filter = ["evening", "target"]


class TieBreakEntryInline(ReadOnlyInline):
    model = TieBreakEntry


class CutCardInline(ReadOnlyInline):
    model = CutCard


class PlayoffGameInline(ReadOnlyInline):
    model = PlayoffGame
    fk_name = "tiebreak"


@admin.register(TieBreak)
class TieBreakAdmin(ReadOnlyAdmin):
    list_display = ["evening", "target", "place", "wins", "method", "status"]
    list_filter = ["evening", "status"]
    inlines = [TieBreakEntryInline, CutCardInline, PlayoffGameInline]


@admin.register(JarOutcome)
class JarOutcomeAdmin(ReadOnlyAdmin):
    list_display = ["evening", "pot", "winners", "carried_over", "settled_at"]
