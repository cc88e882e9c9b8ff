#!/usr/bin/env python3
"""A Kamisado engine in plain Python (no import of kamisado-notation): random legal moves
over the engine protocol (docs/engines.md). Replace `choose` with a search."""
import random
import sys

RANGE, PUSH = (7, 5, 3, 1), (0, 1, 2, 3)  # by Sumo rings: how far a tower moves, how many it pushes


def read_position(text):  # -> {(file 0-7, rank 1-8): (side, colour, rings)}, side to move, tower ("-": any)
    ranks, to_move, tower = text.split()[:3]  # (a 4th field, the last mover, only decides deadlocks)
    board = {}
    for i, row in enumerate(ranks.split("/")):
        file = -1
        for c in row:
            if c == "+":
                side, colour, rings = board[(file, 8 - i)]
                board[(file, 8 - i)] = (side, colour, rings + 1)
                continue
            file += 1
            if c != ".":
                board[(file, 8 - i)] = ("b" if c.islower() else "g", c.upper(), 0)
    return board, to_move, tower.upper()


def legal_moves(board, side, tower):  # [(from, to)]: forward and diagonal runs, and Sumo pushes
    step, moves = (-1 if side == "b" else 1), []  # Black moves down the board (to rank 1), Gold up
    for (f, r), (owner, colour, rings) in board.items():
        if owner != side or tower not in ("-", colour):
            continue
        for df in (-1, 0, 1):
            for n in range(1, RANGE[rings] + 1):
                to = (f + df * n, r + step * n)
                if not (0 <= to[0] < 8 and 1 <= to[1] <= 8) or to in board:
                    break
                moves.append(((f, r), to))
        line, to = 0, (f, r + step)  # a push: a line of weaker enemy towers, an empty square behind
        while to in board and board[to][0] != side and board[to][2] < rings:
            line, to = line + 1, (f, to[1] + step)
        if 0 < line <= PUSH[rings] and 1 <= to[1] <= 8 and to not in board:
            moves.append(((f, r), (f, r + step)))
    return moves


def name(square):
    return "abcdefgh"[square[0]] + str(square[1])


def choose(moves):
    return random.choice(moves)


def main():
    position, answers = None, {"kep": "id name random_engine.py\nkepok", "isready": "readyok"}
    for line in sys.stdin:  # one command a line; what it does not know, it ignores
        words = line.split() or [""]
        if words[0] in answers:
            print(answers[words[0]], flush=True)
        elif words[0] == "position":
            position = read_position(" ".join(words[1:]))
        elif words[0] == "go" and position is not None:  # (answers at once: no search to stop)
            origin, target = choose(legal_moves(*position))
            print(f"bestmove {name(origin)}-{name(target)}", flush=True)
        elif words[0] == "fill":
            print("fill " + random.choice(("left", "right")), flush=True)
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
