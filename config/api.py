"""API-wide conventions: the error shape and the turning of domain errors into HTTP answers.

Every error the API gives is JSON of one shape::

    {"detail": "hand: 5X is not a card (suit must be one of C D H S)",
     "errors": {"hand": ["5X is not a card (suit must be one of C D H S)"]}}

``detail`` is one sentence a person can read; ``errors`` maps each field (or
``non_field_errors``) to its reasons. Domain errors from the engines and services
are recognised by duck typing: any exception with an integer ``api_status`` is
answered with that status, its message, and its ``field`` when it has one. That
keeps the pure engines free of any Django or DRF import.
"""
from __future__ import annotations

from typing import Any

from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def _flatten(errors: Any, prefix: str = "") -> dict[str, list[str]]:
    """Turn DRF's nested error structure into ``{"field.sub": [reasons]}``."""
    flat: dict[str, list[str]] = {}
    if isinstance(errors, dict):
        for key, value in errors.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            for field, reasons in _flatten(value, name).items():
                flat.setdefault(field, []).extend(reasons)
    elif isinstance(errors, list):
        if all(not isinstance(item, (dict, list)) for item in errors):
            flat[prefix or "non_field_errors"] = [str(item) for item in errors]
        else:
            for index, item in enumerate(errors):
                name = f"{prefix}[{index}]" if prefix else f"[{index}]"
                for field, reasons in _flatten(item, name).items():
                    flat.setdefault(field, []).extend(reasons)
    else:
        flat[prefix or "non_field_errors"] = [str(errors)]
    return flat


def _summary(errors: dict[str, list[str]]) -> str:
    parts = []
    for field, reasons in errors.items():
        label = "" if field == "non_field_errors" else f"{field}: "
        parts.append(label + "; ".join(reasons))
    return " | ".join(parts)


def error_response(errors: dict[str, list[str]], status_code: int) -> Response:
    return Response({"detail": _summary(errors), "errors": errors}, status=status_code)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    api_status = getattr(exc, "api_status", None)
    if isinstance(api_status, int):
        field = getattr(exc, "field", None) or "non_field_errors"
        return error_response({field: [str(exc)]}, api_status)

    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ValidationError):
        errors = _flatten(response.data)
        return error_response(errors, status.HTTP_400_BAD_REQUEST)
    detail = response.data.get("detail") if isinstance(response.data, dict) else None
    if detail is not None:
        response.data = {"detail": str(detail), "errors": {"non_field_errors": [str(detail)]}}
    return response
