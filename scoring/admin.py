from django.contrib import admin

from tables.admin import EveningOwnedAdmin

from .models import CutCard, JarOutcome, PlayoffGame, Prize, TieBreak, TieBreakEntry


@admin.register(Prize)
class PrizeAdmin(EveningOwnedAdmin):
    list_display = ["evening", "target", "place", "kind", "amount", "share_percent", "item"]
    list_filter = ["evening", "target"]


class TieBreakEntryInline(admin.TabularInline):
    model = TieBreakEntry
    extra = 0


class CutCardInline(admin.TabularInline):
    model = CutCard
    extra = 0


class PlayoffGameInline(admin.TabularInline):
    model = PlayoffGame
    extra = 0
    fk_name = "tiebreak"


@admin.register(TieBreak)
class TieBreakAdmin(EveningOwnedAdmin):
    list_display = ["evening", "target", "place", "wins", "method", "status"]
    list_filter = ["evening", "status"]
    inlines = [TieBreakEntryInline, CutCardInline, PlayoffGameInline]


@admin.register(JarOutcome)
class JarOutcomeAdmin(EveningOwnedAdmin):
    list_display = ["evening", "pot", "winners", "carried_over", "settled_at"]
