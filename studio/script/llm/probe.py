"""'Test connection': the models an OpenAI-compatible server offers (``GET /models``), or one
line saying why it cannot be used. The API key (typed, from the environment or the keyring)
goes to the client library only, never into the answer."""

from __future__ import annotations

from dataclasses import replace

from ...errors import StudioError
from .client import _openai, make_client
from .config import WriterSettings, check_base_url, host_of
from .key import ApiKey, api_key

PROBE_TIMEOUT = 10.0  # seconds: a test should answer quickly, whatever the draft may take


def list_models(settings: WriterSettings, typed_key: str = "") -> list[str]:
    """The model names the server at ``settings.base_url`` lists, sorted; a one-line
    StudioError when it cannot be reached or refuses."""
    check_base_url(settings.base_url, "the base URL")
    key = ApiKey(typed_key.strip(), "typed") if typed_key.strip() else api_key(settings.base_url)
    client = make_client(replace(settings, timeout=min(settings.timeout, PROBE_TIMEOUT)), key)
    openai = _openai()
    host = host_of(settings.base_url)
    try:
        page = client.models.list()
        return sorted(str(m.id) for m in getattr(page, "data", []) or [])
    except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
        raise StudioError(f"{host} refused the API key ({exc.status_code})") from None
    except openai.NotFoundError:
        raise StudioError(f"{host} has no model list at {settings.base_url} (an OpenAI-compatible "
                          "base URL usually ends in /v1)") from None
    except openai.APITimeoutError:
        raise StudioError(f"{host} did not answer within "
                          f"{min(settings.timeout, PROBE_TIMEOUT):g} s") from None
    except openai.APIConnectionError:
        raise StudioError(f"cannot reach {host}: is the server running?") from None
    except openai.APIStatusError as exc:
        raise StudioError(f"{host} answered {exc.status_code}") from None
    except openai.APIError as exc:
        raise StudioError(f"{host} sent a broken answer ({type(exc).__name__})") from None
