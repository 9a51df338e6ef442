"""Event tier and organizer rules: rulebook, *Participação de Organizadores do Torneio*."""

import pytest

from ludoteca.core.errors import IllegalAction, LudotecaError, OptionError
from ludoteca.tournament.event_rules import EventStaff, RegistrationRefused, Tier, parse_tier


def test_refusal_is_a_ludoteca_error() -> None:
    """Refusals are user errors the CLI reports."""
    assert issubclass(RegistrationRefused, LudotecaError)


def test_lone_organizer_may_not_play() -> None:
    """ "O OT pode participar ... se existir um segundo Organizador do Torneio presente"."""
    staff = EventStaff(Tier.LOCAL)
    staff.add_organizer("Ana", announce=True)
    with pytest.raises(RegistrationRefused, match="second organizer"):
        staff.register_player("Ana")
    assert staff.players == []


def test_unannounced_second_organizer_is_not_enough() -> None:
    """ "Este segundo OT deve estar presente e ser anunciado a todos, ao início"."""
    staff = EventStaff(Tier.LOCAL)
    staff.add_organizer("Ana")
    staff.add_organizer("Bia")
    with pytest.raises(RegistrationRefused, match="announced"):
        staff.register_player("Ana")
    staff.announce("Bia")
    staff.register_player("Ana")
    assert staff.players == ["Ana"]


def test_second_organizer_rules_on_the_organizers_games() -> None:
    """ "sendo ele responsável por todas dúvidas de regra na partida que o OT está
    participando"."""
    staff = EventStaff(Tier.LOCAL)
    staff.add_organizer("Ana", announce=True)
    staff.add_organizer("Bia", announce=True)
    staff.register_player("Ana")
    staff.register_player("Caio")
    assert staff.ruling_organizer(["Ana", "Caio"]) == "Bia"
    assert staff.ruling_organizer(["Caio", "Davi"]) is None


def test_two_organizers_in_one_game_need_a_third() -> None:
    """Both announced organizers at the same table leave nobody to rule: refused."""
    staff = EventStaff(Tier.LOCAL)
    staff.add_organizer("Ana", announce=True)
    staff.add_organizer("Bia", announce=True)
    staff.register_player("Ana")
    staff.register_player("Bia")
    with pytest.raises(IllegalAction, match="no other announced organizer"):
        staff.ruling_organizer(["Ana", "Bia"])


def test_announcement_only_at_the_start() -> None:
    """ "ser anunciado a todos, ao início do torneio"."""
    staff = EventStaff(Tier.LOCAL)
    staff.add_organizer("Ana")
    staff.start()
    with pytest.raises(IllegalAction, match="at the start"):
        staff.announce("Ana")


@pytest.mark.parametrize("tier", [Tier.REGIONAL, Tier.NATIONAL, Tier.WORLD])
def test_premium_refuses_organizers_and_judges(tier: Tier) -> None:
    """ "Organizadores de Torneio e Juizes não podem participar como jogadores em torneios
    tipo Premium (Regionais, Nacionais e Mundiais)"."""
    staff = EventStaff(tier)
    staff.add_organizer("Ana", announce=True)
    staff.add_organizer("Bia", announce=True)
    staff.add_judge("Juca")
    for name in ("Ana", "Juca"):
        with pytest.raises(RegistrationRefused, match=f"Premium \\({tier.value}\\)"):
            staff.register_player(name)
    staff.register_player("Caio")
    with pytest.raises(RegistrationRefused, match="cannot be a judge"):
        staff.add_judge("Caio")


def test_local_judge_may_play() -> None:
    """The judges' ban is for Premium events only."""
    staff = EventStaff(Tier.LOCAL)
    staff.add_judge("Juca")
    staff.register_player("Juca")
    assert staff.players == ["Juca"]


def test_player_made_organizer_needs_a_second_organizer() -> None:
    """The same rule applies when a registered player becomes an organizer."""
    staff = EventStaff(Tier.LOCAL)
    staff.register_player("Caio")
    with pytest.raises(RegistrationRefused, match="second organizer"):
        staff.add_organizer("Caio")


def test_tiers() -> None:
    """Premium = regional, national, world; unknown tier names are refused."""
    assert [t.premium for t in Tier] == [False, True, True, True]
    assert parse_tier("National") is Tier.NATIONAL
    with pytest.raises(OptionError, match="unknown event tier 'store'"):
        parse_tier("store")
