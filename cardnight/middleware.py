"""Security headers on every response."""

from django.http import HttpRequest, HttpResponse

# Only the site's own scripts and styles; htmx runs without inline script.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class SecurityHeadersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith("/admin/"):
            response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        else:
            # The admin uses a few inline scripts of its own.
            response.setdefault(
                "Content-Security-Policy", "frame-ancestors 'none'; object-src 'none'"
            )
        response.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        return response
