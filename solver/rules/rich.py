"""Rich display hooks: how a position, a record, a posterior or an advice shows itself in Jupyter
(IPython's `_repr_html_`, `_repr_markdown_`) without its layer knowing any words.

Each class asks `rich(obj, kind, mime)`; the top layer (`solver.display`, loaded on the first
display: `PLUGIN`) registers one renderer per (kind, mime), and those renderers read the catalogs
of `solver.words`. This is the dependency inversion that keeps the imports going down the layers:
the registry is here, in the lowest layer, and the words come in from the top. With no renderer
registered, `rich` answers None and IPython shows the plain repr.

The registry is one module-level dict of at most a few entries (kinds × "html"/"markdown").
"""

from __future__ import annotations

from typing import Callable, Optional

_RENDERERS: dict = {}


def register(kind: str, mime: str, renderer: Callable[[object], str]) -> None:
    """Show objects of `kind` ("round", "game", "record", "posterior", "advice") as `mime`
    ("html" or "markdown") with `renderer(obj) -> str`."""
    _RENDERERS[(kind, mime)] = renderer


#: The plugin that registers the renderers, loaded on the first display (named here, never read: the
#: import goes up by name only, so `import solver.rules` loads no words).
PLUGIN = "solver.display"


def rich(obj, kind: str, mime: str = "html") -> Optional[str]:
    """`obj` rendered as `mime` by the renderer registered for its kind; None without one."""
    if not _RENDERERS:
        import importlib

        try:
            importlib.import_module(PLUGIN)
        except ImportError:  # (the library without its words: IPython shows the plain repr)
            return None
    renderer = _RENDERERS.get((kind, mime))
    return None if renderer is None else renderer(obj)
