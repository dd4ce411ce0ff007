#!/usr/bin/env python3
"""The exact peer: an ose.duel (a level-1 fighter, THAC0 19, AC 4, against a 1 HD monster,
AC 7, both hitting for 1d6, at least 1; initiative d6 each side, ties rolled again, the loser
of the initiative does not strike back once dead) solved exactly by icepool as an absorbing
Markov chain over both sides' hit points. Prints the fighter's chance to win and the time.

Run both sides on the same machine (see README, "Performance"):

    pip install icepool
    python3 benches/icepool_duel.py 12 15
    target/release/alea prob ose.duel fighter.hp=12 monster.hp=15 monster.hd=1 --exact
    cargo bench --bench fights -- "ose.duel 12"
"""

import sys
import time

import icepool
from icepool import Die


def damage(hit_faces: int) -> Die:
    """The damage of one attack: 0 on a miss, else 1d6 (at least 1 anyway)."""
    return Die({0: (20 - hit_faces) * 6, **{d: hit_faces for d in range(1, 7)}})


def hit_faces(thac0: int, ac: int) -> int:
    """Faces of a d20 that hit: at least clamp(thac0 - ac, 2, 20)."""
    need = min(max(thac0 - ac, 2), 20)
    return 21 - need


def duel(fighter_hp: int, monster_hp: int):
    to_monster = damage(hit_faces(19, 7))
    to_fighter = damage(hit_faces(19, 4))

    def fighter_first(f, m, a, b):
        m = max(m - a, 0)
        return (f, m) if m == 0 else (max(f - b, 0), m)

    def monster_first(f, m, a, b):
        f = max(f - b, 0)
        return (f, m) if f == 0 else (f, max(m - a, 0))

    def round_(state):
        f, m = state
        if f == 0 or m == 0:
            return state
        first = icepool.map(lambda a, b: fighter_first(f, m, a, b), to_monster, to_fighter)
        second = icepool.map(lambda a, b: monster_first(f, m, a, b), to_monster, to_fighter)
        return Die([first, second])

    start = Die([(fighter_hp, monster_hp)])
    end = icepool.map(round_, start, repeat="inf")
    return end.marginals[1].probability(0)


def main() -> None:
    fighter_hp = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    monster_hp = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    started = time.perf_counter()
    p = duel(fighter_hp, monster_hp)
    elapsed = time.perf_counter() - started
    print(
        f"icepool {icepool.__version__}: {fighter_hp} HP against {monster_hp} HP: "
        f"P(fighter wins) = {float(p):.12f} in {elapsed:.3f} s"
    )


if __name__ == "__main__":
    main()
