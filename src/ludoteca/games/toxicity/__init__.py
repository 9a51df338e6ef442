"""Toxicity 101 (rulebook 002_63c166e14cfde109.txt, Portuguese)."""
