"""'Test connection': the models an OpenAI-compatible server offers (``GET /models``) and what
one tiny chat request in each way the writer asks says (:func:`chat_modes`), or one line
saying why it cannot be used. The API key (typed, from the environment or the keyring)
goes to the client library only, never into the answer."""

from __future__ import annotations

from dataclasses import replace

from ...plumbing.errors import StudioError
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


TINY = [{"role": "user", "content": 'Answer with the JSON object {"ok": true} and nothing else.'}]
TINY_SCHEMA = {"type": "json_schema", "json_schema": {"name": "ok", "strict": True, "schema": {
    "type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"],
    "additionalProperties": False}}}
MODES = (("JSON schema", {"response_format": TINY_SCHEMA}),
         # llama-cpp-python's own form of a schema, which the writer asks next (.client)
         ("json_object with a schema", {"response_format": {
             "type": "json_object", "schema": TINY_SCHEMA["json_schema"]["schema"]}}),
         ("json_object", {"response_format": {"type": "json_object"}}),
         ("no format", {}), ("streaming", {"stream": True}))


def chat_modes(settings: WriterSettings, typed_key: str = "") -> str:
    """One line: what the server does with one tiny chat request in each way the writer may
    ask (a JSON schema, the schema inside ``json_object``, ``json_object``, no format,
    streamed), e.g. "chat with m: JSON schema no (500: Input should be 'text' or
    'json_object'), json_object with a schema yes, json_object yes, no format yes, streaming
    yes". The server's own message is passed through; the key never is."""
    from .client import server_message

    key = ApiKey(typed_key.strip(), "typed") if typed_key.strip() else api_key(settings.base_url)
    client = make_client(replace(settings, timeout=min(settings.timeout, PROBE_TIMEOUT)), key)
    openai = _openai()
    said = []
    try:
        for name, extra in MODES:
            try:
                answer = client.chat.completions.create(model=settings.model, messages=TINY,
                                                        max_tokens=16, temperature=0, **extra)
                if extra.get("stream"):
                    got = any(getattr(c, "choices", None) for c in answer)
                else:
                    got = bool(getattr(answer, "choices", None))
                said.append(f"{name} yes" if got else f"{name} no (not a chat-completions "
                                                      "answer)")
            except openai.APIStatusError as exc:
                msg = server_message(exc)
                said.append(f"{name} no ({exc.status_code}" + (f": {msg[:80]}" if msg else "")
                            + ")")
            except openai.APITimeoutError:
                said.append(f"{name} no (no answer within {min(settings.timeout, PROBE_TIMEOUT):g}"
                            " s)")
            except openai.APIError as exc:
                said.append(f"{name} no ({type(exc).__name__})")
    finally:
        client.close()
    return f"chat with {settings.model}: " + ", ".join(said)


def connection(settings: WriterSettings, typed_key: str = "") -> tuple[list[str], str]:
    """'Test connection': the models listed, and what a tiny chat request in each way says
    (:func:`chat_modes`) of the settings' model, else the first listed ("" with no model)."""
    models = list_models(settings, typed_key)
    model = settings.model.strip() or (models[0] if models else "")
    if not model:
        return models, ""
    return models, chat_modes(replace(settings, model=model), typed_key)
