"""The helpers written once for every game: keep-best, rule-outs, apply(), path search with step costs, wording."""

from __future__ import annotations

import pytest
from path_oracle import dijkstra_steps, one_path

from enemy_move.apply import apply
from enemy_move.choosing import keep_best, rule_out_all_but, rule_out_losers
from enemy_move.games.gloomhaven.effects import TrapSprung
from enemy_move.games.perditions_mouth.effects import Woken
from enemy_move.games.perditions_mouth.terrain import Board
from enemy_move.geometry.areas import AreaBoard, AreaFigure, AreaInfo
from enemy_move.geometry.grid import Grid
from enemy_move.result import Moved, Turn
from enemy_move.wording import and_list, article, count_of, terrain_phrase


def line_grid() -> Board:
    terrain = {(c, 0): "floor" for c in range(5)} | {(2, 0): "trap"}
    return Board.of(Grid("square", 5, 1, terrain, figures={"a": (0, 0), "b": (4, 0)}), asleep=frozenset({"b"}))


def test_keep_best_keeps_ties_in_order_and_reports_losers() -> None:
    outcome = keep_best([(3, 0), (1, 0), (2, 0), (0, 0)], lambda c: abs(c[0] - 2) // 2)
    assert outcome.kept == [(3, 0), (1, 0), (2, 0)] and outcome.best == 0 and outcome.dropped == [((0, 0), 1)]
    assert keep_best([1, 5, 5], lambda n: n, highest=True).kept == [5, 5]
    with pytest.raises(ValueError):
        keep_best([], lambda n: n)


def test_rule_out_losers_and_all_but_record_reasons_once() -> None:
    turn = Turn("a")
    rule_out_losers(turn, keep_best([(1, 0), (3, 0)], lambda c: c[0]), "move", lambda score, best: f"{score} is worse than {best}")
    rule_out_all_but(turn, [(1, 0), (3, 0), (4, 0)], keep=[(1, 0)], step="stays", reason="later reason")
    assert turn.ruled_out[(3, 0)].reason == "3 is worse than 1" and turn.ruled_out[(3, 0)].against == ((1, 0),)
    assert turn.ruled_out[(4, 0)].step == "stays" and (1, 0) not in turn.ruled_out


def test_apply_follows_typed_effects_on_a_grid() -> None:
    board = apply(line_grid(), (Moved("a", ((0, 0), (1, 0), (2, 0))), TrapSprung((2, 0), ("a",)), Woken("b")))
    assert board.figures["a"] == (2, 0) and board.terrain[(2, 0)] == "floor" and board.asleep == frozenset()
    areas = AreaBoard({"x": AreaInfo("x", 2)}, {}, {"b": AreaFigure("b", "enemy", "x")})
    with pytest.raises(AttributeError, match="woken"):  # a board without what a game's effect needs: loudly
        apply(areas, (Woken("b"),))


def test_apply_moves_figures_on_an_area_map() -> None:
    areas = {name: AreaInfo(name, 2) for name in ("x", "y")}
    board = AreaBoard(areas, {frozenset(("x", "y")): "single"}, {"a": AreaFigure("a", "enemy", "x")})
    assert apply(board, (Moved("a", ("x", "y")),)).figures["a"].area == "y"
    assert board.line_distances("x") == {"x": 0, "y": 1}


def test_dijkstra_takes_the_game_step_costs() -> None:
    grid = line_grid()
    cost = lambda a, b: None if grid.occupant(b) == "b" else ((1, 1) if grid.terrain[b] == "trap" else (0, 1))  # noqa: E731
    best, preds = dijkstra_steps([(0, 0)], grid.adjacent, cost, (0, 0))
    assert best[(3, 0)] == (1, 3) and (4, 0) not in best
    assert one_path(preds, (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]


def test_wording() -> None:
    assert count_of(1, "hex", "hexes") == "1 hex" and count_of(2, "hex", "hexes") == "2 hexes"
    assert and_list(["a"]) == "a" and and_list(["a", "b", "c"]) == "a, b and c" and and_list([]) == ""
    assert article("open-door") == "an open door" and article("icy", adjective=True) == "an icy terrain"
    assert terrain_phrase("icy", adjective=True) == "icy terrain" and terrain_phrase("trap") == "a trap"
