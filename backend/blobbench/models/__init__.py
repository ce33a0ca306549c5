"""Every SQLAlchemy model of the results database, on one MetaData."""

from blobbench.models.alert import Alert
from blobbench.models.base import Base
from blobbench.models.dictionary import Dictionary
from blobbench.models.host import Host
from blobbench.models.link import Link
from blobbench.models.run import (
    CELL_FINAL_STATES,
    CELL_STATES,
    RUN_FINAL_STATES,
    RUN_STATES,
    Cell,
    Result,
    Run,
)
from blobbench.models.sample import Sample
from blobbench.models.schedule import FIRING_OUTCOMES, Schedule, ScheduleFiring
from blobbench.models.target import Target
from blobbench.models.token import Token

__all__ = [
    "CELL_FINAL_STATES",
    "CELL_STATES",
    "FIRING_OUTCOMES",
    "RUN_FINAL_STATES",
    "RUN_STATES",
    "Alert",
    "Base",
    "Cell",
    "Dictionary",
    "Host",
    "Link",
    "Result",
    "Run",
    "Sample",
    "Schedule",
    "ScheduleFiring",
    "Target",
    "Token",
]
