"""Tournament Arc's panels and picture, headless: set a control, read the output, compare it
with the exact value computed independently."""

from __future__ import annotations

from fractions import Fraction

import pytest

from playground.arc import load_data, new_game, odds
from playground.arc.policies import greedy
from playground.arc.scoring import athlete_score
from playground.arc.simulate import MEASURES, head_to_head
from playground.arc.table_view import TableView, game_scene
from playground.arc.widgets import bonus_panel, score_panel, season_panel, sport_odds_panel
from playground.core.engine import random_legal


def test_score_panel_starts_on_xavier_and_follows_every_control() -> None:
    panel = score_panel()
    assert panel.score == 12 and "<b>12</b>" in panel.output.value
    ana, ben = panel.output.value.split("</div>")[:2]
    assert "(8 operations)" in ana and "(15 operations)" in ben  # lesson 30's count: 8 numbers
    written = ana.split(" = ")[0]  # the work written out: 7 additions, 1 multiplication
    assert written.count("+") + written.count("&minus;") == 7 and written.count("×") == 1
    assert ben.count("×") == 8
    panel.main_character.value = True
    assert panel.score == 24 and "6 × 2 × 2 = <b>24</b>" in panel.output.value
    ana, ben = panel.output.value.split("</div>")[:2]
    assert "(9 operations)" in ana and "(23 operations)" in ben and ben.count("×") == 16
    panel.clones.value = 1
    assert panel.score == 48
    panel.base["body"].value = -5  # total 6 - 7 = -1: the negative trap
    assert panel.score == -8 and "negative trap" in panel.output.value
    hand = athlete_score(
        {"teamwork": 1, "body": -5, "underdog": 0},
        [{"teamwork": 3, "body": 2}, {"teamwork": -2, "body": -1, "underdog": 1}],
        ["teamwork", "body", "underdog"],
        8,
    )
    assert panel.score == hand
    assert (
        "(10 operations)" in panel.output.value and "(31 operations)" in panel.output.value
    )  # 8 numbers, 3 bonuses


def test_sport_odds_panel_matches_a_hand_count_over_the_deck() -> None:
    panel = sport_odds_panel()
    d = load_data()
    xavier = d.athletes["A01"].stats
    montage = next(e for e in d.episodes.values() if e.name == "Training Montage").modifiers
    hand = Fraction(
        sum(sum(xavier.get(s, 0) + montage.get(s, 0) for s in sp.relevant) for sp in d.sports.values()), 24
    )
    before, after, value = panel.worths()
    assert after == hand and value == after - before
    assert str(after) in panel.headline.value
    panel.first_game.value = True  # Relay Race (teamwork, speed) is certain: 1 + 2 + 0 + 1
    assert panel.worths()[1] == 4 and "<b>4</b>" in panel.headline.value
    top = panel.episode_frame().iloc[0]
    assert top["average points added"] == max(
        odds.episode_value(e.modifiers, panel.sports()) for e in d.episodes.values()
    )


def test_season_panel_steps_and_draws_the_cards() -> None:
    panel = season_panel(players=2, seed=3)
    panel.games.play_to_end()
    scene, cards = game_scene(panel.games.game)
    assert panel.view.scene == scene and panel.view.cards == cards
    assert len(cards) == 6 and scene["sport"]
    panel.rules_panel.controls["mode"].value = "tournament"
    assert panel.games.game.rules.mode == "tournament" and panel.games.game.step_count == 0


def test_table_view_shows_stats_now_homefield_and_the_main_character() -> None:
    game = new_game(seed=7, players=4).play(greedy)
    view = TableView()
    view.show_game(game)
    html = view.to_html()
    s = game.state
    mc = s.main_character_stacks()
    assert s.sport().name == "Cheerleading"  # won by the most attached cards: the card shows them
    for card in view.cards:
        st = s.stack(card["stack"])
        assert card["score"] == len(st.under) and card["measure"] == "attached cards"
        assert f"attached cards <b>{len(st.under)}</b>" in html
        assert card["homefield"] == (s.region_of(st.top, list(st.under)) in s.active_regions)
        assert f"data-stack='{st.id}'" in html
    assert sum(c["main_character"] for c in view.cards) == len(mc)
    assert f"data-sport='{s.sport().name}'" in html and view._repr_html_() == html
    assert "(no game shown yet)" in TableView().to_html()


def test_bonus_panel_follows_the_bonus_rules() -> None:
    panel = bonus_panel()
    frame = panel.frame()
    assert list(frame["score"]) == [12, 24, 20, -8]
    panel.rules_panel.controls["multiply_negatives"].value = False
    panel.rules_panel.controls["bonuses_stack"].value = False
    frame = panel.frame()
    assert list(frame["score"]) == [12, 12, 10, -2]
    assert all(
        score == total * int(m[1:]) for score, total, m in frame[["score", "total", "multiplier"]].values
    )
    words = list(frame["bonuses"])  # each bonus with its size, and which of them count
    assert words[0] == "Homefield ×2" and words[1].endswith("(they do not stack: only the biggest counts)")
    assert words[3].endswith("(none counts: a negative total is not multiplied)")
    panel.rules_panel.controls["homefield_multiplier"].value = 1
    assert panel.frame()["bonuses"].iloc[0] == "Homefield ×1" and panel.frame()["score"].iloc[0] == 6
    assert "arc-bonus-frame" in panel.table.value


def test_head_to_head_rotates_seats_and_checks_its_inputs() -> None:
    table = head_to_head({"greedy": greedy, "random": random_legal}, games=6)
    assert abs(table["win share"].sum() - 1) < 1e-9
    assert (table["95% CI low"] <= table["win share"]).all()
    with pytest.raises(ValueError, match="2 to 6 players"):
        head_to_head({"greedy": greedy}, games=2)
    with pytest.raises(ValueError, match="games must be a whole number from 1 to 5,000"):
        head_to_head({"a": greedy, "b": greedy}, games=0)


def test_measures_read_the_result() -> None:
    game = new_game(seed=7, players=4).play(greedy)
    scores = sorted(game.result().scores.values())
    assert MEASURES["highest score"](game) == scores[-1] and MEASURES["lowest score"](game) == scores[0]
    assert MEASURES["top margin"](game) == scores[-1] - scores[-2]
    assert MEASURES["shared win"](game) == 0 and MEASURES["steps"](game) == game.step_count
    chance = (game.history()["actor"] == "chance").sum()
    assert MEASURES["chance steps"](game) == chance and 0 < chance < game.step_count


def test_games_without_a_folder_share_the_shipped_cards_read_once() -> None:
    """The default card list is read once (a comparison plays thousands of games) and is the
    same as a fresh read of the shipped folder."""
    a, b = new_game(seed=1), new_game(seed=2, players=3)
    assert a.data is b.data and a.data == load_data()


def test_head_to_head_shows_its_progress_in_a_notebook(monkeypatch) -> None:
    """A long run by design: a bar that ends full and green; numpy counts as pandas gives them."""
    import IPython.display
    import numpy as np

    shown: list = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    table = head_to_head({"greedy": greedy, "random": random_legal}, games=np.int64(6), progress=True)
    (bar,) = shown
    assert (bar.value, bar.max, bar.bar_style) == (6, 6, "success")
    assert table.equals(head_to_head({"greedy": greedy, "random": random_legal}, games=6))


def test_sport_odds_panel_tells_apart_two_cards_of_one_name(tmp_path) -> None:
    """A teacher's card list may give two different cards one name: each is a choice of its own,
    named with its id, and the figures are those of the card chosen (robustness review 15, M2)."""
    import shutil

    from playground.core.data import shipped_data

    folder = tmp_path / "arc"
    shutil.copytree(shipped_data("arc"), folder)
    for file, old, new in (
        ("athletes.csv", "A02,Aiko", "A02,Xavier"),
        ("episodes.csv", "E02,Rough Week", "E02,Team Dinner"),
    ):
        path = folder / file
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    data = load_data(folder)
    panel = sport_odds_panel(data)
    assert {"Xavier (A01)", "Xavier (A02)", "Team Dinner (E01)", "Team Dinner (E02)"} <= {
        *panel.athletes,
        *panel.episodes,
    }
    panel.athlete.label, panel.episode.label = "Xavier (A02)", "Team Dinner (E02)"
    sports = panel.sports()
    base, mods = data.athletes["A02"].stats, data.episodes["E02"].modifiers
    assert panel.worths() == (
        odds.expected_athlete_score(base, [], sports),
        odds.expected_athlete_score(base, [mods], sports),
        odds.episode_value(mods, sports),
    )
    frame = panel.episode_frame()
    assert frame.loc["Team Dinner (E02)", "average points added"] == odds.episode_value(mods, sports)
    assert "Xavier (A02)" in panel.headline.value and "Team Dinner (E02)" in panel.headline.value
    assert list(sport_odds_panel().athletes).count("Xavier") == 1  # our own list: names alone
