"""What a game's authors test it with, and ludoteca too: the conformance checks every game
passes (`conformance`, the hidden-information ones in `hidden`; run by `check_conformance`)
and golden playthroughs (`playthroughs`: `record` one seeded game step by step, `check` that
the game still plays it)."""

from ludoteca.testing.conformance import (
    BAD_ACTIONS,
    CHECKS,
    ONCE,
    Check,
    a_quiet_game_differs_only_in_its_log,
    action_ids_round_trip,
    check_conformance,
    clone_is_independent,
    illegal_actions_refused_unchanged,
    info_is_declared,
    json_round_trip,
    logs_only_grow,
    random_games_finish_consistently,
    replay_reproduces,
    same_seed_same_game,
    seat_names_are_public_and_name_every_seat,
    short_options_give_a_whole_game,
)
from ludoteca.testing.hidden import (
    clone_with_a_generator_changes_only_the_chance,
    determinize_depends_only_on_what_the_seat_sees,
    determinize_keeps_what_the_seat_sees,
    determinize_resamples_hidden_information,
    information_states_are_what_the_seat_knows,
    observation_tensors_show_what_the_seat_knows,
    observations_leak_nothing,
)
from ludoteca.testing.playthroughs import check as check_playthrough
from ludoteca.testing.playthroughs import record as record_playthrough
from ludoteca.testing.schema import observations_follow_their_schema, schema_errors
from ludoteca.testing.walks import SEEDS, SNAPSHOTS, WALKS, NotApplicable

__all__ = [
    "BAD_ACTIONS",
    "CHECKS",
    "ONCE",
    "SEEDS",
    "SNAPSHOTS",
    "WALKS",
    "Check",
    "NotApplicable",
    "a_quiet_game_differs_only_in_its_log",
    "action_ids_round_trip",
    "check_conformance",
    "check_playthrough",
    "clone_is_independent",
    "clone_with_a_generator_changes_only_the_chance",
    "determinize_depends_only_on_what_the_seat_sees",
    "determinize_keeps_what_the_seat_sees",
    "determinize_resamples_hidden_information",
    "illegal_actions_refused_unchanged",
    "info_is_declared",
    "information_states_are_what_the_seat_knows",
    "json_round_trip",
    "logs_only_grow",
    "observation_tensors_show_what_the_seat_knows",
    "observations_follow_their_schema",
    "observations_leak_nothing",
    "random_games_finish_consistently",
    "record_playthrough",
    "replay_reproduces",
    "same_seed_same_game",
    "schema_errors",
    "seat_names_are_public_and_name_every_seat",
    "short_options_give_a_whole_game",
]
