"""Commitcast Studio: produce a daily developer podcast about one repository."""

__version__ = "0.1.0"
