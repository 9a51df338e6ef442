"""ludoteca for the tools of neighbouring software: reinforcement-learning environments
(PettingZoo, Gymnasium). Each module needs its optional extra (`pip install
'ludoteca[rl]'`) and imports it only when used."""
