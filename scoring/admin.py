from django.contrib import admin

from .models import CutCard, JarOutcome, PlayoffGame, Prize, TieBreak, TieBreakEntry


@admin.register(Prize)
class PrizeAdmin(admin.ModelAdmin):
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
class TieBreakAdmin(admin.ModelAdmin):
    list_display = ["evening", "target", "place", "wins", "method", "status"]
    list_filter = ["evening", "status"]
    inlines = [TieBreakEntryInline, CutCardInline, PlayoffGameInline]


@admin.register(JarOutcome)
class JarOutcomeAdmin(admin.ModelAdmin):
    list_display = ["evening", "pot", "winners", "carried_over", "settled_at"]
