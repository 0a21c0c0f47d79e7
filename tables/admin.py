from django.contrib import admin

from .models import Couple, Evening, Game, Hall, Punch, ResultChange, Seating, Table, TableReport


@admin.register(Hall)
class HallAdmin(admin.ModelAdmin):
    list_display = ["name", "paper_size", "privacy"]
    search_fields = ["name"]


class CoupleInline(admin.TabularInline):
    model = Couple
    extra = 0
    fields = [
        "number",
        "player1",
        "player2",
        "paid",
        "jar_buy_in",
        "joined_game",
        "left_after_game",
    ]


@admin.register(Evening)
class EveningAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "hall", "status", "current_game", "published"]
    list_filter = ["status", "hall", "published"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [CoupleInline]


@admin.register(Couple)
class CoupleAdmin(admin.ModelAdmin):
    list_display = ["number", "player1", "player2", "evening", "paid", "jar_buy_in"]
    list_filter = ["evening"]
    search_fields = ["player1", "player2"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["number", "evening", "closed_after_game"]
    list_filter = ["evening"]
    exclude = ["token"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["number", "evening", "bye", "started_at"]
    list_filter = ["evening"]


@admin.register(Seating)
class SeatingAdmin(admin.ModelAdmin):
    list_display = ["game", "table", "couple_a", "couple_b", "deals_first", "winner"]
    list_filter = ["game__evening"]
    # Results change through the game screen so that punches and the audit
    # log stay in step; the admin shows them read-only.
    readonly_fields = ["game", "table", "couple_a", "couple_b", "deals_first", "winner"]


@admin.register(TableReport)
class TableReportAdmin(admin.ModelAdmin):
    list_display = ["seating", "reporter", "claimed_winner", "status", "created_at"]


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ["seating", "kind", "old_winner", "new_winner", "changed_by", "changed_at"]
    readonly_fields = [f.name for f in ResultChange._meta.fields]


@admin.register(Punch)
class PunchAdmin(admin.ModelAdmin):
    list_display = ["couple", "game_number", "source"]
    list_filter = ["evening", "source"]
