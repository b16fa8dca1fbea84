"""Lessons as data (lessons/lessons.toml) ordered by prerequisites: a networkx DAG."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import networkx as nx

from tutor.i18n import spaced

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"
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
    graph(lessons)  # raises if there is a cycle
    return lessons


def graph(lessons) -> nx.DiGraph:
    g = nx.DiGraph()
    for lesson in lessons:
        g.add_node(lesson.id)
        for req in lesson.requires:
            g.add_edge(req, lesson.id)
    if not nx.is_directed_acyclic_graph(g):
        raise CurriculumError(f"lesson prerequisites form a cycle: {nx.find_cycle(g)}")
    return g


@lru_cache(maxsize=1)
def load_lessons() -> tuple[Lesson, ...]:
    with open(LESSONS_DIR / "lessons.toml", "rb") as fh:
        return tuple(ordered(parse_lessons(tomllib.load(fh))))


def ordered(lessons) -> list[Lesson]:
    """Topological order; ties broken by the file's order so it is stable."""
    index = {lesson.id: i for i, lesson in enumerate(lessons)}
    g = graph(lessons)
    order = nx.lexicographical_topological_sort(g, key=lambda n: index[n])
    by_id = {lesson.id: lesson for lesson in lessons}
    return [by_id[i] for i in order]


def next_lesson(done: set[str], lessons=None) -> str | None:
    """The first lesson (in order) not done whose prerequisites are all done."""
    for lesson in lessons or load_lessons():
        if lesson.id not in done and all(r in done for r in lesson.requires):
            return lesson.id
    return None
