"""Names as a Cape Breton hall has them, for simulated evenings, benchmarks
and tests: Gaelic, Acadian and English first names and family names."""

import random

FIRST_NAMES = [
    "Mary", "John", "Ann", "Joe", "Rita", "Angus", "Marie-Thérèse", "Ruairí", "Catherine",
    "Donald", "Margaret", "Hector", "Bernadette", "Alphonse", "Flora", "Ronald", "Theresa",
    "Gérard", "Cécile", "Malcolm", "Effie", "Archie", "Sadie", "Leo", "Jeannette", "Dan",
]  # fmt: skip
FAMILY_NAMES = [
    "MacDonald", "MacNeil", "LeBlanc", "Boudreau", "Samson", "D'Eon", "MacLeod", "Poirier",
    "Campbell", "Doucet", "MacKinnon", "Chiasson", "Gillis", "Aucoin", "Landry", "Mac Néill",
]  # fmt: skip


def player_name(rng: random.Random, family: str | None = None) -> str:
    """A first name and a family name (`family` to share one)."""
    return f"{rng.choice(FIRST_NAMES)} {family or rng.choice(FAMILY_NAMES)}"


def couple_names(rng: random.Random, *, same_family: bool = True) -> tuple[str, str]:
    """Two players of a couple: a married couple shares the family name."""
    family = rng.choice(FAMILY_NAMES) if same_family else None
    return player_name(rng, family), player_name(rng, family)
