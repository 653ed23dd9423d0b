"""Simulations for the lessons: attacks by shuffling, one match on chosen decks, whole tournaments.

- ``cards_needed_sampler``: shuffle a deck of strengths and count the cards an attack needs: the
  live simulation that settles onto ``odds.cards_needed``.
- ``match_game``: a 2-player tournament stopped at round 1's flag toss with the two decks you
  choose at set-up (traded with the box and the level decks, so every card is still accounted
  for): step it to watch one match, every reveal an exact chance step in its history.
- measures of a finished tournament for ``compare_rules``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from playground.core.checks import described
from playground.core.compare import final_result, progress_bar
from playground.core.engine import Policies
from playground.core.numbers import whole_number
from playground.core.players import takes_game
from playground.core.remembered import remembered

from .actions import DoneRemoving, StopKeeping
from .engine import ChallengersGame, new_game
from .odds import MAX_TARGET, NOT_REACHED, _cards, _deck, _whole
from .rules import Rules


def cards_needed_sampler(deck: Sequence[int], target: int) -> Callable[[random.Random], Any]:
    """A sampler for live_simulation: one shuffled attack, how many cards it needed.

    Bounds as odds.cards_needed: 1 to 60 cards of strength 0 to 30, a target 0 to 300.
    """
    cards = _cards(deck)
    _deck(cards)
    _whole(target, 0, MAX_TARGET, "the target")

    def attack(rng: random.Random) -> Any:
        rng.shuffle(cards)
        total = 0
        for k, s in enumerate(cards, start=1):
            total += s
            if total >= target:
                return k
        return NOT_REACHED

    return attack


def _passive(game: ChallengersGame) -> Any:
    """Keep nothing and remove nothing, so the decks stay as the scene sets them."""
    actions = game.legal_actions()
    for a in (StopKeeping(), DoneRemoving()):
        if a in actions:
            return a
    return actions[0]


def match_game(
    deck_a: Sequence[str], deck_b: Sequence[str], rules: Rules | None = None, seed: int = 0
) -> ChallengersGame:
    """A 2-player tournament at round 1's flag toss, Ash holding deck_a and Billie deck_b (card ids).

    The decks are chosen at set-up (new_game's decks), so the history replays them. The left-out
    set is fixed (Star Harbour, unless rules say otherwise), so the level decks are known; a
    chosen card of the left-out set comes from the box and goes back there if it is removed.
    """
    game = new_game(rules or Rules(left_out_set="space"), seed=seed, players=2, decks=(deck_a, deck_b))
    while game.tasks and game.tasks[0].kind != "toss":  # the set-up's chance steps: a few trophies
        game.step(_passive)
    return game


def match_ending_sampler(
    deck_a: dict[str, tuple[int, int]],
    deck_b: dict[str, tuple[int, int]],
    seats: int = 6,
    a_starts: bool = True,
) -> Callable[[random.Random], str]:
    """A sampler for live_simulation over odds.match_endings: shuffle both decks and play the match
    by the rulebook (plain cards, no effects), returning how it ended."""
    from .odds import A_BENCH_FULL, A_RAN_OUT, B_BENCH_FULL, B_RAN_OUT, match_endings

    match_endings(deck_a, deck_b, seats, a_starts)  # the same bounds
    cards = [[n for n, (_, c) in d.items() for _ in range(c)] for d in (deck_a, deck_b)]
    strength = [{n: s for n, (s, _) in d.items()} for d in (deck_a, deck_b)]

    def play(rng: random.Random) -> str:
        piles = [list(cards[0]), list(cards[1])]
        for pile in piles:
            rng.shuffle(pile)
        holder = 0 if a_starts else 1
        first = piles[holder].pop()
        under, flag, benches = {first}, strength[holder][first], [set(), set()]
        while True:
            me, shown, total, card = 1 - holder, set(), 0, ""
            while (total < flag or not shown) and piles[me]:
                card = piles[me].pop()
                shown.add(card)
                total += strength[me][card]
            if total < flag or not shown:
                return (A_RAN_OUT, B_RAN_OUT)[me]
            if len(benches[holder] | under) > seats:
                return (A_BENCH_FULL, B_BENCH_FULL)[holder]
            benches[holder] |= under
            holder, under, flag = me, shown, strength[me][card]

    return play


MAX_STEPS = 1_000_000
"""The most steps step_to_match_end takes (a tournament ends long before: a few thousand)."""


def step_to_match_end(game: ChallengersGame, policy: Callable | None = None, limit: int = 5000) -> int:
    """Step until the current (or next) match is decided or the tournament ends; return the steps.

    game: a Challengers! game; policy: as game.step takes it; limit: a whole number of steps from
    0 to MAX_STEPS (each step about 25 µs), else ValueError.
    """
    if not isinstance(game, ChallengersGame):
        raise TypeError(f"game must be a Challengers! game (from new_game); got {described(game)}")
    limit = whole_number(limit, "limit (the most steps)", 0, MAX_STEPS)
    played = len(game.state.match_log)
    for n in range(limit):
        if game.is_over() or len(game.state.match_log) > played:
            return n
        game.step(policy)
    return limit


@takes_game(ChallengersGame)
def round7_winner_won(game: ChallengersGame) -> float:
    """1 if a winner of a round-7 match won the tournament (or the final), else 0."""
    names = {m["winner"] for m in game.state.match_log if m["round"] == 7}
    return float(any(game.player_name(p) in names for p in final_result(game).winners))


@remembered(ignore=("progress",))
def match_endings_count(
    tournaments: int,
    policies: Policies,
    players: int = 2,
    rules: Rules | None = None,
    *,
    progress: bool | None = None,
) -> dict[str, int]:
    """How the matches of the tournaments seeded 0, 1, ..., tournaments - 1 ended:
    ``{"bench full": ..., "ran out": ...}`` (finals included), under these rules and players.

    tournaments: a whole number from 1 to 1,000 (a 2-player tournament takes about a hundredth
    of a second, so 100 take a second or two, more on a busy machine; a progress bar moves
    meanwhile, and the stop button ends the run, keeping nothing); players: from 1 to 6. A
    lesson's own call is read back from the shipped results (core.remembered).
    """
    tournaments = whole_number(tournaments, "tournaments", 1, 1_000)
    players = whole_number(players, "players", 1, 6)
    counted = dict.fromkeys(("bench full", "ran out"), 0)
    bar = progress_bar(tournaments, progress, "tournaments")
    for seed in range(tournaments):
        for match in new_game(rules, seed=seed, players=players).play(policies).state.match_log:
            counted[match["how"]] = counted.get(match["how"], 0) + 1
        if bar is not None:
            bar.value = seed + 1
    return counted


# -- measures of a finished tournament, for compare_rules -----------------------------------------


def _finished_matches(game: ChallengersGame) -> list[dict[str, Any]]:
    """The match log of a finished tournament (an unfinished one is refused: it may hold none)."""
    final_result(game)
    return game.state.match_log


@takes_game(ChallengersGame)
def bench_full_share(game: ChallengersGame) -> float:
    """The share of its matches that ended with a full bench (not a deck running out)."""
    log = _finished_matches(game)
    return sum(m["how"] == "bench full" for m in log) / len(log)


@takes_game(ChallengersGame)
def first_players_deck_at_end(game: ChallengersGame) -> float:
    """How many cards the first player's deck holds once the tournament is over (a tournament
    still going is refused: play it to the end first)."""
    final_result(game)
    return float(len(game.state.sides[0].deck))


@takes_game(ChallengersGame)
def flag_moves_per_match(game: ChallengersGame) -> float:
    """How often the flag changed hands in a match, on average over the tournament."""
    log = _finished_matches(game)
    return sum(m["flag moves"] for m in log) / len(log)


@takes_game(ChallengersGame)
def winners_fans(game: ChallengersGame) -> float:
    """The fans of the (first) winner; where nobody wins (a solo player who did not beat the
    Robot), the fans of the best player."""
    result = final_result(game)
    best = result.winners[0] if result.winners else max(result.scores, key=result.scores.__getitem__)
    return float(result.scores[best])


@takes_game(ChallengersGame)
def fans_gap(game: ChallengersGame) -> float:
    """Fans of the best player minus fans of the worst: how far apart the tournament spreads them."""
    scores = final_result(game).scores.values()
    return float(max(scores) - min(scores))


MEASURES = {
    "share of matches ended by a full bench": bench_full_share,
    "flag moves per match": flag_moves_per_match,
    "winner's fans": winners_fans,
    "fans gap, best - worst": fans_gap,
}
