"""The old name of `muggins_cli.warnings_and_defaults` (the warning line, the command line's registry, the defaults of play), kept importable.

The core has two modules named for sessions (`muggins.session`, the owner
of a match, and `muggins.match_checks`); this one only ever held what every
command shares, and is named for that now. Every name it had is re-exported.
"""

from __future__ import annotations

from .warnings_and_defaults import (  # noqa: F401  (re-exported)
    DEFAULT_OPPONENTS, DEFAULT_PACE, _BREAKING_SPACE, house_rules_text, one_line, registry, warn, warn_errors,
)

__all__ = ["DEFAULT_OPPONENTS", "DEFAULT_PACE", "house_rules_text", "registry", "warn"]
