"""Every package reads top-down: no import circle in the command line, the core, the web package or a game, even through imports inside functions.

The command line: no module of muggins_cli imports, at load, a module that
imports it back, nor through imports inside functions. The core
(`muggins`): every import counts, the ones inside functions too, since a
lazy import only hides a circle until it runs. A lazy import is allowed
only where it is listed below with its reason; the only one that may point
back up (and so close a circle) is named in BACK_REFERENCES: a documented
re-export kept on purpose. Nothing below the registry (`muggins.plugins`)
imports it, even lazily, nor reaches a process-wide registry kept anywhere
else: it is passed in. The two front ends stand side by side on the core:
neither `muggins_web` nor `muggins_cli` imports the other, even inside a
function (`muggins serve` joins the command line as any plugin's command
does). Imports under `if TYPE_CHECKING:` never run and are not edges, except
that the engine may not name records even there.
"""

from __future__ import annotations

import ast
import functools
import importlib
import sys
from pathlib import Path

import pytest

import muggins
import muggins_cli

PACKAGE = Path(muggins_cli.__file__).parent
CORE = Path(muggins.__file__).parent


def _load_time_imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.glob("*.py"):
        found: set[str] = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:  # module level only: lazy imports are fine
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found.update([node.module.split(".")[0]] if node.module else [a.name for a in node.names])
        graph[path.stem] = found
    return graph


def test_no_module_of_the_command_line_imports_its_importer_back():
    graph = _load_time_imports()

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    circles = sorted(module for module in graph if reaches(module, module, {module}))
    assert circles == [], f"modules in an import circle: {circles}"
    assert graph["warnings_and_defaults"] == set() and "main" not in set().union(*(graph[m] for m in graph if m != "__main__"))
    assert graph["session"] == {"warnings_and_defaults"}  # the old name, a re-export only


# -- the core ---------------------------------------------------------------------------------------------
# The registry (`muggins.plugins`) is passed in to whatever needs one below it: no module of the core reaches up
# to it for a default or to blame a plugin (faults are named through muggins.faults, handed the registry each
# time; no registry is kept there). What loads the registry lazily does so from above it (simulating, the ladder,
# the kit, a front end's registry).

#: Lazy imports that point back up, each closing a circle that only a call can walk: kept on purpose, each a
#: documented name of the public API (docs/records.md, docs/writing-plugins.md) that plugins may import.
BACK_REFERENCES = {
    ("muggins.records", "muggins.replay"): "the names that moved to muggins.replay, still importable from muggins.records "
                                           "on first use for one release, deprecated with a warning (docs/writing-plugins.md); "
                                           "nothing of the project imports them that way and importing records loads no engine",
}

#: Lazy imports that only put off loading a module: they must not close a circle.
DEFERRED = {
    ("muggins.fairness", "muggins.rng"): "the record reader checks a deal's shape through fairness; only drawing a new "
                                         "deal needs the random-number module",
    ("muggins.game", "muggins.rules"): "a Game is defined and listed without the rules reader, which only saving and "
                                       "restoring a State needs",
    ("muggins.plugins", "muggins.houserules"): "only loading plugins checks their MUGGINS_SUPPORTS",
    ("muggins.cluster", "muggins.plugins"): "a cluster worker loads its own registry, by the game's name, when it first plays",
    ("muggins.ladder", "muggins.plugins"): "a ladder made without a registry loads the process's when it first runs a match",
    ("muggins.simulate.chunks", "muggins.plugins"): "a worker process loads its own registry when it plays its first chunk",
    ("muggins.simulate.planning", "muggins.plugins"): "a plan made without a registry loads the process's when it is made",
    ("muggins.plugins", "muggins.search"): "the built-in kind `search` is listed without the search, which only seating "
                                           "a search player imports (the engine never does)",
    ("muggins.plugins", "muggins"): "reads the package's own version; the package is loaded before any of its modules",
    ("muggins.front_end", "muggins.plugins"): "a command line imports the front ends' errors at start-up; only a command that "
                                              "plays loads the plugins",
    ("muggins.testing.pytest_plugin", "muggins.testing"): "a pytest entry point, loaded by every pytest run beside muggins: "
                                                          "the kit is imported when a fixture is used",
    ("muggins.testing.pytest_plugin", "muggins.snapshot"): "the same entry point, the same reason",
    ("muggins.testing.pytest_plugin", "muggins.plugins"): "the same entry point: the registry is loaded when a fixture is used",
    ("muggins.testing.pytest_plugin", "muggins.game"): "the same entry point: a game's capabilities are read when a fixture builds a position",
}
#: The package's names are imported on first use (PEP 562), so `import muggins` loads none of its modules.
PEP_562 = {("muggins", f"muggins.{module}") for module in muggins._EXPORTS}

#: The only third-party packages the core imports inside functions: optional dependencies, never needed at load.
OPTIONAL_DEPENDENCIES = {"distributed": "muggins.cluster (simulate --cluster)", "tomli_w": "muggins.rules (writing rules as TOML)",
                         "openskill": "muggins.ladder (the ratings, muggins-core[ladder])",
                         "pettingzoo": "muggins.rl (the PettingZoo environment, muggins-core[rl]: its class is made on first use)",
                         "gymnasium": "muggins.rl (the environment's spaces, muggins-core[rl])",
                         "numpy": "muggins.rl (observations as arrays; gymnasium brings it, muggins-core[rl]) and muggins.openspiel",
                         "pyspiel": "muggins.openspiel (every installed game as an OpenSpiel game: open-spiel is installed apart, "
                                    "the benchmark group's; its classes are made when the module is imported)",
                         "babel": "muggins.testing.translations (the kit's translation check, run in a plugin's tests) and "
                                  "muggins.i18n.compiled_catalogue (compiling a catalogue: the scaffold, the catalogue script)"}

#: Modules of the standard library of another Python the core supports, which this interpreter's list may lack: each is
#: imported only inside a function, with a fallback.
OTHER_PYTHONS_STDLIB = {"_sha2": "muggins.snapshot (the interpreter's own SHA-256 in Python 3.12 and later; _sha256 in 3.11, "
                                 "whose hashlib would load OpenSSL at every `muggins list`)",
                        "_sha256": "the same, in Python 3.11 (gone in 3.12)"}


def _core_modules(folder: Path = CORE, root: str = "muggins") -> dict[str, Path]:
    modules = {}
    for path in folder.rglob("*.py"):
        parts = (root, *path.relative_to(folder).with_suffix("").parts)
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


class _Imports(ast.NodeVisitor):
    """Every import statement of one module, with whether it runs inside a function and whether only for type checkers."""

    def __init__(self) -> None:
        self.found: list[tuple[ast.Import | ast.ImportFrom, bool, bool]] = []
        self.functions = 0
        self.typing = 0

    def visit_FunctionDef(self, node: ast.AST) -> None:
        self.functions += 1
        self.generic_visit(node)
        self.functions -= 1

    visit_AsyncFunctionDef = visit_Lambda = visit_FunctionDef

    def visit_If(self, node: ast.If) -> None:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            self.typing += 1
            for child in node.body:
                self.visit(child)
            self.typing -= 1
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        self.found.append((node, self.functions > 0, self.typing > 0))

    visit_ImportFrom = visit_Import


def _targets(importer: str, is_package: bool, node: ast.Import | ast.ImportFrom, modules: dict[str, Path],
             root: str = "muggins") -> tuple[set[str], set[str]]:
    """The core modules an import statement loads or reads names from, and the other top-level packages it imports.

    Importing `a.b.c` loads the packages `a` and `a.b` first, so they count,
    except the importer's own packages: they were loaded before it, and count
    only when it reads a name of theirs (not one of their modules).
    """
    if isinstance(node, ast.Import):
        named = [(alias.name, ()) for alias in node.names]
    else:
        if node.level:
            base = importer.split(".") if is_package else importer.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            module = ".".join(base + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        named = [(module, tuple(alias.name for alias in node.names))]
    core, outside = set(), set()
    ancestors = {".".join(importer.split(".")[:n]) for n in range(1, importer.count(".") + 1)}
    for module, names in named:
        if module.split(".")[0] != root:
            outside.add(module.split(".")[0])
            continue
        parts = module.split(".")
        loaded = {".".join(parts[:n]) for n in range(1, len(parts) + 1)} - ancestors - {importer}
        submodules = {f"{module}.{name}" for name in names if f"{module}.{name}" in modules}
        if module in ancestors and len(submodules) < len(names):
            loaded.add(module)  # a name read from a package the importer lives in
        core |= {m for m in loaded | submodules if m in modules}
    return core, outside


@functools.lru_cache(maxsize=1)  # every test reads the same scan (none changes it); parsing the core once is most of their time
def _core_graph() -> tuple[dict[tuple[str, str], bool], dict[str, list[tuple[str, bool]]], dict[str, set[str]]]:
    """The core's import edges, (importer, imported) -> whether only inside functions; each module's other
    packages, with whether inside a function; and the core modules each names under TYPE_CHECKING."""
    modules = _core_modules()
    edges: dict[tuple[str, str], bool] = {}
    outside: dict[str, list[tuple[str, bool]]] = {}
    typing_only: dict[str, set[str]] = {}
    for name, path in modules.items():
        visitor = _Imports()
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        for node, lazy, typing in visitor.found:
            core, others = _targets(name, path.name == "__init__.py", node, modules)
            if typing:
                typing_only.setdefault(name, set()).update(core)
                continue
            for target in core:
                edges[name, target] = edges.get((name, target), True) and lazy
            outside.setdefault(name, []).extend((other, lazy) for other in others)
    for edge in PEP_562:
        edges.setdefault(edge, True)
    return edges, outside, typing_only


def _checked(edges: dict[tuple[str, str], bool]) -> dict[str, set[str]]:
    """The edges a circle may not run through: all but the listed back-references."""
    graph: dict[str, set[str]] = {}
    for (source, target), lazy in edges.items():
        if lazy and (source, target) in BACK_REFERENCES:
            continue
        graph.setdefault(source, set()).add(target)
    return graph


def _path(graph: dict[str, set[str]], start: str, goal: str) -> list[str] | None:
    """A shortest import path from `start` to `goal`, or None."""
    paths, seen = [[start]], {start}
    while paths:
        path = paths.pop(0)
        for nxt in sorted(graph.get(path[-1], ())):
            if nxt == goal:
                return path + [nxt]
            if nxt not in seen:
                seen.add(nxt)
                paths.append(path + [nxt])
    return None


def test_every_import_inside_a_core_function_is_one_with_a_reason():
    edges, outside, _ = _core_graph()
    lazy = {edge for edge, only_lazy in edges.items() if only_lazy}
    listed = set(BACK_REFERENCES) | set(DEFERRED) | PEP_562
    assert sorted(lazy - listed) == [], "imports inside functions with no reason given in this test (make them module-level, or list them)"
    assert sorted(listed - lazy) == [], "listed lazy imports that are gone or now happen at load: update the lists"
    assert all(reason.strip() for reason in (*BACK_REFERENCES.values(), *DEFERRED.values()))
    third_party = {(module, package) for module, found in outside.items() for package, _ in found
                   if package not in sys.stdlib_module_names and package not in OTHER_PYTHONS_STDLIB and package != "__future__"}
    lazily = {(module, package) for module, found in outside.items() for package, inside in found if inside}
    assert {package for _, package in third_party & lazily} <= set(OPTIONAL_DEPENDENCIES), "only optional dependencies are imported inside functions"
    eager = {package for module, found in outside.items() for package, inside in found if not inside}
    assert not eager & set(OPTIONAL_DEPENDENCIES), "an optional dependency imported at load makes it required"
    assert not eager & set(OTHER_PYTHONS_STDLIB), "a module some supported Python lacks, imported at load"


def test_the_core_has_no_import_circle_even_through_imports_inside_functions():
    edges, _, _ = _core_graph()
    graph = _checked(edges)
    circles = [path for module in sorted(graph) if (path := _path(graph, module, module))]
    assert circles == [], f"import circles in the core: {[' -> '.join(path) for path in circles]}"
    for source, target in BACK_REFERENCES:
        # A listed back-reference that no longer closes a circle is only deferred: move it to DEFERRED.
        assert _path(graph, target, source), f"{source} -> {target} is listed as a back-reference but closes no circle"


def test_the_engine_imports_nothing_of_records_in_any_form():
    edges, _, typing_only = _core_graph()
    records = {module for module in _core_modules() if module == "muggins.records" or module.startswith("muggins.records.")}
    named = {target for (source, target) in edges if source == "muggins.engine"} | typing_only.get("muggins.engine", set())
    assert named & records == set(), "the engine imports records (it declares RecordSink instead)"
    assert not named & {"muggins.replay"}, "the engine imports replay, which sits above it"
    for module in sorted(records | {"muggins.replay"}):
        assert _path(_checked(edges), "muggins.engine", module) is None, f"the engine reaches {module}"
    tree = ast.parse((CORE / "engine.py").read_text(encoding="utf-8"))
    dynamic = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__")]
    assert dynamic == [], "the engine imports modules by name"


def test_the_graph_sees_the_imports_that_matter():
    # The scanner itself: a lazy edge, a back-reference and the engine's sink are where the code says they are.
    edges, _, _ = _core_graph()
    assert ("muggins.houserules", "muggins.plugins") not in edges  # a game's hooks come from the registry it was registered with
    assert ("muggins.search.player", "muggins.plugins") not in edges  # rollouts are seated from the registry make_players passes
    assert ("muggins.rules", "muggins.houserules") not in edges  # the [plugins] switches live below both, in muggins.switches
    assert edges[("muggins.houserules", "muggins.rules")] is False
    assert ("muggins.engine", "muggins.plugins") not in edges  # faults are named through muggins.faults, below the registry
    assert edges[("muggins.replay", "muggins.engine")] is False and edges[("muggins.replay", "muggins.records.format")] is False
    assert edges[("muggins.replay", "muggins.records")] is False  # importing a submodule loads its package first
    assert edges[("muggins.records", "muggins.replay")] is True
    assert ("muggins.records.format", "muggins.records") not in edges  # a package's own modules load after it


#: Inside `muggins.simulate` each module does one job and imports only the siblings below it; `run` (simulate itself)
#: ties them together, and the package's `__init__` only re-exports.
SIMULATE_SIBLINGS = {
    "muggins.simulate.chunks": set(),
    "muggins.simulate.planning": set(),
    "muggins.simulate.totals": {"chunks"},
    "muggins.simulate.folding": {"chunks"},
    "muggins.simulate.runners": {"chunks"},
    "muggins.simulate.run": {"chunks", "folding", "planning", "runners", "totals"},
}


def test_the_simulation_package_reads_bottom_up():
    edges, _, _ = _core_graph()
    inside = {module for module in _core_modules() if module.startswith("muggins.simulate.")}
    assert inside == set(SIMULATE_SIBLINGS), "a module added to or gone from muggins.simulate: place it in SIMULATE_SIBLINGS"
    for module, allowed in SIMULATE_SIBLINGS.items():
        siblings = {target.rpartition(".")[2] for source, target in edges if source == module and target.startswith("muggins.simulate")}
        assert siblings == allowed, f"{module} imports {sorted(siblings)} of its package, not {sorted(allowed)}"
    outside = sorted((source, target) for source, target in edges if target in inside and not source.startswith("muggins.simulate"))
    assert outside == [], "the rest of the core imports the package's names, never its modules"
    assert ("muggins.study", "muggins.simulate") in edges and ("muggins.cluster", "muggins.simulate") in edges


# -- the web package and the games ------------------------------------------------------------------------
#: Packages read as the core is: every import inside them counts, inside functions too, and none may close a circle.
PACKAGES = ("muggins_web", "muggins_cli", "muggins_shedding", "willughby_fishing", "cribbage_muggins")


def _package_circles(root: str) -> list[str]:
    folder = Path(importlib.import_module(root).__file__).parent
    modules = _core_modules(folder, root)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        visitor = _Imports()
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        for node, _lazy, typing in visitor.found:
            if not typing:
                graph.setdefault(name, set()).update(_targets(name, path.name == "__init__.py", node, modules, root)[0])
    return [" -> ".join(path) for module in sorted(graph) if (path := _path(graph, module, module))]


@pytest.mark.parametrize("root", PACKAGES)
def test_the_web_package_and_each_game_have_no_import_circle_even_through_imports_inside_functions(root):
    assert _package_circles(root) == [], f"import circles in {root}"


def test_the_package_scan_sees_a_game_s_imports():
    # The scanner on a game: cribbage's house rules and its game both learn the hook names from below them.
    folder = Path(importlib.import_module("cribbage_muggins").__file__).parent
    assert "cribbage_muggins.hooks_in_use" in _core_modules(folder, "cribbage_muggins")
    assert "from .hooks_in_use import" in (folder / "house.py").read_text(encoding="utf-8")
    assert "from .game import" not in (folder / "house.py").read_text(encoding="utf-8")



#: The plugin layer, split by job: each module below the public `muggins.plugins` (which loads and re-exports) does one.
PLUGIN_LAYER = ("muggins.plugin_guards", "muggins.registry", "muggins.discovery", "muggins.plugin_checks")


def test_the_plugin_layer_is_split_by_job_below_its_public_module():
    edges, _, _ = _core_graph()
    modules = _core_modules()
    for module in (*PLUGIN_LAYER, "muggins.plugins"):
        lines = modules[module].read_text(encoding="utf-8").count("\n")
        assert lines <= 400, f"{module} has {lines} lines: split it by job"
    for module in PLUGIN_LAYER:
        assert (module, "muggins.plugins") not in edges, f"{module} sits below muggins.plugins and may not import it"
        assert all((module, "muggins.search") != edge and (module, "muggins.houserules") != edge for edge in edges), (
            f"{module} loads what only seating a search player or checking MUGGINS_SUPPORTS needs")
    assert ("muggins.plugin_guards", "muggins.registry") not in edges  # the guards know nothing of the registry


# -- the two front ends, side by side -----------------------------------------------------------------------
def _every_import(path: Path) -> set[str]:
    """Every module `path` names in an import that runs: at its top or inside a function (not under TYPE_CHECKING)."""
    visitor = _Imports()
    visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
    named = set()
    for node, _lazy, typing in visitor.found:
        if typing:
            continue
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif node.level == 0 and node.module:
            named.add(node.module)
    return named


def _naming(package: str, other: str) -> dict[str, list[str]]:
    folder = Path(importlib.import_module(package).__file__).parent
    found = {}
    for path in sorted(folder.rglob("*.py")):
        named = sorted(n for n in _every_import(path) if n.split(".")[0] == other)
        if named:
            found[str(path.relative_to(folder))] = named
    return found


@pytest.mark.parametrize(("package", "other"), [("muggins_web", "muggins_cli"), ("muggins_cli", "muggins_web")])
def test_neither_front_end_imports_the_other_even_inside_a_function(package, other):
    assert _naming(package, other) == {}, f"{package} imports {other}"


def test_the_front_end_scan_sees_an_import_inside_a_function(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import muggins_web.app\n"
                      "def f():\n    from muggins_cli.errors import BadInput\n", encoding="utf-8")
    assert _every_import(sample) == {"typing", "muggins_cli.errors"}


def test_no_process_wide_registry_is_kept_below_the_plugin_layer():
    import muggins.faults as faults

    kept = {name for name, value in vars(faults).items() if "registry" in name.lower() or name == "_current"}
    assert kept == set(), f"muggins.faults keeps {sorted(kept)}"
    below = [module for module in (*PLUGIN_LAYER, "muggins.faults", "muggins.engine", "muggins.players", "muggins.seat_words")]
    for module in below:
        source = _core_modules()[module].read_text(encoding="utf-8")
        assert "current_registry" not in source and "get_registry" not in source, f"{module} reaches for the process-wide registry"


def test_the_command_bodies_fit_in_350_lines():
    lines = (PACKAGE / "commands.py").read_text(encoding="utf-8").count("\n")
    assert lines < 350, f"muggins_cli/commands.py has {lines} lines"
