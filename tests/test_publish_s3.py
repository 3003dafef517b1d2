"""`studio publish --to s3://bucket/prefix`, against a local S3-compatible server (moto's server
mode on 127.0.0.1, started here) reached over HTTP by the real boto3 client."""

from __future__ import annotations

import socket
import sys
import urllib.request

import boto3  # the s3 and test extras, both installed by `make venv`
import pytest
from moto import server as moto_server
from show_fixtures import make_episode, show_copy, write_episode_folder

from studio.cli.main import main
from studio.jobs import CancelToken
from studio.plumbing.errors import Cancelled
from studio.publish.site import publish_show

DATES = ["2026-02-07", "2026-02-08"]
BASE = "https://cdn.example.org/widgets/"
KEY_ID, SECRET = "AKIAEXAMPLEPUBLISH", "s3cr3t-Publish-Key/never+printed"
SITE = ["feed.xml", "index.html", "style.css", "cover.png"]
EPISODE = ["index.html", "episode.mp3", "transcript.vtt", "transcript.srt", "chapters.json"]
TYPES = {"feed.xml": "application/rss+xml; charset=utf-8", "index.html": "text/html; charset=utf-8",
         "style.css": "text/css; charset=utf-8", "cover.png": "image/png",
         "episode.mp3": "audio/mpeg", "transcript.vtt": "text/vtt; charset=utf-8",
         "transcript.srt": "application/x-subrip; charset=utf-8",
         "chapters.json": "application/json+chapters"}


@pytest.fixture
def s3(monkeypatch, tmp_path):
    """A moto S3 server on a free local port, and credentials only in the environment."""
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", KEY_ID)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", SECRET)
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "no-aws-config"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "no-aws-credentials"))
    for name in ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_DEFAULT_REGION", "AWS_ENDPOINT_URL"):
        monkeypatch.delenv(name, raising=False)
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"
    # moto keeps its buckets per process, not per server: start each test from none
    urllib.request.urlopen(urllib.request.Request(endpoint + "/moto-api/reset", method="POST"))
    client = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1")
    client.create_bucket(Bucket="podcasts")
    yield endpoint, client
    server.stop()


def _show(tmp_path, tmp_path_factory, endpoint: str):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    publish_show(show, BASE)
    text = (show / "show.toml").read_text()
    assert '[s3]\nendpoint_url = ""\nregion = ""' in text  # written with the defaults
    text = text.replace('[s3]\nendpoint_url = ""\nregion = ""',
                        f'[s3]\nendpoint_url = "{endpoint}"\nregion = "us-east-1"')
    (show / "show.toml").write_text(text)
    return show


def _objects(client, prefix: str = "widgets/") -> dict[str, dict]:
    listing = client.list_objects_v2(Bucket="podcasts", Prefix=prefix).get("Contents", [])
    return {o["Key"][len(prefix):]: o for o in listing}


def test_upload_types_and_only_changes(tmp_path, tmp_path_factory, s3, capsys):
    endpoint, client = s3
    show = _show(tmp_path, tmp_path_factory, endpoint)
    code = main(["-v", "publish", "-q", "--show-dir", str(show), "--to", "s3://podcasts/widgets"])
    out, err = capsys.readouterr()
    assert code == 0, err
    expected = SITE + [f"episodes/{d}/{n}" for d in DATES for n in EPISODE]
    assert f"sent {len(expected)} files to s3://podcasts/widgets/" in out
    assert sorted(_objects(client)) == sorted(expected)
    for rel in expected:
        obj = client.get_object(Bucket="podcasts", Key="widgets/" + rel)
        assert obj["ContentType"] == TYPES[rel.rsplit("/", 1)[-1]], rel
        assert obj["Body"].read() == (show / rel).read_bytes(), rel
    assert SECRET not in out + err and KEY_ID not in out + err
    assert not [p for p in show.rglob("*") if p.is_file() and SECRET.encode() in p.read_bytes()]

    # Mark every object in place (same bytes, same ETag): a re-upload would drop the mark.
    for rel in expected:
        client.copy_object(Bucket="podcasts", Key="widgets/" + rel, MetadataDirective="REPLACE",
                           CopySource={"Bucket": "podcasts", "Key": "widgets/" + rel},
                           ContentType=TYPES[rel.rsplit("/", 1)[-1]], Metadata={"mark": "1"})
    again = publish_show(show, targets=["s3://podcasts/widgets"]).sent[0]
    assert again.changed == [] and again.sent == 0 and again.unchanged == len(expected)

    write_episode_folder(show, make_episode("2026-02-09", "Widgets: Third Day"), freq=880)
    third = publish_show(show, targets=["s3://podcasts/widgets"]).sent[0]
    assert third.changed[-1] == "feed.xml" and third.changed[-2] == "index.html"
    new = [f"episodes/2026-02-09/{n}" for n in EPISODE]
    assert set(new) <= set(third.changed)
    for rel in expected:
        marked = "mark" in client.head_object(Bucket="podcasts", Key="widgets/" + rel)["Metadata"]
        assert marked == (rel not in third.changed), rel
    assert sorted(_objects(client)) == sorted(expected + new)


def test_show_toml_target_and_cancel_keeps_the_old_feed(tmp_path, tmp_path_factory, s3):
    endpoint, client = s3
    show = _show(tmp_path, tmp_path_factory, endpoint)
    text = (show / "show.toml").read_text().replace("to = []", 'to = ["s3://podcasts"]')
    (show / "show.toml").write_text(text)
    first = publish_show(show).sent[0]
    assert first.target == "s3://podcasts/" and "feed.xml" in _objects(client, "")
    old_feed = client.get_object(Bucket="podcasts", Key="feed.xml")["Body"].read()

    write_episode_folder(show, make_episode("2026-02-09", "Widgets: Third Day"), freq=880)
    cancel = CancelToken()
    seen = []

    def stop_after_first_upload(fraction: float, message: str) -> None:
        if message.startswith("uploading "):
            seen.append(message)
            cancel.cancel()

    with pytest.raises(Cancelled):
        publish_show(show, progress=stop_after_first_upload, cancel=cancel)
    assert len(seen) == 1
    assert client.get_object(Bucket="podcasts", Key="feed.xml")["Body"].read() == old_feed


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _one_line(capsys, show, target: str, *words: str) -> None:
    code = main(["publish", "-q", "--show-dir", str(show), "--to", target])
    err = capsys.readouterr().err
    assert code != 0 and err.count("\n") == 1 and "Traceback" not in err, err
    assert SECRET not in err and KEY_ID not in err
    for word in words:
        assert word in err, err


def test_bad_s3_targets_are_one_line(tmp_path, tmp_path_factory, s3, capsys, monkeypatch):
    endpoint, _ = s3
    show = _show(tmp_path, tmp_path_factory, endpoint)
    _one_line(capsys, show, "s3://", "names no bucket")
    _one_line(capsys, show, "s3://no-such-bucket/x", "bucket 'no-such-bucket' does not exist")

    text = (show / "show.toml").read_text()
    (show / "show.toml").write_text(text.replace(endpoint, f"http://127.0.0.1:{_free_port()}"))
    _one_line(capsys, show, "s3://podcasts/widgets", "cannot reach the S3 endpoint")
    (show / "show.toml").write_text(text)

    monkeypatch.delenv("AWS_ACCESS_KEY_ID")
    monkeypatch.delenv("AWS_SECRET_ACCESS_KEY")
    _one_line(capsys, show, "s3://podcasts/widgets", "no S3 credentials", "AWS_ACCESS_KEY_ID")


def test_without_boto3_the_s3_target_names_the_extra(tmp_path, tmp_path_factory, s3, capsys,
                                                     monkeypatch):
    endpoint, _ = s3
    show = _show(tmp_path, tmp_path_factory, endpoint)
    monkeypatch.setitem(sys.modules, "boto3", None)  # as on an install without the s3 extra
    _one_line(capsys, show, "s3://podcasts/widgets", "needs boto3", "commitcast-studio[s3]")


def test_dry_run_lists_and_uploads_nothing(tmp_path, tmp_path_factory, s3, capsys):
    endpoint, client = s3
    show = _show(tmp_path, tmp_path_factory, endpoint)
    code = main(["publish", "--show-dir", str(show), "-q", "--dry-run", "--to", "s3://podcasts/w"])
    out = capsys.readouterr().out
    assert code == 0 and "s3://podcasts/w/ would get 14 files" in out
    assert out.strip().endswith("feed.xml") and _objects(client, "") == {}
