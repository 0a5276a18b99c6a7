"""A Babel extractor that finds every T(...), N_(...), _l(...) and gettext call in Python
source, also when nested inside another (T("%(outcome)s", outcome=Text(N_("won"))));
Babel's own Python extractor skips those. Registered in babel.cfg."""
from __future__ import annotations

import ast
from collections.abc import Iterator

SINGULAR = {"T", "N_", "_l", "lazy_gettext", "gettext", "_"}
PLURAL = {"ngettext", "lazy_ngettext", "P"}


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _text(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = _name(node.func)
        first = _text(node.args[0])
        if first is None:
            continue
        if name in SINGULAR:
            yield node.lineno, name, first, []
        elif name in PLURAL and len(node.args) > 1 and _text(node.args[1]) is not None:
            yield node.lineno, name, (first, _text(node.args[1])), []
