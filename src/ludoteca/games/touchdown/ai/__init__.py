"""Touch down's advice to computer players: the heuristic policy, the win-probability
leaf value, routine decisions (set-ups and player moves), the starts of actions as
checkpoints, and its `hard` level."""

from ludoteca.core import GameKnowledge
from ludoteca.games.touchdown.ai.heuristic import checkpoint, evaluate, policy, routine

KNOWLEDGE = GameKnowledge(
    policy=policy,
    evaluate=evaluate,
    routine=routine,
    checkpoint=checkpoint,
    levels={
        # play calls, passes and kicks searched to the next action (docs/agents.md)
        "hard": "ismcts:seconds=1,depth=6,reply=150,horizon=checkpoint,"
        "rollout=heuristic,eval=heuristic,prior=heuristic",
    },
)
