"""Bundled sample game logs (data files) for the demo and the documentation."""
