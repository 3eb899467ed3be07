"""Checks, one module per family; see :mod:`toolcheck.registry` for how they are registered and run."""
