"""The hall's "address phones use": every QR code, printed link and table
link is built from it, never from the request's Host header; the print page
pre-fills it, lets an organizer change it and warns when phones cannot use it."""

import io
import ipaddress

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.printing.qr import qr_modules
from tables import links

from .pdf import all_text, qr_codes, reader

pytestmark = pytest.mark.django_db

EVIL = "evil.example"


def url(name, evening, *args):
    return reverse(name, args=[evening.slug, *args])


def set_address(hall, address):
    hall.phone_address = address
    hall.save()


# --- One link builder -----------------------------------------------------------


@pytest.mark.parametrize(
    "address, path, link",
    [
        ("http://192.168.1.23:8000/", "/t/abc/", "http://192.168.1.23:8000/t/abc/"),
        ("http://192.168.1.23:8000", "/t/abc/", "http://192.168.1.23:8000/t/abc/"),
        ("https://cards.example.org/hall/", "/e/x/", "https://cards.example.org/hall/e/x/"),
    ],
)
def test_a_link_is_the_address_and_the_path(address, path, link):
    assert links.absolute_link(address, path) == link


@pytest.mark.parametrize(
    "value",
    ["http://", "http://exa mple/", "http://host/x?y=1#frag", "http://host/?", "http://host/#top",
     "ftp://host/", "192.168.1.23:8000", "/e/friday/", "", "http://user:pw@host/",
     "http://host:99999/", "javascript:alert(1)"],
)  # fmt: skip
def test_an_address_phones_cannot_use_is_refused(value):
    with pytest.raises(ValueError):
        links.check_address(value)


@pytest.mark.parametrize(
    "value, kept",
    [
        ("http://192.168.1.23:8000", "http://192.168.1.23:8000/"),
        (" https://cards.example.org/hall/ ", "https://cards.example.org/hall/"),
        ("http://[fe80::1]:8000/", "http://[fe80::1]:8000/"),
    ],
)
def test_an_absolute_http_address_is_kept_with_one_slash(value, kept):
    assert links.check_address(value) == kept


@pytest.mark.parametrize(
    "address, loopback",
    [
        ("http://127.0.0.1:8000/", True),
        ("http://localhost:8000/", True),
        ("http://[::1]:8000/", True),
        ("http://0.0.0.0:8000/", True),
        ("http://192.168.1.23:8000/", False),
        ("https://cards.example.org/", False),
    ],
)
def test_loopback_addresses_are_known(address, loopback):
    assert links.is_loopback(address) is loopback


def test_the_address_make_run_found_is_used_until_the_hall_sets_one(hall):
    assert links.phone_address(hall) == links.FALLBACK_ADDRESS
    links.record_found_address("http://10.0.0.7:8000")
    assert links.phone_address(hall) == "http://10.0.0.7:8000/"
    set_address(hall, "http://192.168.1.23:8000/")
    assert links.phone_address(hall) == "http://192.168.1.23:8000/"


def test_the_addresses_command_records_the_lan_address(monkeypatch):
    from tables.management.commands import addresses

    monkeypatch.setattr(addresses, "default_route_address", lambda: None)
    monkeypatch.setattr(
        addresses, "interfaces", lambda: [addresses.Interface("192.168.4.2", "wlan0")]
    )
    out = io.StringIO()
    call_command("addresses", "--port", "8123", stdout=out)
    assert "http://192.168.4.2:8123/" in out.getvalue()
    assert links.site_address() == "http://192.168.4.2:8123/"


WINDOWS_LAPTOP = [
    # What a Windows laptop with Hyper-V lists: its virtual switch sorts first.
    ("172.24.160.1", "vEthernet (Default Switch)"),
    ("192.168.1.23", "Wi-Fi"),
    ("127.0.0.1", "Loopback Pseudo-Interface 1"),
    ("169.254.12.7", "Ethernet 2"),
]


def test_the_chosen_address_is_the_default_routes_not_the_smallest(monkeypatch):
    from tables.management.commands import addresses

    found = [addresses.Interface(a, n) for a, n in WINDOWS_LAPTOP]
    monkeypatch.setattr(addresses, "interfaces", lambda: found)
    monkeypatch.setattr(addresses, "default_route_address", lambda: "192.168.1.23")
    out = io.StringIO()
    call_command("addresses", "--port", "8000", stdout=out)
    assert links.site_address() == "http://192.168.1.23:8000/"
    said = out.getvalue()
    assert "http://192.168.1.23:8000/  (phones on the same Wi-Fi: QR codes use this one)" in said
    assert "http://172.24.160.1:8000/  (another network, vEthernet (Default Switch))" in said
    assert "169.254" not in said
    kept = links.found_addresses()
    assert [(f.address, f.interface, f.why) for f in kept] == [
        ("http://192.168.1.23:8000/", "Wi-Fi", links.ROUTE),
        ("http://172.24.160.1:8000/", "vEthernet (Default Switch)", ""),
    ]


@pytest.mark.parametrize(
    ("found", "chosen"),
    [
        (["172.24.160.1", "10.0.0.5", "192.168.1.23"], "192.168.1.23"),
        (["172.24.160.1", "10.0.0.5"], "10.0.0.5"),
        (["172.24.160.1", "100.64.1.1"], "172.24.160.1"),
    ],
)
def test_without_a_default_route_the_likely_wifi_comes_first(found, chosen):
    from tables.management.commands import addresses

    ranked = addresses.local_addresses("", [addresses.Interface(a, "") for a in found])
    assert ranked[0].address == chosen and ranked[-1].address == "127.0.0.1"


def test_the_default_route_is_asked_of_the_system_without_sending_anything():
    from tables.management.commands import addresses

    route = addresses.default_route_address()  # None on a machine with no route
    assert route is None or ipaddress.ip_address(route).version == 4


def test_the_print_page_says_why_and_offers_the_other_addresses(organizer_client, seated):
    links.record_found_addresses(
        [
            links.FoundAddress("http://172.24.160.1:8000/", "vEthernet (Default Switch)", "first"),
            links.FoundAddress("http://192.168.1.23:8000/", "Wi-Fi"),
        ]
    )
    html = organizer_client.get(url("print-index", seated)).content.decode()
    assert "it chose http://172.24.160.1:8000/" in html
    assert "this computer has no router to go out by" in html
    assert 'aria-label="Use http://192.168.1.23:8000/"' in html
    response = organizer_client.post(
        url("print-address", seated), {"phone_address": "http://192.168.1.23:8000/"}
    )
    assert response.status_code == 302
    seated.hall.refresh_from_db()
    assert seated.hall.phone_address == "http://192.168.1.23:8000/"
    html = organizer_client.get(url("print-index", seated)).content.decode()
    assert 'aria-label="Use http://172.24.160.1:8000/"' in html  # the other one, now


def test_an_address_file_from_an_older_version_still_reads(settings):
    links.found_address_file().write_text("http://10.0.0.7:8000/\n")
    assert links.site_address() == "http://10.0.0.7:8000/"
    links.found_address_file().write_text("{not json")
    assert links.site_address() == links.FALLBACK_ADDRESS


def test_cardnight_address_overrides_what_make_run_found(settings):
    links.record_found_address("http://10.0.0.7:8000/")
    settings.CARDNIGHT_ADDRESS = "https://cards.example.org"
    assert links.site_address() == "https://cards.example.org/"


# --- Never the Host header ---------------------------------------------------------


@pytest.fixture
def hall_address(seated):
    set_address(seated.hall, "http://192.168.1.23:8000/")
    return "http://192.168.1.23:8000"


def test_cue_cards_from_an_attackers_host_point_at_the_hall(organizer_client, seated, hall_address):
    response = organizer_client.get(url("print-cards", seated), HTTP_HOST=EVIL)
    page = reader(response.content).pages[0]
    assert qr_modules(f"{hall_address}/e/friday-45s/couple/1/") in qr_codes(page).values()
    assert EVIL.encode() not in response.content


def test_table_cards_from_an_attackers_host_point_at_the_hall(
    organizer_client, seated, hall_address
):
    response = organizer_client.get(url("print-tables", seated), HTTP_HOST=EVIL)
    token = seated.tables.get(number=1).token
    pdf = reader(response.content)
    assert qr_modules(f"{hall_address}/t/{token}/") in qr_codes(pdf.pages[0]).values()
    assert f"{hall_address}/t/{token}/" in "".join(all_text(response.content).split())
    assert EVIL not in all_text(response.content)


def test_table_links_in_the_app_point_at_the_hall(volunteer_client, seated, hall_address):
    token = seated.tables.get(number=1).token
    for page in (url("table-links", seated), url("table-link", seated, 1)):
        html = volunteer_client.get(page, HTTP_HOST=EVIL).content.decode()
        assert f"{hall_address}/t/{token}/" in html
        assert EVIL not in html


def test_a_rulings_link_and_qr_code_point_at_the_hall(client, seated, hall_address):
    seated.published = True
    seated.save()
    ruling = reverse("evening-dispute", args=[seated.slug]) + "?trump=H&cards=5H+JH+AH+2C"
    html = client.get(ruling, HTTP_HOST=EVIL).content.decode()
    assert f"{hall_address}/e/friday-45s/rules/?trump=H&amp;cards=5H+JH+AH+2C" in html
    assert EVIL not in html
    svg = client.get("/rules/qr.svg", {"link": ruling}, HTTP_HOST=EVIL).content.decode()
    assert svg == client.get("/rules/qr.svg", {"link": ruling}).content.decode()


# --- The print page ---------------------------------------------------------------


def test_the_print_page_prefills_the_address_in_use(organizer_client, seated):
    links.record_found_address("http://10.0.0.7:8000/")
    html = organizer_client.get(url("print-index", seated)).content.decode()
    assert 'name="phone_address" value="http://10.0.0.7:8000/"' in html
    assert "cannot open this address" not in html


def test_the_print_page_warns_about_a_loopback_address(volunteer_client, seated):
    html = volunteer_client.get(url("print-index", seated)).content.decode()
    assert "Phones cannot open this address" in html
    assert "Only an organizer can change it." in html


def test_the_print_page_warns_when_the_evening_is_not_published(volunteer_client, seated):
    html = volunteer_client.get(url("print-index", seated)).content.decode()
    assert "This evening is not published" in html
    seated.published = True
    seated.save()
    html = volunteer_client.get(url("print-index", seated)).content.decode()
    assert "This evening is not published" not in html


def test_an_organizer_changes_the_address_on_the_print_page(organizer_client, seated):
    version = seated.version
    response = organizer_client.post(
        url("print-address", seated), {"phone_address": "http://192.168.1.40:8000"}
    )
    assert response.status_code == 302
    seated.hall.refresh_from_db()
    seated.refresh_from_db()
    assert seated.hall.phone_address == "http://192.168.1.40:8000/"
    assert seated.version > version
    html = organizer_client.get(url("print-index", seated)).content.decode()
    assert "now use http://192.168.1.40:8000/" in html


@pytest.mark.parametrize("bad", ["http://", "http://exa mple/", "http://host/x?y=1#frag"])
def test_a_bad_address_is_refused_with_a_message(organizer_client, seated, bad):
    response = organizer_client.post(url("print-address", seated), {"phone_address": bad})
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()
    seated.hall.refresh_from_db()
    assert seated.hall.phone_address == ""


def test_a_volunteer_cannot_change_the_address(volunteer_client, seated):
    response = volunteer_client.post(
        url("print-address", seated), {"phone_address": "http://10.1.1.1/"}
    )
    assert response.status_code == 403
    seated.hall.refresh_from_db()
    assert seated.hall.phone_address == ""


# --- print_* --base-url -------------------------------------------------------------


@pytest.mark.parametrize("bad", ["http://", "http://exa mple/", "http://host/x?y=1#frag", "host/"])
@pytest.mark.parametrize("command", ["print_cards", "print_tables"])
def test_print_commands_refuse_a_bad_base_url(seated, tmp_path, command, bad):
    target = tmp_path / "out.pdf"
    with pytest.raises(CommandError, match="--base-url"):
        call_command(command, seated.slug, "-o", str(target), "--base-url", bad)
    assert not target.exists()


def test_print_commands_default_to_the_halls_address(seated, tmp_path, hall_address):
    target = tmp_path / "cards.pdf"
    call_command("print_cards", seated.slug, "-o", str(target), stdout=io.StringIO())
    page = reader(target.read_bytes()).pages[0]
    assert qr_modules(f"{hall_address}/e/friday-45s/couple/1/") in qr_codes(page).values()
