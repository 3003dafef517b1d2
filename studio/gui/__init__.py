"""The desktop studio: PySide6 windows over the same core the command line uses.

This package is the only place that imports Qt. Long jobs run on a thread pool
(:mod:`studio.gui.tasks`) and report back through signals; workers never touch widgets.
"""
