"""Toinc, the American-football card game (Águila Games, 2021), as a ludoteca game."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.core import DataFile, Game, GameInfo, Option, OptionError, OptionValue
from ludoteca.games.toinc.cards import (
    ATTACK_PLAYS,
    DEFENSE_PLAYS,
    Card,
    OutcomeCard,
    PlayCard,
    PlayerCard,
)
from ludoteca.games.toinc.deck import DEFAULT_PRESET, deck_of
from ludoteca.games.toinc.faces import card_face
from ludoteca.games.toinc.render import describe, render
from ludoteca.games.toinc.state import ToincState

LENGTHS: dict[str, tuple[int, int]] = {"regular": (15, 10), "short": (10, 7), "long": (20, 14)}
"""Término da Partida / Variações de Jogo: (turns per period, overtime turns)."""
ALL_PLAYS = ATTACK_PLAYS + DEFENSE_PLAYS


class ToincGame(Game):
    """Toinc: two coaches build attack and defense hands play by play."""

    info: ClassVar[GameInfo] = GameInfo(
        name="toinc",
        title="Toinc",
        summary="American-football card game: build hands, contest, roll d6, draw outcomes.",
        rulebook="000_dce00939dceb7666.txt",
        min_seats=2,
        max_seats=2,
        hidden_information=True,
        chance=True,
        simultaneous=False,
        options=(
            Option("variant", "two-deck", "two-deck: each player owns a set; single-deck: "
                   "one set, attack/defense decks swap with the ball",
                   choices=("two-deck", "single-deck")),
            Option("length", "regular", "regular 60 turns (4x15), short 40 (4x10), "
                   "long 80 (4x20), practice (one period)",
                   choices=("regular", "short", "long", "practice")),
            Option("overtime", "regular-season", "a tied overtime: regular-season ends in "
                   "a tie, playoff plays on to the next score",
                   choices=("regular-season", "playoff")),
            Option("practice_turns", 10, "practice: turns to play (0: no limit)",
                   kind=int, minimum=0, maximum=1000),
            Option("practice_target", 0, "practice: score that ends the game (0: none)",
                   kind=int, minimum=0, maximum=500),
            Option("deck", None, "a custom deck file (TOML; default: the Toinc Team deck)",
                   kind=DataFile, choices=(DEFAULT_PRESET,)),
        ),
    )  # fmt: skip
    state_class: ClassVar[type[ToincState]] = ToincState

    cards: dict[str, Card]
    labels: dict[str, str]
    home: dict[str, str]
    decks: dict[str, tuple[str, ...]]
    discard_pile: dict[str, str]
    players: dict[str, PlayerCard]
    helps: dict[str, frozenset[str]]
    faces: dict[str, dict[str, Any]]

    def configure(self) -> None:
        """Load and check the deck, and derive the clock from the options."""
        deck = deck_of(self.options["deck"])
        self.two_decks = self.options["variant"] == "two-deck"
        length = str(self.options["length"])
        self.practice = length == "practice"
        self.practice_turns = self.int_option("practice_turns")
        self.practice_target = self.int_option("practice_target")
        if self.practice and not (self.practice_turns or self.practice_target):
            raise OptionError("toinc practice games need practice_turns or practice_target > 0")
        self.period_turns, self.overtime_turns = LENGTHS.get(length, (self.practice_turns, 0))
        self.playoff = self.options["overtime"] == "playoff"
        self.cards, self.home, self.decks = {}, {}, {}
        sets = (("a.", 0), ("b.", 1)) if self.two_decks else (("", 0),)
        for prefix, k in sets:
            for kind, cards in (("A", deck.attack), ("D", deck.defense), ("O", deck.outcome)):
                key = f"{kind}{k}"
                ids = []
                for card in cards:
                    copy: Card = dataclasses.replace(card, id=prefix + card.id)
                    self.cards[copy.id] = copy
                    self.home[copy.id] = key
                    ids.append(copy.id)
                self.decks[key] = tuple(ids)
        all_ids = set(self.cards)
        self.labels = {cid: _label(card, all_ids) for cid, card in self.cards.items()}
        self.faces = {cid: _face(card, all_ids) for cid, card in self.cards.items()}
        self.discard_pile = {cid: key + "x" for cid, key in self.home.items()}
        self.players = {c.id: c for c in self.cards.values() if isinstance(c, PlayerCard)}
        self.helps = {
            cid: frozenset(p for p in ALL_PLAYS if any(b.kind.applies_to(p) for b in c.bonuses))
            for cid, c in self.players.items()
        }

    @classmethod
    def conformance_configs(cls) -> list[dict[str, OptionValue]]:
        """Both variants; practice by turns and by score; a short and a regular game."""
        return [
            {"variant": "two-deck", "length": "practice", "practice_turns": 6},
            {"variant": "single-deck", "length": "practice", "practice_turns": 4,
             "overtime": "playoff"},
            {"variant": "single-deck", "length": "practice", "practice_turns": 0,
             "practice_target": 7},
            {"variant": "two-deck", "length": "short", "overtime": "playoff"},
            {"variant": "single-deck", "length": "regular"},
        ]  # fmt: skip

    def render(self, observation: Mapping[str, Any]) -> str:
        """The field strip, the seat's hand, the table and the latest events."""
        return render(self, observation)

    def describe_action(self, observation: Mapping[str, Any], action: str) -> str:
        """A readable label for an action (card names instead of ids)."""
        return describe(self, action)

    def seat_names(self, observation: Mapping[str, Any]) -> list[str]:
        """The two sides by the colours the board gives them."""
        return ["Blue", "Orange"]


def _label(card: Card, ids: set[str]) -> str:
    """A log label without the card id (ids may be secret when the log is read)."""
    if isinstance(card, PlayerCard):
        stats = " ".join(f"{k} {v}" for k, v in card.stats.items())
        text = f"{card.name} ({stats})" if stats else card.name
    elif isinstance(card, PlayCard):
        text = card.name
    else:
        assert isinstance(card, OutcomeCard)
        text = card.name
    tokens = set(re.findall(r"[A-Za-z0-9_.:#+-]+", text))
    if tokens & ids:
        return card.position if isinstance(card, PlayerCard) else "card"
    return text


def _face(card: Card, ids: set[str]) -> dict[str, Any]:
    """The card's face for the web board; a name that spells a card id is replaced
    (by the position, or "card") as in `_label`, so a face never carries another id."""
    face = card_face(card)
    if set(re.findall(r"[A-Za-z0-9_.:#+-]+", card.name)) & ids:
        face["name"] = card.position if isinstance(card, PlayerCard) else "card"
    return face
