"""The soak (python -m playground.soak): 200 random-rules games per game in make test, and its counts.

The 200 games per game go through the same contract checker and invariant checks as the full
soak, over every core; the table must show no crash and no broken invariant.
"""

from __future__ import annotations

import os
import re

import pytest

from playground import soak

GAMES = 200
"""Random-rules games per game that make test plays through the checker (issue #13)."""


def test_200_random_rules_games_per_game_soak_clean(capsys: pytest.CaptureFixture[str]) -> None:
    code = soak.main(["--games", str(GAMES), "--workers", str(os.cpu_count() or 1)])
    out = capsys.readouterr().out
    assert code == 0, out
    for soaked in soak.SOAKED:
        assert re.search(rf"^{soaked.name}\n  games +{GAMES}\n", out, re.MULTILINE), out
    assert len(re.findall(r"^  crashes +0$", out, re.MULTILINE)) == len(soak.SOAKED), out
    assert len(re.findall(r"^  invariant breaks +0$", out, re.MULTILINE)) == len(soak.SOAKED), out
    checked = [int(n.replace(",", "")) for n in re.findall(r"^  chance nodes checked +([\d,]+)$", out, re.M)]
    assert len(checked) == len(soak.SOAKED) and min(checked) > GAMES, out  # the checker walked them


def test_a_broken_invariant_is_counted_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card lost (the game's own check_conserved raises ZoneError) is a break, with its step."""
    from playground.core.zones import ZoneError
    from playground.tsubasa.engine import TsubasaGame

    def lose_a_card(game: TsubasaGame) -> None:
        if game.step_count == 7:
            raise ZoneError("cards lost or duplicated: 'ball': 0 (should be 1)")

    monkeypatch.setattr(TsubasaGame, "check_conserved", lose_a_card)
    tally = soak.soak_batch(soak.SOAKED[1], [4])
    assert (tally.games, tally.breaks, tally.crashes) == (1, 1, 0)
    assert tally.failures == [
        "tsubasa seed 4: invariant broken: step 7: cards lost or duplicated: 'ball': 0 (should be 1)"
    ]


def test_a_broken_contract_is_counted_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The contract checker runs inside the soak: a game whose history lies is an invariant break."""
    from playground.core.engine import Game

    monkeypatch.setattr(Game, "path_probability", property(lambda game: 2))
    tally = soak.soak_batch(soak.SOAKED[2], [5])
    assert (tally.games, tally.breaks, tally.crashes) == (1, 1, 0)
    assert tally.failures[0].startswith("challengers seed 5: invariant broken: seed 5")


def test_a_crash_is_counted_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(soaked: soak.Soaked, seed: int, report: object) -> int:
        raise KeyError("oops")

    monkeypatch.setattr(soak, "soak_game", crash)
    tally = soak.soak_batch(soak.SOAKED[0], [1, 2])
    assert (tally.games, tally.breaks, tally.crashes) == (2, 0, 2)


def test_same_seed_same_rules_seats_and_policies() -> None:
    for soaked in soak.SOAKED:
        (a, seats_a), (b, seats_b) = soak.new_soaked_game(soaked, 11), soak.new_soaked_game(soaked, 11)
        assert a.rules == b.rules and a.players == b.players and seats_a == seats_b


def test_an_unknown_game_or_no_games_is_refused() -> None:
    with pytest.raises(SystemExit):
        soak.main(["--games", "0"])
    with pytest.raises(SystemExit):
        soak.main(["--games", "1", "chess"])
    with pytest.raises(SystemExit):
        soak.main(["--games", "1", "--workers", "0"])
    with pytest.raises(ValueError, match="games must be a whole number, at least 1; got 0"):
        soak.soak(soak.SOAKED[0], 0, executor=None)  # type: ignore[arg-type]
