"""The admin. Every save or delete of an evening-owned object goes through
`Evening.bump_version()` (the one version bump), so an edit made here shows on
the scoreboard like any other (issue 11)."""

from operator import attrgetter

from django.contrib import admin

from .models import Couple, Evening, Game, Hall, Punch, ResultChange, Seating, Table, TableReport


class EveningOwnedAdmin(admin.ModelAdmin):
    """A ModelAdmin whose saves and deletes bump the version of the evening
    that owns the object. `evening_id` is the dotted path from an object to
    its evening's id ("evening_id", "game.evening_id", ...). The admin's
    change view already runs in one transaction; the bump joins it."""

    evening_id = "evening_id"

    def owner(self, obj) -> int:
        return attrgetter(self.evening_id)(obj)

    def save_related(self, request, form, formsets, change):
        # After the object AND its inlines are saved.
        super().save_related(request, form, formsets, change)
        Evening.objects.filter(pk=self.owner(form.instance)).bump_version()

    def delete_model(self, request, obj):
        owner = self.owner(obj)
        super().delete_model(request, obj)
        Evening.objects.filter(pk=owner).bump_version()

    def delete_queryset(self, request, queryset):
        owners = {self.owner(obj) for obj in queryset}
        super().delete_queryset(request, queryset)
        Evening.objects.filter(pk__in=owners).bump_version()


@admin.register(Hall)
class HallAdmin(admin.ModelAdmin):
    list_display = ["name", "paper_size", "privacy"]
    search_fields = ["name"]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        form.instance.touch_evenings()


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
class EveningAdmin(EveningOwnedAdmin):
    evening_id = "pk"
    readonly_fields = ["version"]
    list_display = ["name", "date", "hall", "status", "current_game", "published"]
    list_filter = ["status", "hall", "published"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [CoupleInline]

    def save_model(self, request, obj, form, change):
        if change:  # keep the version the row has now, not the one read with the form
            obj.version = obj.locked().version
        super().save_model(request, obj, form, change)

    def delete_model(self, request, obj):
        obj.delete()  # nothing left to mark

    def delete_queryset(self, request, queryset):
        queryset.delete()


@admin.register(Couple)
class CoupleAdmin(EveningOwnedAdmin):
    list_display = ["number", "player1", "player2", "evening", "paid", "jar_buy_in"]
    list_filter = ["evening"]
    search_fields = ["player1", "player2"]


@admin.register(Table)
class TableAdmin(EveningOwnedAdmin):
    list_display = ["number", "evening", "closed_after_game"]
    list_filter = ["evening"]
    exclude = ["token"]


@admin.register(Game)
class GameAdmin(EveningOwnedAdmin):
    list_display = ["number", "evening", "bye", "started_at"]
    list_filter = ["evening"]


@admin.register(Seating)
class SeatingAdmin(EveningOwnedAdmin):
    evening_id = "game.evening_id"
    list_display = ["game", "table", "couple_a", "couple_b", "deals_first", "winner"]
    list_filter = ["game__evening"]
    # Results change through the game screen so that punches and the audit
    # log stay in step; the admin shows them read-only.
    readonly_fields = ["game", "table", "couple_a", "couple_b", "deals_first", "winner"]


@admin.register(TableReport)
class TableReportAdmin(EveningOwnedAdmin):
    evening_id = "seating.game.evening_id"
    list_display = ["seating", "reporter", "claimed_winner", "status", "created_at"]


@admin.register(ResultChange)
class ResultChangeAdmin(EveningOwnedAdmin):
    evening_id = "seating.game.evening_id"
    list_display = ["seating", "kind", "old_winner", "new_winner", "changed_by", "changed_at"]
    readonly_fields = [f.name for f in ResultChange._meta.fields]


@admin.register(Punch)
class PunchAdmin(EveningOwnedAdmin):
    list_display = ["couple", "game_number", "source"]
    list_filter = ["evening", "source"]
