"""Toxicity 101's advice to computer players: the route-planning policy, each seat's
chance of the top total as leaf value (all seats at once), and checkpoints."""

from ludoteca.core import GameKnowledge
from ludoteca.games.toxicity.ai.heuristic import checkpoint, evaluate, evaluate_all, policy

KNOWLEDGE = GameKnowledge(
    policy=policy, evaluate=evaluate, checkpoint=checkpoint, evaluate_all=evaluate_all
)
