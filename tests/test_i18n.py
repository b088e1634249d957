"""The players' languages: catalogs complete with their placeholders kept, a narrated
golden game per language, refusals and terminal play told in the language, while
notation, JSON and rule IDs stay the same in every language."""

from __future__ import annotations

import contextlib
import io
import pickle
import re
import shutil
from pathlib import Path

import pytest

from scripts.make_narration_golden import NARRATION, events, narration
from threeup3down import Card, GameState, IllegalMoveError, Rules, apply, parse_move
from threeup3down.cli import main
from threeup3down.cli.terminal import play_in_terminal
from threeup3down.core.errors import LocaleError
from threeup3down.core.i18n import LOCALE_DIR, languages, translate, translation
from threeup3down.formats.serialization import to_json
from threeup3down.views.events import CardsPlayed, PilePickedUp, Zone
from threeup3down.views.narration import describe

LANGUAGES = ("hy", "km", "te", "vi")
"""The languages of the rules' sources (/work/shared/seeds): Armenian, Khmer, Telugu, Vietnamese."""


def test_the_package_has_a_catalog_for_each_language_of_the_sources() -> None:
    """A compiled catalog ships for Armenian, Khmer, Telugu and Vietnamese."""
    assert languages() == LANGUAGES
    for language in LANGUAGES:
        assert (LOCALE_DIR / language / "LC_MESSAGES" / "threeup3down.mo").is_file()


class TestCatalogs:
    """Babel's checks over the catalogs (scripts/check_catalogs.py), which CI runs too."""

    check_catalogs = pytest.importorskip("scripts.check_catalogs", reason="needs Babel, from the [i18n] extra")

    def test_every_text_is_translated_in_every_catalog_with_its_placeholders(self) -> None:
        """For the package and the web page: the templates are current, every catalog translates all of it, Babel's checks pass, the .mo are compiled."""
        assert self.check_catalogs.check_all() == []

    def _copy(self, tmp_path: Path) -> Path:
        shutil.copytree(LOCALE_DIR, tmp_path / "locale")
        return tmp_path / "locale"

    def test_a_lost_placeholder_is_a_problem(self, tmp_path: Path) -> None:
        """A translation that drops a %(name)s placeholder of its English text is reported."""
        locale = self._copy(tmp_path)
        po = locale / "km" / "LC_MESSAGES" / "threeup3down.po"
        text = po.read_text(encoding="utf-8")
        broken = text.replace('msgstr "វេនអ្នកលេង %(player)s។"', 'msgstr "វេនអ្នកលេង។"')
        assert broken != text
        po.write_text(broken, encoding="utf-8")
        problems = self.check_catalogs.check(locale=locale)
        assert any("Player %(player)s to move." in problem and "placeholder" in problem for problem in problems)

    def test_an_untranslated_text_is_a_problem(self, tmp_path: Path) -> None:
        """An empty translation is reported as untranslated."""
        locale = self._copy(tmp_path)
        po = locale / "te" / "LC_MESSAGES" / "threeup3down.po"
        po.write_text(po.read_text(encoding="utf-8").replace('msgstr "మీ వంతు."', 'msgstr ""'), encoding="utf-8")
        assert "te/LC_MESSAGES/threeup3down.po: untranslated: Your move." in self.check_catalogs.check(locale=locale)


class TestLocales:
    """How a locale is read: a language tag as LANG or a browser writes it, English when missing."""

    @pytest.mark.parametrize("locale", ["km", "km_KH", "km_KH.UTF-8", "km-KH", "km_KH.UTF-8@latin"])
    def test_territory_and_encoding_find_the_language(self, locale: str) -> None:
        """A territory, an encoding or a modifier after the language still finds its catalog."""
        assert translate("draw", locale) == "គូរសន្លឹកបៀ"

    @pytest.mark.parametrize("locale", [None, "C", "C.UTF-8", "POSIX", "en", "en_GB.UTF-8", "fr_FR", "zu"])
    def test_english_and_languages_without_a_catalog_read_in_english(self, locale: str | None) -> None:
        """None, C, POSIX, English and a language without a catalog give the English text."""
        assert translate("draw", locale) == "draw"

    @pytest.mark.parametrize("locale", ["", "../km", "km/LC_MESSAGES", "k", "km KH", "x" * 40])
    def test_a_locale_that_is_not_a_language_tag_is_refused(self, locale: str) -> None:
        """A locale that is no language tag raises LocaleError (no file path is made from it)."""
        with pytest.raises(LocaleError, match="not a language tag"):
            translation(locale)


class TestNarration:
    """A narrated golden game per language (tests/golden/narration/, scripts/make_narration_golden.py)."""

    @pytest.mark.parametrize("locale", [None, *LANGUAGES], ids=lambda locale: locale or "en")
    def test_the_game_is_told_as_recorded(self, locale: str | None) -> None:
        """Every event of the golden game is told exactly as its reviewed transcript says."""
        recorded = (NARRATION / f"{locale or 'en'}.txt").read_text(encoding="utf-8")
        assert narration(locale) == recorded

    def test_the_game_has_every_kind_of_event(self) -> None:
        """The narrated game holds every kind of event, so every narration is in the transcripts."""
        from typing import get_args

        from threeup3down.views.events import Event

        assert {type(event) for event in events()} == set(get_args(Event))

    @pytest.mark.parametrize("locale", LANGUAGES)
    def test_every_line_is_told_in_the_language(self, locale: str) -> None:
        """No line of a language's transcript is the English line: every event kind is translated."""
        english = (NARRATION / "en.txt").read_text(encoding="utf-8").splitlines()[1:]
        told = (NARRATION / f"{locale}.txt").read_text(encoding="utf-8").splitlines()[1:]
        assert len(told) == len(english)
        assert [line for line, same in zip(told, english) if line == same] == []

    @pytest.mark.parametrize(
        ("locale", "said"),
        [
            ("km", "អ្នកបានលេង 7r,7g ពីសន្លឹកបៀ 3UP របស់អ្នក។"),
            ("hy", "Դուք խաղում եք 7r,7g ձեր 3UP քարտերից։"),
            ("vi", "Bạn chơi 7r,7g từ các lá 3UP của mình."),
            ("te", "మీరు మీ 3UP కార్డ్ల నుండి 7r,7g ప్లే చేస్తారు."),
        ],
    )
    def test_the_player_is_told_you(self, locale: str, said: str) -> None:
        """With ``you``, the seat's own play is told in the second person, cards in notation."""
        cards = (Card.RED_7, Card.GREEN_7)
        assert describe(CardsPlayed(player=1, cards=cards, source=Zone.UP), you=1, locale=locale) == said

    @pytest.mark.parametrize(
        ("count", "said"),
        [(1, "ఆటగాడు 0 పైల్ను తీస్తాడు (1 కార్డ్)."), (4, "ఆటగాడు 0 పైల్ను తీస్తాడు (4 కార్డ్లు).")],
    )
    def test_plural_forms_follow_the_language(self, count: int, said: str) -> None:
        """Telugu has a singular and a plural: one card, four cards."""
        assert describe(PilePickedUp(player=0, cards=(Card.RED_7,) * count), locale="te") == said


STATE = GameState.from_notation("play 0 7r,9g|-|-/8b|-|- - 8g *", Rules(players=2))


class TestRefusals:
    """A refusal's human message in every language; IllegalMoveError.rule and str(error) in none."""

    def _refusal(self) -> IllegalMoveError:
        with pytest.raises(IllegalMoveError) as caught:
            apply(STATE, parse_move("7r"))
        return caught.value

    @pytest.mark.parametrize(
        ("locale", "told"),
        [
            (None, "player 0 cannot play 7r: a 7 is lower than the 8 on top of the discard pile"),
            ("km", "អ្នកលេង 0 មិនអាច លេង 7r បានទេ៖ 7 ទាបជាង 8 នៅលើកំពូលនៃគំនរបោះចោល"),
            ("hy", "խաղացող 0 չի կարող խաղալ 7r. 7-ը ցածր է անտեսման կույտի վերևի 8-ից"),
            ("vi", "người chơi 0 không thể chơi 7r: lá 7 thấp hơn lá 8 trên cùng cọc loại bỏ"),
            ("te", "ఆటగాడు 0 కి 7r ప్లే చేయడం కుదరదు: డిస్కార్డ్ పైల్ పైన ఉన్న 8 కంటే 7 తక్కువ"),
        ],
    )
    def test_the_message_is_told_in_the_language(self, locale: str | None, told: str) -> None:
        """P2's refusal names the move and the reason in the language, the cards in notation."""
        error = self._refusal()
        assert error.message(locale) == told
        assert (error.rule, str(error)) == ("P2", "P2: " + self._refusal().message())

    def test_the_message_survives_pickling(self) -> None:
        """An unpickled refusal (from a worker process) is still told in every language."""
        error = pickle.loads(pickle.dumps(self._refusal()))
        assert (error.rule, error.message("vi", you=0)) == (
            "P2", "bạn không thể chơi 7r: lá 7 thấp hơn lá 8 trên cùng cọc loại bỏ"
        )

    def test_the_json_of_a_game_is_the_same_in_every_language(self) -> None:
        """Nothing of the JSON depends on a language (it is made without one)."""
        assert '"discard_pile"' in to_json(STATE)


def _play(locale: str, typed: str) -> list[str]:
    out = io.StringIO()
    play_in_terminal(Rules(players=2), seed=3, stdin=io.StringIO(typed), stdout=out, locale=locale)
    return out.getvalue().splitlines()


class TestTerminal:
    """Terminal play in Khmer and Telugu: the table, the narration, refusals and the prompt."""

    TYPED = "1\n?\n7x\npick\n" + "1\n" * 400

    @pytest.mark.parametrize(
        ("locale", "setup", "prompt", "refused", "help_word"),
        [
            (
                "km", "--- ការរៀបចំ៖ ជ្រើសរើសសន្លឹកបៀ 3UP របស់អ្នក ---",
                "វេនរបស់អ្នក (លេខ ឬសញ្ញាណ, ? សម្រាប់ជំនួយ, q ដើម្បីចាកចេញ)៖ ",
                "មិនអនុញ្ញាត៖ អ្នកមិនអាច រើសគំនរបោះចោល បានទេ៖", "វាយលេខនៃការលេង",
            ),
            (
                "te", "--- సెటప్: మీ 3UP కార్డ్లను ఎంచుకోండి ---",
                "మీ ఎత్తు (సంఖ్య లేదా నొటేషన్, సహాయం కోసం ?, నిష్క్రమించడానికి q): ",
                "అనుమతి లేదు: మీకు డిస్కార్డ్ పైల్ను తీయడం కుదరదు:", "ఎత్తు సంఖ్యను",
            ),
        ],
    )
    def test_a_whole_game_is_played_in_the_language(
        self, locale: str, setup: str, prompt: str, refused: str, help_word: str
    ) -> None:
        """Setup, help, a typing mistake, a refused pick-up and a whole game, told in the language."""
        lines = _play(locale, self.TYPED)
        assert lines[0] == setup
        assert sum(line.startswith(prompt) for line in lines) == sum(
            line.startswith("Your move (number or notation") for line in _play("en", self.TYPED)
        )
        told = " ".join(lines)
        assert refused in told and told.count("T2)") == 1
        assert any(line.startswith(help_word) for line in lines)
        english = set(_play("en", self.TYPED))
        assert {line for line in lines if line in english and not re.fullmatch(r" +\d+\) \S+", line)} == set()

    @pytest.mark.parametrize(("locale", "result"), [("km", "អ្នកលេង 1 ឈ្នះ។"), ("te", "ఆటగాడు 1 గెలుస్తాడు.")])
    def test_the_result_is_told_in_the_language(self, locale: str, result: str) -> None:
        """The game's last line says who won, in the language (the English game: "Player 1 wins.")."""
        assert _play("en", self.TYPED)[-1] == "Player 1 wins."
        assert _play(locale, self.TYPED)[-1] == result

    @pytest.mark.parametrize(
        ("argv", "environment", "said"),
        [
            (["play", "--help", "--lang", "km"], None, "លេងកៅអីមួយទល់នឹងបូត"),
            (["play", "--help", "--lang=te"], None, "బాట్లకు వ్యతిరేకంగా ఒక సీటులో ఆడండి"),
            (["play", "--help"], "te_IN.UTF-8", "బాట్లకు వ్యతిరేకంగా ఒక సీటులో ఆడండి"),
            (["play", "--help"], "hy_AM.UTF-8", "Խաղացեք մեկ տեղում բոտերի դեմ"),
            (["play", "--help"], "C.UTF-8", "Play one seat against bots"),
            (["play", "--help", "--lang", "vi"], "km_KH.UTF-8", "Chơi một chỗ ngồi với các bot"),
        ],
    )
    def test_play_help_is_in_the_language_of_lang_or_LANG(
        self, argv: list[str], environment: str | None, said: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """play --help is told in the language of --lang, else of LANG, else in English."""
        if environment is None:
            monkeypatch.delenv("LANG", raising=False)
        else:
            monkeypatch.setenv("LANG", environment)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(argv) == 0
        assert said in " ".join(out.getvalue().split())

    @pytest.mark.parametrize(
        ("locale", "group", "players"),
        [
            ("km", "ច្បាប់របស់តុ", "ចំនួនអ្នកលេងដែលអង្គុយនៅតុ (លំនាំដើម 4)"),
            ("te", "టేబుల్ నియమాలు", "టేబుల్ వద్ద ఎంతమంది ఆటగాళ్లు కూర్చుంటారు (డిఫాల్ట్ 4)"),
        ],
    )
    def test_the_rules_options_help_is_in_the_language(
        self, locale: str, group: str, players: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """The rules' group and each rule option's help in play --help are translated; the flags are not."""
        assert main(["play", "--help", "--lang", locale]) == 0
        told = " ".join(capsys.readouterr().out.split())
        assert group in told and players in told and "--players PLAYERS" in told and "--reverse-on-one" in told
        assert "how many players sit at the table" not in told

    def test_a_lang_that_is_not_a_language_tag_is_a_usage_error(self, capsys: pytest.CaptureFixture[str]) -> None:
        """--lang ../km exits 2 naming the problem."""
        assert main(["play", "--lang", "../km"]) == 2
        assert "--lang: not a language tag: '../km'" in capsys.readouterr().err


class TestPictures:
    """The SVG's labels in every language; what a front end reads from it is the same in all."""

    @staticmethod
    def _skeleton(svg: str) -> list[tuple[str, dict[str, str]]]:
        """Every element's tag and attributes but the lengths a long label is squeezed to."""
        import xml.etree.ElementTree as ElementTree

        return [
            (element.tag, {k: v for k, v in element.attrib.items() if k not in ("textLength", "lengthAdjust")})
            for element in ElementTree.fromstring(svg).iter()
        ]

    @pytest.mark.parametrize(
        ("locale", "words"),
        [
            ("km", ("គំនរចាប់ឆ្នោត", "គំនរបោះចោល៖ 1 សន្លឹក", "ចេញពីហ្គេម")),
            ("hy", ("Խաղարկության կույտ", "Անտեսման կույտ՝ 1 քարտ", "Խաղից դուրս")),
            ("vi", ("Cọc rút", "Cọc loại bỏ: 1 lá", "Ngoài cuộc chơi")),
            ("te", ("డ్రా పైల్", "డిస్కార్డ్ పైల్: 1 కార్డ్", "ఆట బయట")),
        ],
    )
    def test_the_labels_are_in_the_language_and_the_data_the_same(self, locale: str, words: tuple[str, ...]) -> None:
        """The piles' labels are in the language; every element and data attribute is as in English."""
        from threeup3down import observe
        from threeup3down.views.svg import LastMove, observation_svg

        view = observe(STATE, 1)
        english = observation_svg(view, last_move=LastMove(0, parse_move("8g")))
        told = observation_svg(view, last_move=LastMove(0, parse_move("8g")), locale=locale)
        assert all(word in told for word in words)
        assert "Draw pile" not in told and "Draw pile" in english
        assert self._skeleton(told) == self._skeleton(english)


@pytest.mark.parametrize(
    ("locale", "you", "player"),
    [
        (None, "You decline the extra play of the Clear +1.", "Player 0 declines the extra play of the Clear +1."),
        ("km", "អ្នកបដិសេធការដាក់បន្ថែមរបស់ Clear +1។", "អ្នកលេង 0 បដិសេធការដាក់បន្ថែមរបស់ Clear +1។"),
        ("hy", "Դուք հրաժարվում եք Clear +1-ի լրացուցիչ խաղից։", "Խաղացող 0 հրաժարվում է Clear +1-ի լրացուցիչ խաղից։"),
        ("vi", "Bạn từ chối lần đánh thêm của Clear +1.", "Người chơi 0 từ chối lần đánh thêm của Clear +1."),
        ("te", "మీరు క్లియర్ +1 యొక్క అదనపు ఆటను తిరస్కరిస్తారు.", "ఆటగాడు 0 క్లియర్ +1 యొక్క అదనపు ఆటను తిరస్కరిస్తాడు."),
    ],
)
def test_a_declined_clear_plus_one_play_is_told_as_declined(locale: str | None, you: str, player: str) -> None:
    """C2: declining a Clear +1's extra play (``pick`` on the pile it emptied) is told as
    declining it, in every language, not as picking up a pile of 0 cards."""
    from threeup3down.views.events import apply_with_events

    rules = Rules(players=2, clear_one_optional=True)
    state = apply(GameState.from_notation("play 0 5g,C+1b|-|-/2g,4b,10r|-|- 3r,8g,9b 7b *", rules), parse_move("C+1b"))
    assert state.may_decline
    _, told = apply_with_events(state, parse_move("pick"))
    assert told[0] == PilePickedUp(player=0, cards=())
    assert describe(told[0], you=0, locale=locale) == you
    assert describe(told[0], you=1, locale=locale) == player


def test_the_web_page_names_the_clear_as_the_game_s_catalog_does() -> None:
    """The web page's lobby calls the Clear by the word of the library's catalog, the
    rulebook's own: "Clear" in Latin letters where the Khmer, Armenian and Vietnamese
    rulebooks keep it so, "క్లియర్" in Telugu."""
    import json

    page = json.loads((Path(__file__).parent.parent / "examples/web/static/texts.json").read_text("utf-8"))
    words = {tag: translation(tag).gettext("Clear") for tag in languages()}
    assert words == {"hy": "Clear", "km": "Clear", "te": "క్లియర్", "vi": "Clear"}
    for tag, word in words.items():
        assert page["texts"][tag]["clear_ends_turn"].startswith(word), tag
