"""A module is one room (issue 29): the chapter's basic rules (domain/chapter/) name none of
the optional modules. Named means in the code, not in a docstring or a comment quoting the
rulebook: an identifier one of whose words (split at ``_`` and at capitals) is a module's
(``orders``, ``OrderPiles``, ``order_back``, ``recruit``, ``solo``, ``luck``,
``friendship``, ``duo``, ``one_shot``), or a string that is not a docstring and says its
name (``"Orders of the Day"``). The bare word ``order`` is English (a deck's order), not
the module; ``Order`` in a name (``CancelOrder``) or ``order_back`` is the module. The Good
Luck Charm is the base game's (every Grizzled has one), not the Armistice's Luck symbols.

The list of places where the chapter still named a module (``STILL_NAMED``) shrank room by
room and is empty: every module keeps its record in ``ChapterState.modules``, its
corrections, commands and words in its room, and what the chapter's own commands carry for
it (the Orders' deck and the order kept and put back, the Recruits' deck and the Recruit
entering) as options it names itself (``Module.options``), stored flat under those names.
A new place fails.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = ROOT / "domain" / "chapter"
MODULE_WORDS = {
    "orders": "Orders of the Day",
    "recruit": "Recruits",
    "recruits": "Recruits",
    "solo": "Solo",
    "luck": "Luck",
    "friendship": "Friendships",
    "friendships": "Friendships",
    "duo": "Duo",
    "oneshot": "One-shot",
}
SAID = re.compile(
    r"Orders? of the Day|\bRecruits?\b|\bSolo\b|(?<!Good )\bLuck\b|\bFriendships?\b|\bDuo\b"
    r"|One-shot"
)


def _words(identifier: str) -> list[str]:
    return re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", identifier.replace("one_shot", "oneshot"))


def modules_named(identifier: str) -> set[str]:
    """The modules an identifier names."""
    words = _words(identifier)
    named = {MODULE_WORDS[w.lower()] for w in words if w.lower() in MODULE_WORDS}
    if "Order" in words or "ORDERS" in words or "order_back" in identifier:
        named.add("Orders of the Day")
    return named


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _identifiers(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.alias):
        return [node.name.rpartition(".")[2], node.asname or ""]
    if isinstance(node, ast.keyword):
        return [node.arg or ""]
    return []


def named_in(path: Path) -> set[str]:
    """The modules a file's code names."""
    tree = ast.parse(path.read_text("utf-8"))
    docstrings, named = _docstrings(tree), set()
    for node in ast.walk(tree):
        for identifier in _identifiers(node):
            named |= modules_named(identifier)
        text = node.value if isinstance(node, ast.Constant) else None
        if isinstance(text, str) and id(node) not in docstrings:
            named |= {MODULE_WORDS.get(m.lower(), m) for m in SAID.findall(text)}
    return {"Orders of the Day" if n.startswith("Order") else n for n in named}


STILL_NAMED: dict[str, set[str]] = {}  # the list is down to nothing: the chapter names no module


def test_an_identifier_names_a_module_by_its_words_and_the_english_order_does_not() -> None:
    assert modules_named("OrderPiles") == modules_named("order_back") == {"Orders of the Day"}
    assert modules_named("RECRUIT_TURN") == {"Recruits"}
    assert modules_named("unspent_luck") == {"Luck"}
    assert modules_named("deal_order") == modules_named("THREAT_ORDER") == set()
    assert modules_named("recruitment") == set()


def test_a_text_names_luck_by_its_symbols_and_the_good_luck_charm_does_not() -> None:
    assert SAID.findall("the Luck of rain+luck cancels it") == ["Luck"]
    assert SAID.findall("Ann's Good Luck Charm is already used") == []


def test_the_chapters_rules_name_no_module() -> None:
    found = {path.name: named_in(path) for path in sorted(CHAPTER.glob("*.py"))}
    found = {name: named for name, named in found.items() if named}
    assert found == STILL_NAMED == {}
