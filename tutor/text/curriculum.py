"""Lessons as data (lessons/lessons.toml) ordered by prerequisites: a DAG (the standard library's
`graphlib` checks it; networkx, a second's import on a busy server, is not on the lessons' path)."""

from __future__ import annotations

import heapq
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

from solver.words.i18n import spaced

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
REQUIRED_TEXT = ("title", "body")


class CurriculumError(ValueError):
    pass


@dataclass(frozen=True)
class Lesson:
    id: str
    requires: tuple[str, ...]
    scenarios: tuple[str, ...]
    quiz: tuple[str, ...]
    text: dict  # lang -> {"title", "body"}

    def title(self, lang: str) -> str:
        return self.text.get(lang, self.text["en"])["title"]

    def body(self, lang: str) -> str:
        return self.text.get(lang, self.text["en"])["body"]


def parse_lessons(data: dict, languages=("en", "es", "fr")) -> list[Lesson]:
    """Validate the schema: ids unique, known prerequisites, every text in every language."""
    lessons = []
    seen = set()
    for i, raw in enumerate(data.get("lesson", [])):
        lid = raw.get("id")
        if not lid or lid in seen:
            raise CurriculumError(f"lesson #{i + 1}: missing or repeated id {lid!r}")
        seen.add(lid)
        text = {}
        for lang in languages:
            block = raw.get(lang)
            if not isinstance(block, dict) or any(not block.get(k) for k in REQUIRED_TEXT):
                raise CurriculumError(f"lesson {lid}: needs {', '.join(REQUIRED_TEXT)} in {lang}")
            text[lang] = spaced(lang, {k: block[k] for k in REQUIRED_TEXT})
        lessons.append(Lesson(lid, tuple(raw.get("requires", [])), tuple(raw.get("scenarios", [])),
                              tuple(raw.get("quiz", [])), text))
    ids = {lesson.id for lesson in lessons}
    for lesson in lessons:
        unknown = set(lesson.requires) - ids
        if unknown:
            raise CurriculumError(f"lesson {lesson.id}: unknown prerequisite(s) {sorted(unknown)}")
    _check_acyclic(lessons)
    return lessons


def graph(lessons):
    """The prerequisites as a networkx DiGraph (an edge from each prerequisite to its lesson), for
    who wants to draw or study them; CurriculumError on a cycle."""
    import networkx as nx

    _check_acyclic(lessons)
    g = nx.DiGraph()
    for lesson in lessons:
        g.add_node(lesson.id)
        for req in lesson.requires:
            g.add_edge(req, lesson.id)
    return g


def _check_acyclic(lessons) -> None:
    try:
        TopologicalSorter({lesson.id: lesson.requires for lesson in lessons}).prepare()
    except CycleError as err:
        raise CurriculumError(f"lesson prerequisites form a cycle: {err.args[1]}") from None


@lru_cache(maxsize=1)
def load_lessons() -> tuple[Lesson, ...]:
    with open(LESSONS_DIR / "lessons.toml", "rb") as fh:
        return tuple(ordered(parse_lessons(tomllib.load(fh))))


def ordered(lessons) -> list[Lesson]:
    """Topological order; ties broken by the file's order so it is stable (the first lesson in the
    file whose prerequisites are all placed comes next)."""
    _check_acyclic(lessons)
    index = {lesson.id: i for i, lesson in enumerate(lessons)}
    waiting = {lesson.id: set(lesson.requires) for lesson in lessons}
    needed_by: dict = {lesson.id: [] for lesson in lessons}
    for lesson in lessons:
        for req in lesson.requires:
            needed_by[req].append(lesson.id)
    ready = [index[lid] for lid, reqs in waiting.items() if not reqs]
    heapq.heapify(ready)
    out = []
    while ready:
        lesson = lessons[heapq.heappop(ready)]
        out.append(lesson)
        for lid in needed_by[lesson.id]:
            waiting[lid].discard(lesson.id)
            if not waiting[lid]:
                heapq.heappush(ready, index[lid])
    return out


def next_lesson(done: set[str], lessons=None) -> str | None:
    """The first lesson (in order) not done whose prerequisites are all done."""
    for lesson in lessons or load_lessons():
        if lesson.id not in done and all(r in done for r in lesson.requires):
            return lesson.id
    return None


def lesson_after(lid: str, done: set[str], lessons=None) -> str | None:
    """The lesson to read after `lid`: the first one after it (in order) not done, else the first not
    done from the start (`next_lesson`); None when every lesson is done."""
    lessons = tuple(lessons or load_lessons())
    ids = [lesson.id for lesson in lessons]
    start = ids.index(lid) + 1 if lid in ids else 0
    for lesson in lessons[start:]:
        if lesson.id not in done:
            return lesson.id
    return next_lesson(done, lessons)
