"""Toinc, the American-football card game (Águila Games, 2021), as a ludoteca game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.core import (
    DataFile,
    GameInfo,
    GameKnowledge,
    Guide,
    Minutes,
    Option,
    OptionValue,
    Utility,
    minutes_range,
)
from ludoteca.core.game import standard_guide
from ludoteca.core.i18n import N_, _, current, using
from ludoteca.core.layout import TensorLayout
from ludoteca.games.toinc import tensor
from ludoteca.games.toinc.config import ToincConfig
from ludoteca.games.toinc.deck import DEFAULT_PRESET
from ludoteca.games.toinc.faces import card_terms
from ludoteca.games.toinc.fields import Ending, Phase
from ludoteca.games.toinc.observation import ToincView
from ludoteca.games.toinc.render import describe, render
from ludoteca.games.toinc.state import ToincState

REGULAR_MINUTES = (45, 60)
"""The rulebook's *Tempo de Jogo* of a regular game (60 turns)."""


class ToincGame(ToincConfig):
    """Toinc: two coaches build attack and defense hands play by play."""

    info: ClassVar[GameInfo] = GameInfo(
        name="toinc",
        title="Toinc",
        summary=N_("American-football card game: build hands, contest, roll d6, draw outcomes."),
        rulebook="000_dce00939dceb7666.txt",
        length=N_("60 turns in 4 periods of 15 (short 40, long 80; practice: one period)"),
        # *Tempo de Jogo*: a tied overtime plays on to the next score in a "jogo de pós
        # temporada ou jogo de playoff" (docs/rules/toinc.md, D22)
        knockout=(("overtime", "playoff"),),
        min_seats=2,
        max_seats=2,
        hidden_information=True,
        chance=True,
        simultaneous=False,
        utility=Utility.ZERO_SUM,
        options=(
            Option("variant", "two-deck", N_("two-deck: each player owns a set; single-deck: "
                   "one set, attack/defense decks swap with the ball"),
                   choices=(N_("two-deck"), N_("single-deck")), label=N_("Decks")),
            Option("length", "regular", N_("regular 60 turns (4x15), short 40 (4x10), "
                   "long 80 (4x20), practice (one period)"),
                   choices=(N_("regular"), N_("short"), N_("long"), N_("practice")),
                   label=N_("Match length")),
            Option("overtime", "regular-season", N_("a tied overtime: regular-season ends in "
                   "a tie, playoff plays on to the next score"),
                   choices=(N_("regular-season"), N_("playoff")), label=N_("Overtime")),
            Option("practice_turns", 10, N_("practice: turns to play (0: no limit)"),
                   kind=int, minimum=0, maximum=1000, label=N_("Practice turns")),
            Option("practice_target", 0, N_("practice: score that ends the game (0: none)"),
                   kind=int, minimum=0, maximum=500, label=N_("Practice target")),
            Option("blitz", "next-play", N_("a successful Blitz: next-play (default: like any "
                   "defense success it ends the play in the outcome phase, and binds the "
                   "attack's next play: no run, +2 against passes) or same-play (the attack "
                   "still plays now, by air only, against +2)"),
                   choices=(N_("next-play"), N_("same-play")), label=N_("Blitz"),
                   advanced=True),
            Option("end_line", "red-zone", N_("a play whose own yards pass the end zone's "
                   "10 yards gains nothing: red-zone (default: plays from the Red Zone) or "
                   "everywhere"),
                   choices=(N_("red-zone"), N_("everywhere")), label=N_("End line"),
                   advanced=True),
            Option("deck", None, N_("a custom deck file (TOML; default: the Toinc Team deck)"),
                   kind=DataFile, choices=(DEFAULT_PRESET,), label=N_("Deck file"),
                   advanced=True),
        ),
    )  # fmt: skip
    state_class: ClassVar[type[ToincState]] = ToincState
    phases = Phase
    endings = Ending
    observation_schema = ToincView

    @classmethod
    def short_options(cls) -> dict[str, OptionValue]:
        """Two practice turns a side."""
        return {"length": "practice", "practice_turns": 2}

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
            {"variant": "two-deck", "length": "practice", "practice_turns": 6,
             "blitz": "same-play", "end_line": "everywhere"},
        ]  # fmt: skip

    def _observation_layout(self) -> TensorLayout:
        """A seat's observation tensor for this deck (`tensor.py`)."""
        return tensor.layout(self)

    def max_game_length(self) -> int:
        """A cap: the rules count turns (*turnos*), not the plays or swaps within one;
        the longest of 150 random games of a regular game took 2,500 actions, of a
        practice to 7 points 3,400."""
        return 50_000

    def real_minutes(self) -> Minutes | None:
        """The rulebook's *Tempo de Jogo: 45 – 60 minutos* for its 60 turns, scaled to
        this game's turns (short 30-40, long 60-80, a practice of 10 turns 5-10); a
        practice game to a score alone has no figure."""
        turns = self.practice_turns if self.practice else 4 * self.period_turns
        if not turns:
            return None
        return minutes_range(REGULAR_MINUTES[0] * turns / 60, REGULAR_MINUTES[1] * turns / 60)

    def card_names(self) -> Mapping[str, str]:
        """Every card of the deck, by its id: the player's position or the play (in the
        current language)."""
        return {card: str(label) for card, label in self.labels.items()}

    @classmethod
    def guide(cls, locale: str | None = None) -> Guide:
        """How to play (`guide/`), with the card marks explained from the deck's own text
        (*Abreviações*), in `locale` (default: the current one)."""
        locale = locale or current()
        base = standard_guide(cls, locale)
        with using(locale):
            terms = card_terms()
        return Guide(base.how_to_play, {**terms, **base.terms}, base.tutorial)

    @classmethod
    def knowledge(cls) -> GameKnowledge:
        """The game's advice to computer players (`ai/`), loaded only when asked for."""
        from ludoteca.games.toinc.ai import KNOWLEDGE

        return KNOWLEDGE

    def render(self, observation: Mapping[str, Any]) -> str:
        """The field strip, the seat's hand, the table and the latest events."""
        return render(self, observation)

    def describe_action(self, observation: Mapping[str, Any], action: str) -> str:
        """A readable label for an action (card names instead of ids)."""
        return describe(self, action)

    def seat_names(self, observation: Mapping[str, Any]) -> list[str]:
        """The two sides by the colours the board gives them."""
        return [_("Blue"), _("Orange")]
