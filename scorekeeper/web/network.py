"""Addresses phones can reach: ``PUBLIC_BASE_URL`` when set, else this machine's LAN address.

Never ``localhost`` or ``127.0.0.1``: a phone that scans a QR code of those reaches itself.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from urllib.parse import urlsplit

#: Any address outside this machine: connecting a UDP socket to it only picks the outgoing
#: interface (no packet is sent), which tells us the LAN address.
_PROBE_ADDRESS = ("10.254.254.254", 1)
WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})


def lan_address() -> str | None:
    """This machine's address on the local network, or None when it has none but loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE_ADDRESS)
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 with or without brackets) is this machine
    only.

    >>> is_loopback("localhost"), is_loopback("127.0.0.1"), is_loopback("[::1]")
    (True, True, True)
    >>> is_loopback("192.168.1.20"), is_loopback("cards.example.org")
    (False, False)
    """
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _with_port(address: str, port: int | None, scheme: str = "http") -> str:
    if ":" in address:
        address = f"[{address}]"
    default = {"http": 80, "https": 443}.get(scheme)
    suffix = "" if port is None or port == default else f":{port}"
    return f"{scheme}://{address}{suffix}/"


def public_base_url() -> str | None:
    """``PUBLIC_BASE_URL`` from the environment, ending in ``/``; None when unset."""
    public = os.environ.get("PUBLIC_BASE_URL", "").strip()
    return public.rstrip("/") + "/" if public else None


def phone_url(host: str, port: int) -> str | None:
    """The address phones should open for a server listening on ``host:port``.

    ``PUBLIC_BASE_URL`` when set; else the LAN address (listening on every interface) or the
    host itself; None when only loopback is known.
    """
    if public := public_base_url():
        return public
    if host in WILDCARD_HOSTS:
        address = lan_address()
    elif is_loopback(host):
        return None
    else:
        address = host
    return None if address is None else _with_port(address, port)


def reachable_base(configured: str | None, request_url: str) -> str:
    """The base address for links that phones open, seen from a request to ``request_url``.

    ``configured`` (``PUBLIC_BASE_URL``) wins; else the request's own host, unless that is
    loopback (the scorer opened ``localhost`` on the laptop): then this machine's LAN address with
    the request's port. Falls back to the request's host when no LAN address is known.

    >>> reachable_base("https://cards.example.org", "http://127.0.0.1:8000/s/x")
    'https://cards.example.org/'
    >>> reachable_base(None, "http://192.168.1.20:8000/s/x")
    'http://192.168.1.20:8000/'
    """
    if configured:
        return configured.rstrip("/") + "/"
    parts = urlsplit(request_url)
    host = parts.hostname or ""
    if is_loopback(host) and (address := lan_address()) is not None:
        return _with_port(address, parts.port, parts.scheme or "http")
    return f"{parts.scheme}://{parts.netloc}/"
