"""The layout is the architecture: imports go down the layers, never in a cycle, and no module
reaches into another module's underscore names; tutor/ keeps its rooms: its words and figures
(tutor/text/) never import Streamlit, its widgets never import a page (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Layer of each package; a module may import its own package or a package of a lower layer.
LAYERS = {
    "solver.rules": 0,
    "solver.records": 1,
    "solver.teaching": 1,
    "solver.policies": 2,
    "solver.compiled": 3,  # the compiled core (numba) and its seam
    "solver.inference": 3,
    "solver.analysis": 4,
    "solver.advice": 5,
    "solver": 6,  # the facade, the CLI
    "tutor": 7,
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_of(module: str) -> str:
    best = ""
    for pkg in LAYERS:
        if (module == pkg or module.startswith(pkg + ".")) and len(pkg) > len(best):
            best = pkg
    return best


def imports(path: Path):
    """(imported module, imported names) for every import in the file, relative ones resolved."""
    tree = ast.parse(path.read_text(), filename=str(path))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ()
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            yield base, tuple(a.name for a in node.names)


def sources():
    for top in ("solver", "tutor"):
        yield from sorted((ROOT / top).rglob("*.py"))


def test_layout_has_the_layer_packages():
    for pkg in LAYERS:
        if pkg.startswith("solver."):
            init = ROOT / pkg.replace(".", "/") / "__init__.py"
            assert init.is_file(), pkg
            assert ast.get_docstring(ast.parse(init.read_text())), f"{pkg} needs a docstring"


def test_imports_only_go_down_the_layers():
    wrong = []
    for path in sources():
        here = module_name(path)
        mine = package_of(here)
        for target, _ in imports(path):
            if not (target == "solver" or target.startswith("solver.") or target.startswith("tutor")):
                continue
            theirs = package_of(target)
            if theirs == mine:
                continue
            if LAYERS[theirs] >= LAYERS[mine]:
                wrong.append(f"{here} imports {target}")
    assert wrong == []


def test_no_module_imports_another_modules_underscore_names():
    wrong = []
    for path in sources():
        for target, names in imports(path):
            if target.startswith(("solver", "tutor")):
                private = [n for n in names if n.startswith("_") and not n.startswith("__")]
                private += [p for p in target.split(".") if p.startswith("_") and p != "__main__"]
                if private:
                    wrong.append(f"{module_name(path)}: {target} {private}")
    assert wrong == []


def test_no_import_cycle_between_modules():
    import networkx as nx

    graph = nx.DiGraph()
    modules = {module_name(p): p for p in sources()}
    for name, path in modules.items():
        graph.add_node(name)
        for target, names in imports(path):
            for candidate in [f"{target}.{n}" for n in names] + [target]:
                if candidate in modules and candidate != name:
                    graph.add_edge(name, candidate)
                    break
    # Every import counts, a late one inside a function too, and an import of a package counts as an
    # import of its __init__: a cycle through a package's __init__ is a cycle.
    cycles = list(nx.simple_cycles(graph))
    assert cycles == []


def test_no_module_reaches_into_another_objects_underscore_attributes():
    """`solver._to_int(...)` on another module's object is a reach-in the import test does not see:
    an underscore attribute is read only on `self` or `cls` (a named tuple's own methods, `_replace`
    and `_make`, are its public interface)."""
    public = {"_replace", "_make", "_fields", "_asdict"}
    wrong = []
    for path in sources():
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                    and node.attr not in public:
                base = node.value
                if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                    continue
                wrong.append(f"{module_name(path)}:{node.lineno} .{node.attr}")
    assert wrong == []


#: The rooms of tutor/ (docs/architecture.md, "The tutor/ map"): the frame and what it shares at
#: the top, the pages, the Streamlit pieces the pages share, the pure words and figures.
TUTOR_MODULES = {"__init__", "app", "answers", "warmup"}
TUTOR_ROOMS = {"views", "widgets", "text", "workers"}


def tutor_modules(room: str):
    for path in sorted((ROOT / "tutor" / room).rglob("*.py")):
        yield module_name(path), path


def test_tutor_is_in_its_rooms():
    top = {p.stem for p in (ROOT / "tutor").glob("*.py")}
    rooms = {p.name for p in (ROOT / "tutor").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert top == TUTOR_MODULES and rooms == TUTOR_ROOMS, (top, rooms)


def test_tutor_text_and_answers_never_import_streamlit_or_the_app():
    """The words-and-numbers layer (and the cached solver answers it reads, and the worker pool that
    computes them) is testable without
    Streamlit: no import of it, of a widget, of a page or of the frame."""
    wrong = []
    paths = [*tutor_modules("text"), ("tutor.answers", ROOT / "tutor" / "answers.py"), *tutor_modules("workers")]
    for here, path in paths:
        for target, _ in imports(path):
            if target.split(".")[0] == "streamlit" or target.startswith(
                    ("tutor.widgets", "tutor.views", "tutor.app", "tutor.warmup")):
                wrong.append(f"{here} imports {target}")
    assert wrong == []


def test_tutor_widgets_never_import_a_page():
    wrong = [f"{here} imports {target}" for here, path in tutor_modules("widgets")
             for target, _ in imports(path) if target.startswith(("tutor.views", "tutor.app"))]
    assert wrong == []


def test_the_compiled_kernels_are_reached_only_through_their_seam():
    """`solver.compiled.kernels` (numba) is imported by `solver.compiled` (the seam) alone: callers ask
    the seam, which chooses the compiled or the Python path in one place (no `if compiled:` elsewhere)."""
    wrong = []
    for path in sources():
        here = module_name(path)
        if here.startswith("solver.compiled"):
            continue
        for target, names in imports(path):
            if target.startswith("solver.compiled.") or (target == "solver.compiled" and "kernels" in names) or \
                    target.split(".")[0] == "numba":
                wrong.append(f"{here} imports {target} {names}")
    assert wrong == []


def test_the_raw_kernels_reach_only_the_conformance_tests_and_the_benchmarks():
    """The raw kernels' face (`solver.compiled.raw`) is imported by the conformance tests and the
    benchmarks alone; the seam's own face (`solver.compiled`) no longer hands the kernels module out."""
    import solver.compiled as seam

    assert not hasattr(seam, "compiled_kernels") and "compiled_kernels" not in seam.__all__
    wrong = []
    for top in ("solver", "tutor", "tests", "benchmarks"):
        for path in sorted((ROOT / top).rglob("*.py")):
            here = module_name(path)
            if here.startswith(("solver.compiled", "tests.conformance", "benchmarks", "tests.test_architecture")):
                continue
            for target, names in imports(path):
                if target == "solver.compiled.raw" or (target == "solver.compiled" and "raw" in names):
                    wrong.append(f"{here} imports {target} {names}")
    assert wrong == []


def test_the_advice_never_chooses_the_path_nor_writes_the_kernels_layout():
    """`solver/advice` asks the seam to make its deals and play-outs (`make_deals`, `make_playouts`): it
    never asks which path is in use (`path_in_use`, `forced`) and never names the kernels' layout (`solver.compiled.layout`,
    `CompiledDeals`)."""
    wrong = []
    for path in sorted((ROOT / "solver" / "advice").rglob("*.py")):
        here = module_name(path)
        for target, names in imports(path):
            if target.startswith("solver.compiled") and ({"path_in_use", "forced", "layout", "CompiledDeals"} & set(names)
                                                         or target != "solver.compiled"):
                wrong.append(f"{here} imports {target} {names}")
        if "path_in_use(" in path.read_text():
            wrong.append(f"{here} asks path_in_use()")
    assert wrong == []


def test_the_rules_load_alone_and_the_facade_loads_a_layer_when_asked():
    """`import solver.rules` loads the rules and nothing above them (python-chess: a capability module
    usable alone); `solver.infer` loads the inference when it is first asked for."""
    import subprocess
    import sys

    probe = ("import sys, solver.rules; up = sorted(m for m in sys.modules if m.startswith('solver.') and "
             "not m.startswith('solver.rules')); print(up); from solver import infer; "
             "print('solver.inference' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    above, inference = out.stdout.strip().splitlines()
    assert above == "[]" and inference == "True"


def test_the_library_tests_collect_without_the_app():
    """Only tests/tutor (the app in process) and tests/browser (the app in a real browser) import Streamlit or
    a browser: the solver's tests run where the app's toolkit is not installed (they may read tutor/text,
    which never imports Streamlit)."""
    wrong = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if {"tutor", "browser"} & set(path.relative_to(ROOT / "tests").parts) or path.name == "test_architecture.py":
            continue
        for target, _ in imports(path):
            if target.split(".")[0] in ("streamlit", "playwright"):
                wrong.append(f"{path.relative_to(ROOT)} imports {target}")
    assert wrong == []
