"""Form pieces the dialogs share: the loudness field, and a field with a button beside it."""

from __future__ import annotations

from PySide6.QtWidgets import QDoubleSpinBox, QHBoxLayout, QWidget


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
