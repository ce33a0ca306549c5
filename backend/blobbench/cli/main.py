"""The ``blobbench`` command.

    blobbench token create --name NAME --scope admin|run|worker [--host HOST]
    blobbench token list | blobbench token revoke ID
    blobbench bootstrap            (used by `make up`: secret key, tokens, local target)
    blobbench run --dsn mysql://user:pass@host:port/db --methods none,lz4 --sizes 1KiB,1MiB …
    blobbench ci --url URL --token T --target NAME --host HOST --preset quick --baseline last:3
"""

from __future__ import annotations

import argparse
import sys

from blobbench.cli import bootstrap, ci, run, tokens


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="blobbench", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    tokens.add_parser(sub)
    bootstrap.add_parser(sub)
    run.add_parser(sub)
    ci.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
