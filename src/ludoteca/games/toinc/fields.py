"""The fields of a Toinc state and the small helpers every phase uses.

The state is plain data (ints, strings, lists of card ids) so that `clone` is a
cheap copy; cards are looked up by id in the game's immutable table.
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Any, cast

from ludoteca.core import State
from ludoteca.core.i18n import N_, Arg, T, Text
from ludoteca.core.seeds import shuffle
from ludoteca.games.toinc.cards import Card, OutcomeCard, PlayCard, PlayerCard
from ludoteca.games.toinc.config import ToincConfig


class Phase(StrEnum):
    """The decision a Toinc game awaits, in the order of a play (who decides: `actor`); its
    value is its name in observations (`attack-play`)."""

    HIDE = "hide"  # *Preparação* 4: the hidden-hand guess
    GUESS = "guess"
    DISCARD = "discard"  # fase 1
    SWAP = "swap"
    SUB_ATK = "substitute-attack"  # fase 2
    SUB_DEF = "substitute-defense"
    DEF_PLAY = "defense-play"  # fases 3-4
    DEF_LEAD = "defense-leader"
    DEF_BONUS = "defense-bonus"
    ATK_CONTEST = "attack-contest"
    ATK_PLAY = "attack-play"  # fases 6-7
    ATK_LEAD = "attack-leader"
    ATK_BONUS = "attack-bonus"
    DEF_CONTEST = "defense-contest"
    OUTCOME = "outcome"  # fase 9
    FOUL = "foul"  # a foul to accept or decline
    EXTRA = "extra-point"  # after a touchdown
    OVER = "over"  # the game is over

    @property
    def label(self) -> str:
        """The phase's name in observations (`attack-play`)."""
        return self.value

    @classmethod
    def read(cls, value: object) -> Phase:
        """The phase a saved state names: its name, or its number in the order above (as
        saved before phases had names); anything else raises `ValueError`."""
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value < len(PHASE_ORDER):
                raise ValueError(f"no Toinc phase number {value}")
            return PHASE_ORDER[value]
        if not isinstance(value, str):
            raise ValueError(f"no Toinc phase {value!r}")
        return cls(value)


class Ending(StrEnum):
    """What ended a Toinc game (*Fim de jogo*, *Prorrogação*); each value is the message the
    log's "Game over" line and the outcome's reason say."""

    REGULATION = N_("end of regulation")
    OVERTIME_SCORE = N_("overtime score")
    OVERTIME_ANSWER_FAILED = N_("overtime answer failed")
    OVERTIME_END = N_("end of overtime")
    OVERTIME_TIE = N_("overtime ends tied (regular season)")
    PRACTICE_LIMIT = N_("practice limit reached")


PHASE_ORDER: tuple[Phase, ...] = tuple(Phase)
"""The phases in the order of a play (a saved number's meaning)."""


SEAT_NAMES = ("Seat 0", "Seat 1")
DRAW_KEYS = ("A", "D", "O")


class ToincFields(State):
    """All the data of a Toinc game in progress (see `dump` for the list)."""

    @property
    def config(self) -> ToincConfig:
        """The configured game (`game`, as Toinc's: its decks and options)."""
        return cast(ToincConfig, self.game)

    # piles: "A0", "D0", "O0" (draw piles of set 0), "A0x"... (discards); set 1 in two-deck.
    piles: dict[str, list[str]]
    hand: list[list[str]]  # each seat's player/play cards
    ohand: list[list[str]]  # outcome cards drawn and not yet chosen (private)
    table: list[str]  # cards laid on the table this play (public)
    phase: Phase
    actor: int
    score: list[int]
    offense: int  # the seat with the ball (*posse de bola*)
    pos: int  # yards from the offense's own goal line (0-100)
    down: int
    line: int  # the line to gain, same frame as `pos`
    turns: int  # turns (*turnos*) completed, overtime included
    period: int  # 1-4, 5 = overtime; practice: 1
    opening: int  # the seat that received the opening kickoff
    hider: int
    marker: str  # the hand hiding the ball marker ("" when none)
    ot_stage: int  # 0 none, 1 first possession, 2 answer, 3 sudden death
    ot_first: int
    ot_turns: int
    conversion: int  # 1 during a two-point conversion play
    # the play in progress
    start: int
    to_discard: int
    swaps: int
    subs: list[int]
    d_play: str
    d_lead: list[str]
    d_bonus: list[str]
    a_play: str
    a_lead: list[str]
    a_bonus: list[str]
    c_lead: list[str]  # leader contester(s) of the current comparison
    c_used: list[str]  # bonus contesters used (an id twice: Força Descomunal)
    c_bonus: list[str]  # the contesting side's own bonus players
    c_pending: str  # a bonus contester waiting for its target ("" none)
    c_second: bool  # the pending contester contested once and may stop or contest again
    contested: list[str]  # bonus players whose bonus was cancelled
    known: list[str]  # cards seen returning to a hand (Agilidade Extrema): public
    carry: int  # a failed defense's impact, carried into the attack
    blitz: int  # 1 while a successful Blitz binds this play (no run, +2 against passes)
    blitz_next: int  # 1 after a successful Blitz that binds the attack's next play
    won: int  # seat that won the play (-1: nobody, -2: the attack gave up the down)
    impact: int
    gain: int  # the winning play's own yards (negative: a sack)
    sorte: int
    picks: list[str]  # chosen outcome cards: [offense's, defense's] ("" none)
    net: int  # outcome-card yards for the offense (gains minus losses)
    turnover: int  # 1 after a fumble or interception card
    fouls: list[str]  # fouls waiting for accept/decline
    foul_done: list[str]  # fouls accepted, in order
    tally: list[int]  # game figures for simulation reports, indexed like TALLY
    ended: str  # why the game ended ("" while it is in play)

    # -- cards -----------------------------------------------------------------------
    def card(self, card_id: str) -> Card:
        """The card with `card_id`."""
        return self.config.cards[card_id]

    def player(self, card_id: str) -> PlayerCard:
        """The player card `card_id` (callers only pass player ids)."""
        card = self.config.cards[card_id]
        assert isinstance(card, PlayerCard)
        return card

    def play_card(self, card_id: str) -> PlayCard:
        """The play card `card_id`."""
        card = self.config.cards[card_id]
        assert isinstance(card, PlayCard)
        return card

    def outcome_card(self, card_id: str) -> OutcomeCard:
        """The outcome card `card_id`."""
        card = self.config.cards[card_id]
        assert isinstance(card, OutcomeCard)
        return card

    def label(self, card_id: str) -> Arg:
        """A log label of a card that never contains its id (ids may turn secret later)."""
        return self.config.labels[card_id]

    # -- decks -----------------------------------------------------------------------
    def deck_key(self, seat: int, kind: str) -> str:
        """The draw pile of `kind` ("A", "D", "O") that `seat` uses."""
        return f"{kind}{seat if self.config.two_decks else 0}"

    def draw(self, key: str) -> str:
        """Draw the top card of pile `key`, reshuffling its discards when it runs out."""
        pile = self.piles[key]
        if not pile:
            discards = self.piles[key + "x"]
            shuffle(self.rng, discards)
            self.piles[key] = pile = discards
            self.piles[key + "x"] = []
            self.log("The {key} deck is reshuffled from its discards", key=key)
        return pile.pop()

    def discard(self, card_id: str) -> None:
        """Put `card_id` on the discard pile of the deck it belongs to."""
        self.piles[self.config.discard_pile[card_id]].append(card_id)

    def count(self, figure: str) -> None:
        """Add one to a game figure (`TALLY`) for the simulation reports."""
        self.tally[TALLY_INDEX[figure]] += 1

    def roll(self) -> int:
        """A d6 from the state's RNG."""
        return self.rng.randrange(6) + 1

    @property
    def defense(self) -> int:
        """The seat without the ball."""
        return 1 - self.offense

    def private(self, seat: int, message: str, **args: Arg) -> None:
        """A log line only `seat` may read (`message` and `args` as `State.log`'s)."""
        self.log(message, _ONLY[seat], **args)

    def clear_play(self, to_discard: int) -> None:
        """Empty the table for a new play (*Fase 1*): no card laid, contested or picked,
        nothing carried; the attack will discard `to_discard` cards."""
        self.start = self.pos
        self.to_discard, self.swaps, self.subs = to_discard, 0, [0, 0]
        self.d_play, self.a_play = "", ""
        self.d_lead, self.d_bonus, self.a_lead, self.a_bonus = [], [], [], []
        self.c_lead, self.c_used, self.c_bonus, self.contested, self.c_pending = [], [], [], [], ""
        self.c_second = False
        self.known = []
        self.carry = self.blitz = self.blitz_next = self.impact = self.gain = self.net = 0
        self.turnover = 0
        self.won = -1
        self.picks, self.fouls, self.foul_done = ["", ""], [], []

    def clone_fields(self, other: ToincFields, rng: random.Random | None = None) -> None:
        """Copy every game field of `self` into `other` (used by `clone`)."""
        self._copy_base(other, rng)
        for key in FIELDS:
            value = getattr(self, key)
            if type(value) is list:
                value = [v[:] if type(v) is list else v for v in value]
            elif type(value) is dict:
                value = {k: v[:] for k, v in value.items()}
            setattr(other, key, value)


TALLY = (
    "plays",
    "first_downs",
    "touchdowns",
    "field_goals",
    "extra_points",
    "two_point_conversions",
    "safeties",
    "punts",
    "turnovers_on_downs",
)
"""The figures `ToincState.statistics()` reports per game."""
TALLY_INDEX = {name: index for index, name in enumerate(TALLY)}
SCORE_TALLY = {
    "touchdown": "touchdowns",
    "field goal": "field_goals",
    "extra point": "extra_points",
    "two-point conversion": "two_point_conversions",
    "safety": "safeties",
}

_ONLY = (frozenset((0,)), frozenset((1,)))


SIDES = (T("Blue"), T("Orange"))
"""The teams by the colours the board and every page give them (`seat_names`)."""


def side(seat: int) -> Text:
    """A team in the log: its colour, as the board and the seat list name it."""
    return SIDES[seat]


FIELDS: tuple[str, ...] = (
    "piles", "hand", "ohand", "table", "phase", "actor", "score", "offense", "pos", "down",
    "line", "turns", "period", "opening", "hider", "marker", "ot_stage", "ot_first",
    "ot_turns", "conversion", "start", "to_discard", "swaps", "subs", "d_play", "d_lead",
    "d_bonus", "a_play", "a_lead", "a_bonus", "c_lead", "c_used", "c_bonus", "c_pending",
    "c_second", "contested", "known", "carry", "blitz", "blitz_next", "won", "impact", "gain",
    "sorte", "picks", "net", "turnover", "fouls", "foul_done", "tally", "ended",
)  # fmt: skip
"""Every field `ToincFields` declares, in order (a test checks it against the class): what
`dump` saves and `clone` copies."""
LATER_FIELDS: dict[str, Any] = {"c_second": False, "ended": "", "blitz_next": 0}
"""Fields added after states were first saved, with their value in an older save."""


def dump_fields(state: ToincFields) -> dict[str, Any]:
    """The JSON-able game data of `state`."""
    out: dict[str, Any] = {}
    for name in FIELDS:
        value = getattr(state, name)
        if isinstance(value, dict):
            out[name] = {k: list(v) for k, v in value.items()}
        elif isinstance(value, list):
            out[name] = [list(v) if isinstance(v, list) else v for v in value]
        else:
            out[name] = value
    return out
