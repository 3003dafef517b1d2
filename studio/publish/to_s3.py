"""Publish to an S3-compatible bucket (``--to s3://bucket/prefix``) through boto3.

The bucket is listed once under the prefix; a file is uploaded only when no object of its
size and MD5 (the ETag of a single-part upload) is there, with its Content-Type, in
:func:`in_send_order` (the feed last). Credentials come only from where boto3 looks
(``AWS_ACCESS_KEY_ID``/``AWS_SECRET_ACCESS_KEY``, ``AWS_PROFILE``, ``~/.aws``); the endpoint and
region from show.toml ``[s3]``. Nothing of the credentials is written, logged or printed.
Objects are not given an ACL: make the bucket (or the prefix) publicly readable by its policy.
"""

from __future__ import annotations

import base64
import hashlib
import logging

from ..jobs import CancelToken, Progress, no_progress
from ..plumbing.errors import StudioError
from ..textsafe import clean_line
from .github_pages import Content, read_content
from .mime import content_type
from .targets import S3Settings, S3Target, SendResult, in_send_order

log = logging.getLogger(__name__)

NO_BOTO = ("publishing to S3 needs boto3: install the s3 extra "
           "(pip install 'commitcast-studio[s3]')")
NO_CREDENTIALS = ("no S3 credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or "
                  "AWS_PROFILE with ~/.aws/credentials")


def _md5(content: Content) -> tuple[int, str]:
    h = hashlib.md5(usedforsecurity=False)
    if isinstance(content, bytes):
        h.update(content)
        return len(content), h.hexdigest()
    size = 0
    try:
        with open(content, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
                size += len(chunk)
    except OSError as exc:
        raise StudioError(f"cannot read {content}: {exc.strerror or exc}") from exc
    return size, h.hexdigest()


def _client(s3: S3Settings):  # noqa: ANN202 - a boto3 S3 client, imported lazily
    try:
        import boto3
        from botocore.config import Config
    except ImportError:
        raise StudioError(NO_BOTO) from None
    session = boto3.session.Session()
    if session.get_credentials() is None:
        raise StudioError(NO_CREDENTIALS)
    options = {"connect_timeout": 10, "read_timeout": 60,
               "retries": {"max_attempts": 3, "mode": "standard"}}
    if s3.endpoint_url:  # S3-compatible services (MinIO, R2, B2...) all take path-style URLs
        options["s3"] = {"addressing_style": "path"}
    return session.client("s3", endpoint_url=s3.endpoint_url or None,
                          region_name=s3.region or None, config=Config(**options))


def _failure(target: S3Target, s3: S3Settings, exc: Exception) -> StudioError:
    from botocore.exceptions import (
        ClientError,
        EndpointConnectionError,
        NoCredentialsError,
        PartialCredentialsError,
    )

    where = s3.endpoint_url or "AWS"
    if isinstance(exc, NoCredentialsError | PartialCredentialsError):
        return StudioError(NO_CREDENTIALS)
    if isinstance(exc, EndpointConnectionError):
        return StudioError(f"cannot reach the S3 endpoint {where} for {target}")
    if isinstance(exc, ClientError):
        error = exc.response.get("Error", {})
        code = clean_line(str(error.get("Code", "")))[:60]
        if code == "NoSuchBucket":
            return StudioError(f"bucket {target.bucket!r} does not exist at {where}")
        detail = clean_line(str(error.get("Message", "")))[:160]
        return StudioError(f"S3 refused the publish to {target}: {code} {detail}".strip())
    return StudioError(f"publish to {target} failed: {type(exc).__name__}")


def send_to_s3(files: dict[str, Content], target: S3Target, s3: S3Settings,
               dry_run: bool = False, progress: Progress = no_progress,
               cancel: CancelToken | None = None) -> SendResult:
    """Make the bucket hold ``files`` under the prefix (other objects stay)."""
    client = _client(s3)  # first: a one-line error when boto3 is not installed
    from botocore.exceptions import BotoCoreError, ClientError

    cancel = cancel or CancelToken()
    files = {rel: c for rel, c in files.items() if rel != ".nojekyll"}
    result = SendResult(str(target), dry_run=dry_run)
    try:
        progress(0.0, f"listing {target}")
        existing: dict[str, tuple[int, str]] = {}
        pages = client.get_paginator("list_objects_v2").paginate(Bucket=target.bucket,
                                                                  Prefix=target.prefix)
        for page in pages:
            for obj in page.get("Contents", []):
                existing[obj["Key"]] = (int(obj["Size"]), str(obj["ETag"]).strip('"'))
        sums = {rel: _md5(content) for rel, content in files.items()}
        order = in_send_order(list(files))
        result.changed = [rel for rel in order if existing.get(target.prefix + rel) != sums[rel]]
        result.unchanged = len(files) - len(result.changed)
        if dry_run:
            return result
        for n, rel in enumerate(result.changed):
            cancel.check()
            progress(n / max(1, len(result.changed)), f"uploading {rel}")
            digest = bytes.fromhex(sums[rel][1])
            client.put_object(Bucket=target.bucket, Key=target.prefix + rel,
                              Body=read_content(files[rel]), ContentType=content_type(rel),
                              ContentMD5=base64.b64encode(digest).decode("ascii"))
            result.sent += 1
        progress(1.0, f"uploaded {result.sent} files to {target}")
        return result
    except (BotoCoreError, ClientError) as exc:
        log.info("S3 publish to %s: %s", target, type(exc).__name__)
        raise _failure(target, s3, exc) from None
