"""The writes of the tables app, one module per thing a person does:

    door.py         registering couples, paid, a couple leaving early
    evening.py      starting (game 1), finishing and deleting the evening
    play.py         recording and changing the current game's results
    tableside.py    a couple's own report from the table's link
    receipts.py     a report or tap sent again from a phone's outbox: once only
    advance.py      starting the next game by the rotation rule
    corrections.py  an organizer's corrections after the fact
    printed.py      noting when a printout was made
    proposal.py     a hall's next evening: the proposal, templates, creating it
    members.py      a hall's organizers and volunteers (who may do what)
    checkin.py      self check-in: a couple's entry from its phone, confirmed at the door
    register.py     the hall's register of players (merge, split, rename, remove)
    register_pages.py  the register as its pages read it (a page of people, proposals, search)
    erase.py        erasing a person from the register and the hall's evenings
    base.py         the checks and helpers they share

Each public function is one transaction (see base.py). `from tables import
services; services.start_evening(...)` keeps working: every service is
exported here.
"""

from .advance import Advanced, advance
from .base import seating_error
from .corrections import correct_result, resync_bye_punches, settle_late_report
from .door import (
    Duplicate,
    check_money_change,
    fold_name,
    mark_leaving,
    register_couple,
    remove_couple,
    rename_couple,
    set_paid,
)
from .evening import delete_evening, finish_evening, save_hall, save_settings, start_evening
from .members import Added, add_member, create_hall, members, remove_member
from .play import change_result, record_result
from .printed import record_printed
from .proposal import Proposal, create_evening, next_date, propose_evening, save_template
from .tableside import read_late_report, report_result

__all__ = [
    "Added",
    "Proposal",
    "create_evening",
    "next_date",
    "propose_evening",
    "save_template",
    "Advanced",
    "add_member",
    "create_hall",
    "members",
    "remove_member",
    "Duplicate",
    "check_money_change",
    "fold_name",
    "rename_couple",
    "advance",
    "change_result",
    "correct_result",
    "delete_evening",
    "finish_evening",
    "mark_leaving",
    "record_printed",
    "record_result",
    "register_couple",
    "remove_couple",
    "read_late_report",
    "report_result",
    "resync_bye_punches",
    "save_hall",
    "save_settings",
    "seating_error",
    "set_paid",
    "settle_late_report",
    "start_evening",
]
