"""Monster push and pull as options: each way the targets of an attack can end, one option per way.

Where one target can end is :mod:`.forced` (the search, GH rulebook p.20); here the targets are moved one after
the other in each order the players may choose (the rules give none), every different outcome a way, and each
option that attacks becomes one option per way, its effects the targets' displacements and the traps they sprang.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import islice, permutations

from ...geometry.grid import Grid
from ...result import Displaced, Effect, Option, Turn, format_position
from .board import Cell, hex_of, without_traps
from .compared import AnswerDiffers, ComparedOptions
from .effects import TrapSprung
from .forced import ForcedEnd, Kind, forced_ends
from .model import GloomhavenAttack, GloomhavenFigure
from .variants import VariantRules

#: Bound on the options one option becomes (each target's choices multiply).
MAX_FORCED_OPTIONS = 64


def add_forced_moves(
    turn: Turn,
    board: Grid,
    figures: dict[str, GloomhavenFigure],
    attack: GloomhavenAttack,
    rules: VariantRules,
    against: list[Option] | None = None,
) -> None:
    """Each option that attacks becomes one option per way its push or pull can end (the players
    choose among them), its effects holding each target's displacement and the traps it sprang.
    ``against``: the options of another answer (a reading compares them); AnswerDiffers as soon as one option
    made here is not the one at its place there (to, attacks, effects), the later ones never worked out."""
    kind = "push" if attack.push else "pull"
    hexes = attack.push or attack.pull or 0
    options: list[Option] = ComparedOptions(against) if against is not None else []
    rule = (
        "the maximum distance over the whole path (GH2e FAQ 5.8, FH FAQ 5.8)"
        if rules.forced_move_maximum
        else "any path the players choose, each going on until its hexes are done or no hex is left (GH rulebook p.20)"
    )
    for option in turn.options:
        if not option.attacks:
            options.append(option)
            continue
        # One way past the listed ones says there are more: the rest are never worked out (with several targets,
        # each order of each way of the ones moved before is a board of its own: tens of thousands of searches).
        # Each option is made as its way is found: a reading compared with the turn stops at the first that differs.
        ways: list[tuple[tuple[Effect, ...], list[str]]] = []
        more = False
        for _, _, effects, said in _each_way(
            _board_of(board, turn.actor, option), figures, hex_of(option.to), option.attacks, attack, rules
        ):
            if len(ways) == MAX_FORCED_OPTIONS:
                more = True
                break
            ways.append((effects, said))
            details = {**option.details, "forced": said} if said else option.details
            options.append(replace(option, effects=option.effects + effects, details=details))
        if more:
            turn.note(
                "forced-move",
                f"From {format_position(option.to)} the {kind} can end more than {MAX_FORCED_OPTIONS} ways; only the first {MAX_FORCED_OPTIONS} are listed.",
            )
        turn.note(
            "forced-move",
            _ways_said(option, f"{kind.capitalize()} {hexes}", rule, [said for _, said in ways], more),
            to=list(option.to),
            ways=len(ways),
            **({"more": True} if more else {}),
        )
    if against is not None and len(options) != len(against):
        raise AnswerDiffers
    turn.options = list(options)


def _ways_said(option: Option, forced: str, rule: str, ways: list[list[str]], more: bool) -> str:
    """The reasoning step of one option's push or pull (``forced``: "Push 2"): the rule followed, whose order the
    targets go in, and each way it can end (the words of each target's move)."""
    count = f"more than {MAX_FORCED_OPTIONS}" if more else str(len(ways))
    if len(option.attacks) > 1:  # the order of the targets is the players' (the rules give none)
        several = (
            f"; only label order is listed for more than {MAX_ORDERED_TARGETS} targets (the players may choose another)"
            if len(option.attacks) > MAX_ORDERED_TARGETS
            else "; the players choose the order of the targets: each order that ends otherwise is a way of its own"
        )
    else:
        several = ""
    return (
        f"From {format_position(option.to)}: {forced} on {', '.join(option.attacks)} after the attack, {rule}{several}"
        + (f"; the players choose among {count} ways: " if len(ways) > 1 else ": ")
        + "; ".join(" and ".join(said) or "nobody moves" for said in ways)
        + "."
    )


def _board_of(board: Grid, actor: str, option: Option) -> Grid:
    """The board once the actor followed ``option`` (its own traps sprung)."""
    after = board.moved(actor, hex_of(option.to))
    return without_traps(after, tuple(hex_of(e.at) for e in option.effects if isinstance(e, TrapSprung)))


#: One way the targets of an attack were moved: the board after, the effects, the words.
Way = tuple[Grid, tuple[Effect, ...], list[str]]


#: Several targets pushed or pulled: every order the players may choose is tried up to this many targets (4! = 24
#: orders); beyond it only label order is listed and the step says so.
MAX_ORDERED_TARGETS = 4


def forced_ways(
    board: Grid,
    figures: dict[str, GloomhavenFigure],
    attacker: Cell,
    targets: tuple[str, ...],
    attack: GloomhavenAttack,
    rules: VariantRules,
    limit: int | None = None,
) -> list[Way]:
    """Each way the attack's push or pull can move ``targets`` (a single way that changes nothing when the attack
    has neither). Several targets are moved one after the other in an order the players choose: every order is
    tried (label order first) and each different outcome is a way, its words naming the order. ``limit``: only the
    first so many ways (the same as the first of all of them), the others never worked out."""
    return [
        (before if last is None else without_traps(before.moved(last[0], last[1].end), last[1].traps), effects, named)
        for before, last, effects, named in islice(_each_way(board, figures, attacker, targets, attack, rules), limit)
    ]


def _each_way(
    board: Grid,
    figures: dict[str, GloomhavenFigure],
    attacker: Cell,
    targets: tuple[str, ...],
    attack: GloomhavenAttack,
    rules: VariantRules,
) -> Iterator[_Pending]:
    """The ways :func:`forced_ways` lists, in its order, as they are found, each before its last target's move is made
    on the board (only a card's later actions need that board: add_forced_moves never makes it)."""
    hexes = attack.push or attack.pull or 0
    if not hexes:
        yield (board, None, (), [])
        return
    labels = tuple(sorted(targets))
    orders = list(permutations(labels)) if len(labels) <= MAX_ORDERED_TARGETS else [labels]
    seen: set[tuple[object, ...]] = set()
    for order in orders:
        for before, last, effects, said in _ways_in_order(board, figures, attacker, order, attack, rules):
            key = tuple(sorted(repr(e) for e in effects if not isinstance(e, Displaced))) + tuple(
                sorted((e.figure, e.to) for e in effects if isinstance(e, Displaced))
            )
            if key in seen:
                continue  # this order ends as an earlier one did
            seen.add(key)
            named = [f"{', '.join(order)} in that order: {said[0]}", *said[1:]] if len(order) > 1 and len(orders) > 1 else said
            yield before, last, effects, named


#: A way before its last target's move is made on the board (most ways end as another order's did: their boards
#: are never made): the board before it, (that target, its end) or None, the effects, the words.
_Pending = tuple[Grid, tuple[str, ForcedEnd] | None, tuple[Effect, ...], list[str]]


def _ways_in_order(
    board: Grid,
    figures: dict[str, GloomhavenFigure],
    attacker: Cell,
    order: tuple[str, ...],
    attack: GloomhavenAttack,
    rules: VariantRules,
) -> Iterator[_Pending]:
    """Each way the push or pull moves the targets one after the other in ``order``, worked out as they are asked for
    (each target's ways from the ways of the ones before, at most a few hundred per target)."""
    ways: Iterator[_Pending] = iter([(board, None, (), [])])
    for index, target in enumerate(order):
        ways = _then(ways, target, index == len(order) - 1, (figures, attacker, attack, rules))
    return ways


def _then(
    ways: Iterator[_Pending],
    target: str,
    last_target: bool,
    push: tuple[dict[str, GloomhavenFigure], Cell, GloomhavenAttack, VariantRules],
) -> Iterator[_Pending]:
    """``ways``, each followed by each way ``target`` can be moved next: the first MAX_FORCED_OPTIONS * 4 or so."""
    figures, attacker, attack, rules = push
    kind: Kind = "push" if attack.push else "pull"
    hexes = attack.push or attack.pull or 0
    cause = "pushed" if kind == "push" else "pulled"
    grown = 0
    for current, _, effects, said in ways:
        ends = forced_ends(current, figures, attacker, target, kind, hexes, rules)
        moving = [e for e in ends if e.distance > 0]
        if not moving:
            grown += 1
            yield (current, None, effects, said + [f"{target} cannot be {cause}"])
            continue
        for end in moving:
            start = end.path[0]
            if last_target:
                moved, last = current, (target, end)
            else:
                moved, last = without_traps(current.moved(target, end.end), end.traps), None
            added: tuple[Effect, ...] = (
                Displaced(target, start, end.end, cause, path=end.path),
                *(TrapSprung(t, (target,)) for t in end.traps),
            )
            words = f"{target} {cause} {format_position(start)} > {format_position(end.end)}" + (
                f" (springs {', '.join(format_position(t) for t in end.traps)})" if end.traps else ""
            )
            grown += 1
            yield (moved, last, effects + added, said + [words])
        if grown > MAX_FORCED_OPTIONS * 4:
            return
