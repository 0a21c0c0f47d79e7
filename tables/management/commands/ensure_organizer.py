"""Make sure a site administrator exists (used by `make run`).

The account is a superuser: an organizer of every hall, who adds halls and
names their organizers (issue 15). On a one-hall laptop it is the organizer.

With DJANGO_SUPERUSER_USERNAME and DJANGO_SUPERUSER_PASSWORD set, that account
is created (or its password left alone if it exists). Otherwise, when no
organizer exists yet, an account "organizer" is created with a one-time
password that is printed once. A printed password is changed at the first
sign-in (OneTimePassword).
"""

import os
import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from tables.models import Membership, OneTimePassword


class Command(BaseCommand):
    help = "Create a site administrator (an organizer of every hall) if there is none."

    @transaction.atomic
    def handle(self, *args, **options):
        User = get_user_model()
        username = os.environ.get("DJANGO_SUPERUSER_USERNAME", "").strip()
        password = os.environ.get("DJANGO_SUPERUSER_PASSWORD", "")
        if username:
            user, created = User.objects.get_or_create(username=username)
            if created:
                one_time = not password
                if one_time:
                    password = secrets.token_urlsafe(9)
                    self.stdout.write(
                        f"Organizer {username!r} created, one-time password: {password}"
                    )
                else:
                    self.stdout.write(f"Organizer {username!r} created.")
                user.set_password(password)
                user.is_staff = user.is_superuser = True
                user.save()
                if one_time:
                    OneTimePassword.objects.create(user=user)
            if not (user.is_staff and user.is_superuser):
                user.is_staff = user.is_superuser = True
                user.save(update_fields=["is_staff", "is_superuser"])
            return
        has_organizer = (
            User.objects.filter(is_superuser=True).exists()
            or Membership.objects.filter(role=Membership.Role.ORGANIZER).exists()
        )
        if has_organizer:
            return
        password = secrets.token_urlsafe(9)
        user = User.objects.create_user("organizer", password=password)
        user.is_staff = user.is_superuser = True
        user.save()
        OneTimePassword.objects.create(user=user)
        self.stdout.write(
            self.style.WARNING(
                "No organizer existed, so one was made.\n"
                f"  username: organizer\n  password: {password}\n"
                "Write it down now: it is shown only this once. "
                "At the first sign-in you choose your own."
            )
        )
