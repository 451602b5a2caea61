"""Sight mode in the terminal editor (Ctrl+F): the game's sight lines from the cursor's cell (an area board: the
selected area) to every figure, for the turn shown.

The same answer as the table page's Sight mode and ``resolve --sight-from``: ``why_not.sight_from`` (the game's own
sight oracle through ``Game.sight_lines``), on the answer's result and scenario, in a worker thread (a line of sight
among many walls is not free, and the screen's thread keeps its 50 ms). The views only draw what it found: the board
marks each figure in sight or not and the walls that block a line (:class:`Seen`), the answer pane lists the lines
in the words the page and ``--sight-from`` use. A game without a sight rule, or a cell no figure could see from, is
one sentence there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from ..errors import escape_controls
from ..result import format_position

if TYPE_CHECKING:
    from ..result import Position
    from .session import Answer, Session

#: How the board marks a figure the sight line reaches, one it does not, and a wall that blocks a line.
IN_SIGHT_STYLE = "bold underline bright_green"  # not on green: the options are numbered on green
OUT_OF_SIGHT_STYLE = "bold bright_white on red"
BLOCKER_STYLE = "bold bright_white on red"
#: Lines listed above the answer (the map marks every figure): 62 wrapped lines were formatted twice a cursor move.
LISTED = 12


@dataclass(frozen=True)
class Seen:
    """The sight lines from ``at`` on the turn shown, as the board draws them (a renderer reads, never decides)."""

    at: Any
    generation: int
    turn: int
    #: The game's sight lines (geometry.sight_line.SightLine), None with ``problem`` when there are none.
    lines: tuple[Any, ...] | None
    problem: str | None = None
    #: Figure label -> in sight.
    figures: dict[str, bool] = field(default_factory=dict)
    #: Wall cells a blocked line touches.
    blockers: frozenset[Any] = frozenset()


def sight_of(answer: Answer, at: Position, turn: int) -> Seen:
    """The sight lines from ``at`` on turn ``turn``'s board (safe in a worker thread: it reads only the answer)."""
    from ..why_not import WhyNotError, sight_from

    text = f"{at[0]},{at[1]}" if isinstance(at, tuple) else str(at)
    if answer.result is None or answer.scenario is None:
        return Seen(at, answer.generation, turn, None, answer.error or "no answer yet")
    try:
        report = sight_from(answer.result, answer.scenario, text)
    except WhyNotError as error:
        message = str(error)
        # "--sight-from '3,2': the reason": said in the editor's own words, as the page does
        reason = message.split(": ", 1)[1] if message.startswith("--sight-from ") and ": " in message else message
        return Seen(at, answer.generation, turn, None, reason)
    index = min(turn, len(report.lines) - 1)
    lines = tuple(report.lines[index]) if index >= 0 else ()
    figures = {line.target: line.clear for line in lines}
    blockers = frozenset(cell for line in lines if not line.clear for cell in line.walls)
    return Seen(at, answer.generation, turn, lines, None, figures, blockers)


def sight_text(seen: Seen | None, at: Any, turn: int = 0) -> Text:
    """The answer pane's sight block: the heading and a line per figure (the page's words; the first ``LISTED``), or
    why there is none.
    While the lines from ``at`` are worked out, the last ones stay under a `working…` heading, dimmed: as many lines
    as they will be (one a figure), so the pane is not laid out again twice a cursor move."""
    from ..render.text import sight_heading, sight_line_text

    working = Text(f"Sight from {format_position(at)}: working…", style="yellow")
    if seen is None:
        return working
    current = (seen.at, seen.turn) == (at, turn)
    if seen.lines is None:
        return (
            Text(escape_controls(f"Sight from {format_position(at)}: {seen.problem or 'no sight lines'}"), style="yellow")
            if current
            else working
        )
    text = Text(escape_controls(sight_heading(at, list(seen.lines))), style="bold") if current else working
    for line in seen.lines[:LISTED]:
        text.append("\n  " + escape_controls(sight_line_text(line)), style=("green" if line.clear else "red") if current else "dim")
    if len(seen.lines) > LISTED:
        text.append(f"\n  … {len(seen.lines) - LISTED} more figures: marked on the map", style="dim")
    return text


class SightMode(Screen[None]):
    """The editor's sight mode (a base of :class:`enemy_move.editor.commands.Commands`): Ctrl+F turns it on and off;
    while on, each cursor move, edit and turn shown asks for the lines again, off the screen's thread."""

    session: Session
    answer: Answer | None
    turn_index: int
    #: Sight mode is on.
    sighting: bool = False
    #: The last lines found (None: none yet).
    seen: Seen | None = None

    def say(self, message: str) -> None:
        raise NotImplementedError

    def refresh_all(self) -> None:
        raise NotImplementedError

    def sight_at(self) -> Any:
        """Where the lines start: the cursor's cell, or the selected area."""
        return self.session.area if self.session.board_kind == "areas" else self.session.cursor

    def action_sight(self) -> None:
        self.sighting = not self.sighting
        self.seen = None
        if self.sighting:
            self.say("sight mode: the lines from the cursor to every figure (green underlined in sight, on red not); Ctrl+F again: off")
            self.follow_sight()
        else:
            self.say("sight mode off")
        self.refresh_all()

    def follow_sight(self) -> None:
        """Ask for the lines from where the cursor is now, on the answer shown (none while there is no answer)."""
        answer, at = self.answer, self.sight_at()
        if not self.sighting or answer is None or at is None:
            return
        seen = self.seen
        if seen is not None and (seen.at, seen.generation, seen.turn) == (at, answer.generation, self.turn_index):
            return
        job = partial(sight_of, answer, at, self.turn_index)
        # described here: textual's default description is repr(job), the whole answer written out (0.5 s on a 64 x 64 map)
        self.run_worker(job, thread=True, exclusive=True, group="sight", name="sight", description="sight lines")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "sight" or event.state != WorkerState.SUCCESS or not isinstance(event.worker.result, Seen):
            return
        seen = event.worker.result
        answer = self.answer
        if self.sighting and answer is not None and seen.generation == answer.generation and seen.at == self.sight_at():
            self.seen = seen
            self.refresh_all()

    def shown_sight(self) -> Seen | None:
        """The lines the board marks now: the last found on the answer shown (None: sight mode off, or none yet).

        After a cursor move the last position's marks stay until the new ones come (the block above the answer says
        `working…` meanwhile): cleared and drawn again, every row with a figure was drawn twice a move (55 ms on a
        64 x 64 map against 8 with the marks kept)."""
        seen, answer = self.seen, self.answer
        if not self.sighting or seen is None or answer is None:
            return None
        return seen if seen.generation == answer.generation else None

    def sight_found(self) -> Seen | None:
        """The lines from where the cursor is now, on the turn shown (None: not found yet)."""
        seen = self.shown_sight()
        return seen if seen is not None and (seen.at, seen.turn) == (self.sight_at(), self.turn_index) else None

    def sight_block(self) -> Text | None:
        """The answer pane's sight block while sight mode is on (None: off: the cursor's why-not is shown)."""
        if not self.sighting:
            return None
        self.follow_sight()
        at = self.sight_at()
        return sight_text(self.shown_sight(), at, self.turn_index) if at is not None else Text("no area selected", style="yellow")
