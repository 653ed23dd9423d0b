"""Simple Captain Tsubasa coaches, to simulate matches and compare rules.

- ``random_legal`` (from core): any legal move, uniformly.
- ``greedy``: plays its strongest card for its role (attack: Shot or Pass; defense: Defense),
  uses every ability (and motivates whenever it can), aims at whichever total is higher, spends
  every point, rerolls the die that helps most, always tries the keeper's save, and kicks off.
  Its Special Shot is one that the fewest of the defender's Special Defenses left can stop, its
  Special Defense one that stops the most of the attacker's Special Shots left (what both can
  see; one of the tied cards at random, so neither coach can be read).
- ``odds_spender``: greedy, except that it spends points with the exact odds of odds.py, for the
  duel's rules in play (who wins a tie, Assured Success, the die): only as
  many as buy at least ``point_worth`` chance of winning the duel each (a point kept is worth
  something in a later round), and tries the keeper's save only when it helps: not when a goal
  now would end the match with it still ahead (a corner would play on).
- ``equilibrium_picker``: odds_spender, except that Special Shot and Defense cards are chosen at
  random with the exact equilibrium mix (odds.special_shot_equilibrium).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

from playground.core.draws import sample_exact
from playground.core.engine import Action, random_legal
from playground.core.players import policy

from .actions import Aim, KickOff, Pass, Pick, Play, Reroll, Save, Skip, Spend, TakeHidden, TakePitch, Use
from .engine import TsubasaGame
from .odds import _attacker_wins, _best_spend, _check_worth, _p_attacker_wins, special_shot_equilibrium

__all__ = ["equilibrium_picker", "greedy", "odds_spender", "random_legal"]


def _strength(game: TsubasaGame, coach: int, card: str) -> int:
    c = game.state.data.cards[card]
    if coach == game.state.attacker:
        return max(c.shot, c.pass_)
    return c.defense


@policy(TsubasaGame)
def greedy(game: TsubasaGame) -> Action:
    """The strongest card, every ability, every point, the better aim, always the keeper's save."""
    return _choose(game, spend=lambda options: options[-1], save=lambda: True)


@policy(TsubasaGame)
def odds_spender(game: TsubasaGame, point_worth: Fraction = Fraction(1, 12)) -> Action:
    """Like greedy, but spends the number of points n that makes P(win the duel) - n * point_worth
    largest (the smallest such n on a tie): a point kept is worth point_worth of a duel.

    The attacker does not know what the defender will spend; it judges against the defense as it
    stands. The defender knows what the attacker spent and judges the duel's totals as they are.
    The keeper's save is tried unless a goal now would end the match with the defender still ahead
    (then the save changes nothing, and letting the goal in ends the match sooner). A reroll is
    played as greedy plays it: in the duel whenever losing it (on the die that more often turns
    it), otherwise kept, and on the keeper's die when that goes against its holder. point_worth:
    a number from 0 to 1 (a Fraction such as 1/12).
    """
    _check_worth("point_worth", point_worth)

    def spend(options: list[Spend]) -> Spend:
        task, d, r = game.tasks[0], game.state.duel, game.rules
        most = options[-1].points
        duel = (r.assured_success, r.ties_to_attacker, r.die_sides)  # the odds of the rules in play
        if task.coach == game.state.attacker:
            return Spend(_best_spend(d.attack, d.defense, min(most, 15), point_worth, *duel))
        return Spend(_defender_spend(d.attack + d.attack_spent, d.defense, most, point_worth, *duel))

    return _choose(game, spend, save=lambda: not _conceding_still_wins(game))


def _conceding_still_wins(game: TsubasaGame) -> bool:
    """Would a goal now end the match with the defender still ahead? (Leading by 2 or more in the
    last half's injury time, or in extra time's last round: a goal ends the match, won; a catch
    too; but a corner lets the attack keep the ball and play on.)"""
    s = game.state
    lead = s.coaches[game.defender].score - s.coaches[s.attacker].score
    if s.period == "2nd half":
        last = s.injury_time
    else:
        last = s.period == "extra time, 2nd half" and s.round >= game.rules.extra_time_rounds
    return lead >= 2 and last


@lru_cache(maxsize=4096)
def _defender_spend(
    attack: int, defense: int, most: int, point_worth: Fraction, assured: bool, ties: bool, sides: int
) -> int:
    """The defender's n in 0..most making P(attack wins) + n * point_worth smallest under the
    duel's rules (kept: a simulated match asks the same few questions again and again)."""
    scores = [
        _p_attacker_wins(attack, defense + n, assured, None, ties, sides) + n * point_worth
        for n in range(most + 1)
    ]
    return scores.index(min(scores))


@policy(TsubasaGame)
def equilibrium_picker(game: TsubasaGame) -> Action:
    """Like odds_spender, but Special Shots and Defenses are drawn from the exact equilibrium mix
    (of the cards each side holds now)."""
    task = game.tasks[0]
    if task.kind in ("pick_shot", "pick_defense"):
        return _equilibrium_pick(game, task.kind == "pick_shot")
    return odds_spender(game)


def _equilibrium_pick(game: TsubasaGame, shooting: bool) -> Pick:
    s = game.state
    attacker = s.coaches[s.attacker]
    defender = s.coaches[1 - s.attacker]
    shots, blocks = attacker.shots.kinds(), defender.defenses.kinds()
    stops = [[int(sh in s.data.specials[b].stops) for b in blocks] for sh in shots]
    x, y, _ = special_shot_equilibrium(stops)
    mix = list(zip(shots, x, strict=True)) if shooting else list(zip(blocks, y, strict=True))
    return Pick(sample_exact([(card, p) for card, p in mix if p], game.rng))


def _choose(game: TsubasaGame, spend: Callable[[list[Spend]], Spend], save: Callable[[], bool]) -> Action:
    """greedy's move, with the two choices where the players differ: points spent, the keeper's save."""
    options = game.legal_actions()
    task = game.tasks[0]
    kind = task.kind
    if kind == "kickoff":
        return KickOff(True)
    if kind == "take":
        pitch = [o for o in options if isinstance(o, TakePitch)]
        if not pitch:
            return TakeHidden()
        return max(pitch, key=lambda o: _strength(game, task.coach, o.card))
    if kind == "attack":
        plays = [o for o in options if isinstance(o, Play)]
        if not plays:
            return next(o for o in options if not isinstance(o, Pass)) if len(options) > 1 else Pass()
        return max(plays, key=lambda o: _strength(game, task.coach, o.card))
    if kind == "ability":
        uses = [o for o in options if isinstance(o, Use)]
        return uses[0] if uses else next(o for o in options if isinstance(o, Skip))
    if kind == "aim":
        shot, pas = game.total(task.coach, "shot"), game.total(task.coach, "pass")
        return Aim("shot") if shot >= pas else Aim("pass")
    if kind == "spend":
        return spend(options)
    if kind == "reroll":
        return _best_reroll(game, task.coach, options)
    if kind == "keeper":
        return Save(save())
    if kind in ("pick_shot", "pick_defense"):
        return _open_pick(game, kind == "pick_shot", options)
    return options[0]


def _open_pick(game: TsubasaGame, shooting: bool, options: list[Pick]) -> Pick:
    """A Special Shot the fewest of the defender's Special Defenses left can stop, or a Special
    Defense that stops the most of the attacker's Special Shots left: what both coaches can see
    (the other's pick is face down). On a tie, one of the tied cards at random, from the game's
    own generator: a coach who always took the first would be read by the other, and in our card
    list every Special Shot would always be blocked."""
    s = game.state
    specials = s.data.specials
    if shooting:
        blocks = s.coaches[game.defender].defenses.kinds()
        stopped = {o: sum(o.card in specials[b].stops for b in blocks) for o in options}
        best = [o for o in options if stopped[o] == min(stopped.values())]
    else:
        shots = s.coaches[s.attacker].shots.kinds()
        stops = {o: sum(shot in specials[o.card].stops for shot in shots) for o in options}
        best = [o for o in options if stops[o] == max(stops.values())]
    return best[game.rng.randrange(len(best))] if len(best) > 1 else best[0]


def _best_reroll(game: TsubasaGame, coach: int, options: list[Reroll]) -> Reroll:
    """Reroll the die whose new face most often turns the result; keep if none helps."""
    d, r = game.state.duel, game.rules
    attacking = coach == game.state.attacker
    if Reroll("save") in options:
        winning = (game.save_result() == "goal") == attacking
        return Reroll("keep") if winning else Reroll("save")
    if game.attack_won() == attacking:
        return Reroll("keep")  # never reroll a duel you are winning
    attack, defense = d.attack + d.attack_spent, d.defense + d.defense_spent
    a, b = d.dice
    faces = range(1, r.die_sides + 1)

    def wins(x: int, y: int) -> bool:
        return _attacker_wins(x, y, attack, defense, r.assured_success, r.ties_to_attacker, r.die_sides)

    attack_die = sum(wins(x, b) for x in faces)
    defense_die = sum(wins(a, y) for y in faces)
    if attacking:
        return Reroll("mine") if attack_die >= defense_die else Reroll("theirs")
    return Reroll("mine") if defense_die <= attack_die else Reroll("theirs")
