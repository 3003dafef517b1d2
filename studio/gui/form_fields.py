"""Form pieces the windows share: the loudness field, a field with a button beside it, and
the small flat tool buttons of the script panel and the find bar."""

from __future__ import annotations

from PySide6.QtWidgets import QDoubleSpinBox, QHBoxLayout, QToolButton, QWidget


def loudness_field(value: float) -> QDoubleSpinBox:
    """The programme loudness target, in LUFS, within the range mastering accepts."""
    box = QDoubleSpinBox()
    box.setRange(-30.0, -10.0)
    box.setDecimals(1)
    box.setSuffix(" LUFS")
    box.setValue(value)
    return box


def with_button(field: QWidget, button: QWidget) -> QHBoxLayout:
    """A row: the field takes the width, the button sits at its end."""
    row = QHBoxLayout()
    row.addWidget(field, 1)
    row.addWidget(button)
    return row


def tool_button(text: str, tip: str, name: str) -> QToolButton:
    """A small flat button with a symbol, its tooltip and an object name (tests find it)."""
    b = QToolButton()
    b.setText(text)
    b.setToolTip(tip)
    b.setObjectName(name)
    b.setAutoRaise(True)
    return b
