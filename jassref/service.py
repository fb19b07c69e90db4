"""``jassref run``: the table service, wired from one configuration.

The pieces meet here and nowhere else: the game store, the web board (which holds the
table's one :class:`webui.table.Table`), and whatever feeds events into it. Every input
goes through ``Table.append``, which stores the events durably before it answers, so a
kill at any moment loses nothing that was acknowledged.
"""

from __future__ import annotations

import sys
from typing import Any

import waitress
from flask import Flask

import referee
from jassref.config import Config, ConfigError
from webui import create_app
from webui.qr import table_address

FACES = ("french", "swiss")
FIGURES = ("z", "rows")


def build_app(config: Config) -> Flask:
    """The web board over the configured store (raises :class:`ConfigError` for values
    it cannot run with, :class:`store.StoreError` for a store it cannot open)."""
    table, web = config["table"], config["web"]
    _check(config)
    settings: dict[str, Any] = {
        "STORE_PATH": table["store"],
        "VARIANT": table["variant"],
        "TARGET": table["target"],
        "CARD_FACES": web["faces"],
        "FIGURE": web["figure"],
        "PUBLIC_URL": table_address(web["host"], web["port"]),
    }
    if table["pin"]:
        settings["TABLE_PIN"] = table["pin"]
    return create_app(settings)


def run(config: Config) -> int:
    """Serves the table until stopped (SIGTERM or Ctrl-C)."""
    app = build_app(config)
    web = config["web"]
    server = waitress.create_server(
        app, host=web["host"], port=web["port"], threads=web["threads"], ident="jassref"
    )
    the_table = app.extensions["jassref.table"]
    print(
        f"jassref: the tavla is at {app.config['PUBLIC_URL']}  table PIN "
        f"{app.config['TABLE_PIN']}\n"
        f"jassref: game store {config['table']['store']}, game {the_table.log.name} "
        f"({the_table.snapshot.version} events)"
    )
    sys.stdout.flush()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


def _check(config: Config) -> None:
    table, web = config["table"], config["web"]
    if table["variant"] not in referee.VARIANTS:
        known = ", ".join(referee.VARIANTS)
        raise ConfigError(f"table.variant: unknown variant {table['variant']!r} (known: {known})")
    pin = table["pin"]
    if pin and not (pin.isdigit() and 4 <= len(pin) <= 8):
        raise ConfigError('table.pin: use 4 to 8 digits, or "" for the kept one')
    if not 0 <= web["port"] <= 65535:
        raise ConfigError(f"web.port: {web['port']} is not a port number")
    if web["threads"] < 1:
        raise ConfigError("web.threads: at least 1")
    if web["faces"] not in FACES:
        raise ConfigError(f"web.faces: one of {', '.join(FACES)}")
    if web["figure"] not in FIGURES:
        raise ConfigError(f"web.figure: one of {', '.join(FIGURES)}")
