"""The admin. Every save or delete of an evening-owned object goes through
the evening's write gate (`Evening.changing`), so an edit made here shows on
the scoreboard like any other.

The evening's game state (results, punches, seatings, table reports, late
reports, the current game, the jar's sealed draw, tie-breaks) changes only
through the app's services, which check the rules and keep punches and the
audit log in step: here it is read-only (issue 12, point 11)."""

from contextlib import nullcontext
from operator import attrgetter

from django.contrib import admin
from django.contrib.admin.utils import unquote

from cardnight.numbers import read_id

from .models import (
    Couple,
    Evening,
    EveningTemplate,
    Game,
    Hall,
    LateReport,
    Membership,
    Punch,
    ResultChange,
    Seating,
    Table,
    TableReport,
)


class EveningOwnedAdmin(admin.ModelAdmin):
    """A ModelAdmin whose saves and deletes go through the write gate of the
    evening that owns the object. `evening_id` is the dotted path from an
    object to its evening's id ("evening_id", "game.evening_id", ...)."""

    evening_id = "evening_id"

    def owner(self, obj) -> int:
        return attrgetter(self.evening_id)(obj)

    def _gate(self, request, object_id):
        """The gate a form sent to this page writes under: the owner of the
        object changed, or of the one added (its evening in the form)."""
        if request.method != "POST":
            return nullcontext()
        if object_id is not None:
            obj = self.get_object(request, unquote(object_id))
            return nullcontext() if obj is None else Evening.changing(self.owner(obj))
        field = self.evening_id.split(".")[0].removesuffix("_id")
        pk = read_id(request.POST.get(field))
        return Evening.changing(pk) if pk is not None else nullcontext()

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        with self._gate(request, object_id):
            return super().changeform_view(request, object_id, form_url, extra_context)

    def delete_model(self, request, obj):
        with Evening.changing(self.owner(obj)):
            super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        owners = {self.owner(obj) for obj in queryset}
        with Evening.objects.filter(pk__in=owners).changing():
            super().delete_queryset(request, queryset)


# Evening fields the game services own.
EVENING_STATE = [
    "status",
    "current_game",
    "version",
    "last_couple_number",
    "jar_numbers",
    "jar_salt",
    "jar_fingerprint",
    "jar_revealed",
    "travelling_start",
    "calendar_sequence",
    "calendar_updated_at",
]

# Settings fixed (or checked against the games played) once play starts.
STARTED_SETTINGS = [
    "games",
    "bye_counts_as_win",
    "cookie_jar",
    "jar_buy_in",
    "jar_draw_size",
    "jar_draw_mode",
]


class ReadOnlyMixin:
    """Shown, never added, changed or deleted here."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(ReadOnlyMixin, EveningOwnedAdmin):
    pass


class ReadOnlyInline(ReadOnlyMixin, admin.TabularInline):
    extra = 0


class FixedSlugMixin:
    """A slug is in printed QR codes, shared links and calendar subscriptions
    (an evening's UID): typed once when the row is added, then fixed."""

    def get_prepopulated_fields(self, request, obj=None):
        return {} if obj else super().get_prepopulated_fields(request, obj)

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        return fields + ["slug"] if obj else fields


class MembershipInline(admin.TabularInline):
    """Who may do what in the hall (issue 15); also on the hall's People page."""

    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Hall)
class HallAdmin(FixedSlugMixin, admin.ModelAdmin):
    list_display = ["name", "slug", "paper_size", "privacy"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        form.instance.touch_evenings(
            calendar=bool({"name", "address", "note"} & set(form.changed_data))
        )


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
    # Arrivals and departures steer the rotation; paid and the jar have
    # their own rules at the door (a settled jar, the organizer's log).
    readonly_fields = ["number", "paid", "jar_buy_in", "joined_game", "left_after_game"]

    def has_add_permission(self, request, obj=None):
        return False  # couples are registered at the door

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Evening)
class EveningAdmin(FixedSlugMixin, EveningOwnedAdmin):
    evening_id = "pk"
    readonly_fields = EVENING_STATE
    list_display = ["name", "date", "hall", "status", "current_game", "published"]
    list_filter = ["status", "hall", "published"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [CoupleInline]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))  # the slug, once it exists
        if obj is None or obj.is_setup:
            return fields
        # Once play starts these are checked by the evening's settings page.
        return fields + STARTED_SETTINGS

    def save_model(self, request, obj, form, change):
        if not change:
            super().save_model(request, obj, form, change)  # a new evening: no phone has it
            return
        # In the gate `changeform_view` opened: keep the version the row has
        # now, not the one read with the form; the gate bumps it.
        with Evening.changing(obj) as current:
            obj.version = current.version
            obj.calendar_sequence = current.calendar_sequence
            obj.calendar_updated_at = current.calendar_updated_at
            super().save_model(request, obj, form, change)
            current.change(calendar=bool(set(form.changed_data) & Evening.CALENDAR_FIELDS))


@admin.register(EveningTemplate)
class EveningTemplateAdmin(admin.ModelAdmin):
    list_display = ["name", "hall", "updated_at"]
    list_filter = ["hall"]


@admin.register(Couple)
class CoupleAdmin(EveningOwnedAdmin):
    list_display = ["number", "player1", "player2", "evening", "paid", "jar_buy_in"]
    readonly_fields = CoupleInline.readonly_fields + ["evening"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    list_filter = ["evening"]
    search_fields = ["player1", "player2"]


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["number", "evening", "closed_after_game"]
    list_filter = ["evening"]
    exclude = ["token"]


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["number", "evening", "bye", "started_at"]
    list_filter = ["evening"]


@admin.register(Seating)
class SeatingAdmin(ReadOnlyAdmin):
    evening_id = "game.evening_id"
    list_display = ["game", "table", "couple_a", "couple_b", "deals_first", "winner"]
    list_filter = ["game__evening"]


@admin.register(TableReport)
class TableReportAdmin(ReadOnlyAdmin):
    evening_id = "seating.game.evening_id"
    list_display = ["seating", "reporter", "claimed_winner", "status", "created_at"]
    # The seating's name ("Game 3 Table 2") from the same query.
    list_select_related = ["seating__game", "seating__table", "reporter", "claimed_winner"]


@admin.register(LateReport)
class LateReportAdmin(ReadOnlyAdmin):
    evening_id = "seating.game.evening_id"
    list_display = ["seating", "reporter", "claimed_winner", "status", "created_at"]


@admin.register(ResultChange)
class ResultChangeAdmin(ReadOnlyAdmin):
    evening_id = "seating.game.evening_id"
    list_display = ["seating", "kind", "old_winner", "new_winner", "changed_by", "changed_at"]
    list_select_related = [
        "seating__game",
        "seating__table",
        "old_winner",
        "new_winner",
        "changed_by",
    ]


@admin.register(Punch)
class PunchAdmin(ReadOnlyAdmin):
    list_display = ["couple", "game_number", "source"]
    list_filter = ["evening", "source"]
