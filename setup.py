from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).parent
version = {}
exec((HERE / "gin_ref" / "__init__.py").read_text(encoding="utf-8"), version)

setup(
    name="gin-ref",
    version=version["__version__"],
    description="Referee and scorer for Gin Rummy at a real table: Oklahoma, three-player, house rules",
    long_description=(HERE / "README.md").read_text(encoding="utf-8"),
    long_description_content_type="text/markdown",
    # The licence: the MIT text in LICENSE, shipped in the sdist and the wheel (PEP 639's License-Expression
    # and License-File). No licence classifier: PEP 639 replaces it with the expression.
    license_expression="MIT",
    license_files=["LICENSE"],
    classifiers=[
        "Development Status :: 4 - Beta",
        "Environment :: Console",
        "Environment :: Web Environment",
        "Intended Audience :: End Users/Desktop",
        "Natural Language :: English",
        "Operating System :: OS Independent",
        "Programming Language :: Python :: 3",
        "Programming Language :: Python :: 3 :: Only",
        "Programming Language :: Python :: 3.10",
        "Programming Language :: Python :: 3.11",
        "Programming Language :: Python :: 3.12",
        "Programming Language :: Python :: 3.13",
        "Topic :: Games/Entertainment",
        "Typing :: Typed",
    ],
    python_requires=">=3.10",
    packages=find_packages(include=["gin_ref", "gin_ref.*"]) + ["gin_ref.configs"],
    # The presets live in configs/ at the top of the checkout and are installed inside the package,
    # so `--rules oklahoma` works after a plain `pip install .` from any directory.
    package_dir={"gin_ref": "gin_ref", "gin_ref.configs": "configs"},
    # py.typed: the package's annotations are for type checkers of code that uses it (PEP 561). schemas/: the
    # JSON Schemas of every --json output and of the match file (docs/json.md#schemas), data for scripts.
    # locale/: the compiled catalogues gettext reads (docs/languages.md); the .po sources ship in the sdist.
    package_data={"gin_ref": ["py.typed", "schemas/*.schema.json", "locale/*/LC_MESSAGES/*.mo"],
                  "gin_ref.configs": ["*.yaml"]},
    # confusable-homoglyphs: Unicode's confusables table (names that look alike: gin_ref.match.names).
    # tabulate draws the grids (gin_ref.views.table), wcwidth measures display widths (a wide East Asian
    # name takes two columns a character): tabulate uses it when it is installed, gin-ref's fitting too.
    # Both are held below the releases whose import costs a command that draws a table its start-up: under
    # callgrind, tabulate 0.10 imports importlib.metadata for its version (about 80 M instructions) and
    # wcwidth 0.3 and later load their tables at import (wcwidth 0.9: 133 M against 0.2.14's 17 M); a 30-hand
    # tally takes 519 M with them, 373 M with these (346 M with gin-ref's own renderer before).
    install_requires=["click>=8.0", "PyYAML>=5.1", "openskill>=6", "prompt_toolkit>=3.0",
                      "confusable-homoglyphs>=3.2", "tabulate>=0.9,<0.10", "wcwidth>=0.2.5,<0.3"],
    # The code runs on click 8.0 and later (the suite passes on 8.0.0, 8.1.7 and 8.5 when stderr is
    # captured apart). The tests read stderr apart from stdout, which CliRunner does by default from 8.2.
    # mypy checks the annotations and ruff lints (ruff.toml) as part of the test command (the README's, which
    # .ci/run runs). Starlette's test client runs on httpx2 from Starlette 1.x (on httpx it warns) and on
    # httpx before; the board's browser test drives the live server with httpx itself. build: the packaging
    # test makes the sdist (tests/test_packaging.py). jsonschema: the schema tests validate every --json output
    # with its draft 2020-12 validator (4.18 brought the `referencing` registry they resolve $ref with). Babel:
    # extracts and compiles the catalogues, and the tests compile each .po to compare with the committed .mo
    # (a developer's tool: at run time the standard library's gettext reads the .mo).
    extras_require={"test": ["click>=8.2", "pytest>=7", "hypothesis>=6", "pypdf>=4", "pexpect>=4.8", "mypy>=1.0",
                             "types-PyYAML", "types-tabulate", "ruff", "coverage>=7", "httpx>=0.23", "httpx2", "selenium>=4.10",
                             "build", "jsonschema>=4.18", "Babel>=2.12"],
                    # gin-ref serve (docs/serve.md): the ASGI stack, and segno for the tables' QR cards
                    "serve": ["starlette>=0.37", "uvicorn>=0.30", "h11>=0.14", "segno>=1.5"]},
    entry_points={"console_scripts": ["gin-ref=gin_ref.__main__:run"]},
)
