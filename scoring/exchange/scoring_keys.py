"""The scoring part of the evening's JSON (format "cardnight-evening",
version 1): prizes, places, booby prize, cookie jar, tie-break records and
the other things of the night.

:func:`import_scoring` reads them (written by export.py's
:func:`export_scoring`) back into an evening whose couples and
punches are already imported (from played games, or from paper punch cards
alone). Keys written::

    "prizes":     [{"target", "place", "kind", "amount", "share_percent", "item"}]
    "places":     [{"place", "wins", "couples", "status", "winners"}]
    "booby":      {"wins", "couples", "status", "winners"} or null
    "cookie_jar": {"numbers", "winners", "pot", "mode", "salt", "fingerprint",
                   "revealed", "carried_in", "carried_over", "settled"} or null
    "tiebreaks":  [{"target", "place", "wins", "method", "status",
                    "entries": [{"couple", "choice", "forfeited", "rank", "share"}],
                    "cuts": [{"round", "couple", "card", "dealt_by_app"}],
                    "playoff_games": [{"round", "couples": [a, b or null], "winner"}]}]
    "extras":     {"travelling_start", "fifty_fifty": {"takings", "ticket", "winner"}}

Couples are couple numbers; money is a string with two decimals ("12.50").
"places", "booby" and the jar's "winners" and "pot" follow from the punches
and the records: on import they are checked against them, never trusted.
A sealed cookie-jar draw that is not revealed yet is exported without its
numbers and salt (only the fingerprint).

Every problem raises :class:`ImportProblem` (a UserError) whose message
starts with the field, e.g. ``tiebreaks[0].cuts[2].card: "ZZ" is not a card``;
nothing is written then (one transaction).
"""

from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from cardnight.errors import UserError
from cardnight.money import to_amount, to_percent
from scoring.models import CutCard, JarOutcome, PlayoffGame, Prize, Target, TieBreak, TieBreakEntry
from scoring.results import evening_results
from scoring.rules import jar as jar_rules
from scoring.rules import ties as tie_rules
from scoring.rules.errors import RuleError
from tables.models import Evening

from .export import place_json
from .problems import ImportProblem, text

# --- Import -----------------------------------------------------------------------


def _get(data: dict, key: str, path: str, kind, *, required: bool = False, default=None):
    if not isinstance(data, dict):
        raise ImportProblem(path, _("must be an object"))
    if key not in data or data[key] is None:
        if required:
            raise ImportProblem(f"{path}.{key}" if path else key, _("is missing"))
        return default
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (bool in kinds or not isinstance(value, bool)) and isinstance(value, kinds):
        if isinstance(value, str):  # no NUL or other control character (PostgreSQL)
            text(value, f"{path}.{key}" if path else key, max_length=10_000, required=False)
        return value
    names = {
        int: _("a whole number"),
        str: _("text"),
        list: _("a list"),
        dict: _("an object"),
        bool: _("true or false"),
    }
    raise ImportProblem(
        f"{path}.{key}" if path else key,
        _("must be %(kind)s") % {"kind": " / ".join(names.get(k, k.__name__) for k in kinds)},
    )


def _amount(value, path: str, *, percent: bool = False) -> Decimal | None:
    if value is None:
        return None
    if isinstance(value, float) or not isinstance(value, (str, int)):
        raise ImportProblem(path, _('must be an amount written as text, like "12.50"'))
    try:
        return to_percent(value, _("The share")) if percent else to_amount(value, _("It"))
    except UserError as error:
        raise ImportProblem(path, error.message) from None


@transaction.atomic
def import_scoring(evening: Evening, data: dict) -> None:
    """Read the scoring keys of an evening's JSON into ``evening`` (its couples
    and punches are imported already). Checks everything; on any problem
    raises :class:`ImportProblem` and writes nothing."""
    if not isinstance(data, dict):
        raise ImportProblem("(file)", _("must be a JSON object"))
    with Evening.changing(evening) as evening:
        couples = {couple.number: couple for couple in evening.couples.all()}

        def couple_id(number, path: str) -> int:
            if isinstance(number, bool) or not isinstance(number, int):
                raise ImportProblem(path, _("must be a couple number"))
            if number not in couples:
                raise ImportProblem(path, _("there is no couple %(n)s") % {"n": number})
            return couples[number].pk

        _import_prizes(evening, _get(data, "prizes", "", list, default=[]))
        _import_extras(evening, _get(data, "extras", "", dict, default={}), couples)
        _import_jar(evening, _get(data, "cookie_jar", "", dict), couple_id)
        _import_tiebreaks(evening, _get(data, "tiebreaks", "", list, default=[]), couple_id)
        evening.refresh_from_db()
        results = evening_results(evening)
        _check_places(results, data)
        jar_data = _get(data, "cookie_jar", "", dict)
        if jar_data and evening.cookie_jar and results.finished and results.jar.numbers is not None:
            winners = _get(jar_data, "winners", "cookie_jar", list)
            mine = [couple.number for couple in results.jar.winners]
            if winners is not None and sorted(winners) != mine:
                raise ImportProblem(
                    "cookie_jar.winners",
                    _("the punch cards give %(mine)s") % {"mine": mine or _("no winner")},
                )
            if _get(jar_data, "settled", "cookie_jar", bool, default=False):
                jar = results.jar
                JarOutcome.objects.update_or_create(
                    evening=evening,
                    defaults={
                        "buy_ins": jar.buy_ins,
                        "carried_in": jar.carried_in,
                        "pot": jar.pot,
                        "winners": mine,
                        "carried_over": jar.carried_over,
                    },
                )


def _import_prizes(evening: Evening, prizes: list) -> None:
    seen = set()
    rows = []
    for index, item in enumerate(prizes):
        path = f"prizes[{index}]"
        target = _get(item, "target", path, str, default=Target.PLACE)
        if target not in (Target.PLACE, Target.BOOBY, Target.HALF_TIME, Target.TRAVELLING):
            raise ImportProblem(f"{path}.target", _('"%(v)s" is not a prize') % {"v": target})
        place = _get(item, "place", path, int, default=0)
        if target == Target.PLACE and not 1 <= place <= evening.prize_places:
            raise ImportProblem(
                f"{path}.place", _("the prize places are 1 to %(n)s") % {"n": evening.prize_places}
            )
        if (target, place) in seen:
            raise ImportProblem(path, _("a second prize for the same place"))
        seen.add((target, place))
        kind = _get(item, "kind", path, str, required=True)
        if kind not in Prize.Kind.values:
            raise ImportProblem(
                f"{path}.kind", _('"%(v)s" is not cash, share or item') % {"v": kind}
            )
        amount = _amount(item.get("amount"), f"{path}.amount")
        percent = _amount(item.get("share_percent"), f"{path}.share_percent", percent=True)
        text = (_get(item, "item", path, str, default="") or "").strip()
        if kind == Prize.Kind.CASH and amount is None:
            raise ImportProblem(f"{path}.amount", _("is missing"))
        if kind == Prize.Kind.SHARE and percent is None:
            raise ImportProblem(f"{path}.share_percent", _("is missing"))
        if kind == Prize.Kind.ITEM and not text:
            raise ImportProblem(f"{path}.item", _("is missing"))
        rows.append(
            Prize(
                evening=evening,
                target=target,
                place=place if target == Target.PLACE else 0,
                kind=kind,
                amount=amount if kind == Prize.Kind.CASH else None,
                share_percent=percent if kind == Prize.Kind.SHARE else None,
                item=text[:100] if kind == Prize.Kind.ITEM else "",
            )
        )
    total = sum((row.share_percent or 0) for row in rows)
    if total > 100:
        raise ImportProblem("prizes", _("the shares of the takings add up to more than 100%"))
    Prize.objects.filter(evening=evening).delete()
    Prize.objects.bulk_create(rows)


def _import_extras(evening: Evening, extras: dict, couples: dict) -> None:
    start = _get(extras, "travelling_start", "extras", int)
    if start is not None and start not in couples:
        raise ImportProblem("extras.travelling_start", _("there is no couple %(n)s") % {"n": start})
    fifty = _get(extras, "fifty_fifty", "extras", dict, default={})
    takings = _amount(fifty.get("takings"), "extras.fifty_fifty.takings") or Decimal("0")
    ticket = _get(fifty, "ticket", "extras.fifty_fifty", str, default="")
    winner = _get(fifty, "winner", "extras.fifty_fifty", str, default="")
    if len(ticket) > 20:
        raise ImportProblem("extras.fifty_fifty.ticket", _("has more than 20 characters"))
    if len(winner) > 80:
        raise ImportProblem("extras.fifty_fifty.winner", _("has more than 80 characters"))
    Evening.objects.filter(pk=evening.pk).update(
        travelling_start=start,
        fifty_fifty_takings=takings,
        fifty_fifty_ticket=ticket,
        fifty_fifty_winner=winner,
    )


def _import_jar(evening: Evening, jar: dict | None, couple_id) -> None:
    if not jar:
        return
    if not evening.cookie_jar:
        raise ImportProblem("cookie_jar", _("the evening's settings have no cookie jar"))
    numbers = _get(jar, "numbers", "cookie_jar", list)
    salt = _get(jar, "salt", "cookie_jar", str, default="")
    fingerprint = _get(jar, "fingerprint", "cookie_jar", str, default="")
    revealed = _get(jar, "revealed", "cookie_jar", bool, default=numbers is not None)
    values: dict = {"jar_salt": salt, "jar_fingerprint": fingerprint, "jar_revealed": revealed}
    if numbers is not None:
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
            raise ImportProblem("cookie_jar.numbers", _("must be game numbers"))
        try:
            drawn = jar_rules.parse_numbers(numbers, evening.games, evening.jar_draw_size)
        except RuleError as error:
            raise ImportProblem("cookie_jar.numbers", error.message) from None
        if fingerprint and salt and not jar_rules.check_fingerprint(drawn, salt, fingerprint):
            raise ImportProblem(
                "cookie_jar.fingerprint", _("does not match the numbers and the salt")
            )
        values["jar_numbers"] = list(drawn)
    Evening.objects.filter(pk=evening.pk).update(**values)


def _import_tiebreaks(evening: Evening, items: list, couple_id) -> None:
    TieBreak.objects.filter(evening=evening).delete()
    seen = set()
    now = timezone.now()
    for index, item in enumerate(items):
        path = f"tiebreaks[{index}]"
        target = _get(item, "target", path, str, required=True)
        if target not in (Target.PLACE, Target.BOOBY, Target.HALF_TIME):
            raise ImportProblem(f"{path}.target", _('"%(v)s" has no tie-break') % {"v": target})
        place = _get(item, "place", path, int, default=0) if target == Target.PLACE else 0
        if (target, place) in seen:
            raise ImportProblem(path, _("a second tie-break for the same place"))
        seen.add((target, place))
        wins = _get(item, "wins", path, int, required=True)
        status = _get(item, "status", path, str, default=TieBreak.Status.CHOOSING)
        if status not in TieBreak.Status.values:
            raise ImportProblem(f"{path}.status", _('"%(v)s" is not a status') % {"v": status})
        tiebreak = TieBreak.objects.create(
            evening=evening, target=target, place=place, wins=max(wins, 0)
        )
        entries = []
        for e_index, entry in enumerate(_get(item, "entries", path, list, required=True)):
            e_path = f"{path}.entries[{e_index}]"
            choice = _get(entry, "choice", e_path, str, default="")
            if choice and choice not in tie_rules.CHOICES:
                raise ImportProblem(
                    f"{e_path}.choice", _('"%(v)s" is not a choice') % {"v": choice}
                )
            entries.append(
                TieBreakEntry(
                    tiebreak=tiebreak,
                    couple_id=couple_id(
                        _get(entry, "couple", e_path, int, required=True), f"{e_path}.couple"
                    ),
                    choice=choice,
                )
            )
        if len({entry.couple_id for entry in entries}) != len(entries):
            raise ImportProblem(f"{path}.entries", _("a couple appears twice"))
        TieBreakEntry.objects.bulk_create(entries)
        in_tie = {entry.couple_id for entry in entries}
        cuts = []
        for c_index, cut in enumerate(_get(item, "cuts", path, list, default=[])):
            c_path = f"{path}.cuts[{c_index}]"
            couple = couple_id(_get(cut, "couple", c_path, int, required=True), f"{c_path}.couple")
            if couple not in in_tie:
                raise ImportProblem(f"{c_path}.couple", _("is not in this tie"))
            try:
                card = tie_rules.read_cut_card(_get(cut, "card", c_path, str, required=True))
            except (UserError, RuleError) as error:
                raise ImportProblem(f"{c_path}.card", error.message) from None
            cuts.append(
                CutCard(
                    tiebreak=tiebreak,
                    round=_get(cut, "round", c_path, int, required=True),
                    couple_id=couple,
                    card=str(card),
                    dealt_by_app=_get(cut, "dealt_by_app", c_path, bool, default=False),
                )
            )
        if len({(cut.round, cut.couple_id) for cut in cuts}) != len(cuts):
            raise ImportProblem(f"{path}.cuts", _("a couple cuts twice in one round"))
        CutCard.objects.bulk_create(cuts)
        games = []
        for g_index, game in enumerate(_get(item, "playoff_games", path, list, default=[])):
            g_path = f"{path}.playoff_games[{g_index}]"
            pair = _get(game, "couples", g_path, list, required=True)
            if len(pair) != 2 or pair[0] is None:
                raise ImportProblem(
                    f"{g_path}.couples", _("must be two couple numbers (or one and null)")
                )
            a = couple_id(pair[0], f"{g_path}.couples[0]")
            b = None if pair[1] is None else couple_id(pair[1], f"{g_path}.couples[1]")
            winner = _get(game, "winner", g_path, int)
            winner_id = None if winner is None else couple_id(winner, f"{g_path}.winner")
            if {a, b} - {None} - in_tie:
                raise ImportProblem(f"{g_path}.couples", _("a couple that is not in this tie"))
            games.append(
                PlayoffGame(
                    tiebreak=tiebreak,
                    round=_get(game, "round", g_path, int, required=True),
                    couple_a_id=a,
                    couple_b_id=b,
                    winner_id=winner_id,
                    recorded_at=now if winner_id else None,
                )
            )
        PlayoffGame.objects.bulk_create(games)
        _settle_imported(evening, tiebreak, path, status)


def _settle_imported(evening: Evening, tiebreak: TieBreak, path: str, status: str) -> None:
    """Recompute the imported tie-break from its records and check it is the
    tie as the punch cards give it, in the status the file says."""
    from scoring.services import ties as bridge

    try:
        tie = bridge.find_tie(evening, tiebreak.target, tiebreak.place)
        if tie.first.tiebreak_id != tiebreak.pk:
            raise UserError(_("its couples and games are not the tie the punch cards give"))
        if (
            not tie.can_split
            and TieBreakEntry.objects.filter(tiebreak=tiebreak, choice=tie_rules.SPLIT).exists()
        ):
            raise UserError(_("a split was chosen for a prize that cannot be split"))
        bridge._refresh(tiebreak, evening)
    except (UserError, RuleError) as error:
        message = getattr(error, "message", str(error))
        raise ImportProblem(path, message) from None
    tiebreak.refresh_from_db()
    if tiebreak.status != status:
        raise ImportProblem(
            f"{path}.status",
            _('the records give "%(mine)s", not "%(theirs)s"')
            % {"mine": tiebreak.status, "theirs": status},
        )


def _check_places(results, data: dict) -> None:
    places = _get(data, "places", "", list)
    if places is not None:
        mine = [place_json(place) for place in results.places]
        for index, item in enumerate(places):
            path = f"places[{index}]"
            if index >= len(mine):
                raise ImportProblem(
                    path, _("the punch cards give only %(n)s places") % {"n": len(mine)}
                )
            for key in ("place", "wins", "couples", "winners", "status"):
                if key in item and item[key] != mine[index][key]:
                    raise ImportProblem(
                        f"{path}.{key}",
                        _("the punch cards and tie-breaks give %(mine)s, not %(theirs)s")
                        % {"mine": mine[index][key], "theirs": item[key]},
                    )
    booby = _get(data, "booby", "", dict)
    if booby is not None:
        if results.booby is None:
            raise ImportProblem("booby", _("the punch cards give no booby prize"))
        mine = place_json(results.booby)
        for key in ("wins", "couples", "winners", "status"):
            if key in booby and booby[key] != mine[key]:
                raise ImportProblem(
                    f"booby.{key}",
                    _("the punch cards and tie-breaks give %(mine)s, not %(theirs)s")
                    % {"mine": mine[key], "theirs": booby[key]},
                )
