"""Toinc's advice to computer players: the heuristic policy, the fitted win chance
as leaf value, the positions between plays as checkpoints, and its `hard` level."""

from ludoteca.core import GameKnowledge
from ludoteca.games.toinc.ai.heuristic import checkpoint, evaluate, policy

KNOWLEDGE = GameKnowledge(
    policy=policy,
    evaluate=evaluate,
    checkpoint=checkpoint,
    levels={
        # rollouts to the end of the play, valued by the win chance (docs/agents.md)
        "hard": "ismcts:seconds=1,depth=10,reply=30,horizon=checkpoint,"
        "rollout=heuristic,eval=heuristic,prior=heuristic",
    },
)
