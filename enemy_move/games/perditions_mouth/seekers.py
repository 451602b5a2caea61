"""The enemies that head for a square: Boneworm, Rotikka, Chi'leen and Guard (a hero's "range N" square), the Acolyte (the alarm)."""

from __future__ import annotations

from dataclasses import dataclass

from ...result import Turn, format_position, format_positions
from .movement import Best, Mover, Pathing, Preds
from .options import Options
from .roster import Roster
from .targets import Targeting
from .terrain import BLOCKING_TERRAIN, SPECIAL_TERRAIN, Board, Cell


@dataclass(frozen=True)
class RangeReach:
    """At one range: each hero's possible squares, and the cheapest AP to one of them (heroes some path reaches)."""

    distance: int
    goals: dict[str, set[Cell]]
    reach: dict[str, int]


@dataclass(eq=False)  # parts of one engine: compared by identity, as before
class Seekers:
    """The enemies that head for a hero's attack square (their type's ``preferred_ranges``)."""

    roster: Roster
    paths: Pathing
    options: Options
    targets: Targeting

    def seek(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds) -> set[Cell]:
        """Boneworm, Rotikka, Chi'leen, Guard: pick the target hero by its nearest 'range N' square, then move.

        Returns the goal squares the move heads for (for "why not this square?")."""
        heroes = [hero for hero in self.roster.heroes if hero in board.figures]
        ranges = mover.enemy.preferred_ranges
        dropped_ranges: list[int] = []
        all_goals: set[Cell] = set()
        for distance in ranges:
            found = self.reach_at_range(board, mover, turn, best, heroes, distance)
            for squares in found.goals.values():
                all_goals |= squares
            if found.reach:
                break
            dropped_ranges.append(distance)
        else:
            turn.note(
                "target",
                "No hero has a reachable attack square"
                + self.targets.unreachable_text(mover)
                + " (in the Attack action insectoids then attack a door or portcullis in their path).",
            )
            what = "a hero's attack square"
            if not all_goals:
                # Every square at its ranges is held (say by an attacking Boneworm) or out of sight: "as close as it
                # can get" is measured to those squares whoever stands there, so the hint `closer` does what it says.
                all_goals = self.held_range_squares(board, heroes, ranges)
                what = "a hero's attack square (all held or out of sight: measured to them anyway)"
            self.targets.approach_unreachable(board, mover, turn, best, preds, all_goals, what)
            return all_goals
        tied = self.choose_target(mover, turn, found, dropped_ranges)
        nearest = min(found.reach.values())
        heading: set[Cell] = set()
        self.paths.prepare_walks(best, preds, [found.goals[hero] for hero in tied])  # one pass for every tied hero
        for hero in tied:
            moves, _ = self.paths.walk(board, mover, best, preds, found.goals[hero])
            self.options.add_moves(board, mover, turn, moves, hero, nearest)
            heading |= found.goals[hero]
        self.rule_out_other_heroes(mover, turn, best, preds, found, tied)
        return heading

    def held_range_squares(self, board: Board, heroes: list[str], ranges: tuple[int, ...]) -> set[Cell]:
        """The squares at the preferred ranges of each hero that are not walls or obstacles, whoever holds them."""
        return {
            cell
            for hero in heroes
            for cell, terrain in board.terrain.items()
            if terrain not in BLOCKING_TERRAIN and self.roster.distance(cell, board.figures[hero]) in ranges
        }

    def reach_at_range(self, board: Board, mover: Mover, turn: Turn, best: Best, heroes: list[str], distance: int) -> RangeReach:
        """Each hero's possible squares at range ``distance``, and the cheapest path to one of them."""
        reach: dict[str, int] = {}
        goals: dict[str, set[Cell]] = {}
        parts = []
        for hero in heroes:
            goals[hero] = self.targets.range_squares(board, mover, hero, distance)
            costs = [best[g][0] for g in goals[hero] if g in best]
            if costs:
                reach[hero] = min(costs)
                parts.append(f"{hero}: {reach[hero]} {self.paths.unit(mover, reach[hero])}")
            elif goals[hero]:
                parts.append(f"{hero}: no path reaches one")
            else:
                parts.append(
                    f"{hero}: none the {mover.enemy.name} could end on"
                    + (" with line of sight" if self.roster.rules.range_needs_sight else "")
                )
        what = "adjacent square (range 1)" if mover.enemy.preferred_ranges == (1,) else f'"range {distance}" square'
        turn.note("distances", f"Cheapest path to each hero's nearest {what}: {', '.join(parts)}.", range=distance, distances=reach)
        return RangeReach(distance, goals, reach)

    def choose_target(self, mover: Mover, turn: Turn, found: RangeReach, dropped_ranges: list[int]) -> list[str]:
        """The heroes whose square is cheapest to reach (ties: `target_ties`); they are the turn's focus."""
        ranges = mover.enemy.preferred_ranges
        distance = found.distance
        nearest = min(found.reach.values())
        tied = sorted(hero for hero, cost in found.reach.items() if cost == nearest)
        tied = self.targets.break_tie(tied, turn)
        others = sorted((cost, hero) for hero, cost in found.reach.items() if hero not in tied)
        against = (" against " + ", ".join(f"{cost} ({hero})" for cost, hero in others)) if others else ""
        if dropped_ranges:
            why = f' (no hero has a reachable "range {"/".join(map(str, dropped_ranges))}" square, so it falls back to range {distance})'
        elif len(ranges) > 1:
            why = f" (range {distance}, the farthest it prefers)"
        else:
            why = ""
        turn.note(
            "target",
            f"Target hero: {', '.join(tied)}, {nearest} {self.paths.unit(mover, nearest)} away{against}{why}.",
            target=tied,
            cost=nearest,
            range=distance,
            fallback_from=dropped_ranges,
        )
        turn.focus = list(tied)
        return tied

    def rule_out_other_heroes(self, mover: Mover, turn: Turn, best: Best, preds: Preds, found: RangeReach, tied: list[str]) -> None:
        """Squares of the heroes that are not the target."""
        nearest = min(found.reach.values())
        chosen = tuple(option.to for option in turn.options)
        for hero in found.goals:
            if hero in tied:
                continue
            for cell in sorted(found.goals[hero]):
                if self.paths.within_reach(mover, best, preds, cell):
                    cost = best[cell][0]
                    turn.rule_out(
                        cell,
                        "target",
                        f"a range-{found.distance} square of {hero}, but the target is {', '.join(tied)} ({found.reach.get(hero, 'no path')} against {nearest} {self.paths.unit(mover, nearest)})",
                        against=chosen,
                        range=found.distance,
                        hero=hero,
                        cost=cost,
                    )


@dataclass(eq=False)
class AlarmRun:
    """The Acolyte's run for the alarm symbol (``acolyte_goal``: onto it or next to it)."""

    roster: Roster
    paths: Pathing
    options: Options
    targets: Targeting

    def run(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds) -> set[Cell]:
        alarms = sorted(cell for cell, terrain in board.terrain.items() if terrain == "alarm")
        if not alarms:
            turn.note("alarm", "There is no alarm symbol (!) on the map: the Acolyte has nowhere to run and does not move.")
            return set()
        self.roster.watch.consult("acolyte_goal")
        if self.roster.rules.acolyte_goal == "on":
            goals = set(alarms)
            where = "onto the alarm symbol"
        else:
            goals = {cell for alarm in alarms for cell in self.paths.steps(board, alarm) if board.terrain[cell] not in BLOCKING_TERRAIN}
            goals |= {cell for cell in alarms if cell == mover.start}
            possible = {cell for cell in goals if self.paths.possible_for(board, mover, cell)}
            goals = possible or goals  # a square next to the alarm held by a blocker only counts when all are
            where = "next to the alarm symbol"
        turn.note(
            "alarm",
            f"The Acolyte moves toward the alarm symbol ({format_positions(alarms)}), {where} (`acolyte_goal: {self.roster.rules.acolyte_goal}`), choosing the path cheapest in Action Points: 1 AP per simple square, doors opened (or unlocked and opened) for 1 AP.",
        )
        held = sorted(cell for cell in goals if not self.paths.free_for(board, mover, cell))
        if held:
            # An occupied alarm is still where it runs: it walks toward it and stops as close as it can.
            turn.note(
                "alarm",
                f"{format_positions(held)} {'is' if len(held) == 1 else 'are'} occupied ({'; '.join(mover.occupants.get(c, 'occupied') for c in held)}): it still heads there and stops on the last square it can end on.",
                occupied=held,
            )
            for cell in held:
                mover.blocked.discard(cell)
                mover.passes.add(cell)
            best, preds = self.paths.shortest(board, mover)
        moves, cost = self.paths.walk(board, mover, best, preds, goals)
        if cost is None:
            turn.note("alarm", "No path reaches the alarm" + self.targets.unreachable_text(mover) + ".")
            self.targets.approach_unreachable(board, mover, turn, best, preds, goals, "the alarm")
            return goals
        turn.note("distances", f"Cheapest path to the alarm: {cost} AP against {mover.ap} AP available.", cost=cost)
        self.options.add_moves(board, mover, turn, moves, None, cost)
        for move in moves:
            special = sorted({board.terrain[c] for c in move.path[1:] if board.terrain[c] in SPECIAL_TERRAIN})
            if special:
                turn.note(
                    "failure-events",
                    f"Moving to {format_position(move.to)} it enters {', '.join(special)} on purpose: the Acolyte suffers no failure event.",
                )
        return goals
