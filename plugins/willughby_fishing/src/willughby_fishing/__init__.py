"""The Willughby fishing game ("Laugh and Lie Down") as a muggins plugin: the
package exposes the game object; the rules live in ``rules``, the state
machine in ``state``, the bots in ``bots`` and the registration in ``plugin``."""
