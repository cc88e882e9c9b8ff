#!/usr/bin/env python3
"""A Kamisado engine in plain Python (the standard library only): it plays random legal
moves over the engine protocol of kamisado-notation (docs/engines.md). Copy it, replace
``choose`` with a search, and referee it with ``kamisado arena``.

    kamisado arena "python3 random_engine.py" "kamisado engine" --games 10
"""

import random
import sys

RANGE = (7, 5, 3, 1)  # how far a tower with 0, 1, 2 or 3 Sumo rings may move
PUSH = (0, 1, 2, 3)  # how many towers it may push


def read_position(text):
    """The board {(file 0-7, rank 1-8): (side "b"/"g", colour letter, rings)}, the side to
    move and the colour letter of the tower it must move ("-": any)."""
    ranks, to_move, tower = text.split()[:3]
    board = {}
    for i, row in enumerate(ranks.split("/")):
        rank, file, j = 8 - i, 0, 0
        while j < len(row):
            letter, j = row[j], j + 1
            if letter != ".":
                rings = 0
                while j < len(row) and row[j] == "+":
                    rings, j = rings + 1, j + 1
                board[(file, rank)] = ("b" if letter.islower() else "g", letter.upper(), rings)
            file += 1
    return board, to_move, tower.upper()


def legal_moves(board, side, tower):
    """Every (from, to) of the side to move: straight or diagonally forward over empty
    squares within range, and the Sumo push (one square forward, shoving a line of
    weaker enemy towers one square back onto an empty square)."""
    step = -1 if side == "b" else 1  # Black moves down the board, Gold up
    moves = []
    for (file, rank), (owner, colour, rings) in board.items():
        if owner != side or tower not in ("-", colour):
            continue
        for side_step in (-1, 0, 1):
            for n in range(1, RANGE[rings] + 1):
                square = (file + side_step * n, rank + step * n)
                if not (0 <= square[0] < 8 and 1 <= square[1] <= 8) or square in board:
                    break
                moves.append(((file, rank), square))
        line, square = 0, (file, rank + step)
        while square in board and board[square][0] != side and board[square][2] < rings:
            line, square = line + 1, (file, square[1] + step)
        if 0 < line <= PUSH[rings] and 1 <= square[1] <= 8 and square not in board:
            moves.append(((file, rank), (file, rank + step)))
    return moves


def name(square):
    return "abcdefgh"[square[0]] + str(square[1])


def choose(moves):
    return random.choice(moves)


def main():
    position = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "kep":
            print("id name random_engine.py\nid author you\nkepok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "position":
            position = read_position(" ".join(words[1:]))
        elif words[0] == "go" and position is not None:
            origin, target = choose(legal_moves(*position))
            print(f"bestmove {name(origin)}-{name(target)}", flush=True)
        elif words[0] == "fill":
            print("fill " + random.choice(("left", "right")), flush=True)
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
