"""The tables app's forms: evening.py (halls, evenings, couples at the door)
and game.py (the game screen and the table side). Forms only parse input;
a form that edits a model is a ModelForm, so the model's validators (the
money rule, cardnight.money) apply."""

from .checkin import CheckinForm, ConfirmEntryForm
from .evening import (
    CoupleForm,
    EveningForm,
    HallCreateForm,
    HallForm,
    MemberForm,
    PhoneAddressForm,
    TemplateForm,
    unique_slug,
)
from .game import AdvanceForm, CorrectionForm, LeavingForm, ReportForm, ResultForm, StartForm

__all__ = [
    "CheckinForm",
    "ConfirmEntryForm",
    "AdvanceForm",
    "CorrectionForm",
    "CoupleForm",
    "EveningForm",
    "HallCreateForm",
    "HallForm",
    "MemberForm",
    "LeavingForm",
    "PhoneAddressForm",
    "ReportForm",
    "ResultForm",
    "StartForm",
    "TemplateForm",
    "unique_slug",
]
