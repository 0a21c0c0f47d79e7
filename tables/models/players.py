"""A hall's player register: the people who have played there, filled by
the door (tables.services.register). Personal data: only the hall's
organizers and volunteers see it.

A `Player` is one spelling the door met, folded by `tables.names.fold_name`
(one per folded name per hall). Its `name`, what the register shows and the
door offers, is the way of writing it typed most often ("Léo Chiasson" ten
times beats "LÉO CHIASSON" once; a tie goes to the latest), kept so by the
door (`tables.services.register.respell`), until an organizer fixes the
spelling (`spelling_chosen`). Merging two records of one person points
the one at the other (`merged_into`, always the person's main record, never
a chain); splitting a wrong merge clears it. Each couple keeps the names as
typed that night and points at the records its two names matched
(`Couple.person1` / `person2`).

A `PlayerProposal` is a "maybe the same person" the matching was not sure
of (`tables.names.maybe_same`): an organizer merges or dismisses it.
"""

import uuid

from django.db import models
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from tables.search import KEY_LENGTH, index_keys

from .evening import MAX_NAME, Hall


class PlayerQuerySet(models.QuerySet):
    def main(self):
        """The records that are a person (not merged into another)."""
        return self.filter(merged_into__isnull=True)


class Player(models.Model):
    hall = models.ForeignKey(Hall, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=MAX_NAME)
    folded = models.CharField(max_length=MAX_NAME)
    # The stable id an exported evening gives each name, so that the evening
    # imported elsewhere keeps its players: docs/evening-format.md "The evening as JSON".
    uid = models.UUIDField(default=uuid.uuid4, editable=False)
    merged_into = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="merged",
        verbose_name=_("merged into"),
    )
    # An organizer fixed the spelling (register.rename_player): the door's
    # most typed one no longer replaces it.
    spelling_chosen = models.BooleanField(default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["hall", "folded"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(fields=["hall", "folded"], name="one_player_per_folded_name"),
            models.UniqueConstraint(fields=["hall", "uid"], name="one_player_per_uid"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        super().save(*args, **kwargs)
        fields = kwargs.get("update_fields")
        if fields is None or "name" in fields:
            self.write_keys()

    def write_keys(self) -> None:
        """The door's look-up keys of this record's name (`PlayerKey`)."""
        PlayerKey.objects.filter(player=self).delete()
        PlayerKey.objects.bulk_create(self.key_rows())

    def key_rows(self) -> list["PlayerKey"]:
        """This record's `PlayerKey` rows, not yet saved (for a bulk write)."""
        return [
            PlayerKey(hall_id=self.hall_id, player=self, key=key)
            for key in sorted(index_keys(self.name))
        ]

    @property
    def person_id(self) -> int:
        """The id of the person's main record."""
        return self.merged_into_id or self.pk


def person_of(record: str) -> Coalesce:
    """`Player.person_id` in SQL, for the record a query reaches by `record`
    ("player" from a PlayerKey, "person1" from a Couple): its person's
    main record's id."""
    return Coalesce(f"{record}__merged_into_id", f"{record}_id")


class PlayerKey(models.Model):
    """The first letters of a word of a record's name (`tables.search.index_keys`):
    the door's suggestions (tables.suggestions) find a hall's players by one
    key, from the index, in one query whatever the size of the register.
    Written by `Player.save` whenever the name changes."""

    hall = models.ForeignKey(Hall, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="keys")
    key = models.CharField(max_length=KEY_LENGTH)

    class Meta:
        indexes = [models.Index(fields=["hall", "key"], name="player_key_lookup")]
        constraints = [
            models.UniqueConstraint(fields=["player", "key"], name="one_key_per_player"),
        ]

    def __str__(self) -> str:
        return self.key


class PlayerProposal(models.Model):
    """Two records that may be one person, left for an organizer."""

    hall = models.ForeignKey(Hall, on_delete=models.CASCADE, related_name="player_proposals")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    other = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    dismissed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hall", "-created_at", "id"]
        verbose_name = _("possible same player")
        verbose_name_plural = _("possible same players")
        constraints = [
            models.UniqueConstraint(fields=["player", "other"], name="one_proposal_per_pair"),
        ]

    def __str__(self) -> str:
        return f"{self.player} ~ {self.other}"
