"""The release workflow (.github/workflows/release.yml): it parses, runs on a pushed tag v*, builds
on Linux, Windows and macOS (arm64 and x86_64) with the build scripts the repository has, pins
every action to a version, publishes only from a tag with the only write permission, and uploads
the files those scripts write. actionlint checks it as well where it is on the PATH.

PyYAML is not a dependency of the project: the workflow is read by ``read_yaml`` below, a reader
of the block YAML that workflows are written in (mappings, sequences, plain and quoted scalars,
``|`` and ``>`` blocks, comments), which rejects what it does not understand. Where PyYAML is
installed, it must load the file too."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
BUILD_SCRIPTS = {"packaging/linux/build.sh", "packaging/windows/build.ps1", "packaging/macos/build.sh"}


# --- a reader of block YAML ---------------------------------------------------------------------

class YamlError(ValueError):
    pass


def _strip_comment(text: str) -> str:
    """``text`` without a trailing ``# comment`` (a # at the start or after a blank, outside
    quotes)."""
    quote = None
    for i, char in enumerate(text):
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"" and (i == 0 or text[i - 1] in " :[,-"):
            quote = char
        elif char == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def _scalar(text: str, line: int) -> object:
    text = text.strip()
    if text[:1] == '"':
        if len(text) < 2 or not text.endswith('"'):
            raise YamlError(f"line {line}: unterminated double-quoted scalar {text!r}")
        return text[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    if text[:1] == "'":
        if len(text) < 2 or not text.endswith("'"):
            raise YamlError(f"line {line}: unterminated single-quoted scalar {text!r}")
        return text[1:-1].replace("''", "'")
    if text[:1] == "[":
        if not text.endswith("]"):
            raise YamlError(f"line {line}: unterminated flow sequence {text!r}")
        inner = text[1:-1].strip()
        return [_scalar(part, line) for part in inner.split(",")] if inner else []
    if text[:1] == "{":
        if text != "{}":
            raise YamlError(f"line {line}: flow mappings are not read here: {text!r}")
        return {}
    if text[:1] in ("&", "*", "!", "%", "@", "`"):
        raise YamlError(f"line {line}: anchors, aliases and tags are not read here: {text!r}")
    return text


_KEY = re.compile(r"""^(?P<key>"[^"]*"|'[^']*'|[^\s'"#:][^:#]*?)\s*:(?:\s+(?P<value>.*)|$)""")


def _is_item(content: str) -> bool:
    return content == "-" or content.startswith("- ")


class _Reader:
    def __init__(self, text: str):
        self.raw = text.splitlines()
        for number, raw in enumerate(self.raw, 1):
            if "\t" in raw[: len(raw) - len(raw.lstrip())]:
                raise YamlError(f"line {number}: a tab in the indentation")
        # (line number, indent, content without comment) of every line that holds something
        self.lines = []
        for number, raw in enumerate(self.raw, 1):
            content = _strip_comment(raw)
            if content.strip() and content.strip() != "---":
                self.lines.append((number, len(content) - len(content.lstrip(" ")), content.strip()))
        self.pos = 0

    def read(self) -> object:
        if not self.lines:
            return None
        node = self.block(self.lines[0][1])
        if self.pos < len(self.lines):
            number, _, content = self.lines[self.pos]
            raise YamlError(f"line {number}: unexpected {content!r} (bad indentation?)")
        return node

    def block(self, indent: int) -> object:
        number, here, content = self.lines[self.pos]
        if here != indent:
            raise YamlError(f"line {number}: indented {here}, expected {indent}")
        if _is_item(content):
            return self.sequence(indent)
        return self.mapping(indent)

    def sequence(self, indent: int) -> list:
        items = []
        while self.pos < len(self.lines):
            number, here, content = self.lines[self.pos]
            if here < indent or (here == indent and not _is_item(content)):
                break  # the sequence ends (a key after a sequence at its parent key's indent)
            if here > indent:
                raise YamlError(f"line {number}: indented {here}, expected an item at {indent}")
            rest = content[1:].lstrip(" ")
            if not rest:
                self.pos += 1
                items.append(self.nested(indent, number))
            elif _KEY.match(rest):
                # an item that is a mapping: its first key stands on the dash's line, and the
                # mapping's indent is that key's column
                column = here + len(content) - len(rest)
                self.lines[self.pos] = (number, column, rest)
                items.append(self.mapping(column))
            else:
                self.pos += 1
                items.append(_scalar(rest, number))
        return items

    def mapping(self, indent: int) -> dict:
        result: dict = {}
        while self.pos < len(self.lines):
            number, here, content = self.lines[self.pos]
            if here < indent:
                break
            if here > indent:
                raise YamlError(f"line {number}: indented {here}, expected {indent}")
            if _is_item(content):
                raise YamlError(f"line {number}: an item '- ' among the keys of a mapping")
            match = _KEY.match(content)
            if not match:
                raise YamlError(f"line {number}: expected 'key: value', got {content!r}")
            key = _scalar(match["key"], number)
            if key in result:
                raise YamlError(f"line {number}: duplicate key {key!r}")
            value = match["value"]
            self.pos += 1
            if value is None:
                result[key] = self.nested(indent, number, same_indent_sequence=True)
            elif value.split(" #")[0].strip() in ("|", "|-", "|+", ">", ">-", ">+"):
                result[key] = self.block_scalar(indent, value.strip()[0])
            else:
                result[key] = _scalar(value, number)
        return result

    def nested(self, indent: int, number: int, same_indent_sequence: bool = False) -> object:
        """The node under a key (or an empty item) that ended its line."""
        if self.pos >= len(self.lines):
            return None
        _, here, content = self.lines[self.pos]
        if here > indent:
            return self.block(here)
        if same_indent_sequence and here == indent and _is_item(content):
            return self.sequence(indent)
        return None

    def block_scalar(self, indent: int, style: str) -> str:
        """The text of a ``|`` or ``>`` block: the raw lines indented deeper than ``indent``."""
        start = self.lines[self.pos - 1][0]  # the key's line number
        body = []
        for raw in self.raw[start:]:
            if raw.strip() and len(raw) - len(raw.lstrip(" ")) <= indent:
                break
            body.append(raw)
        while body and not body[-1].strip():
            body.pop()
        end = start + len(body)
        while self.pos < len(self.lines) and self.lines[self.pos][0] <= end:
            self.pos += 1
        margin = min((len(b) - len(b.lstrip(" ")) for b in body if b.strip()), default=0)
        lines = [b[margin:] for b in body]
        return ("\n" if style == "|" else " ").join(lines) + "\n"


def read_yaml(text: str) -> object:
    return _Reader(text).read()


# --- the checks -------------------------------------------------------------------------------

def _walk(node, path=()):
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _walk(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, (*path, index))


_PINNED = re.compile(r"^[\w.-]+/[\w./-]+@(v\d+(\.\d+){0,2}|[0-9a-f]{40})$")


def macos_arch(label: str) -> str | None:
    """The CPU of a GitHub-hosted macOS runner label (None for other labels)."""
    if not label.startswith("macos-"):
        return None
    if label.endswith(("-intel", "-large")) or label in ("macos-12", "macos-13"):
        return "x86_64"
    return "arm64"


def problems(text: str) -> list[str]:
    """What is wrong with the release workflow ``text`` (nothing, if all is well)."""
    try:
        workflow = read_yaml(text)
    except YamlError as exc:
        return [f"does not parse: {exc}"]
    if not isinstance(workflow, dict):
        return ["the workflow is not a mapping"]
    found = []
    # PyYAML reads the key on as True (YAML 1.1); GitHub and this reader read "on"
    triggers = workflow.get("on", workflow.get(True))
    tags = triggers.get("push", {}).get("tags") if isinstance(triggers, dict) else None
    if not isinstance(tags, list) or not any(str(t).startswith("v") for t in tags):
        found.append("on.push.tags has no v* pattern")
    if not isinstance(triggers, dict) or "workflow_dispatch" not in triggers:
        found.append("no workflow_dispatch trigger")

    jobs = workflow.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        return [*found, "no jobs"]
    for name, job in jobs.items():
        if not isinstance(job, dict) or not job.get("runs-on"):
            found.append(f"job {name} has no runs-on")

    labels = {}
    for job in jobs.values():
        matrix = job.get("strategy", {}).get("matrix", {}) if isinstance(job, dict) else {}
        for entry in matrix.get("include", []) if isinstance(matrix, dict) else []:
            if isinstance(entry, dict) and "os" in entry:
                labels[str(entry.get("name", entry["os"]))] = str(entry["os"])
        if isinstance(matrix, dict) and isinstance(matrix.get("os"), list):
            labels.update({str(os_): str(os_) for os_ in matrix["os"]})
    oses = set(labels.values())
    if not any(label.startswith("ubuntu-") for label in oses):
        found.append("the matrix builds on no ubuntu runner")
    if not any(label.startswith("windows-") for label in oses):
        found.append("the matrix builds on no windows runner")
    for arch in ("arm64", "x86_64"):
        if not any(macos_arch(label) == arch for label in oses):
            found.append(f"the matrix builds on no macOS {arch} runner")
        if not any(macos_arch(label) == arch and arch in name for name, label in labels.items()):
            found.append(f"no matrix entry named for macOS {arch}")

    uses = [(path, node) for path, node in _walk(workflow) if path and path[-1] == "uses"]
    if not uses:
        found.append("no step uses an action")
    for path, action in uses:
        action = str(action)
        if not (action.startswith("./") or _PINNED.match(action)):
            found.append(f"{'.'.join(map(str, path))}: {action} is not pinned to a version")

    scripts = set()
    for path, node in _walk(workflow):
        if path and path[-1] == "run" and isinstance(node, str):
            scripts.update(re.findall(r"packaging/[\w./-]+\.(?:sh|ps1)", node))
    for script in sorted(BUILD_SCRIPTS - scripts):
        found.append(f"no step runs {script}")
    for script in sorted(scripts):
        if not (ROOT / script).is_file():
            found.append(f"{script} is run but is not in the repository")

    # a release is published from a tag only, by the one job that may write
    if str(workflow.get("permissions", {}).get("contents", "")) not in ("read", ""):
        found.append("the workflow's default permissions are not read-only")
    writers = [n for n, j in jobs.items()
               if isinstance(j, dict) and isinstance(j.get("permissions"), dict)
               and j["permissions"].get("contents") == "write"]
    if len(writers) != 1:
        found.append(f"expected one job with contents: write, found {writers}")
    else:
        writer = jobs[writers[0]]
        if "refs/tags/" not in str(writer.get("if", "")):
            found.append(f"job {writers[0]} publishes without being limited to tags")
        if not writer.get("needs"):
            found.append(f"job {writers[0]} does not wait for the builds")
    return found


def uploaded_patterns(text: str) -> list[str]:
    workflow = read_yaml(text)
    patterns = []
    for path, node in _walk(workflow):
        if path and path[-1] == "uses" and str(node).startswith("actions/upload-artifact@"):
            step = workflow
            for part in path[:-1]:
                step = step[part]
            patterns += [p.strip() for p in str(step["with"]["path"]).splitlines() if p.strip()]
    return patterns


# --- the tests --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def text() -> str:
    return WORKFLOW.read_text(encoding="utf-8")


def test_the_release_workflow_is_sound(text):
    assert problems(text) == []


def test_pyyaml_loads_it_where_installed(text):
    yaml = pytest.importorskip("yaml", reason="PyYAML is not installed (not a dependency)")
    loaded = yaml.safe_load(text)
    assert set(loaded["jobs"]) == set(read_yaml(text)["jobs"])


def test_the_uploads_are_what_the_build_scripts_write(text):
    patterns = uploaded_patterns(text)
    assert patterns and all(p.startswith("dist/smqt-") for p in patterns), patterns
    made = {
        "packaging/linux/build.sh": "smqt-$version-linux-$arch.tar.gz",
        "packaging/windows/smqt.iss": "OutputBaseFilename=smqt-{#AppVersion}-windows-x64-setup",
        "packaging/macos/build.sh": "smqt-$version-macos-$arch.dmg",
    }
    for script, name in made.items():
        assert (ROOT / script).is_file(), f"{script} is missing"
        assert name in (ROOT / script).read_text(encoding="utf-8"), f"{script} no longer writes {name}"
    for suffix in (".tar.gz", "-setup.exe", ".dmg"):
        assert any(p.endswith(suffix) for p in patterns), f"nothing uploads the {suffix} files"


BREAKAGES = {
    "no tag trigger": (r'(?m)^      - "v\*"\n', '      - "release-*"\n', "on.push.tags"),
    "an unpinned action": (r"actions/checkout@v\d+", "actions/checkout@main", "not pinned"),
    "a job without runs-on": (r"(?m)^    runs-on: ubuntu-latest\n", "", "has no runs-on"),
    "no Intel mac": (r"os: macos-15-intel", "os: macos-15", "macOS x86_64"),
    "no Windows": (r"os: windows-latest", "os: ubuntu-24.04", "no windows runner"),
    "a missing script": (r"packaging/macos/build\.sh", "packaging/macos/make.sh", "not in the repository"),
    "a release from any run": (r"(?m)^    if: startsWith\(github\.ref, 'refs/tags/v'\)\n", "",
                               "without being limited to tags"),
    "bad indentation": (r"(?m)^    runs-on: \$\{\{ matrix\.os \}\}", "   runs-on: ${{ matrix.os }}",
                        "does not parse"),
    "a duplicate key": (r"(?m)^    timeout-minutes: 60\n",
                        "    timeout-minutes: 60\n    timeout-minutes: 9\n", "duplicate key"),
    "an unterminated quote": (r'python-version: "3\.11"', 'python-version: "3.11', "does not parse"),
}


@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_a_broken_copy_is_caught(text, breakage):
    pattern, replacement, expected = BREAKAGES[breakage]
    broken, count = re.subn(pattern, replacement, text, count=1)
    assert count == 1, f"the workflow changed: {pattern!r} no longer matches"
    found = problems(broken)
    assert any(expected in problem for problem in found), found


def test_actionlint_passes():
    actionlint = shutil.which("actionlint")
    if actionlint is None:
        pytest.skip("actionlint is not on the PATH")
    done = subprocess.run([actionlint, "-oneline", str(WORKFLOW.relative_to(ROOT))], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_build_ships_dask_distributed_and_smoke_tests_a_cluster():
    """The installers carry the ``cluster`` extra (issue 31: ``--cluster`` from the installed
    app), and the smoke test every build script runs serves a cluster with the frozen app."""
    for script in sorted(BUILD_SCRIPTS):
        text = (ROOT / script).read_text(encoding="utf-8")
        installs = [line for line in text.splitlines()
                    if "pip" in line and "install" in line and "pyinstaller" in line]
        assert installs and all("[cluster]" in line for line in installs), script
    smoke = (ROOT / "packaging" / "smoke.py").read_text(encoding="utf-8")
    assert '"cluster", "scheduler"' in smoke and '"cluster", "worker"' in smoke
    assert '"--cluster", address' in smoke
