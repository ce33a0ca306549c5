"""Write the OpenAPI document: ``python -m blobbench.openapi [PATH]`` (stdout by default)."""

from __future__ import annotations

import json
import sys

from blobbench.main import create_app


def render() -> str:
    return json.dumps(create_app().openapi(), indent=2, sort_keys=True) + "\n"


def main(argv: list[str]) -> None:
    text = render()
    if argv:
        with open(argv[0], "w") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
