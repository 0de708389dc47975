"""The former name of `muggins.match_checks` (seating, checking and reopening matches), kept so that code written against it works unchanged.

`muggins.session` owns a match for a front end; the functions it and the
front ends build on were here, under a name one letter from it, and moved
to `muggins.match_checks`, whose names this module re-exports.
"""

from .match_checks import *  # noqa: F401,F403 - the former name's whole public API
from .match_checks import FrontEndFactory, __all__  # noqa: F401 - the one type alias front ends named from here
