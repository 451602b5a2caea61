"""A move becomes an option: its effects (doors opened, minions trampled), whom it can attack afterwards, and what is said about it."""

from __future__ import annotations

from ...result import Displaced, Effect, Moved, Option, Turn, format_position, format_positions
from .effects import DoorOpened
from .enemies import Enemy
from .movement import Move, Mover, Pathing
from .roster import Roster
from .sight import Sight
from .terrain import SPECIAL_TERRAIN, Board, Cell, apply_effects


class Options:
    """The options of a turn, from the moves a walk found."""

    def __init__(self, roster: Roster, sight: Sight, paths: Pathing, *, notes: bool = True):
        self.roster = roster
        self.sight = sight
        self.paths = paths
        self.notes = notes  # False: an engine that gives only the answer (the moves are not told)

    def add_moves(
        self, board: Board, mover: Mover, turn: Turn, moves: list[Move], hero: str | None, goal_cost: int, goal_word: str = "its goal"
    ) -> None:
        roster = self.roster
        for move in moves:
            after, effects, pushed = self.follow(board, mover.label, move.path, move.opened)
            attacks: tuple[str, ...] = ()
            if hero is not None and after.figures.get(hero) is not None:
                hero_cell = after.figures[hero]
                if roster.distance(move.to, hero_cell) <= roster.attack_range(mover.label) and self.sight.sees(after, move.to, hero_cell):
                    attacks = (hero,)
            turn.options.append(Option(move.to, move.path, attacks, {"AP": move.spent}, effects))
            if self.notes:
                self.note_failure_events(after, move, pushed, turn)
        if self.notes:
            self.tell_moves(board, mover, turn, moves, goal_word)

    def tell_moves(self, board: Board, mover: Mover, turn: Turn, moves: list[Move], goal_word: str) -> None:
        """A step per move: where it ends, the AP it spends, doors opened, and why it stops there."""
        paths = self.paths
        said = {step.text for step in turn.reasoning if step.step == "move"}
        for move in moves:
            where = "stays" if len(move.path) == 1 else f"moves to {format_position(move.to)} spending {move.spent} AP"
            text = f"{mover.label} {where}" + (f", opening the door at {format_positions(move.opened)} for 1 AP" if move.opened else "")
            first_step = paths.enter_cost(board, mover, move.path[0], move.path[1], ()) if len(move.path) == 2 else None
            if mover.ap and move.spent > 0 and move.spent == mover.ap and first_step is not None and first_step[1] > mover.ap:
                rule = "" if mover.enemy.all_ap_as_written else " (`full_ap_rule: all`)"
                text += f" (it has all its {mover.ap} AP, so it may enter the costlier square{rule})"
            if move.reached:
                text += f"; it has reached {goal_word}."
            else:
                held = sorted(c for c in paths.next_squares(board, mover, move) if c in mover.passes)
                text += f"; {move.remaining} {paths.unit(mover, move.remaining)} still to go"
                if held and move.spent < mover.ap:
                    text += f" (it may not end on {format_positions(held)}, held by a figure, so it stops here)"
                text += "."
            if text not in said:
                said.add(text)
                turn.note("move", text, to=move.to, spent=move.spent, remaining=move.remaining)

    def follow(
        self, board: Board, label: str, path: tuple[Cell, ...], opened: tuple[Cell, ...]
    ) -> tuple[Board, tuple[Effect, ...], list[tuple[str, Cell, Cell]]]:
        """The board after ``label`` follows ``path``, the move's effects, and the minions it tramples (label, from, to)."""
        occupants = {cell: other for other, cell in board.figures.items() if other != label}
        pushed: list[tuple[str, Cell, Cell]] = []
        enemy, types = self.roster.enemy(label), self.roster.types
        for before, after in zip(path, path[1:]):
            other = occupants.get(after)
            if other is not None and enemy.tramples(types[other]):
                # Trample: the minion trades places with the Chi'leen, moving back one square.
                occupants.pop(after)
                occupants[before] = other
                pushed.append((other, after, before))
        effects: tuple[Effect, ...] = (
            Moved(label, path),
            *(DoorOpened(cell) for cell in opened),
            *(Displaced(other, origin, to, "trampled") for other, origin, to in pushed),
        )
        return apply_effects(board, effects), effects, pushed

    def note_failure_events(self, after: Board, move: Move, pushed: list[tuple[str, Cell, Cell]], turn: Turn) -> None:
        for other, _, cell in pushed:
            terrain = after.terrain[cell]
            other_type = self.roster.types[other]
            if isinstance(other_type, Enemy) and other_type.fails_in_special_terrain and terrain in SPECIAL_TERRAIN:
                switch = self.roster.rules.trample_failure_events
                suffers = "suffers" if switch else "does not suffer"
                turn.note(
                    "failure-events",
                    f"Moving to {format_position(move.to)}, the trample pushes Acolyte {other} into {terrain}: it {suffers} "
                    f"the failure event (`trample_failure_events: {str(switch).lower()}`).",
                )
