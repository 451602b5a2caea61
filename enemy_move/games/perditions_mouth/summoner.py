"""The Summoner: stays when it sees a hero; otherwise heads for the weakest hero, keeping as far as it can
(within range 6) and away from every hero."""

from __future__ import annotations

from collections.abc import Callable

from ... import choosing
from ...result import Option, StepId, Turn, count_of, format_positions
from .enemies import SUMMONER_MAX_RANGE
from .movement import Best, Move, Mover, Pathing, Preds
from .options import Options
from .reasons import RuleOuts
from .roster import Roster
from .sight import Sight
from .sighting import blockers
from .targets import Targeting
from .terrain import Board, Cell


class SummonerRule:
    """The Summoner's turn."""

    def __init__(self, roster: Roster, sight: Sight, paths: Pathing, options: Options, rule_outs: RuleOuts, targets: Targeting):
        self.roster = roster
        self.sight = sight
        self.paths = paths
        self.options = options
        self.rule_outs = rule_outs
        self.targets = targets

    def take_turn(self, board: Board, label: str, turn: Turn) -> None:
        grid = board
        cell = grid.figures[label]
        heroes = [hero for hero in self.roster.heroes if hero in grid.figures]
        seen = [hero for hero in heroes if self.sight.sees(board, cell, grid.figures[hero])]
        if seen:
            turn.note("line-of-sight", f"The Summoner has line of sight to {', '.join(seen)}: it does not move.", seen=seen)
            turn.focus = []
            attacks = self.summoner_attacks(board, label, cell, seen, turn)
            turn.options.append(Option(cell, (cell,), attacks, {"AP": 0}))
            self.rule_outs.rule_out_all(board, turn, "line-of-sight", f"the Summoner sees {', '.join(seen)}: it does not move")
            return
        turn.note("line-of-sight", "The Summoner sees no hero, so it moves.")
        health = {hero: self.roster.hero_health(hero, "the Summoner's 'weakest' hero") for hero in heroes}
        weakest = min(health.values())
        targets = sorted(hero for hero in heroes if health[hero] == weakest)
        turn.note(
            "target",
            f"Weakest hero (least health): {', '.join(targets)} with {weakest}"
            + (f" against {', '.join(f'{h} {health[h]}' for h in heroes if h not in targets)}" if len(targets) < len(heroes) else "")
            + (" (tie: the players choose)" if len(targets) > 1 else "")
            + ".",
            health=health,
        )
        turn.focus = list(targets)
        mover = self.paths.make_mover(board, label, turn)
        best, preds = self.paths.shortest(grid, mover)
        self.rule_outs.rule_out_unreachable(board, mover, turn, best, preds)
        for target in targets:
            self.summoner_options(board, mover, turn, best, preds, target, heroes)
        self.rule_outs.rule_out_rest(board, mover, turn, set())

    def summoner_attacks(self, board: Board, label: str, cell: Cell, seen: list[str], turn: Turn) -> tuple[str, ...]:
        """Whom the Summoner's following Attack faces from ``cell``: heroes in range with sight, the weakest first."""
        in_range = [hero for hero in seen if self.roster.distance(cell, board.figures[hero]) <= self.roster.attack_range(label)]
        figures = self.roster.figures
        if len(in_range) > 1 and all(figures[hero].health is not None for hero in in_range):
            least = min(figures[hero].health or 0 for hero in in_range)
            in_range = [hero for hero in in_range if figures[hero].health == least]
        if in_range:
            turn.note(
                "target",
                f"In range {self.roster.attack_range(label)} with line of sight: {', '.join(in_range)} (the attack targets the weakest; ties: the players choose).",
                attacks=in_range,
            )
        return tuple(in_range)

    def summoner_options(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds, target: str, heroes: list[str]) -> None:
        """Toward the weakest hero: the reachable squares within range 6 with sight, by range then safety (or the reverse)."""
        positions = self.summoner_positions(board, mover, turn, best, preds, target)
        if not positions:
            self.summoner_toward(board, mover, turn, best, preds, target)
            return
        chosen = self.summoner_choice(board, turn, positions, target, heroes)
        for c in chosen:
            path = tuple(preds.one_path(c))
            move = Move(c, path, min(best[c][0], mover.ap), reached=True)
            self.options.add_moves(board, mover, turn, [move], target, best[c][0], goal_word="its chosen square")

    def summoner_positions(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds, target: str) -> list[Cell]:
        """The squares it can end on this turn within range 6 of ``target`` with line of sight; the other reachable ones are ruled out."""
        target_cell = board.figures[target]
        reachable = [
            c
            for c in sorted(best)
            if self.paths.within_reach(mover, best, preds, c) and self.paths.free_for(board, mover, c) and c not in mover.passes
        ]
        positions = [
            c
            for c in reachable
            if self.roster.distance(c, target_cell) <= SUMMONER_MAX_RANGE and self.sight.sees(board, c, target_cell, ignore=(mover.label,))
        ]
        if not self.rule_outs.active:  # an engine that gives only the answer: no reasons (naming blockers costs)
            return positions
        for c in reachable:
            if c in positions:
                continue
            away = self.roster.distance(c, target_cell)
            if away <= SUMMONER_MAX_RANGE:  # in range, so sight is what fails: name what blocks it
                found = blockers(self.roster, self.sight, board, c, target_cell, ignore=(mover.label,))
                blocked = {
                    "walls": [list(w) for w in found.squares],
                    "figures": list(found.figures),
                    "thin_walls": [[list(a), list(b)] for a, b in found.thin_walls],
                }
                reason = f"within range {SUMMONER_MAX_RANGE} of {target} but with no line of sight ({found.words})"
                turn.rule_out(c, "line-of-sight", reason, hero=target, range=away, blocked_by=blocked)
                continue
            turn.rule_out(c, "range", f"not within range {SUMMONER_MAX_RANGE} of {target} with line of sight", hero=target, range=away)
        return positions

    def summoner_toward(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds, target: str) -> None:
        """No such square this turn: toward the farthest "range N" square of ``target`` it can reach."""
        turn.note(
            "range",
            f"No square within its {mover.ap} AP is within range {SUMMONER_MAX_RANGE} of {target} with line of sight: it moves toward the farthest such square it can reach.",
        )
        for distance in range(SUMMONER_MAX_RANGE, 0, -1):
            goals = self.targets.range_squares(board, mover, target, distance)
            if any(g in best for g in goals):
                moves, cost = self.paths.walk(board, mover, best, preds, goals)
                turn.note("distances", f"Nearest range-{distance} square of {target}: {cost} AP away.", range=distance, cost=cost)
                self.options.add_moves(board, mover, turn, moves, target, cost or 0)
                return
        turn.note("range", f"No square in line of sight of {target} within range {SUMMONER_MAX_RANGE} is reachable: it does not move.")

    def summoner_choice(self, board: Board, turn: Turn, positions: list[Cell], target: str, heroes: list[str]) -> list[Cell]:
        """The farthest range from the target, then the farthest from every hero (`summoner_priority: safety`: the reverse)."""
        target_cell = board.figures[target]
        distance = self.roster.distance

        def closest_hero(c: Cell) -> int:
            return min(distance(c, board.figures[h]) for h in heroes)

        def by_range(squares: list[Cell]) -> list[Cell]:
            return keep_best(
                turn,
                squares,
                lambda c: distance(c, target_cell),
                "range",
                ("range", "farthest", "farthest"),
                f"Reachable squares within range {SUMMONER_MAX_RANGE} of {target} with line of sight: {{total}}; "
                "the farthest range possible is {best} ({count}).",
                f"range {{score}} of {target}; the Summoner prefers the farthest range, {{best}}",
            )

        def by_safety(squares: list[Cell]) -> list[Cell]:
            return keep_best(
                turn,
                squares,
                closest_hero,
                "safety",
                ("closest_hero", "best", "closest_hero"),
                "Of those, the squares whose closest hero is farthest away ({best}): {kept}{choose}",
                "its closest hero is {score} away; the Summoner keeps as far as possible from all heroes ({best})",
            )

        if len(positions) > 1:  # one square is kept whatever the order of the two preferences
            self.roster.watch.consult("summoner_priority")
        if self.roster.rules.summoner_priority == "range":
            return by_safety(by_range(positions))
        turn.note("safety", "`summoner_priority: safety`: staying away from all heroes comes before the farthest range.")
        return by_range(by_safety(positions))


def keep_best(
    turn: Turn, squares: list[Cell], score: Callable[[Cell], int], step: StepId, names: tuple[str, str, str], note: str, loser: str
) -> list[Cell]:
    """Keep the squares with the highest score, note it and rule out the others.
    ``note`` and ``loser`` are formats of {best}, {kept}, {count}, {total}, {choose} and {score};
    ``names``: the data keys of a ruled-out square's score, of the best score, and of the best score in the note."""
    outcome = choosing.keep_best(squares, score, highest=True)
    best_score, kept = outcome.best, outcome.kept
    choose = " — the players choose." if len(kept) > 1 else "."
    words = {
        "best": best_score,
        "kept": format_positions(kept),
        "count": count_of(len(kept), "square"),
        "total": len(squares),
        "choose": choose,
    }
    turn.note(step, note.format(**words), **{names[2]: best_score})
    for c, value in outcome.dropped:
        data = {names[0]: value, names[1]: best_score}
        turn.rule_out(c, step, loser.format(score=value, best=best_score), against=kept, **data)
    return kept
