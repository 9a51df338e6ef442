"""Running games: playouts, matches between agents, simulations."""
