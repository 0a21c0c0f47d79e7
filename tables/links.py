"""The address phones use, and every link that leaves the page.

QR codes, printed links and table links are read on another device, so they
are built from the hall's setting "address phones use" (or the site's
address: CARDNIGHT_ADDRESS, else the one `make run` found on this laptop),
never from the request's Host header, which anyone can set.
`absolute_link` is the one place an address and a path are joined.
"""

import ipaddress
import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import gettext as _

from cardnight.private import private_dir, write_private

FALLBACK_ADDRESS = "http://127.0.0.1:8000/"
MAX_ADDRESS = 200


def check_address(value: str) -> str:
    """`value` as the root of the site's links, or ValueError with the reason.

    Only an absolute http(s) address with a host, and no query or fragment
    (nothing a QR code could carry to a dead page). Returns it with one
    trailing slash.
    """
    text = (value or "").strip()
    problem = _("Give the address as http://… or https://…, e.g. http://192.168.1.23:8000/.")
    if not text or len(text) > MAX_ADDRESS or any(c.isspace() for c in text):
        raise ValueError(problem)
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 -- raises ValueError on a bad port
    except ValueError:
        raise ValueError(problem) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(problem)
    if parts.query or parts.fragment or "?" in text or "#" in text:
        raise ValueError(_("The address cannot have a “?” or “#” part: give only the site's root."))
    if parts.username or parts.password or "@" in parts.netloc:
        raise ValueError(problem)
    return text.rstrip("/") + "/"


def validate_address(value: str) -> None:
    """`check_address` as a form and model validator."""
    try:
        check_address(value)
    except ValueError as error:
        raise ValidationError(str(error)) from None


def found_address_file() -> Path:
    return Path(settings.PHONE_ADDRESS_FILE)


@dataclass(frozen=True)
class FoundAddress:
    """An address of this computer that `make run` found: the root of the
    site's links there, the network interface it is on, and why it was
    chosen (ROUTE, FIRST) or "" for the others."""

    address: str
    interface: str = ""
    why: str = ""


ROUTE = "route"  # the interface of the default route: the network the hall's Wi-Fi is
FIRST = "first"  # no default route (no router): the first private address found
LISTEN = "listen"  # the server listens on this address only (--host)


def record_found_addresses(found: list[FoundAddress]) -> None:
    """Keep the addresses `make run` found, the chosen one first (the
    `addresses` command)."""
    path = found_address_file()
    private_dir(path.parent)
    rows = [
        {"address": check_address(f.address), "interface": f.interface, "why": f.why} for f in found
    ]
    write_private(path, json.dumps(rows, ensure_ascii=False) + "\n")


def record_found_address(address: str) -> None:
    """Keep one address as the one `make run` found."""
    record_found_addresses([FoundAddress(address)])


def found_addresses() -> list[FoundAddress]:
    """What `make run` found, the chosen address first ([] when nothing was
    found, or the file is unreadable)."""
    try:
        text = found_address_file().read_text()
    except OSError:
        return []
    try:
        rows = json.loads(text)
        return [
            FoundAddress(check_address(row["address"]), str(row.get("interface", "")),
                         str(row.get("why", "")))
            for row in rows
        ]  # fmt: skip
    except (ValueError, TypeError, KeyError, AttributeError):
        try:  # the one line an older version wrote
            return [FoundAddress(check_address(text))]
        except ValueError:
            return []


def site_address() -> str:
    """The site's address for phones when a hall has not set its own."""
    configured = settings.CARDNIGHT_ADDRESS
    if configured:
        return check_address(configured)
    found = found_addresses()
    return found[0].address if found else FALLBACK_ADDRESS


def phone_address(hall=None) -> str:
    """The address phones use for `hall` (its setting, else the site's)."""
    saved = getattr(hall, "phone_address", "")
    if saved:
        try:
            return check_address(saved)
        except ValueError:
            pass
    return site_address()


def absolute_link(address: str, path: str) -> str:
    """`path` (from `reverse`, with any query) under `address`: THE link builder."""
    return address.rstrip("/") + "/" + path.lstrip("/")


def url_stem(name: str, *args) -> str:
    """The address of the page `name` for `args` and a last number, less
    that number: `url_stem("board-couple", slug) + "12/"` is couple 12's.
    For a page that links every row (a couple, a table) without a `reverse`
    a row."""
    return reverse(name, args=[*args, 0]).removesuffix("0/")


def page_link(address: str, name: str, *args) -> str:
    """The absolute link to a named page."""
    return absolute_link(address, reverse(name, args=args))


def is_loopback(address: str) -> bool:
    """True for an address only this computer can open (127.0.0.1, localhost)."""
    host = (urlsplit(address).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback or ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False
