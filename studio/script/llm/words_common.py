"""Words the fact lock lets pass without evidence, or takes for another spelling of the
record's.

``STOCK_NAMES`` anywhere in a sentence (calendar words, the host's "I"); ``COMMON_WORDS`` only
where a sentence (or a quote, or a clause after a colon) starts: English words capitalised
for their position, not names. Any other capitalised word is a name and needs evidence.
"""

from __future__ import annotations

import re

STOCK_NAMES = frozenset("""
i i'm i've i'll i'd january february march april may june july august september october
november december monday tuesday wednesday thursday friday saturday sunday github git python
""".split())

# the names of common developer knowledge a host may say to explain a change ("On Unix-like
# systems, …", "urllib3, pip's HTTP library", "the Fortran wrapper generator", "Intel Macs"):
# no person; said where the record implies them or in a sentence of things in general
# (factlock._known), and each still a content word its sentence must earn (.support): 13 of
# 96 strong-model sentences of rounds 32-36 were sent back for these
WELL_KNOWN = frozenset("""
unix linux windows macos ios android posix http https url urls json yaml toml xml html css
sql docker fortran rust java javascript typescript golang cpython pypy pypi intel bash zsh z
powershell unicode utf ascii tls ssl ssh dns tcp udp llvm gcc clang msvc cmake cython
webassembly wasm iso rfc utc ieee cli ide homebrew debian ubuntu fedora alpine conda mersenne
twister gnu kib mib gib kb mb gb cuda gpu cpu github graphql latex
""".split())

COMMON_WORDS = frozenset("""
a about above across after afterwards again against all almost along already also although
always among an and another any anyone anything anyway anywhere are around as at back be
because been before behind being below beneath beside besides between beyond both but by can
catch could did do does doing done down during each earlier either else elsewhere enough even
ever every everyone everything except far few finally first for from further furthermore
good great hello here here's hey hi his her how however if in indeed instead into is it it's
its just last later lastly let let's like likewise look many meanwhile more moreover most
much next no none nor not nothing now of off often on once one only or other others our out
over overall perhaps plus quick quickly rather really right second see several she since so
some someone something sometimes soon still such sure take than thank thanks that that's the
their them then there there's therefore these they they're third this those though three
through thus to today today's together tomorrow too two under unless until up upon us very
was we we'll we're we've welcome well were what what's when where whether which while who
whose why will with within without worth yes yesterday yet you you'll you're your
add adds added adding bump bumps change changes changed cleanup clean cleans fix fixes fixed
improve improves improved make makes made move moves moved remove removes removed rename
renames renamed revert reverts reverted reland relands relanded support supports update
updates updated use uses using speaking talking turning wrapping starting closing rounding
elsewhere housekeeping rollbacks rollback finally also altogether separately similarly
good morning evening afternoon day episode stay goodbye bye see join happy until
""".split())


# a number type's two spellings: "bfloat16" said for a record's "bf16" is the same name
DTYPE_ALIASES = {"bfloat16": ("bf16",), "bf16": ("bfloat16",), "float16": ("fp16", "half"),
                 "fp16": ("float16",), "float32": ("fp32",), "fp32": ("float32",),
                 "float64": ("fp64",), "fp64": ("float64",), "float8": ("fp8",),
                 "fp8": ("float8",)}
NOT_PEOPLE = {"bot", "bots", "automation", "automations"}  # a bot account's name parts
# a platform said as people say it, for the names a record writes ("Arm" for aarch64: round
# 17's stand-in, "CUDA wheels for Linux on x86 and Arm", was replaced)
PLATFORM_ALIASES = {"arm": ("aarch64", "arm64"), "arm64": ("aarch64",),
                    "x86": ("x86_64", "amd64", "x64"), "macos": ("darwin", "osx"),
                    "intel": ("x86_64",), "apple": ("darwin", "macos")}

# "two" before what any comparison or copy has two of ("comparing two secret values", "two
# strings"): a pair, not a count the record must give (round 16-18's stand-ins, three times)
ANY_TWO = re.compile(r"\s+(?:\w+\s+)?(?:values|strings|objects|items|inputs|operands|sides|"
                     r"things|copies)\b", re.I)
