"""How the board's polled answers are packed: gzipped once per version and
kept that way in the cache, sent gzipped to a browser that takes it (every
phone's does), unpacked for one that does not. Only for answers that hold
no secret and nothing the visitor typed (the live parts, the cards, the
JSON); a full page, which holds a CSRF token, goes through Django's own
`gzip_page` (its answers are made unlike each other against BREACH)."""

import gzip
import re

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

_ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def gzipped(text: str) -> bytes:
    return gzip.compress(text.encode(), compresslevel=6, mtime=0)


def unpacked(packed_body: bytes) -> str:
    return gzip.decompress(packed_body).decode()


def packed(request: HttpRequest, packed_body: bytes, content_type: str) -> HttpResponse:
    """`packed_body` (gzipped once per version: the live part of 200 couples
    is 73 KiB, 5 KiB gzipped, fetched by a hall of phones after every
    change), as it is to a browser that takes gzip, unpacked to any other."""
    takes_gzip = _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", ""))
    response = HttpResponse(
        packed_body if takes_gzip else gzip.decompress(packed_body), content_type=content_type
    )
    if takes_gzip:
        response["Content-Encoding"] = "gzip"
    patch_vary_headers(response, ["Accept-Encoding"])
    return response
