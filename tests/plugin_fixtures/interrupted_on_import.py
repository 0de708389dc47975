"""A plugin module interrupted (as by Ctrl-C) while it is imported: that must still stop the command."""

raise KeyboardInterrupt
