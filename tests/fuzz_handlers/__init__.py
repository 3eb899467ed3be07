"""Deliberately broken tool handlers for tests/test_fuzz.py (each makes one mistake `toolcheck fuzz` must find)."""
