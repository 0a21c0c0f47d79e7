"""`manage.py print_cards / print_tables / print_results / print_rules`."""

import io
import sys

import pytest
from django.core.management import ManagementUtility, call_command
from django.core.management.base import CommandError

from scoring.printing.qr import qr_modules

from .pdf import qr_codes, reader

pytestmark = pytest.mark.django_db

COMMANDS = ["print_cards", "print_tables", "print_results", "print_rules"]


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_writes_its_pdf_to_the_output_file(finished, tmp_path, command):
    target = tmp_path / "out.pdf"
    out = io.StringIO()
    call_command(command, finished.slug, "--output", str(target), stdout=out)
    assert len(reader(target.read_bytes()).pages) >= 1
    assert out.getvalue().startswith(f"{target} (")


def test_without_output_the_file_is_named_after_the_printout_and_evening(
    finished, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    call_command("print_rules", finished.slug, stdout=io.StringIO())
    assert (tmp_path / "rules-card-friday-45s.pdf").exists()


def test_the_qr_codes_use_the_base_url_given(seated, tmp_path):
    target = tmp_path / "cards.pdf"
    call_command(
        "print_cards", seated.slug, "-o", str(target), "--base-url", "http://10.0.0.5:9000/",
        "--blank", "2", stdout=io.StringIO(),
    )  # fmt: skip
    pages = reader(target.read_bytes()).pages
    assert len(pages) == 2  # 6 couples and 2 blank cards
    link = "http://10.0.0.5:9000/e/friday-45s/couple/1/"
    assert qr_modules(link) in qr_codes(pages[0]).values()


def test_the_default_base_url_is_this_laptop(seated, tmp_path):
    target = tmp_path / "cards.pdf"
    call_command("print_cards", seated.slug, "-o", str(target), stdout=io.StringIO())
    page = reader(target.read_bytes()).pages[0]
    assert qr_modules("http://127.0.0.1:8000/e/friday-45s/couple/1/") in qr_codes(page).values()


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_evening_is_an_error(db, command, tmp_path):
    with pytest.raises(CommandError, match='There is no evening "nope"'):
        call_command(command, "nope", "-o", str(tmp_path / "x.pdf"))
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("command", ["print_cards", "print_tables", "print_results"])
def test_an_evening_without_couples_is_an_error_and_writes_nothing(empty, command, tmp_path):
    with pytest.raises(CommandError, match="No couples are registered"):
        call_command(command, empty.slug, "-o", str(tmp_path / "x.pdf"))
    assert not (tmp_path / "x.pdf").exists()


def test_table_cards_before_seating_is_an_error(six, tmp_path):
    with pytest.raises(CommandError, match="printed after the tables are seated"):
        call_command("print_tables", six.slug, "-o", str(tmp_path / "x.pdf"))


@pytest.mark.parametrize(
    ("arguments", "message"),
    [(["--blank", "-3"], "Blank cards"), (["--base-url", "ftp://x/"], "--base-url")],
)
def test_bad_options_are_errors(seated, tmp_path, arguments, message):
    with pytest.raises(CommandError, match=message):
        call_command("print_cards", seated.slug, "-o", str(tmp_path / "x.pdf"), *arguments)


def test_errors_exit_with_status_1_and_a_message(empty, capsys):
    utility = ManagementUtility(["manage.py", "print_results", empty.slug, "-o", "/dev/null"])
    with pytest.raises(SystemExit) as exit_info:
        utility.execute()
    assert exit_info.value.code == 1
    assert "No couples are registered" in capsys.readouterr().err


def test_output_dash_writes_the_pdf_to_stdout(finished, monkeypatch):
    buffer = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(buffer))
    call_command("print_rules", finished.slug, "-o", "-")
    sys.stdout.flush()
    assert buffer.getvalue().startswith(b"%PDF-")
