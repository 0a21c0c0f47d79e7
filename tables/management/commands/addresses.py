"""Print the addresses phones on the hall's Wi-Fi can use to reach the site,
and keep them for the print page: the chosen one (QR codes and printed links
use it until a hall sets its own) and the others to pick from.

The chosen address is the one on the network of the default route: the
interface the laptop's own traffic leaves by, which is the hall's Wi-Fi (or
cable). A laptop has others: Windows' Hyper-V and WSL adapters (172.x),
Docker's, a VPN's; the alphabetically smallest of them is no guide. With no
default route (a laptop serving its own hotspot, no router), the first private
address is chosen, 192.168.x before 10.x before 172.16-31.x (the ranges
virtual adapters take). Nothing is sent anywhere: asking the system which
address a packet would leave from sends no packet.
"""

import ipaddress
import socket
from dataclasses import dataclass

import psutil
from django.core.management.base import BaseCommand

from tables.links import FIRST, LISTEN, ROUTE, FoundAddress, record_found_addresses

# An address no network answers on (TEST-NET-1, RFC 5737): asking for a
# route to it finds the default route without sending anything.
_SOMEWHERE = ("192.0.2.1", 9)


@dataclass(frozen=True)
class Interface:
    address: str
    name: str


def default_route_address() -> str | None:
    """The IPv4 address this computer's traffic leaves from (the default
    route's interface), or None with no default route. A UDP socket's
    connect only asks the system for a route: no packet goes out."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_SOMEWHERE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith(("0.", "127.")) else address


def interfaces() -> list[Interface]:
    """This machine's IPv4 addresses on the networks that are up, each with
    its interface's name, read from the operating system's list (the same on
    Windows, macOS and Linux)."""
    found: list[Interface] = []
    try:
        stats = psutil.net_if_stats()
        for name, addresses in psutil.net_if_addrs().items():
            if name in stats and not stats[name].isup:
                continue
            found += [Interface(a.address, name) for a in addresses if a.family == socket.AF_INET]
    except (OSError, psutil.Error):
        found = []
    if not found:
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
            found = [Interface(info[4][0], "") for info in infos]
        except OSError:
            found = []
    return found


def _rank(address: str) -> tuple:
    """Without a default route: 192.168.x first (home and hall routers),
    then 10.x, then 172.16-31.x (where virtual adapters live), then the rest."""
    ip = ipaddress.ip_address(address)
    for n, network in enumerate(("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12")):
        if ip in ipaddress.ip_network(network):
            return (n, ip)
    return (3, ip)


def local_addresses(
    route: str | None = None, found: list[Interface] | None = None
) -> list[Interface]:
    """The addresses phones might use, the one to choose first: the default
    route's, else by `_rank`; link-local ones left out, loopback last."""
    route = default_route_address() if route is None else route
    found = interfaces() if found is None else found
    seen: dict[str, Interface] = {}
    for interface in found:
        seen.setdefault(interface.address, interface)
    usable = [i for i in seen.values() if not i.address.startswith(("127.", "169.254."))]
    usable.sort(key=lambda i: (i.address != route, _rank(i.address)))
    return usable + [Interface("127.0.0.1", "")]


class Command(BaseCommand):
    help = "Print the addresses where phones can reach CardNight."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--host", default="0.0.0.0")  # noqa: S104

    def handle(self, *args, port: int, host: str, **options):
        self.stdout.write("CardNight is starting. Open it at:")
        every_interface = host in ("0.0.0.0", "")  # noqa: S104
        route = default_route_address()
        found = local_addresses(route) if every_interface else [Interface(host, "")]
        lan = [i for i in found if not i.address.startswith("127.")]
        chosen = (lan or found)[0]
        why = LISTEN if not every_interface else ROUTE if chosen.address == route else FIRST
        record_found_addresses(
            [
                FoundAddress(f"http://{i.address}:{port}/", i.name, why if i is chosen else "")
                for i in (lan or found)
            ]
        )
        for interface in found:
            if interface.address.startswith("127."):
                note = "  (this computer only)"
            elif interface is chosen:
                note = "  (phones on the same Wi-Fi: QR codes use this one)"
            else:
                note = f"  (another network{f', {interface.name}' if interface.name else ''})"
            self.stdout.write(f"  http://{interface.address}:{port}/{note}")
