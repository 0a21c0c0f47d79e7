"""Print the addresses phones on the hall's Wi-Fi can use to reach the site."""

import socket

import psutil
from django.core.management.base import BaseCommand

from tables.links import record_found_address


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses on the networks that are up, loopback
    last, read from the operating system's list of interfaces (the same on
    Windows, macOS and Linux). Nothing is sent anywhere."""
    found: set[str] = set()
    try:
        stats = psutil.net_if_stats()
        for name, addresses in psutil.net_if_addrs().items():
            if name in stats and not stats[name].isup:
                continue
            found.update(a.address for a in addresses if a.family == socket.AF_INET)
    except (OSError, psutil.Error):
        found = set()
    if not found:
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
            found = {info[4][0] for info in infos}
        except OSError:
            found = set()
    others = sorted(a for a in found if not a.startswith(("127.", "169.254.")))
    return others + ["127.0.0.1"]


class Command(BaseCommand):
    help = "Print the addresses where phones can reach CardNight."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--host", default="0.0.0.0")  # noqa: S104

    def handle(self, *args, port: int, host: str, **options):
        self.stdout.write("CardNight is starting. Open it at:")
        every_interface = host in ("0.0.0.0", "")  # noqa: S104
        addresses = local_addresses() if every_interface else [host]
        lan = [a for a in addresses if not a.startswith("127.")]
        # What QR codes and printed links use until a hall sets its own.
        record_found_address(f"http://{(lan or addresses)[0]}:{port}/")
        for address in addresses:
            note = (
                "  (this computer only)"
                if address.startswith("127.")
                else "  (phones on the same Wi-Fi)"
            )
            self.stdout.write(f"  http://{address}:{port}/{note}")
