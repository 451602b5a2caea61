"""The editor's footer: the screen's main keys, one line drawn once (issue 34).

textual's ``Footer`` is a widget per key, composed again each time the screen's bindings are announced as
changed, which is each time the focus moves or a dialog closes: closing a form cost its keys' compose, styles
and a layout of the whole screen again (about 20 ms of the screen's thread). The editor's keys do not change
while it runs, so they are read once and drawn as one line that looks like the footer; a click on a key
presses it, as on the footer.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget


class KeysLine(Widget):
    """The keys of the screen shown in the footer (bindings with ``show``), as ` ^z Undo  ^n Next round …`."""

    COMPONENT_CLASSES = {"keys--key", "keys--description"}
    DEFAULT_CSS = """
    KeysLine { dock: bottom; height: 1; background: $footer-background; color: $footer-foreground; }
    KeysLine > .keys--key { color: $footer-key-foreground; background: $footer-key-background; text-style: bold; }
    KeysLine > .keys--description { color: $footer-description-foreground; background: $footer-description-background; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        #: (key, as shown, what it does), read from the screen's bindings when first drawn.
        self.keys: list[tuple[str, str, str]] | None = None
        self._text: Text | None = None
        self._shown = True

    def show_keys(self, shown: bool) -> None:
        """The keys, or an empty line while a dialog drawn over the editor takes the keys (the links dialog)."""
        if shown != self._shown:
            self._shown = shown
            self.refresh()

    def read_keys(self) -> list[tuple[str, str, str]]:
        """The keys the footer would show, in its order: one per action, the first key bound to it."""
        if self.keys is None:
            seen: set[str] = set()
            keys = []
            for _, binding, _, _ in self.screen.active_bindings.values():
                if binding.show and binding.action not in seen:
                    seen.add(binding.action)
                    keys.append((binding.key, self.app.get_key_display(binding), binding.description))
            self.keys = keys
        return self.keys

    def render(self) -> Text:
        if not self._shown:
            return Text()
        if self._text is None:
            key_style = self.get_component_rich_style("keys--key")
            description_style = self.get_component_rich_style("keys--description")
            parts: list[tuple[str, object]] = []
            for _, shown, description in self.read_keys():
                parts += [(f" {shown} ", key_style), (f"{description} ", description_style)]
            self._text = Text.assemble(*parts)  # type: ignore[arg-type]
        return self._text

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._text = None

    def key_at(self, x: int) -> str | None:
        """The key drawn at column ``x``."""
        start = 0
        for key, shown, description in self.read_keys():
            end = start + len(shown) + 3 + len(description)
            if start <= x < end:
                return key
            start = end
        return None

    def on_click(self, event: events.Click) -> None:
        key = self.key_at(event.x) if self._shown else None
        if key is not None:
            self.app.simulate_key(key)
