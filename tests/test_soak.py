"""The soak (python -m playground.soak) in miniature: a few games per game, its table and its counts."""

from __future__ import annotations

import pytest

from playground import soak


def test_a_few_games_per_game_soak_clean_and_print_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--games", "3", "--workers", "2"]) == 0
    out = capsys.readouterr().out
    for soaked in soak.SOAKED:
        assert f"{soaked.name}\n  games                            3\n" in out
    assert out.count("crashes                          0") == len(soak.SOAKED)
    assert out.count("invariant breaks                 0") == len(soak.SOAKED)


def test_a_broken_invariant_is_counted_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    def lose_a_card(name: str, game: object, start: object) -> None:
        raise AssertionError("a card went missing")

    monkeypatch.setattr(soak, "check_conserved", lose_a_card)
    tally = soak.soak_batch(soak.SOAKED[1], [4])
    assert (tally.games, tally.breaks, tally.crashes) == (1, 1, 0)
    assert tally.failures == ["tsubasa seed 4: invariant broken: a card went missing"]


def test_a_crash_is_counted_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(soaked: soak.Soaked, seed: int) -> int:
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
