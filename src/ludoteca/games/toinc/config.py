"""A Toinc game's settings as its options make them: the cards, their piles, labels and faces,
and the clock (read by every rule module; `ToincGame` adds the registry's side)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ludoteca.core import Game, OptionError
from ludoteca.core.i18n import Arg, _, current
from ludoteca.games.toinc.action import Verb
from ludoteca.games.toinc.cards import (
    ATTACK_PLAYS,
    DEFENSE_PLAYS,
    Card,
    OutcomeCard,
    PlayCard,
    PlayerCard,
)
from ludoteca.games.toinc.deck import deck_of
from ludoteca.games.toinc.faces import card_face, card_name, card_text

LENGTHS: dict[str, tuple[int, int]] = {"regular": (15, 10), "short": (10, 7), "long": (20, 14)}
"""Término da Partida / Variações de Jogo: (turns per period, overtime turns)."""
ALL_PLAYS = ATTACK_PLAYS + DEFENSE_PLAYS


class ToincConfig(Game):
    """The immutable part of a Toinc game: the deck's cards by id, their piles, labels
    and faces, and the length of the game. `ToincGame` adds the registry's side."""

    cards: dict[str, Card]
    labels: dict[str, Arg]
    home: dict[str, str]
    decks: dict[str, tuple[str, ...]]
    discard_pile: dict[str, str]
    players: dict[str, PlayerCard]
    helps: dict[str, frozenset[str]]
    faces: dict[str, dict[str, Any]]
    lines: dict[tuple[str, str], str]

    def configure(self) -> None:
        """Load and check the deck, and derive the clock from the options."""
        deck = deck_of(self.options["deck"])
        self.two_decks = self.options["variant"] == "two-deck"
        length = str(self.options["length"])
        self.practice = length == "practice"
        self.practice_turns = self.int_option("practice_turns")
        self.practice_target = self.int_option("practice_target")
        if self.practice and not (self.practice_turns or self.practice_target):
            raise OptionError(_("toinc practice games need practice_turns or practice_target > 0"))
        self.period_turns, self.overtime_turns = LENGTHS.get(length, (self.practice_turns, 0))
        self.playoff = self.options["overtime"] == "playoff"
        self.blitz_next_play = self.options["blitz"] == "next-play"
        self.end_line_everywhere = self.options["end_line"] == "everywhere"
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
        self.lines = {}  # (card id, locale): at most every card in every language
        self.players = {c.id: c for c in self.cards.values() if isinstance(c, PlayerCard)}
        self.helps = {
            cid: frozenset(p for p in ALL_PLAYS if any(b.kind.applies_to(p) for b in c.bonuses))
            for cid, c in self.players.items()
        }

    def card_line(self, card_id: str) -> str:
        """`card_text` of the card `card_id` in the current language, made once per
        language (pictures and action labels show the same cards at every move)."""
        key = (card_id, current())
        line = self.lines.get(key)
        if line is None:
            line = self.lines[key] = card_text(self.cards[card_id])
        return line

    def _action_space(self) -> list[str]:
        """Every action of a play (*jogada*) with this deck: the answers, then each card's
        verbs by its kind (a hand card is discarded, swapped or substituted; a play card
        announced; a player leads, backs, contests or is targeted; a *desfecho* kept)."""
        space = ["keep", "done", "confirm", "pass", "accept", "decline", "kick:fg"]
        space += ["kick:punt", "extra:kick", "extra:two"]
        space += [f"{verb}:{hand}" for verb in ("hide", "guess") for hand in ("left", "right")]
        for card_id, card in self.cards.items():
            if isinstance(card, OutcomeCard):
                space.append(Verb.OUTCOME.of(card_id))
                continue
            space += [f"{verb}:{card_id}" for verb in ("discard", "swap", "substitute")]
            if isinstance(card, PlayCard):
                space.append(Verb.PLAY.of(card_id))
            else:
                verbs = ("leader", "bonus", "contest", "target")
                space += [f"{verb}:{card_id}" for verb in verbs]
        return space


def _label(card: Card, ids: set[str]) -> Arg:
    """A log label without the card id (ids may be secret when the log is read)."""
    if isinstance(card, PlayerCard):
        stats = " ".join(f"{k} {v}" for k, v in card.stats.items())
        text = f"{card.name} ({stats})" if stats else card.name
    else:
        assert isinstance(card, PlayCard | OutcomeCard)
        text = card.name
    tokens = set(re.findall(r"[A-Za-z0-9_.:#+-]+", text))
    if tokens & ids:
        return card.position if isinstance(card, PlayerCard) else "card"
    return text if isinstance(card, PlayerCard) else card_name(text)


def _face(card: Card, ids: set[str]) -> dict[str, Any]:
    """The card's face for the web board; a name that spells a card id is replaced
    (by the position, or "card") as in `_label`, so a face never carries another id."""
    face = card_face(card)
    if set(re.findall(r"[A-Za-z0-9_.:#+-]+", card.name)) & ids:
        face["name"] = card.position if isinstance(card, PlayerCard) else "card"
    return face
