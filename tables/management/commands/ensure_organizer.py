"""Make sure an organizer account exists (used by `make run`).

With DJANGO_SUPERUSER_USERNAME and DJANGO_SUPERUSER_PASSWORD set, that account
is created (or its password left alone if it exists). Otherwise, when no
organizer exists yet, an account "organizer" is created with a one-time
password that is printed once.
"""

import os
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction

from cardnight.roles import ORGANIZERS


class Command(BaseCommand):
    help = "Create an organizer account if there is none."

    @transaction.atomic
    def handle(self, *args, **options):
        User = get_user_model()
        organizers, _ = Group.objects.get_or_create(name=ORGANIZERS)
        username = os.environ.get("DJANGO_SUPERUSER_USERNAME", "").strip()
        password = os.environ.get("DJANGO_SUPERUSER_PASSWORD", "")
        if username:
            user, created = User.objects.get_or_create(username=username)
            if created:
                if not password:
                    password = secrets.token_urlsafe(9)
                    self.stdout.write(
                        f"Organizer {username!r} created, one-time password: {password}"
                    )
                else:
                    self.stdout.write(f"Organizer {username!r} created.")
                user.set_password(password)
                user.is_staff = user.is_superuser = True
                user.save()
            user.groups.add(organizers)
            return
        has_organizer = (
            User.objects.filter(is_superuser=True).exists() or organizers.user_set.exists()
        )
        if has_organizer:
            return
        password = secrets.token_urlsafe(9)
        user = User.objects.create_user("organizer", password=password)
        user.is_staff = user.is_superuser = True
        user.save()
        user.groups.add(organizers)
        self.stdout.write(
            self.style.WARNING(
                "No organizer existed, so one was made.\n"
                f"  username: organizer\n  password: {password}\n"
                "Write it down now: it is shown only this once. "
                "Change it under /admin/ after signing in."
            )
        )
