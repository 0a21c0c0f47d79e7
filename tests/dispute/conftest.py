"""Fixtures and helpers for the dispute page's tests."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from tables.models import Evening


@pytest.fixture
def published(evening) -> Evening:
    """The shared evening, on the public scoreboard, with Cape Breton house rules."""
    evening.published = True
    evening.save(update_fields=["published"])
    return evening


def rules_url(name: str = "dispute", evening: Evening | None = None) -> str:
    """The URL of a mode: name is dispute, dispute-legal, dispute-round or dispute-claim."""
    if evening is None:
        return reverse(name)
    return reverse(f"evening-{name}", args=[evening.slug])


def ask(client: Client, params: dict, name: str = "dispute", evening=None, htmx=False):
    """GET a mode of the page with these parameters (as its form sends them)."""
    headers = {"HX-Request": "true"} if htmx else {}
    return client.get(rules_url(name, evening), params, headers=headers)


def text(response) -> str:
    """The page as a person reads it: tags out, spaces squeezed, entities decoded."""
    body = response.content.decode()
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    return re.sub(r"\s+", " ", html.unescape(body)).strip()
