"""The eventsourcing library is imported through tracker.library, which changes nothing in
the standard library; the command line hands over the one builtin signature the library
asks for as it is imported (tracker/speedups.py says why)."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path

from tracker.signatures import OBJECT_INIT, knowing_object_init

ROOT = Path(__file__).resolve().parents[2]


def test_the_signature_handed_over_is_the_one_inspect_computes() -> None:
    assert inspect.signature(object.__init__) == OBJECT_INIT
    assert str(OBJECT_INIT) == str(inspect.signature(object.__init__))


def test_every_other_object_gets_the_signature_inspect_computes() -> None:
    def f(a: int, *, b: str = "") -> None: ...

    known = knowing_object_init(inspect.signature)
    assert known(object.__init__) is OBJECT_INIT
    assert known(f) == inspect.signature(f)
    assert known(dict.get) == inspect.signature(dict.get)


def test_a_logged_action_compiles_no_tokenizer_to_import_the_library() -> None:
    code = (
        "from tracker import speedups\n"
        "assert speedups.install()\n"  # as the grizzled script does
        "import tokenize, tracker.app, tracker.integrity\n"
        "print(tokenize._compile.cache_info().currsize)"  # the tokenizer's compiled patterns
    )
    env = {k: v for k, v in os.environ.items() if k != "GRIZZLED_SPEEDUPS"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    )
    assert out.stdout.strip() == "0"


def test_only_the_library_module_imports_eventsourcing() -> None:
    importers = sorted(
        str(path.relative_to(ROOT))
        for folder in ("domain", "tracker", "projections", "cli")
        for path in (ROOT / folder).rglob("*.py")
        if "import eventsourcing" in path.read_text() or "from eventsourcing" in path.read_text()
    )
    assert importers == ["tracker/library.py"]


def _run(code: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "GRIZZLED_SPEEDUPS"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    )
    return out.stdout


def _with_and_without(code: str) -> tuple[list[str], list[str]]:
    """The lines ``code`` prints with the speed tricks installed, and without them."""
    later = _run("from tracker import speedups\nassert speedups.install()\n" + code)
    return later.splitlines(), _run(code).splitlines()


def test_msgspec_s_unused_parts_load_only_when_used_and_then_answer_as_before() -> None:
    use = (
        "import msgspec, sys\n"
        "class S(msgspec.Struct):\n    a: int\n    b: list[str] = []\n"
        "print(msgspec.json.schema(S), msgspec.json.schema_components((S,)))\n"
        "print(msgspec.inspect.type_info(S))\n"
        "print(msgspec.yaml.__name__, msgspec.toml.__name__)\n"
    )
    later = _run(
        "from tracker import speedups\n"
        "assert speedups.install()\n"
        "import sys, domain.chapter.state, tracker.app\n"  # what a logged action imports
        "print(sorted(n for n in ('msgspec.inspect', 'msgspec.toml', 'msgspec.yaml', 'textwrap')"
        " if type(sys.modules.get(n)).__name__ == 'module'))\n" + use
    )
    loaded, _, answers = later.partition("\n")
    assert loaded in ("[]", "['textwrap']")  # (textwrap: the standard library's, if imported)
    assert answers == _run(use)  # the same as msgspec imported whole


def test_typing_extensions_is_answered_from_typing_until_another_name_is_read() -> None:
    code = (
        "from tracker import speedups\n"
        "assert speedups.install()\n"
        "import sys, domain.chapter.state, tracker.app\n"  # what a logged action imports
        "import typing_extensions as first\n"
        "print(type(first).__name__, type(first) is type(sys))\n"
        "from typing_extensions import TypeVar, deprecated\n"  # a name typing lacks here
        "import typing_extensions as then\n"
        "print(type(then) is type(sys), then is sys.modules['typing_extensions'])\n"
        "print(deprecated is then.deprecated, first.Literal is then.Literal)\n"
        "T = TypeVar('T', bound=int, default=int)\n"
        "print(T.__name__, T.__bound__)\n"
    )
    assert _run(code).splitlines() == [
        "TypingExtensions False",
        "True True",
        "True True",
        "T <class 'int'>",
    ]
    env = {**os.environ, "GRIZZLED_SPEEDUPS": "0"}  # switched off: the real module at once
    off = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert "AssertionError" in off.stderr  # install() says it installs nothing


def test_platform_is_answered_for_uuid_until_another_name_is_read() -> None:
    """On Linux before 3.13 ``uuid`` imports ``platform`` for ``system()`` alone: a logged
    action gets it from the stand-in, never compiling ``platform``'s expressions; any
    other name loads the real module, which every later import then gets."""
    code = (
        "import sys\n"
        "from tracker import speedups\n"
        "assert speedups.install()\n"
        "import uuid, tracker.app\n"  # what a logged action imports
        "import platform as first\n"
        "print(type(first).__name__, first.system(), uuid._LINUX)\n"
        "print(uuid.uuid5(uuid.NAMESPACE_URL, 'grizzled'))\n"
        "machine = first.machine()\n"  # a name the stand-in lacks: the real module
        "import platform as then\n"
        "print(type(then) is type(sys), then is sys.modules['platform'])\n"
        "print(machine == then.machine())\n"
        "print(first.system() == then.system() == 'Linux')\n"
    )
    import uuid

    stand_in = "Platform" if sys.version_info < (3, 13) else "module"  # 3.13: not imported
    assert _run(code).splitlines() == [
        f"{stand_in} Linux True",
        str(uuid.uuid5(uuid.NAMESPACE_URL, "grizzled")),
        "True True",
        "True",
        "True",
    ]


def test_a_forward_reference_is_compiled_when_first_read_and_evaluates_as_before() -> None:
    code = (
        "import typing, msgspec\n"
        "exec('from __future__ import annotations\\nimport typing\\n'\n"  # as our modules
        "     'class Shape(typing.NamedTuple):\\n    sides: int\\n    name: str | None = None\\n',"
        " globals())\n"
        "slot = typing.ForwardRef.__dict__['__forward_code__']\n"
        "first = Shape.__annotations__['sides']\n"
        "print(type(slot).__name__, first == typing.ForwardRef('int'))\n"
        "print(typing.get_type_hints(Shape))\n"
        "print(msgspec.json.decode(b'[3, \"square\"]', type=Shape))\n"
        "print(first.__forward_code__.co_names)\n"
        "print(typing.ForwardRef('*Ts').__forward_code__.co_names)\n"
        "try:\n    typing.ForwardRef('1 +')._evaluate({}, {}, recursive_guard=frozenset())\n"
        "except SyntaxError as error:\n    print(error)\n"
    )
    later = _run("from tracker import speedups\nassert speedups.install()\n" + code)
    assert later.splitlines()[0] == "LaterCode True"
    asis = _run(code)
    assert asis.splitlines()[0] == "member_descriptor True"
    assert later.splitlines()[1:] == asis.splitlines()[1:]
    assert "Forward reference must be an expression -- got '1 +'" in later


def test_json_s_patterns_are_compiled_when_first_used_and_answer_as_before() -> None:
    """``json`` compiles six patterns as it is imported; with its C scanner and encoder a
    command matches one (``json.loads``'s whitespace), compiled then: every other is never
    compiled, and every answer is the one the real patterns give."""
    code = (
        "import json, json.decoder as d, json.encoder as e, json.scanner as s, re\n"
        "kinds = [type(p).__name__ for p in (d.WHITESPACE, d.STRINGCHUNK, e.ESCAPE,"
        " e.ESCAPE_ASCII, e.HAS_UTF8, s.NUMBER_RE)]\n"
        "print(kinds[0], sorted(set(kinds)))\n"
        'print(json.loads(\' {"a": [1, 2.5e3, "\\\\u00e9x\\\\n"], "b": null} \'))\n'
        "print(json.dumps({'é': 'a\"\\\\\\n\\x01', 'n': [1.5, None]}, sort_keys=True))\n"
        "print(json.dumps({'é': 'x'}, ensure_ascii=False, indent=1))\n"
        "print(d.py_scanstring('ab\"c', 0), e.py_encode_basestring_ascii('é\"'))\n"
        "print(s.py_make_scanner(d.JSONDecoder())('[-12.5e1, 3]', 0))\n"
        "print(bool(e.HAS_UTF8.search(b'\\xc3')), d.WHITESPACE.match('  x').end())\n"
        "try:\n    json.loads('[1,')\nexcept json.JSONDecodeError as error:\n    print(error)\n"
        "print([type(p).__name__ for p in (d.STRINGCHUNK, s.NUMBER_RE)])\n"
    )
    later, asis = _with_and_without(code)
    assert later[0] == "LaterPattern ['LaterPattern']"
    assert asis[0] == "Pattern ['Pattern']"
    assert later[1:-1] == asis[1:-1]
    assert "Expecting value: line 1 column 4 (char 3)" in later
    untouched = (
        "from tracker import speedups\nassert speedups.install()\n"
        "import json, json.decoder as d, json.encoder as e, json.scanner as s\n"
        "json.loads('[1, \"x\"]'); json.dumps({'a': 'é'})\n"
        "print([p.compiled is None for p in (d.WHITESPACE, d.STRINGCHUNK, e.ESCAPE,"
        " e.ESCAPE_ASCII, e.HAS_UTF8, s.NUMBER_RE)])\n"
    )
    assert _run(untouched).strip() == "[False, True, True, True, True, True]"


def test_a_short_option_is_parsed_without_difflib_and_a_wrong_one_still_suggests() -> None:
    """click looks a short option up among the long ones first and catches the error that
    raises, which looked for close matches as it was made: now when its message is read,
    which says what it said (``Did you mean --reason?``)."""
    code = (
        "import sys, click\n"
        "from click.testing import CliRunner\n"
        "@click.command()\n"
        "@click.option('-r', '--reason')\n@click.option('--rest', is_flag=True)\n"
        "def c(reason, rest):\n    click.echo(f'{reason} {rest}')\n"
        "print(CliRunner().invoke(c, ['-r', 'why']).output.strip(), 'difflib' in sys.modules)\n"
        "print(CliRunner().invoke(c, ['--reasn', 'x']).output.strip().splitlines()[-1])\n"
        "print(CliRunner().invoke(c, ['-x']).output.strip().splitlines()[-1])\n"
    )
    later, asis = _with_and_without(code)
    assert later[0] == "why False False"
    assert asis[0] == "why False True"
    assert later[1:] == asis[1:]
    assert later[1].endswith("(Did you mean one of: '--reason', '--rest'?)")
