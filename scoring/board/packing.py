"""How the board's answers are packed: gzipped once per version, sent
gzipped to a browser that takes it (every phone's does), plain otherwise;
a full page with a CSRF token cut at the token's places so that the token
is never compressed with anything (BREACH)."""

import gzip
import re
import secrets
import struct
import zlib

from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
from django.utils.cache import patch_vary_headers

_ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def gzipped(text: str) -> bytes:
    return gzip.compress(text.encode(), compresslevel=6, mtime=0)


def _answer(
    request: HttpRequest, gzipped_body, plain_body, vary=(), content_type=None, headers=None
) -> HttpResponse:
    """`gzipped_body()` to a browser that takes gzip, `plain_body()` to any
    other (only the one sent is made), with the Vary header caches need
    (plus `vary`): the one place that decides. `headers`: those of an
    earlier such answer (Vary and Content-Type among them, not its
    Content-Encoding), set as they are instead of worked out again; then
    `content_type` is theirs."""
    takes_gzip = _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", ""))
    body = gzipped_body() if takes_gzip else plain_body()
    if headers is None:
        response = HttpResponse(body, content_type=content_type)
        patch_vary_headers(response, ["Accept-Encoding", *vary])
    else:
        response = HttpResponse(body, headers=headers)
    if takes_gzip:
        response["Content-Encoding"] = "gzip"
    return response


def packed(
    request: HttpRequest, text: str, packed_body: bytes, content_type: str, headers=None
) -> HttpResponse:
    """`text`, sent gzipped (compressed once per version) to a browser that
    takes gzip: the live part of 200 couples is 60 KiB, 6 KiB gzipped, and a
    hall of phones fetches it after every change over the hall's Wi-Fi. Only
    for answers that hold no secret and nothing the visitor typed (BREACH):
    the live parts and the JSON, never a page with a CSRF token. `headers`:
    see `_answer`."""
    return _answer(
        request, lambda: packed_body, lambda: text, content_type=content_type, headers=headers
    )


def packed_only(
    request: HttpRequest, packed_body: bytes, content_type: str, headers=None
) -> HttpResponse:
    """`packed` for what is kept gzipped only: unpacked for the rare browser
    that does not take gzip."""
    return _answer(
        request,
        lambda: packed_body,
        lambda: gzip.decompress(packed_body),
        content_type=content_type,
        headers=headers,
    )


# A full page holds a CSRF token (base.html's hx-headers and its forms) and,
# for someone signed in, their links. For an anonymous visitor with no session
# (every phone in the hall) the page is otherwise the same for everyone, so it
# is rendered ONCE per version with a placeholder as its `csrf_token` (a
# context value overrides the context processor's, so no real token is ever
# cached) and each answer puts its own token in the placeholder's place.
CSRF_SLOT = "__cardnight_csrf_token__"

_GZIP_HEAD = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # no name, no time
_LAST_BLOCK = b"\x03\x00"  # an empty final deflate block


def _deflated(text: bytes) -> bytes:
    """`text` as raw deflate blocks that refer to nothing before them and end
    on a byte boundary (a full flush), so pieces made apart join into one
    stream."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return packer.compress(text) + packer.flush(zlib.Z_FULL_FLUSH)


def _stored(text: bytes) -> bytes:
    """`text` as stored (uncompressed) deflate blocks, not final."""
    out = []
    for start in range(0, len(text), 65535):
        chunk = text[start : start + 65535]
        out.append(struct.pack("<BHH", 0, len(chunk), len(chunk) ^ 0xFFFF) + chunk)
    return b"".join(out)


_MASK = 0xFFFFFFFF


class _Crc:
    """A piece's part in the page's CRC-32, worked out once: the page's CRC
    runs through the piece, whatever it was before, in four table look-ups
    rather than a pass over the piece's bytes (CRC-32 is linear: from
    register r, the piece leaves `shift(r) ^ own`, and `shift` is fixed by
    the length; it is tabled for each byte of r)."""

    def __init__(self, piece: bytes):
        zeros = bytes(len(piece))
        # zlib.crc32(data, value) starts its register at ~value and returns ~register.
        shift = [~zlib.crc32(zeros, ~(1 << bit) & _MASK) & _MASK for bit in range(32)]
        self.tables = [_byte_table(shift[8 * byte : 8 * byte + 8]) for byte in range(4)]
        self.own = ~zlib.crc32(piece, _MASK) & _MASK

    def after(self, crc: int) -> int:
        """`zlib.crc32(piece, crc)`."""
        register = ~crc & _MASK
        first, second, third, fourth = self.tables
        out = self.own ^ first[register & 0xFF] ^ second[(register >> 8) & 0xFF]
        out ^= third[(register >> 16) & 0xFF] ^ fourth[register >> 24]
        return ~out & _MASK


def _byte_table(columns: list[int]) -> list[int]:
    """For each byte value, the XOR of the columns of its set bits."""
    table = [0] * 256
    for value in range(1, 256):
        lowest = value & -value
        table[value] = table[value ^ lowest] ^ columns[lowest.bit_length() - 1]
    return table


class PackedPage:
    """A full page as it is sent: its text cut at the CSRF token's places,
    each piece compressed ONCE, on its own, with its part of the CRC. An
    answer joins the pieces around its own token, which goes in uncompressed
    (a stored block): a page that holds a secret is gzipped without the
    secret ever being compressed with anything (BREACH), and without
    compressing (or reading) 70 KiB on every answer."""

    def __init__(self, page: str):
        self.pieces = [piece.encode() for piece in page.split(CSRF_SLOT)]
        self.packed = [_deflated(piece) for piece in self.pieces]
        self.crcs = [_Crc(piece) for piece in self.pieces[1:]]
        self.first_crc = zlib.crc32(self.pieces[0])
        self.size = sum(len(piece) for piece in self.pieces)

    def text(self, token: str) -> bytes:
        return token.encode().join(self.pieces)

    def gzip(self, token: str) -> bytes:
        secret = token.encode()
        stored, crc = _stored(secret), self.first_crc
        body = [_GZIP_HEAD, self.packed[0]]
        for packed, piece_crc in zip(self.packed[1:], self.crcs, strict=True):
            body += [stored, packed]
            crc = piece_crc.after(zlib.crc32(secret, crc))
        size = self.size + len(secret) * len(self.crcs)
        body += [_LAST_BLOCK, struct.pack("<II", crc, size & _MASK)]
        return b"".join(body)


# Bytes below _EVEN fall evenly on the secret's alphabet (248 = 4 x 62): each
# maps to its character (_CHARACTER), and the others are dropped (_UNEVEN).
_ALPHABET = CSRF_ALLOWED_CHARS
_EVEN = 256 - 256 % len(_ALPHABET)
_CHARACTER = bytes(ord(_ALPHABET[byte % len(_ALPHABET)]) for byte in range(256))
_UNEVEN = bytes(range(_EVEN, 256))


def new_secret() -> str:
    """A CSRF secret as Django makes one (CSRF_SECRET_LENGTH characters, each
    equally likely from CSRF_ALLOWED_CHARS), from one read of the system's
    random source instead of one per character (Django's `get_random_string`
    reads it 32 times: a fifth of a first visitor's page), turned into
    characters by one `bytes.translate`. Bytes of _EVEN or more are dropped,
    so no character is likelier than another."""
    secret = b""
    while len(secret) < CSRF_SECRET_LENGTH:
        secret += secrets.token_bytes(2 * CSRF_SECRET_LENGTH).translate(_CHARACTER, _UNEVEN)
    return secret[:CSRF_SECRET_LENGTH].decode("ascii")


def visitors_token(request: HttpRequest) -> str:
    """The CSRF secret this visitor's cookie holds (a new one and its cookie
    on a first visit, set as Django's `rotate_token` sets it), for a shared
    page. Django masks the token it puts in a page afresh on every answer so
    that compression cannot reveal it (BREACH); a shared page needs no mask:
    the token is never compressed (a stored block, or a plain answer) and
    the page holds nothing the visitor sent for an attacker to vary. Django
    accepts the secret as the token."""
    if not request.META.get("CSRF_COOKIE"):
        request.META.update({"CSRF_COOKIE": new_secret(), "CSRF_COOKIE_NEEDS_UPDATE": True})
    return request.META["CSRF_COOKIE"]


def send_page(request: HttpRequest, page: PackedPage, headers=None) -> HttpResponse:
    """A shared full page with this visitor's CSRF token, gzipped when the
    browser takes gzip (as every phone's does). `headers`: see `_answer`."""
    token = visitors_token(request)
    # It holds the cookie's secret: it varies with the cookie.
    response = _answer(
        request, lambda: page.gzip(token), lambda: page.text(token), ["Cookie"], headers=headers
    )
    response.board_page = page
    return response
