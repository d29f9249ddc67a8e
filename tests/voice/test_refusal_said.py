"""A refusal whose words the rules built before the voice (a Hard Knock blocking a
withdrawal, an Order forbidding an action) keeps its form and facts, so a French table
reads it in French and an English one reads what it always read (issue 45)."""

from __future__ import annotations

from contextvars import copy_context

from domain.errors import N_, Formed, RuleViolation, WithdrawalRefused
from voice import lang
from voice.refusal import refused


def _said(error: RuleViolation, code: str) -> str:
    def read() -> str:
        lang.use(code)
        return refused(error)

    return copy_context().run(read)


def test_a_solo_refusal_filled_with_a_hard_knocks_reason_reads_whole_in_french() -> None:
    reason = Formed(
        N_("{player} is Hardheaded: no withdrawal while holding {count} cards (2 or more)"),
        player="Ann",
        count=3,
    )
    error = WithdrawalRefused(
        N_("{reason} (in Solo mode the single hand is theirs)"), reason=reason
    )

    assert _said(error, "en") == (
        "Refused (withdrawal): Ann is Hardheaded: no withdrawal while holding 3 cards "
        "(2 or more) (in Solo mode the single hand is theirs)"
    )
    french = _said(error, "fr")
    assert "Ann est Têtu" in french and "3 cartes" in french
    assert "Hardheaded" not in french and "holding" not in french


def test_an_order_forbidding_a_speech_is_refused_in_french_and_as_ever_in_english() -> None:
    from domain.cards.catalogue import Forbid
    from domain.chapter.commands import MakeSpeech
    from domain.errors import W_
    from domain.modules.effects import InForce, forbidden, refusal

    card = InForce("order", "Order #21 Tenir", W_("this Mission"), (), (), None, 21, "Tenir")
    speech = MakeSpeech("Ann", "gas")
    error = forbidden(card, refusal(None, card, Forbid("speech"), speech))  # type: ignore[arg-type]

    assert _said(error, "en") == (
        "Refused (orders of the day): Order #21 Tenir: no Speech this Mission"
    )
    assert _said(error, "fr") == (
        "Refusé (Ordres du jour)\u00a0: Ordre n°21 Tenir\u00a0: pas de Discours pendant cette "
        "Mission"
    )
