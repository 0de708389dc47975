"""A plugin module interrupted by Ctrl-C (a real SIGINT) while it is imported: that must still stop the command."""

import signal

signal.raise_signal(signal.SIGINT)
