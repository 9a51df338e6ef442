"""Futebol's advice to computer players (the heuristic policy and leaf value)."""

from ludoteca.core import GameKnowledge
from ludoteca.games.futebol.ai.heuristic import evaluate, policy

KNOWLEDGE = GameKnowledge(policy=policy, evaluate=evaluate)
