"""Deterministic test data: the "dataset" dimension of a matrix.

* ``random:<N>`` (2 <= N <= 256): uniform random bytes over an alphabet of N characters —
  seed 000's stub data. The alphabet is digits, lower case, upper case, then the rest of
  printable ASCII, then the remaining byte values. zlib level 6 gives ratios of about
  1.33 (62), 2.1 (10), 3.4 (4) and 6.2 (2) at 100 KiB and above.
* ``records``: a stream of protobuf-like binary records holding what real user data holds —
  URLs, UUIDs, timestamps, counters, small nested binary messages and hashes (zlib ≈ 2.5).
* ``json``: newline-separated JSON documents of about 1.2 KB with repeated field names, like
  the Pin objects of seed 001.
* ``tpch``: rows of TPC-H's ``lineitem`` table as ``dbgen`` writes them (``|``-separated text,
  ~130 bytes a row: keys, prices, dates, flags and a comment cut from a pool of grammar-made
  sentences) — the data of seed 004's backup study (zlib ≈ 3.3).

:func:`generate` is deterministic for ``(spec, size, seed)``, returns exactly ``size`` bytes
(the last record/document is cut) and takes tens of milliseconds for 5 MiB.
"""

from __future__ import annotations

import json
import string
import zlib

import numpy as np

from .errors import MatrixError

_NAMED = ("records", "json", "tpch")
_PRINTABLE = (string.digits + string.ascii_lowercase + string.ascii_uppercase).encode() + bytes(
    c for c in string.printable.encode() if c not in (string.digits + string.ascii_letters).encode()
    and c >= 0x20
)
_ALPHABET_ORDER = _PRINTABLE + bytes(b for b in range(256) if b not in _PRINTABLE)
assert len(_ALPHABET_ORDER) == 256


def known_datasets() -> list[str]:
    """Example dataset specs, for error messages and UIs (plus ``sample:<id>`` of the user's)."""
    return ["random:62", "random:10", "random:4", "random:2", "records", "json", "tpch"]


def parse_dataset(spec: str) -> str:
    """Validate a dataset spec and return its canonical form (``random:62``, ``records`` …)."""
    if not isinstance(spec, str):
        raise MatrixError(f"dataset must be a string, got {spec!r}")
    s = spec.strip().lower()
    if s in _NAMED:
        return s
    kind, sep, arg = s.partition(":")
    if kind == "sample":
        if arg.isdigit() and int(arg) > 0:
            return f"sample:{int(arg)}"
        raise MatrixError(f"bad sample dataset '{spec}'; use sample:<id> of an uploaded sample")
    if kind == "random":
        if not sep:
            return "random:62"
        try:
            n = int(arg)
        except ValueError:
            n = 0
        if 2 <= n <= 256:
            return f"random:{n}"
        raise MatrixError(f"bad alphabet in dataset '{spec}'; use random:<2..256>")
    raise MatrixError(
        f"unknown dataset '{spec}'; choose from: {', '.join(known_datasets())}, sample:<id>"
    )


def alphabet(n: int) -> bytes:
    """The first ``n`` characters used by ``random:<n>``."""
    return _ALPHABET_ORDER[:n]


def _rng(spec: str, size: int, seed: int) -> np.random.Generator:
    return np.random.default_rng([seed & 0xFFFFFFFF, size & 0xFFFFFFFF, zlib.crc32(spec.encode())])


def generate(spec: str, size: int, seed: int = 0) -> bytes:
    """Exactly ``size`` bytes of the dataset ``spec``, the same for the same arguments."""
    canon = parse_dataset(spec)
    if size < 0:
        raise MatrixError(f"size must be >= 0, got {size}")
    if size == 0:
        return b""
    if canon.startswith("sample:"):
        from .samples import blob_from_sample, load_sample

        return blob_from_sample(load_sample(canon.split(":")[1]), size, seed)
    rng = _rng(canon, size, seed)
    if canon.startswith("random:"):
        n = int(canon.split(":")[1])
        table = np.frombuffer(alphabet(n), dtype=np.uint8)
        return table[rng.integers(0, n, size, dtype=np.uint16)].tobytes()
    if canon == "records":
        return _fill(size, lambda k: _records(rng, k), avg=300)
    if canon == "tpch":
        return _lineitems(rng, size)
    return _fill(size, lambda k: _json_docs(rng, k), avg=1200)


def _fill(size: int, make, avg: int) -> bytes:
    """Call ``make(count)`` until ``size`` bytes exist; return exactly ``size`` bytes."""
    parts: list[bytes] = []
    total = 0
    while total < size:
        chunk = make(max(4, (size - total) // avg + 2))
        parts.append(chunk)
        total += len(chunk)
    return b"".join(parts)[:size]


# --- records -------------------------------------------------------------------------------

_HOSTS = [
    f"{sub}.{dom}.{tld}"
    for sub, dom, tld in zip(
        ["www", "api", "cdn", "shop", "m", "img", "static", "blog"] * 5,
        ["example", "acme", "globex", "initech", "umbrella", "hooli", "stark", "wayne",
         "wonka", "tyrell"] * 4,
        ["com", "net", "org", "io", "co.uk", "de", "fr", "jp", "com.br", "ru"] * 4,
    )
]
_WORDS = (
    "account cart checkout product search item news article video image profile settings "
    "order invoice payment shipping review category brand deal offer help support login "
    "signup home feed board pin user media story event travel food sport music photo"
).split()
_SOURCES = ["google", "facebook", "twitter", "newsletter", "direct", "bing", "partner"]
_AGENTS = [
    b"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36",
    b"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile",
    b"Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
    b"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 Version/17.2 Safari",
    b"okhttp/4.12.0",
    b"Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/UD1A.230803.041)",
]


def _varint_slow(v: int) -> bytes:
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


_SMALL_VARINTS = [_varint_slow(v) for v in range(1 << 14)]


def _varint(v: int) -> bytes:
    """Protobuf base-128 varint (table lookup for the common small values)."""
    return _SMALL_VARINTS[v] if v < 16384 else _varint_slow(v)


def _ld(tag: int, payload: bytes) -> bytes:
    """A length-delimited protobuf field."""
    return bytes((tag,)) + _varint(len(payload)) + payload


def _records(rng: np.random.Generator, count: int) -> bytes:
    """``count`` protobuf-like records (see module docstring), concatenated."""
    raw = rng.bytes(count * 32)  # 16 for the UUID, 8 session, up to 8 hash
    # Draw everything vectorised, then iterate over plain Python ints (numpy scalars are slow).
    users = rng.integers(1, 5_000_000, count).tolist()
    hosts = rng.integers(0, len(_HOSTS), count).tolist()
    w = rng.integers(0, len(_WORDS), (count, 3)).tolist()
    srcs = rng.integers(0, len(_SOURCES), count).tolist()
    item = rng.integers(1, 10_000_000, count).tolist()
    ts = (1_700_000_000_000 + np.cumsum(rng.integers(0, 5_000, count))).tolist()
    status = rng.choice([200, 200, 200, 200, 201, 204, 301, 302, 404, 500], count).tolist()
    dur = rng.geometric(0.01, count).tolist()
    agents = rng.integers(0, len(_AGENTS), count).tolist()
    hlen = rng.integers(8, 17, count).tolist()
    country = rng.integers(0, 40, count).tolist()
    out: list[bytes] = []
    for i in range(count):
        r = raw[i * 32 : i * 32 + 32]
        h = r[:16].hex()
        uuid = f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{h[16:20]}-{h[20:]}".encode()
        url = (
            f"https://{_HOSTS[hosts[i]]}/{_WORDS[w[i][0]]}/{_WORDS[w[i][1]]}/{item[i]}"
            f"?utm_source={_SOURCES[srcs[i]]}&ref={_WORDS[w[i][2]]}&sid={r[16:24].hex()}"
        ).encode()
        msg = (
            b"\x08" + _varint(status[i])
            + b"\x10" + _varint(dur[i])
            + _ld(0x1A, _AGENTS[agents[i]])
            + _ld(0x22, r[24 : 24 + hlen[i] - 8] + r[:8])
        )
        body = (
            b"\x08" + _varint(users[i])
            + _ld(0x12, uuid)
            + _ld(0x1A, url)
            + b"\x20" + _varint(ts[i])
            + _ld(0x2A, msg)
            + b"\x30" + _varint(country[i])
        )
        out.append(_varint(len(body)) + body)
    return b"".join(out)


# --- json ----------------------------------------------------------------------------------

_FIRST = "Ana Ben Chloe David Emma Farid Grace Hugo Ines Jonas Kira Liam Mia Noah Olga Pavel".split()
_LAST = "Smith Garcia Muller Rossi Tanaka Kowalski Silva Dubois Novak Jensen Ivanova Cohen".split()
_TEXT = (
    "the a of and to in for with on at from by about as into like through after over between "
    "recipe garden kitchen wedding dress summer travel guide easy healthy dinner ideas diy home "
    "decor living room modern vintage style outfit hair nails art quotes photography beach "
    "mountain city night coffee cake chocolate vegan salad workout yoga tips best simple"
).split()


def _json_docs(rng: np.random.Generator, count: int) -> bytes:
    """``count`` Pin-like JSON documents (~1.2 KB), one per line."""
    ints = rng.integers(0, 2**62, (count, 6)).tolist()
    small = rng.integers(0, 1_000, (count, 8)).tolist()
    words = rng.integers(0, len(_TEXT), (count, 80)).tolist()
    raw = rng.bytes(count * 24)
    out: list[bytes] = []
    for i in range(count):
        r = raw[i * 24 : i * 24 + 24]
        desc = " ".join(_TEXT[j] for j in words[i][: 20 + small[i][0] % 40])
        title = " ".join(_TEXT[j] for j in words[i][60 : 60 + 3 + small[i][1] % 5])
        first, last = _FIRST[small[i][2] % len(_FIRST)], _LAST[small[i][3] % len(_LAST)]
        host = _HOSTS[small[i][4] % len(_HOSTS)]
        created = 1_500_000_000 + ints[i][5] % 250_000_000
        doc = {
            "id": str(ints[i][0] % 10**18),
            "board_id": str(ints[i][1] % 10**18),
            "pinner_id": str(ints[i][2] % 10**18),
            "title": title,
            "description": desc,
            "link": f"https://{host}/{_WORDS[small[i][5] % len(_WORDS)]}/{ints[i][3] % 10**7}",
            "domain": host,
            "image_signature": r[:16].hex(),
            "image_url": f"https://i.example-cdn.com/originals/{r[0]:02x}/{r[1]:02x}/{r[:16].hex()}.jpg",
            "board": {"id": str(ints[i][1] % 10**18),
                      "name": " ".join(_TEXT[j] for j in words[i][70:73]),
                      "url": f"/{first.lower()}/{_TEXT[words[i][70]]}-{_TEXT[words[i][71]]}/"},
            "tags": [_TEXT[j] for j in words[i][73:78]],
            "image_size": {"width": 200 + small[i][6], "height": 200 + small[i][7]},
            "dominant_color": "#" + r[16:19].hex(),
            "created_at": created,
            "updated_at": created + small[i][5] * 60,
            "pinner": {"first_name": first, "last_name": last,
                       "username": f"{first.lower()}{last.lower()}{small[i][6]}"},
            "repin_count": small[i][0],
            "like_count": small[i][1],
            "comment_count": small[i][2] % 50,
            "is_video": small[i][3] % 7 == 0,
            "is_promoted": small[i][4] % 11 == 0,
            "uploaded_to_s3": True,
            "privacy": "public" if small[i][5] % 9 else "secret",
            "rich_metadata": {"site_name": host.split(".")[1].title(), "locale": "en_US",
                              "type": "article" if small[i][6] % 2 else "product"},
        }
        out.append(json.dumps(doc).encode() + b"\n")
    return b"".join(out)


# --- tpch (lineitem) -------------------------------------------------------------------------
# Word lists of TPC-H's text grammar (dists.dss); dbgen cuts each comment from a large pool of
# sentences made of them, at a random offset (hence comments that start mid-word).

_T_NOUNS = (
    "foxes ideas theodolites pinto beans instructions dependencies excuses platelets asymptotes "
    "courts dolphins multipliers sauternes warthogs frets dinos attainments somas Tiresias "
    "patterns forges braids hockey players frays warhorses dugouts notornis epitaphs pearls "
    "tithes waters orbits gifts sheaves depths sentiments decoys realms pains grouches escapades"
).split()
_T_VERBS = (
    "sleep wake are cajole haggle nag use boost affix detect integrate maintain nod was lose "
    "sublate solve thrash promise engage hinder print x-ray breach eat grow impress mold poach "
    "serve run dazzle snooze doze unwind kindle play hang believe doubt"
).split()
_T_ADJECTIVES = (
    "furious sly careful blithe quick fluffy slow quiet ruthless thin close dogged daring brave "
    "stealthy permanent enticing idle busy regular final ironic even bold silent"
).split()
_T_ADVERBS = (
    "sometimes always never furiously slyly carefully blithely quickly fluffily slowly quietly "
    "ruthlessly thinly closely doggedly daringly bravely stealthily permanently enticingly idly "
    "busily regularly finally ironically evenly boldly silently"
).split()
_T_PREPOSITIONS = (
    "about|above|according to|across|after|against|along|alongside of|among|around|at|atop|"
    "before|behind|beneath|beside|besides|between|beyond|by|despite|during|except|for|from|"
    "in place of|inside|instead of|into|near|of|on|outside|over|past|since|through|throughout|"
    "to|toward|under|until|up|upon|without|with|within"
).split("|")
_T_AUXILIARIES = ("do|may|might|shall|will|would|can|could|should|ought to|must|will have to|"
                  "shall have to|could have to|should have to|must have to|need to|try to").split("|")
_T_TERMINATORS = [".", ";", ":", "?", "!", "--"]
_SHIP_INSTRUCT = ["DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"]
_SHIP_MODE = ["REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"]
_DATES = (np.datetime64("1992-01-01") + np.arange(2_600)).astype(str).tolist()  # day → text
_CURRENT_DAY = _DATES.index("1995-06-17")


def _words(words: list[str], idx: np.ndarray, suffix: str = " ") -> np.ndarray:
    """``words[idx] + suffix`` as an object array (element-wise string work stays in C)."""
    return np.array([w + suffix for w in words], dtype=object)[idx % len(words)]


def _text_pool(rng: np.random.Generator, size: int) -> str:
    """At least ``size`` characters of TPC-H-grammar sentences (~45 characters each):
    ``[adjective] noun [auxiliary] verb [adverb] [preposition the noun]`` + terminator."""
    n = size // 40 + 16
    p = rng.integers(0, 1 << 30, (9, n))
    empty = np.full(n, "", dtype=object)
    pool = (
        np.where(p[0] % 2 == 1, _words(_T_ADJECTIVES, p[1]), empty)
        + _words(_T_NOUNS, p[2])
        + np.where(p[3] % 3 == 0, _words(_T_AUXILIARIES, p[4]), empty)
        + _words(_T_VERBS, p[5], "")
        + np.where(p[6] % 2 == 1, " " + _words(_T_ADVERBS, p[7], ""), empty)
        + np.where(p[8] % 3 != 0, " " + _words(_T_PREPOSITIONS, p[8]) + "the "
                   + _words(_T_NOUNS, p[1] + p[8], ""), empty)
        + _words(_T_TERMINATORS, p[4])
    )
    return "".join(pool.tolist())


def _lineitems(rng: np.random.Generator, size: int) -> bytes:
    """Exactly ``size`` bytes of ``lineitem.tbl``-like rows (the last row is cut)."""
    # comments are ~20% of the bytes: a pool of a quarter of them keeps reuse across a block rare
    pool = _text_pool(rng, min(max(size // 4, 64 << 10), 2 << 20))
    pool_n = len(pool) - 44
    count = size // 110 + 8  # rows average ~130 bytes: enough, cut below
    parts: list[bytes] = []
    total = 0
    order = 0
    while total < size:
        lines_per_order = rng.integers(1, 8, count // 4 + 2)
        okeys = np.repeat(np.arange(order, order + lines_per_order.size), lines_per_order)[:count]
        order += lines_per_order.size
        n = okeys.size
        linenumber = np.concatenate([np.arange(1, k + 1) for k in lines_per_order])[:n]
        # dbgen's sparse order keys: 8 keys used out of every 32
        orderkey = (okeys // 8) * 32 + okeys % 8 + 1
        partkey = rng.integers(1, 200_001, n)
        suppkey = (partkey + rng.integers(0, 4, n) * 2_500) % 10_000 + 1
        quantity = rng.integers(1, 51, n)
        retail = (90_000 + (partkey // 10) % 20_001 + 100 * (partkey % 1000))  # cents
        extended = quantity * retail
        discount = rng.integers(0, 11, n)
        tax = rng.integers(0, 9, n)
        orderdate = rng.integers(0, 2_405, n)  # days since 1992-01-01
        ship = orderdate + rng.integers(1, 122, n)
        commit = orderdate + rng.integers(30, 91, n)
        receipt = ship + rng.integers(1, 31, n)
        returned = rng.integers(0, 2, n)
        instruct = rng.integers(0, len(_SHIP_INSTRUCT), n)
        mode = rng.integers(0, len(_SHIP_MODE), n)
        c_start = rng.integers(0, pool_n, n)
        c_len = rng.integers(10, 44, n)
        ship_s, commit_s, receipt_s = ship.tolist(), commit.tolist(), receipt.tolist()
        late = (receipt <= _CURRENT_DAY).tolist()
        open_ = (ship > _CURRENT_DAY).tolist()
        dates = _DATES
        cols = zip(orderkey.tolist(), partkey.tolist(), suppkey.tolist(), linenumber.tolist(),
                   quantity.tolist(), extended.tolist(), discount.tolist(), tax.tolist(),
                   returned.tolist(), instruct.tolist(), mode.tolist(), c_start.tolist(),
                   c_len.tolist())
        lines = []
        for i, (ok, pk, sk, ln, q, ext, d, t, r, ins, m, cs, cl) in enumerate(cols):
            flag = ("R" if r else "A") if late[i] else "N"
            lines.append(
                f"{ok}|{pk}|{sk}|{ln}|{q}|{ext // 100}.{ext % 100:02d}|0.{d:02d}|0.0{t}|{flag}|"
                f"{'O' if open_[i] else 'F'}|{dates[ship_s[i]]}|{dates[commit_s[i]]}|"
                f"{dates[receipt_s[i]]}|"
                f"{_SHIP_INSTRUCT[ins]}|{_SHIP_MODE[m]}|{pool[cs:cs + cl]}|\n"
            )
        chunk = "".join(lines).encode()
        parts.append(chunk)
        total += len(chunk)
    return b"".join(parts)[:size]
