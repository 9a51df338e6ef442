"""The command line's help in the reader's language: `--lang`, else the environment."""

from __future__ import annotations

import typer
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from ludoteca.catalogs import catalog_file
from ludoteca.cli.language import help_messages, language_of, translate_help
from ludoteca.cli.main import app

runner = CliRunner()
ENGLISH = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def _help(*args: str, env: dict[str, str] | None = None) -> str:
    result = runner.invoke(app, [*args, "--help"], env=env or ENGLISH, terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_commands_help_is_in_the_language_lang_names() -> None:
    """The command's text, its options' texts, Typer's panel titles and defaults."""
    english = _help("simulate")
    assert "Play N games between agents" in english and "Number of games." in english
    assert "Options" in english and "[default: 100]" in english
    portuguese = _help("--lang", "pt-BR", "simulate")
    assert "Jogar N partidas entre agentes" in portuguese
    assert "Número de partidas." in portuguese and "Mostrar esta mensagem e sair." in portuguese
    assert "Opções" in portuguese and "[padrão: 100]" in portuguese
    assert "Number of games." not in portuguese and "Options" not in portuguese
    italian = _help("--lang=it", "tournament", "report")
    assert "Comunica (o correggi) il risultato di un tavolo." in italian
    assert "Numero del tavolo." in italian and "Argomenti" in italian


def test_the_help_follows_the_environment_and_english_comes_back() -> None:
    listing = _help(env={"LC_ALL": "", "LANG": "it_IT.UTF-8"})
    assert "Elenca i giochi registrati" in listing and "Comandi" in listing
    assert "List the registered games" in _help()  # the next command, in English again
    assert "Opções" not in _help("simulate")


def test_lang_is_read_before_the_arguments_are_parsed() -> None:
    env = {"LANG": "pt_BR.UTF-8"}
    assert language_of(["--lang", "it", "simulate", "--help"], env) == "it"
    assert language_of(["--lang=en", "arena"], env) == "en"
    assert language_of(["simulate", "--help"], env) == "pt-BR"
    assert language_of(["--lang", "klingon", "--help"], env) == "pt-BR"  # refused once parsed
    assert language_of(["--lang"], {}) == "en"


def test_a_command_translated_twice_starts_from_its_english() -> None:
    command = typer.main.get_command(app)
    translate_help(command, "pt-BR")
    translate_help(command, "it")
    assert (
        command.commands["games"].help
        == "Elenca i giochi registrati con i loro posti, proprietà e opzioni."
    )
    translate_help(command, "en")
    assert command.commands["games"].help.startswith("List the registered games")


def test_every_help_text_is_in_every_catalog() -> None:
    """`make catalogs` extracts the help from the commands: each one has its translation."""
    texts = {text for text, _source in help_messages(typer.main.get_command(app))}
    assert len(texts) > 100
    for locale in ("pt-BR", "it"):
        with catalog_file(locale).open("rb") as handle:
            catalog = read_po(handle)
        missing = sorted(text for text in texts if not (catalog.get(text) or Message("")).string)
        assert not missing, (locale, missing[:5])
