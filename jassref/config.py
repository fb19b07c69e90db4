"""The table service's configuration: one TOML file over documented defaults.

Why a file over defaults and not flags: a Pi under systemd is configured once, in
``/etc/jassref/jassref.toml``, and a club changes a port or a pin map without touching
the unit. ``jassref/default.toml`` is both the defaults and their documentation; a
user's file only names what it changes. A key the defaults do not know, or a value of
the wrong type, is refused with the file, section and key named — a typo must not be
silently ignored at the table.
"""

from __future__ import annotations

import tomllib
from copy import deepcopy
from importlib import resources
from pathlib import Path
from typing import Any

Config = dict[str, dict[str, Any]]
PATH_KEYS = {("table", "store"), ("camera", "calibration")}
"""Keys holding a file name, resolved against the directory of the file naming them."""


class ConfigError(ValueError):
    """A configuration the service cannot run with; the message names file and key."""


def defaults() -> Config:
    text = resources.files("jassref").joinpath("default.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def load(path: Path | None) -> Config:
    """The defaults, overridden by the file at ``path`` (if given)."""
    config = defaults()
    base = Path.cwd()
    if path is not None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ConfigError(f"{path}: cannot read the configuration ({error.strerror})") from None
        except UnicodeDecodeError:
            raise ConfigError(f"{path}: not a text file, so not a configuration") from None
        try:
            given = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{path}: not valid TOML ({error})") from None
        config = merge(config, given, str(path))
        base = path.resolve().parent
    for section, key in PATH_KEYS:
        config[section][key] = str(base / config[section][key])
    return config


def merge(config: Config, given: dict[str, Any], origin: str) -> Config:
    """``config`` with the values of ``given``, each checked against the default's type."""
    merged = deepcopy(config)
    for section, values in given.items():
        if section not in merged:
            known = ", ".join(sorted(merged))
            raise ConfigError(f"{origin}: unknown section [{section}] (known: {known})")
        if not isinstance(values, dict):
            raise ConfigError(f"{origin}: [{section}] must be a table of settings")
        for key, value in values.items():
            if key not in merged[section]:
                known = ", ".join(sorted(merged[section]))
                raise ConfigError(
                    f"{origin}: unknown setting {section}.{key} (known in [{section}]: {known})"
                )
            default = merged[section][key]
            if type(value) is not type(default):
                raise ConfigError(
                    f"{origin}: {section}.{key} must be {type(default).__name__}, got {value!r}"
                )
            merged[section][key] = value
    return merged
