"""A refusal whose words the rules built before the voice (a Hard Knock blocking a
withdrawal, an Order forbidding an action) keeps its form and facts, so a French table
reads it in French and an English one reads what it always read (issue 45)."""

from __future__ import annotations

from contextvars import copy_context

from domain.errors import N_, Formed, WithdrawalRefused
from voice import lang
from voice.refusal import refused


def _said(error: WithdrawalRefused, code: str) -> str:
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
