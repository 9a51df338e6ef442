"""The Toinc state: the action dispatcher, observations, hidden cards and copies."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.core.i18n import Text, _
from ludoteca.core.seeds import shuffle
from ludoteca.games.toinc import contest, flow, outcome, play, tensor
from ludoteca.games.toinc import tables as t
from ludoteca.games.toinc.action import Verb, card_of, parse
from ludoteca.games.toinc.fields import (
    FIELDS,
    LATER_FIELDS,
    TALLY,
    Ending,
    Phase,
    ToincFields,
    dump_fields,
    side,
)
from ludoteca.games.toinc.observation import ToincView


class ToincState(ToincFields):
    """One game of Toinc in progress."""

    def setup(self) -> None:
        """Preparação: shuffle each deck; seat 0 hides the ball marker."""
        g = self.config
        self.piles = {}
        for key, cards in g.decks.items():
            pile = list(cards)
            shuffle(self.rng, pile)
            self.piles[key] = pile
            self.piles[key + "x"] = []
        self.hand, self.ohand, self.table = [[], []], [[], []], []
        self.score = [0, 0]
        self.offense, self.pos, self.down, self.line = 0, t.TOUCHBACK, 1, t.TOUCHBACK + 10
        self.turns, self.period, self.opening, self.hider, self.marker = 0, 1, -1, 0, ""
        self.ot_stage, self.ot_first, self.ot_turns, self.conversion = 0, -1, 0, 0
        self.clear_play(to_discard=0)
        self.sorte = 0
        self.tally = [0] * len(TALLY)
        self.ended = ""
        self.phase, self.actor = Phase.HIDE, self.hider
        self.log(
            "{hider} hides the ball marker; {guesser} guesses (Preparação 4)",
            hider=side(0),
            guesser=side(1),
        )

    # -- the contract ------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat that acts now (None once the game is over)."""
        return None if self.phase == Phase.OVER else self.actor

    @property
    def scores(self) -> tuple[float, ...]:
        """Points of seat 0 and seat 1."""
        return (float(self.score[0]), float(self.score[1]))

    def end_reason(self) -> str:
        """The end *Fim de jogo* names: a practice's limit, regulation, overtime."""
        return self.ended

    def ending(self) -> Ending:
        """The end *Fim de jogo* names, as one of Toinc's `Ending`s."""
        return Ending(self.ended)

    def statistics(self) -> dict[str, float]:
        """Plays, first downs, scores by kind, punts and turnovers on downs so far."""
        return {name: float(value) for name, value in zip(TALLY, self.tally, strict=True)}

    def _legal_actions(self) -> list[str]:
        return _LEGAL[self.phase](self)

    def _apply(self, action: str) -> None:
        _APPLY[self.phase](self, action)

    def explain_illegal(self, action: str) -> str:
        """Why `action` is refused: unknown card, card not in hand, or wrong phase."""
        phase = self.phase.label
        try:
            card_id = parse(action).card
        except ValueError:
            card_id = None
        seat = self.current_player
        if card_id and ":" not in card_id:
            if card_id not in self.config.cards:
                return _(
                    "'{action}' refused: there is no card '{card}'", action=action, card=card_id
                )
            if seat is not None and card_id not in self.hand[seat] + self.ohand[seat]:
                return _(
                    "'{action}' refused: {card} is not in seat {seat}'s hand",
                    action=action,
                    card=card_id,
                    seat=seat,
                )
        legal = self.legal_actions()
        shown = ", ".join(legal[:10]) + (" ..." if len(legal) > 10 else "")
        return _(
            "'{action}' is not legal in phase {phase} for seat {seat} (legal: {legal})",
            action=action,
            phase=phase,
            seat=str(seat),
            legal=shown,
        )

    # -- what a seat sees --------------------------------------------------------------
    def _observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """`seat`'s observation as numbers (`tensor.py`): never the other hand."""
        return tensor.encode(self, seat)

    def _observe(self, seat: int | None) -> ToincView:
        g = self.config
        view: ToincView = {
            "variant": "two-deck" if g.two_decks else "single-deck",
            "phase": self.phase.label,
            "offense": self.offense,
            "ball": self.pos,
            "down": self.down,
            "line": self.line,
            "to_go": self.line - self.pos,
            "period": self.period,
            "turns": self.turns,
            "period_turns": g.period_turns,
            "overtime_turns": self.ot_turns,
            "overtime_stage": self.ot_stage,
            "conversion": bool(self.conversion),
            "hand": [] if seat is None else list(self.hand[seat]),
            "hand_sizes": [len(self.hand[0]), len(self.hand[1])],
            "outcome_drawn": [] if seat is None else list(self.ohand[seat]),
            "outcome_drawn_sizes": [len(self.ohand[0]), len(self.ohand[1])],
            "table": list(self.table),
            "play": {
                "start": self.start,
                "defense_play": self.d_play,
                "defense_leaders": list(self.d_lead),
                "defense_bonus": list(self.d_bonus),
                "attack_play": self.a_play,
                "attack_leaders": list(self.a_lead),
                "attack_bonus": list(self.a_bonus),
                "contest_leaders": list(self.c_lead),
                "contest_bonus": list(self.c_bonus),
                "contested": list(self.contested),
                "carried_impact": self.carry,
                "blitz": bool(self.blitz),
                "substitutions": list(self.subs),
                "kept_outcomes": [p for p in self.picks if p],
                "fouls_pending": list(self.fouls),
            },
            "draw_piles": {k: len(self.piles[k]) for k in g.decks},
            "discards": {k: list(self.piles[k + "x"]) for k in g.decks},
            "faces": self._faces(seat),
        }
        if seat is not None and seat == self.hider and self.marker:
            view["marker"] = self.marker
        return view

    def _faces(self, seat: int | None) -> dict[str, dict[str, Any]]:
        """The faces of the cards `seat` sees now (own hand and draws, the table), by id:
        what a graphical board draws. Never a card the seat may not see."""
        shown = list(self.table)
        if seat is not None:
            shown += self.hand[seat] + self.ohand[seat]
        faces = self.config.faces
        return {c: {k: _copy(v) for k, v in faces[c].items()} for c in shown}

    def secrets(self, seat: int | None) -> set[str]:
        """Card ids `seat` must not see: the draw piles and the opponent's hands
        (except cards seen going back to that hand by *Agilidade Extrema*)."""
        hidden: set[str] = set()
        for key in self.config.decks:
            hidden.update(self.piles[key])
        for other in (0, 1):
            if other != seat:
                hidden.update(self.hand[other])
                hidden.update(self.ohand[other])
        return hidden.difference(self.known)

    def _resample(self, seat: int, rng: random.Random) -> None:
        """Re-deal the unseen cards: the opponent's hand cards are shuffled with the
        unseen draw-pile cards of the same deck and dealt back in the same numbers.

        While the opponent is naming a leader for a play it already announced, its
        hand is kept (it is known to hold that leader); only the piles are shuffled.
        """
        other = 1 - seat
        keep = self.actor == other and self.phase in (Phase.DEF_LEAD, Phase.ATK_LEAD)
        home, known = self.config.home, self.known
        for key in self.config.decks:
            pile = self.piles[key]
            mine = self.hand[other] + self.ohand[other]
            held = [] if keep else [c for c in mine if home[c] == key and c not in known]
            pool = sorted(pile + held)  # canonical: depends only on what the seat sees
            shuffle(rng, pool)
            self.piles[key] = pool[: len(pile)]
            rest = iter(pool[len(pile) :])
            if held:
                for cards in (self.hand[other], self.ohand[other]):
                    for i, c in enumerate(cards):
                        if home[c] == key and c not in known:
                            cards[i] = next(rest)
        if self.marker and seat != self.hider:
            self.marker = rng.choice(("left", "right"))

    # -- saving and copying ------------------------------------------------------------
    def dump(self) -> dict[str, Any]:
        """Every game field, JSON-able."""
        return dump_fields(self)

    def load(self, data: Mapping[str, Any]) -> None:
        """Restore the fields written by `dump`."""
        for name in FIELDS:
            value = data[name] if name in data else LATER_FIELDS[name]
            if isinstance(value, dict):
                value = {str(k): [str(c) for c in v] for k, v in value.items()}
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            elif name == "phase":
                value = Phase.read(value)  # a malformed name or number raises ValueError
            setattr(self, name, value)

    def clone(self, rng: random.Random | None = None) -> ToincState:
        """A fast independent copy (lists copied, cards shared by id); see `State.clone`."""
        other = ToincState(self.config, self.seed)  # (compiled, the class has no bare `__new__`)
        self.clone_fields(other, rng)
        return other


def _copy(value: Any) -> Any:
    """A fresh copy of a face field (faces are shared by the game; observations are not),
    its text written in the reader's language."""
    if isinstance(value, Text):
        return str(value)
    return value.copy() if isinstance(value, dict | list) else value


def _hide(state: ToincFields) -> list[str]:
    return ["hide:left", "hide:right"]


def _guess(state: ToincFields) -> list[str]:
    return ["guess:left", "guess:right"]


def _discard(state: ToincFields) -> list[str]:
    return [Verb.DISCARD.of(c) for c in state.hand[state.offense]]


def _foul(state: ToincFields) -> list[str]:
    return ["accept", "decline"]


def _extra(state: ToincFields) -> list[str]:
    return ["extra:kick", "extra:two"]


def _attack_play(state: ToincFields, action: str) -> None:
    if action == "pass":
        outcome.lose_down(state)
    elif action == "kick:fg":
        flow.field_goal(state)
    elif action == "kick:punt":
        flow.punt(state)
    else:
        play.apply_attack_play(state, card_of(action))


def _after_colon(fn: Callable[[ToincFields, str], None]) -> Callable[[ToincFields, str], None]:
    def apply(state: ToincFields, action: str) -> None:
        fn(state, card_of(action))

    return apply


def _over(state: ToincFields) -> list[str]:
    return []


def _refuse(state: ToincFields, action: str) -> None:
    raise AssertionError(_("no action applies once the game is over"))


_LEGAL: dict[Phase, Callable[[ToincFields], list[str]]] = {
    Phase.HIDE: _hide,
    Phase.GUESS: _guess,
    Phase.DISCARD: _discard,
    Phase.SWAP: play.legal_swap,
    Phase.SUB_ATK: play.legal_substitute,
    Phase.SUB_DEF: play.legal_substitute,
    Phase.DEF_PLAY: play.legal_defense_play,
    Phase.DEF_LEAD: play.legal_defense_leader,
    Phase.DEF_BONUS: play.legal_defense_bonus,
    Phase.ATK_CONTEST: contest.legal_contest,
    Phase.ATK_PLAY: play.legal_attack_play,
    Phase.ATK_LEAD: play.legal_attack_leader,
    Phase.ATK_BONUS: play.legal_attack_bonus,
    Phase.DEF_CONTEST: contest.legal_contest,
    Phase.OUTCOME: outcome.legal_outcome,
    Phase.FOUL: _foul,
    Phase.EXTRA: _extra,
    Phase.OVER: _over,
}

_APPLY: dict[Phase, Callable[[ToincFields, str], None]] = {
    Phase.HIDE: _after_colon(flow.apply_hide),
    Phase.GUESS: _after_colon(flow.apply_guess),
    Phase.DISCARD: _after_colon(play.apply_discard),
    Phase.SWAP: play.apply_swap,
    Phase.SUB_ATK: play.apply_substitute,
    Phase.SUB_DEF: play.apply_substitute,
    Phase.DEF_PLAY: play.apply_defense_play,
    Phase.DEF_LEAD: _after_colon(play.apply_defense_leader),
    Phase.DEF_BONUS: play.apply_defense_bonus,
    Phase.ATK_CONTEST: contest.apply_contest,
    Phase.ATK_PLAY: _attack_play,
    Phase.ATK_LEAD: _after_colon(play.apply_attack_leader),
    Phase.ATK_BONUS: play.apply_attack_bonus,
    Phase.DEF_CONTEST: contest.apply_contest,
    Phase.OUTCOME: _after_colon(outcome.apply_outcome),
    Phase.FOUL: outcome.apply_foul,
    Phase.EXTRA: flow.apply_extra,
    Phase.OVER: _refuse,
}

assert set(_LEGAL) == set(_APPLY) == set(Phase), "every phase has its two handlers"
