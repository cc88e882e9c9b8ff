"""The arena: engines, as processes speaking the engine protocol (:mod:`.protocol`,
``docs/engines.md``), play a tournament: two engines, a round robin or a gauntlet
(:func:`run_arena`), from openings (:mod:`.openings`) or the initial position, under a
clock, a move time, a depth or a number of nodes (:class:`~.referee.ArenaSettings`),
optionally until an SPRT (:class:`~.ratings.Sprt`) decides. Each match is played by
:func:`~.referee.play_match` (:mod:`.referee`: the engine at fault loses it, and the
record says why), each engine run as an :class:`~.process.EngineProcess`
(:mod:`.process`: nothing an engine does can hold the arena).

The names of those modules a tournament's caller needs are importable from here too.
"""

from __future__ import annotations

import datetime
import itertools
import random
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import TextIO

from ..errors import ArgumentError
from .openings import Opening, read_openings
from .process import MAX_LINE, MAX_LINES, Debug, EngineFault, EngineProcess, Handshake, hello
from .ratings import Sprt, elo, json_rating
from .referee import GRACE_MS, UNTIMED_S, ArenaSettings, EngineSpec, MatchOutcome, parse_tc, play_match

__all__ = [
    "GRACE_MS",
    "MAX_LINE",
    "MAX_LINES",
    "UNTIMED_S",
    "ArenaResult",
    "ArenaSettings",
    "Debug",
    "EngineFault",
    "EngineProcess",
    "EngineSpec",
    "MatchOutcome",
    "Opening",
    "Sprt",
    "Traffic",
    "elo",
    "hello",
    "json_rating",
    "pairings",
    "parse_tc",
    "play_match",
    "prepare_engines",
    "read_openings",
    "run_arena",
    "schedule",
]


@dataclass
class ArenaResult:
    """The engines (commands and the names they are recorded under), the matches played
    (in the order they ended), whether a Ctrl-C stopped them, and the SPRT given."""

    commands: tuple[str, ...]
    outcomes: list[MatchOutcome] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    interrupted: bool = False
    sprt: Sprt | None = None

    def _results(self, engine: int) -> Iterator[tuple[MatchOutcome, int]]:
        """The matches ``engine`` played, each with its place (0 or 1) in it."""
        for o in self.outcomes:
            if engine in o.players:
                yield o, o.players.index(engine)

    def played(self, engine: int) -> int:
        return sum(1 for _ in self._results(engine))

    def won(self, engine: int) -> int:
        return sum(1 for o, i in self._results(engine) if o.winner == i)

    def lost(self, engine: int) -> int:
        return sum(1 for o, i in self._results(engine) if o.winner == 1 - i)

    def points(self, engine: int) -> int:
        return sum(o.points(i) for o, i in self._results(engine))

    def rounds(self, engine: int) -> tuple[int, int]:
        """The rounds ``engine`` won and lost."""
        won = lost = 0
        for o, i in self._results(engine):
            won, lost = won + o.rounds_won(i), lost + o.rounds_won(1 - i)
        return won, lost

    def elo(self, engine: int = 0) -> tuple[float, float, float]:
        """``engine``'s rating difference over its opponents (with two engines, the
        first's over the second), from the matches decided, with its 95% interval
        (:func:`elo`)."""
        won, lost = self.won(engine), self.lost(engine)
        return elo(won, won + lost)

    def elo_rounds(self, engine: int = 0) -> tuple[float, float, float]:
        """The same from the rounds won and lost (a match of many rounds says more)."""
        won, lost = self.rounds(engine)
        return elo(won, won + lost)

    @property
    def llr(self) -> float | None:
        """The SPRT's log-likelihood ratio of the first engine's results so far."""
        return self.sprt.llr(self.won(0), self.lost(0)) if self.sprt is not None else None

    @property
    def sprt_result(self) -> str | None:
        return self.sprt.result(self.won(0), self.lost(0)) if self.sprt is not None else None

    def json(self) -> dict[str, object]:
        """The ``--json`` document (``docs/engines.md``)."""

        def rating(r: tuple[float, float, float]) -> dict[str, object]:
            return {"diff": json_rating(r[0]), "low": json_rating(r[1]), "high": json_rating(r[2])}

        document: dict[str, object] = {
            "engines": [
                {
                    "name": self.names[i], "command": self.commands[i], "played": self.played(i),
                    "matches_won": self.won(i), "points": self.points(i), "rounds_won": self.rounds(i)[0],
                    "elo": rating(self.elo(i)), "elo_rounds": rating(self.elo_rounds(i)),
                }
                for i in range(len(self.commands))
            ],
            "matches": len(self.outcomes),
            "elo": rating(self.elo(0)),
            "elo_rounds": rating(self.elo_rounds(0)),
        }  # fmt: skip
        if self.sprt is not None:
            llr = self.llr
            low, high = self.sprt.bounds
            document["sprt"] = {
                "result": self.sprt_result, "llr": round(llr, 3) if llr is not None else None,
                "lower": round(low, 3), "upper": round(high, 3),
                "elo0": self.sprt.elo0, "elo1": self.sprt.elo1, "alpha": self.sprt.alpha, "beta": self.sprt.beta,
            }  # fmt: skip
        return document


def pairings(count: int, *, gauntlet: bool = False) -> list[tuple[int, int]]:
    """The pairs of engines that meet: every pair (a round robin), or with ``gauntlet``
    the first against each other one."""
    if gauntlet:
        return [(0, j) for j in range(1, count)]
    return list(itertools.combinations(range(count), 2))


def schedule(count: int, games: int, *, gauntlet: bool = False, openings: Sequence[Opening] = (), seed: int | None = None) -> list[tuple[int, tuple[int, int], int, Opening | None]]:
    """The matches of a tournament, in the order they start: ``(number, pair, black,
    opening)``. Each pair plays ``games`` matches, one round of pairings at a time;
    colours alternate (the pair's first engine is Black in its odd matches), and the
    openings go two matches each (colours swapped), in the file's order or, with
    ``seed``, shuffled by it, starting again when used up."""
    order = list(openings)
    if seed is not None:
        random.Random(seed).shuffle(order)
    plan: list[tuple[int, tuple[int, int], int, Opening | None]] = []
    pairs = pairings(count, gauntlet=gauntlet)
    for k in range(games):
        opening = order[(k // 2) % len(order)] if order else None
        for pair in pairs:
            plan.append((len(plan) + 1, pair, k % 2, opening))
    return plan


def prepare_engines(engines: Sequence[str | EngineSpec], settings: ArenaSettings, *, debug: Debug | None = None) -> list[EngineSpec]:
    """The engines as a tournament records them: each started once and asked ``kep``
    for its ``id name`` and its options (then stopped), and named: its given name,
    else its ``id name``, else (an engine that does not start or answer) its command.
    Engines of one ``id name`` are told apart as ``NAME #2``, ``#3``… Raises
    :class:`ArgumentError` for two engines given one name, or an option an engine does
    not declare or whose value does not fit its declaration (its type, ``min``,
    ``max``, ``var``s); the values are kept as they are sent (``TRUE`` as ``true``)."""
    specs = [EngineSpec.of(e) for e in engines]
    used = _given_names(specs)
    return [_prepared(spec, settings, used, debug) for spec in specs]


def _given_names(specs: list[EngineSpec]) -> set[str]:
    """The names given to ``specs`` (``name=``), as they are compared; raises
    :class:`ArgumentError` where two engines are given one name."""
    given = [_name_key(s.name) for s in specs if s.name is not None]
    for key in given:
        if given.count(key) > 1:
            raise ArgumentError(f"two engines are named {key!r}: give each its own name=")
    return set(given)


def _prepared(spec: EngineSpec, settings: ArenaSettings, used: set[str], debug: Debug | None) -> EngineSpec:
    """``spec`` as :func:`prepare_engines` records it: started once and asked, its
    options checked against what it declares, and named (``used``: the names taken,
    which its name joins)."""
    said = _probe(spec, settings.startup_s, debug)
    options = spec.options
    if said is not None:  # (a bad option raises before any match)
        options = said.checked(options, engine=f"the engine {spec.command!r}")
    name = spec.name if spec.name is not None else _unused_name(said.id.get("name", spec.command) if said is not None else spec.command, used)
    return EngineSpec(spec.command, name, options)


def _unused_name(id_name: str, used: set[str]) -> str:
    """``id_name``, or ``id_name #2``, ``#3``… where it is taken (``used``: the names
    taken, which it joins)."""
    name, copy = id_name, 1
    while _name_key(name) in used:
        copy += 1
        name = f"{id_name} #{copy}"
    used.add(_name_key(name))
    return name


def _probe(spec: EngineSpec, seconds: float, debug: Debug | None) -> Handshake | None:
    """Start an engine, ask ``kep``, stop it: what it said (``None`` when it does not
    start or answer: it loses its matches, and the records say why)."""
    process = EngineProcess(spec.command, name=spec.name, debug=debug)
    try:
        process.start()
        return hello(process, seconds)
    except EngineFault:
        return None
    finally:
        process.close()


def _name_key(name: str) -> str:
    """A name as the standings compare names: without case or repeated spaces."""
    return " ".join(name.casefold().split())


def run_arena(
    engines: Sequence[str | EngineSpec],
    settings: ArenaSettings,
    *,
    games: int,
    jobs: int = 1,
    gauntlet: bool = False,
    openings: Sequence[Opening] = (),
    seed: int | None = None,
    sprt: Sprt | None = None,
    on_match: Callable[[MatchOutcome], None] | None = None,
    debug: Traffic | None = None,
) -> ArenaResult:
    """Play a tournament (:func:`schedule`) between ``engines`` (commands or
    :class:`EngineSpec`; named by :func:`prepare_engines` first), ``jobs`` matches at a
    time; ``on_match`` is called with each match as it ends (to write it), ``debug``
    with every line sent and read. With ``sprt`` (two engines), no match starts once the
    test is decided. A Ctrl-C (:class:`KeyboardInterrupt`) stops every engine, drops the
    matches not finished, and returns what was: ``interrupted`` is then set. Any other
    exception (a signal's) stops every engine too, and goes on."""
    _check_field(engines, sprt)
    try:
        specs = prepare_engines(engines, settings, debug=debug.at(0) if debug is not None else None)
    except KeyboardInterrupt:  # (before any match: nothing to keep)
        commands = tuple(EngineSpec.of(e).command for e in engines)
        return ArenaResult(commands, names=list(commands), interrupted=True, sprt=sprt)
    result = ArenaResult(tuple(s.command for s in specs), names=[s.name or s.command for s in specs], sprt=sprt)
    plan = schedule(len(specs), games, gauntlet=gauntlet, openings=openings, seed=seed)
    _Arena(specs, settings, debug).play(result, plan, jobs=jobs, on_match=on_match)
    return result


def _check_field(engines: Sequence[str | EngineSpec], sprt: Sprt | None) -> None:
    """:class:`ArgumentError` unless there are two engines at least (exactly two for an SPRT)."""
    if len(engines) < 2:
        raise ArgumentError("a tournament needs two engines at least")
    if sprt is not None and len(engines) != 2:
        raise ArgumentError("an SPRT compares two engines")


class Traffic:
    """The ``--debug`` log: every line sent to an engine and read from one, as a line
    ``TIME<TAB>MATCH<TAB>ENGINE<TAB>DIRECTION<TAB>LINE`` (``TIME`` in UTC to the
    millisecond, ``MATCH`` 0 for the engines' first start, ``>`` to the engine, ``<``
    from it), written as it happens by every match's threads."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.lock = threading.Lock()

    def at(self, match: int) -> Debug:
        """The log of match ``match``'s engines."""

        def log(engine: str, direction: str, line: str) -> None:
            stamp = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
            with self.lock:
                self.out.write(f"{stamp}\t{match}\t{engine}\t{direction}\t{line}\n")

        return log


class _Arena:
    """The matches in play, and their engines, for stopping them all at once."""

    def __init__(self, specs: list[EngineSpec], settings: ArenaSettings, debug: Traffic | None) -> None:
        self.specs, self.settings, self.debug = specs, settings, debug
        self.running: set[EngineProcess] = set()
        self.lock = threading.Lock()
        self.stopping = threading.Event()

    def started(self, engine: EngineProcess) -> None:
        with self.lock:
            self.running.add(engine)
        if self.stopping.is_set():
            engine.close()

    def one(self, number: int, pair: tuple[int, int], black: int, opening: Opening | None) -> MatchOutcome | None:
        """Match ``number``, or ``None`` when the arena was stopped before it ended."""
        if self.stopping.is_set():
            return None
        outcome = play_match(
            (self.specs[pair[0]], self.specs[pair[1]]), self.settings, number=number, black=black, started=self.started,
            opening=opening, players=pair, debug=self.debug.at(number) if self.debug is not None else None,
        )  # fmt: skip
        with self.lock:
            self.running.difference_update(outcome.engines)
        return None if self.stopping.is_set() else outcome

    def play(
        self,
        result: ArenaResult,
        plan: list[tuple[int, tuple[int, int], int, Opening | None]],
        *,
        jobs: int,
        on_match: Callable[[MatchOutcome], None] | None,
    ) -> None:
        """Play the matches ``plan`` lists, ``jobs`` at a time, into ``result`` (none
        started once its SPRT is decided); a Ctrl-C stops them (``interrupted`` set)."""
        matches = iter(plan)
        pool = ThreadPoolExecutor(max_workers=max(1, jobs))
        pending = {pool.submit(self.one, *p) for p in itertools.islice(matches, max(1, jobs))}
        try:
            while pending:
                done, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                for outcome in (future.result() for future in done):
                    if outcome is None:
                        continue
                    _take(result, outcome, on_match)
                    if result.sprt_result is None:
                        pending.update(pool.submit(self.one, *p) for p in itertools.islice(matches, 1))
        except KeyboardInterrupt:
            result.interrupted = True
            self.stop()
        except BaseException:  # (another way out, a signal's: the engines stopped at once, not after their match)
            self.stop()
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def stop(self) -> None:
        self.stopping.set()
        with self.lock:
            engines = list(self.running)
        for engine in engines:
            engine.close()


def _take(result: ArenaResult, outcome: MatchOutcome, on_match: Callable[[MatchOutcome], None] | None) -> None:
    result.outcomes.append(outcome)
    if on_match is not None:
        on_match(outcome)
